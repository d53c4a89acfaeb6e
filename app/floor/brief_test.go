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
// do not count: the lines are of the GPU energy the cards show.
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

	lines := func(fl []floor.FactorLine) string {
		var s []string
		for _, l := range fl {
			s = append(s, l.ID+": "+l.Text("request")+" ["+l.Value.String()+", "+l.MonthValue.String()+"]")
		}
		return strings.Join(s, "\n")
	}
	for _, tc := range []struct {
		name string
		fig  floor.Figures
		want string
	}{
		{"floor", r.Figures, "carbon: at your own 500 gCO2e/kWh: 0.0500 gCO2e per request, 180 kgCO2e per month [0.05, 180]\n" +
			"cost: at 0.2 EUR/kWh: 0.0000200 EUR per request, 72.0 EUR per month [0.00002, 72]"},
		{"traffic", r.Traffic.Figures, "carbon: at your own 500 gCO2e/kWh: 0.0750 gCO2e per request, 270 kgCO2e per month [0.075, 270]\n" +
			"cost: at 0.2 EUR/kWh: 0.0000300 EUR per request, 108 EUR per month [0.00003, 108]"},
	} {
		if got := lines(floor.FactorLines(in.Factors, tc.fig)); got != tc.want {
			t.Errorf("FactorLines at the %s =\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
	if got := floor.FactorLines(floor.Factors{Host: dec("0.5")}, r.Figures); len(got) != 0 {
		t.Errorf("FactorLines without a grid or a price = %v, want none", got)
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

// TestShortStatementWordsWithFactors holds the one-sentence statement to 60
// words with a grid and a price set, for every model of every workload at
// the longest volume words and statistic, its link counted as one.
func TestShortStatementWordsWithFactors(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	const link = "https://example.org/energy/?itl=100&model=m&output=500&pct=median&tokens=1B&v=2026-10-19&workload=w"
	deu, _ := d.GridIntensity("DEU")
	usa, _ := d.GridIntensity("USA")
	for _, g := range []floor.GridIntensity{deu, usa} {
		for _, w := range d.TokenWorkloads {
			for _, m := range w.Models {
				in := floor.DefaultInputs()
				in.Workload, in.Model, in.Statistic, in.TargetITLMs = w.ID, m.Slug, floor.P99, dec("1234.5")
				in.OutputTokensPerMonth = dec("1019401200")
				in.Factors = floor.Factors{Host: dec("0.43"), PUE: dec("1.09"), Grid: g, PricePerKWh: nullDec("0.30"), Currency: "EUR"}
				in, r, _ := floor.StatementFloor(w, in)
				s := floor.ShortStatement(w, in, r, link)
				if n := len(strings.Fields(s)); n > 60 {
					t.Errorf("%s, %s, %s: %d words: %s", g.Code, w.ID, m.Slug, n, s)
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
