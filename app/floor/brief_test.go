package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// nullDec is a valid decimal.NullDecimal of s.
func nullDec(s string) decimal.NullDecimal { return decimal.NewNullDecimal(dec(s)) }

// TestBriefWords checks, on statementFixture's figures worked by hand there,
// the words a briefing takes from the page: which figure to quote and why,
// the carbon and cost of each figure's GPU energy, the one-sentence
// statement with them, and the scope.
//
// The volume, 1,369.9 tokens a second, keeps max_num_seqs 16 (2,000 a
// second) busy 3.6e9 ÷ 2,628,000 ÷ 2,000 = 68.5% of the month. At 500
// gCO2e/kWh the floor's 0.1 Wh is 0.05 g and its 360 kWh 180 kg; the
// traffic's 0.15 Wh and 540 kWh are 0.075 g and 270 kg. At 0.2 EUR a kWh:
// 0.00002 and 0.00003 EUR a request, 72 and 108 EUR a month. Host and PUE
// do not count: the lines are of the GPU energy the cards show, and say so.
func TestBriefWords(t *testing.T) {
	_, w := statementFixture()
	in := floor.Inputs{Workload: "chat", OutputTokensPerMonth: dec("3.6e9"), OutputTokensPerRequest: dec("1000"),
		TargetITLMs: dec("50"), Statistic: floor.Median, GPU: floor.H100, Model: "m",
		Factors: floor.Factors{Host: dec("0.5"), PUE: dec("2"), CustomGCO2ePerKWh: nullDec("500"), PricePerKWh: nullDec("0.2"), Currency: "EUR"}}
	r, _ := floor.ModelFloor(w.Model("m"), in)

	if got, want := floor.QuoteWords(w.Kind, in, r), "Quote the figure at your traffic, what your volume reaches: your 3.6 billion output tokens a month "+
		"fill batches of 16, not the floor's 32, keeping one such server busy 68.5% of the month; the floor is the best case, at full batches."; got != want {
		t.Errorf("QuoteWords =\n%s\nwant\n%s", got, want)
	}

	fl, tl := floor.FactorLines(in, r)
	for _, tc := range []struct {
		name  string
		lines []floor.FactorLine
		want  string
	}{
		{"floor", fl, "carbon: GPU energy only, at your own 500 gCO2e/kWh: 0.0500 gCO2e per request, 180 kgCO2e per month [0.05, 180]\n" +
			"cost: GPU energy only, at 0.2 EUR/kWh: 0.0000200 EUR per request, 72.0 EUR per month [0.00002, 72]"},
		{"traffic", tl, "carbon: GPU energy only, at your own 500 gCO2e/kWh: 0.0750 gCO2e per request, 270 kgCO2e per month [0.075, 270]\n" +
			"cost: GPU energy only, at 0.2 EUR/kWh: 0.0000300 EUR per request, 108 EUR per month [0.00003, 108]"},
	} {
		if got := lineTexts(tc.lines); got != tc.want {
			t.Errorf("FactorLines at the %s =\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
	plain := in
	plain.Factors.Host, plain.Factors.PUE = decimal.Zero, decimal.Zero
	if fl, _ := floor.FactorLines(plain, r); len(fl) == 0 || fl[0].GPUOnly || fl[0].Label != "at your own 500 gCO2e/kWh" {
		t.Errorf("FactorLines without host, idle or PUE: %v, want carbon labelled %q, not as GPU energy only", fl, "at your own 500 gCO2e/kWh")
	}
	if fl, tl := floor.FactorLines(floor.Inputs{Factors: floor.Factors{Host: dec("0.5")}}, r); len(fl)+len(tl) != 0 {
		t.Errorf("FactorLines without a grid or a price = %v, %v, want none", fl, tl)
	}

	want := "Model M needs at least 0.100 Wh per request for chat within a 50 ms median inter-token latency target, and 0.150 Wh per request " +
		"at 3.6 billion output tokens a month (GPU energy only; at your own 500 gCO2e/kWh, 0.0500 and 0.0750 gCO2e; " +
		"at 0.2 EUR/kWh, 0.0000200 and 0.0000300 EUR; ML.ENERGY Leaderboard v3)."
	if got := floor.ShortStatement(w, in, r, ""); got != want {
		t.Errorf("ShortStatement with factors =\n%s\nwant\n%s", got, want)
	}

	if got, want := floor.ScopeWords(floor.Factors{}), "Outside these figures: training, the hardware's manufacture, water, networks and end-user devices."; got != want {
		t.Errorf("ScopeWords = %q", got)
	}
	for name, want := range map[string]string{"Germany": "Germany's", "United States": "United States'"} {
		if got := floor.Possessive(name); got != want {
			t.Errorf("Possessive(%q) = %q, want %q", name, got, want)
		}
	}
}

// lineTexts gives lines one a line, each as "id: its text [value,
// month value]".
func lineTexts(lines []floor.FactorLine) string {
	var s []string
	for _, l := range lines {
		s = append(s, l.ID+": "+l.Text("request")+" ["+l.Value.String()+", "+l.MonthValue.String()+"]")
	}
	return strings.Join(s, "\n")
}

// footprintInputs are TestBriefWords' inputs with manufacture and water
// counted: 315.36 kgCO2e a GPU over 1 year, a WUE of 2 L/kWh and 3 L/kWh
// off site.
func footprintInputs() floor.Inputs {
	in := floor.Inputs{Workload: "chat", OutputTokensPerMonth: dec("3.6e9"), OutputTokensPerRequest: dec("1000"),
		TargetITLMs: dec("50"), Statistic: floor.Median, GPU: floor.H100, Model: "m",
		Factors: floor.Factors{Host: dec("0.5"), PUE: dec("2"), CustomGCO2ePerKWh: nullDec("500"), PricePerKWh: nullDec("0.2"), Currency: "EUR"}}
	in.Factors.Footprint = floor.Footprint{EmbodiedKg: nullDec("315.36"), LifeYears: nullDec("1"), WUE: nullDec("2"), OffsiteLPerKWh: nullDec("3")}
	return in
}

// TestFootprintOnTheCards: manufacture and water follow carbon onto the
// cards' lines and the one-sentence statement, worked by hand on
// statementFixture (floor: 1 × H100 at 4,000 tokens a second; at your
// traffic: 1 × H100 at 2,000 a second, 1,000 tokens a request, 3.6e6
// requests a month).
//
// 315.36 kgCO2e over 1 year (31,536,000 s) is 0.01 g a GPU-second. The
// floor takes 1,000 ÷ 4,000 = 0.25 GPU-seconds a request: 0.0025 g, and
// 9,000 g = 9 kg a month. At your traffic, 1.37 requests a second need
// ⌈1.37 ÷ 2⌉ = 1 server of 1 GPU reserved all month: 730 × 3,600 × 0.01 =
// 26,280 g = 26.28 kg, 0.0073 g a request. Water is of the cards' GPU
// energy (host and PUE do not count): 0.1 Wh × (2 + 3) L/kWh = 0.5 mL and
// 1,800 L a month at the floor; 0.15 Wh × 5 = 0.75 mL and 2,700 L at your
// traffic.
func TestFootprintOnTheCards(t *testing.T) {
	_, w := statementFixture()
	in := footprintInputs()
	r, _ := floor.ModelFloor(w.Model("m"), in)
	fl, tl := floor.FactorLines(in, r)
	const carbon, cost = "carbon: GPU energy only, at your own 500 gCO2e/kWh: ", "cost: GPU energy only, at 0.2 EUR/kWh: "
	for _, tc := range []struct {
		name  string
		lines []floor.FactorLine
		want  string
	}{
		{"floor", fl, carbon + "0.0500 gCO2e per request, 180 kgCO2e per month [0.05, 180]\n" +
			"embodied: manufacture over 1 year: 0.00250 gCO2e per request, 9.00 kgCO2e per month [0.0025, 9]\n" +
			"water: GPU energy only, water at 2 L/kWh on site and 3 L/kWh off site: 0.500 mL per request, 1,800 L per month [0.5, 1800]\n" +
			cost + "0.0000200 EUR per request, 72.0 EUR per month [0.00002, 72]"},
		{"traffic", tl, carbon + "0.0750 gCO2e per request, 270 kgCO2e per month [0.075, 270]\n" +
			"embodied: manufacture over 1 year, every GPU reserved: 0.00730 gCO2e per request, 26.3 kgCO2e per month [0.0073, 26.28]\n" +
			"water: GPU energy only, water at 2 L/kWh on site and 3 L/kWh off site: 0.750 mL per request, 2,700 L per month [0.75, 2700]\n" +
			cost + "0.0000300 EUR per request, 108 EUR per month [0.00003, 108]"},
	} {
		if got := lineTexts(tc.lines); got != tc.want {
			t.Errorf("FactorLines at the %s =\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}

	// The sentence without its factors is 37 words, 38 with its link, so
	// the factors have 22. Both figures' four lines take 26 (carbon 9,
	// manufacture 5, water 5, cost 7); the figure at your traffic's alone
	// take 21 ("at that volume:" 3, then 7, 3, 3 and 5).
	const head = "Model M needs at least 0.100 Wh per request for chat within a 50 ms median inter-token latency target, and 0.150 Wh per request " +
		"at 3.6 billion output tokens a month (GPU energy only; "
	noPrice := in
	noPrice.Factors.PricePerKWh = decimal.NullDecimal{}
	for _, tc := range []struct {
		name string
		in   floor.Inputs
		want string
	}{
		{"without a price, both figures", noPrice, head + "at your own 500 gCO2e/kWh, 0.0500 and 0.0750 gCO2e; manufacture, 0.00250 and 0.00730 gCO2e; " +
			"water, 0.500 and 0.750 mL; ML.ENERGY Leaderboard v3)."},
		{"with a price, the figure at your traffic", in, head + "at that volume: at your own 500 gCO2e/kWh, 0.0750 gCO2e; manufacture, 0.00730 gCO2e; " +
			"water, 0.750 mL; at 0.2 EUR/kWh, 0.0000300 EUR; ML.ENERGY Leaderboard v3)."},
	} {
		got := floor.ShortStatement(w, tc.in, r, "")
		if got != tc.want {
			t.Errorf("ShortStatement %s =\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if n := len(strings.Fields(got)) + 1; n > floor.ShortWordsFactors {
			t.Errorf("ShortStatement %s has %d words with its link", tc.name, n)
		}
	}

	// A model name 4 words longer leaves 18 words: the last line, cost,
	// gives way (21 − 5 = 16).
	w.Models[0].Name = "Model M With Four More"
	want := "Model M With Four More needs at least 0.100 Wh per request for chat within a 50 ms median inter-token latency target, and 0.150 Wh per request " +
		"at 3.6 billion output tokens a month (GPU energy only; at that volume: at your own 500 gCO2e/kWh, 0.0750 gCO2e; manufacture, 0.00730 gCO2e; " +
		"water, 0.750 mL; ML.ENERGY Leaderboard v3). https://example.org/"
	if got := floor.ShortStatement(w, in, r, "https://example.org/"); got != want {
		t.Errorf("ShortStatement with a longer name =\n%s\nwant\n%s", got, want)
	}
}

// TestShortStatementWordsWithFactors holds the one-sentence statement to 60
// words (ShortWordsFactors) with a grid and a price set, and with the whole
// footprint too, for every model of every workload at the longest volume
// words and statistic, its link counted as one; with the footprint, the
// sentence still gives manufacture and water.
func TestShortStatementWordsWithFactors(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	const link = "https://example.org/energy/?itl=100&model=m&output=500&pct=median&tokens=1B&v=2026-10-19&workload=w"
	deu, _ := d.GridIntensity("DEU")
	usa, _ := d.GridIntensity("USA")
	full := floor.Footprint{Bundled: true, ServerKg: nullDec("2500"), LifeYears: nullDec("4.5"), WUE: nullDec("1.15"),
		OffsiteLPerKWh: nullDec("3.1"), Sources: &d.Footprint}
	for _, g := range []floor.GridIntensity{deu, usa} {
		for _, fp := range []floor.Footprint{{}, full} {
			for _, w := range d.AllWorkloads() {
				for _, m := range w.Models {
					in := floor.DefaultInputs()
					in.Workload, in.Model, in.Statistic, in.TargetITLMs = w.ID, m.Slug, floor.P99, dec("1234.5")
					in.OutputTokensPerMonth, in.ImagesOrVideosPerMonth, in.TargetLatencyS = dec("1019401200"), dec("1019401200"), dec("1234.5")
					in.Factors = floor.Factors{Host: dec("0.43"), PUE: dec("1.09"), Grid: g, PricePerKWh: nullDec("0.30"), Currency: "EUR", Footprint: fp}
					in, r, _ := floor.StatementFloor(w, in)
					s := floor.ShortStatement(w, in, r, link)
					if n := len(strings.Fields(s)); n > floor.ShortWordsFactors {
						t.Errorf("%s, %s, %s: %d words: %s", g.Code, w.ID, m.Slug, n, s)
					}
					if r.Meets() && !fp.IsZero() && (!strings.Contains(s, "manufacture, ") || !strings.Contains(s, "water, ")) {
						t.Errorf("%s, %s, %s: no manufacture or water: %s", g.Code, w.ID, m.Slug, s)
					}
				}
			}
		}
	}
}

// TestFloorRange: the spread of floors across a workload's models for the
// same inputs, each model once at its lower GPU's floor, against the
// ranking worked through model by model.
func TestFloorRange(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := d.TokenWorkload(floor.DefaultWorkload)
	in := floor.DefaultInputs()
	fr := floor.RangeOf(w, floor.Rank(w, in))
	var n int
	lo, hi := dec("1e9"), dec("0")
	for _, m := range w.Models {
		if r, ok := floor.ModelFloor(m, in); ok && r.Meets() {
			n++
			lo, hi = decimal.Min(lo, r.Figures.WhPerRequest), decimal.Max(hi, r.Figures.WhPerRequest)
		}
	}
	if fr.Models != len(w.Models) || fr.Meeting != n || !fr.Lowest.Equal(lo) || !fr.Highest.Equal(hi) {
		t.Errorf("RangeOf = %+v, want %d of %d models from %s to %s", fr, n, len(w.Models), lo, hi)
	}
	if got := fr.Words(w.Kind); !strings.HasPrefix(got, "the ") || !strings.HasSuffix(got, floor.FormatWh(hi)+" per request") {
		t.Errorf("Words = %q", got)
	}
}
