package floor_test

import (
	"reflect"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// bundledGrid returns the bundled grid intensity of code, which the
// hand-worked figures take as want (gCO2e per kWh) for year.
func bundledGrid(t *testing.T, code, want string, year int) floor.GridIntensity {
	t.Helper()
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	g, ok := d.GridIntensity(code)
	if !ok || !g.GCO2ePerKWh.Equal(dec(want)) || g.Year != year {
		t.Fatalf("the bundled %s is %+v, %t; the expected figures were worked with %s gCO2e/kWh for %d", code, g, ok, want, year)
	}
	return g
}

func preset(t *testing.T, id string) floor.Factors {
	t.Helper()
	p, ok := floor.PresetByID(id)
	if !ok {
		t.Fatalf("no preset %q", id)
	}
	return floor.Factors{Host: p.Host, Idle: p.Idle, PUE: p.PUE}
}

func null(s string) decimal.NullDecimal {
	if s == "" {
		return decimal.NullDecimal{}
	}
	return decimal.NullDecimal{Decimal: dec(s), Valid: true}
}

// agree reports whether got equals want to 15 significant digits: the
// floor's figures are quotients kept to at least 16 (QuotientDigits), and
// the estimate multiplies them exactly.
func agree(got, want decimal.Decimal) bool {
	return got.Sub(want).Abs().LessThanOrEqual(want.Abs().Shift(-15))
}

func agreeNull(got decimal.NullDecimal, want string) bool {
	if want == "" || !got.Valid {
		return want == "" && !got.Valid
	}
	return agree(got.Decimal, dec(want))
}

// TestEstimate checks the estimate for the default inputs' floor (Qwen 3
// 235B A22B Instruct on 4×B200 at max_num_seqs 4096, 0.2402453 J per output
// token; 500 output tokens a request, 10^9 a month). The expected values are
// worked with Python's decimal module at 50 digits, from the exact floor:
//
//	Wh per request  = 0.2402453 × 500 / 3600 = 0.0333674027777…
//	kWh per month   = 0.2402453 × 10^9 / 3,600,000 = 66.7348055555…
//	Google preset   k = (1 + 0.43 + 0.17) × 1.09 = 1.744
//	  Wh  = 0.0333674027777… × 1.744 = 0.0581927504444…
//	  kWh = 66.7348055555… × 1.744 = 116.385500888…
//	  on DEU (342.06 gCO2e/kWh): g per request = 0.0581927504444… × 342.06 / 1000 = 0.0199054122170266…
//	                             kg per month = 116.385500888… × 342.06 / 1000 = 39.8108244340533…
//	  at 0.12 a kWh: 116.385500888… × 0.12 = 13.9662601066…
//	Industry-average preset k = 1.6 × 1.56 = 2.496
//	  Wh = 0.0832850373333…, kWh = 166.570074666…
//	  on World (472.94): g = 0.0393888255564266…, kg = 78.7776511128533…
//	GPU only on DEU: k = 1; g = 0.0333674027777… × 342.06 / 1000 = 0.0114136537941666…,
//	  kg = 22.8273075883333…
func TestEstimate(t *testing.T) {
	deu, world := bundledGrid(t, "DEU", "342.06", 2024), bundledGrid(t, "World", "472.94", 2024)
	w := loadWorkload(t, "lm-arena-chat")
	in := floor.DefaultInputs()
	r, ok := floor.ModelFloor(w.Model(in.Model), in)
	if !ok || r.Chosen == nil || r.Chosen.RowID != "qwen-3-235b-a22b-instruct/B200/4/4096" {
		t.Fatalf("the default floor is not Qwen's 4×B200 at 4096: %+v", r.Chosen)
	}
	withGrid := func(f floor.Factors, g floor.GridIntensity) floor.Factors { f.Grid = g; return f }
	withPrice := func(f floor.Factors, price string) floor.Factors { f.PricePerKWh = null(price); return f }
	for _, tc := range []struct {
		name                   string
		f                      floor.Factors
		k                      string
		wh, kwh, g, kg, amount string // "" for absent
	}{
		{"Google preset on DEU", withGrid(preset(t, floor.PresetGoogle2025), deu), "1.744",
			"0.058192750444444444444", "116.38550088888888888889", "0.019905412217026666667", "39.810824434053333333", ""},
		{"Google preset on DEU at 0.12 a kWh", withPrice(withGrid(preset(t, floor.PresetGoogle2025), deu), "0.12"), "1.744",
			"0.058192750444444444444", "116.38550088888888888889", "0.019905412217026666667", "39.810824434053333333", "13.966260106666666667"},
		{"industry-average preset on World", withGrid(preset(t, floor.PresetIndustryAverage), world), "2.496",
			"0.083285037333333333333", "166.57007466666666666667", "0.039388825556426666667", "78.777651112853333333", ""},
		{"GPU only on DEU: carbon of the floor itself", withGrid(preset(t, floor.PresetGPUOnly), deu), "1",
			"0.033367402777777777778", "66.734805555555555556", "0.011413653794166666667", "22.827307588333333333", ""},
		{"Google preset alone: energy only", preset(t, floor.PresetGoogle2025), "1.744",
			"0.058192750444444444444", "116.38550088888888888889", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.EnergyFactor(); !got.Equal(dec(tc.k)) {
				t.Errorf("EnergyFactor() = %s, want %s", got, tc.k)
			}
			e := tc.f.Estimate(r.Figures)
			if !agree(e.WhPerRequest, dec(tc.wh)) || !agree(e.KWhPerMonth, dec(tc.kwh)) {
				t.Errorf("got %s Wh a request, %s kWh a month; want %s, %s", e.WhPerRequest, e.KWhPerMonth, tc.wh, tc.kwh)
			}
			if !agreeNull(e.GCO2ePerRequest, tc.g) || !agreeNull(e.KgCO2ePerMonth, tc.kg) {
				t.Errorf("got %v gCO2e a request, %v kgCO2e a month; want %q, %q", e.GCO2ePerRequest, e.KgCO2ePerMonth, tc.g, tc.kg)
			}
			if !agreeNull(e.CostPerMonth, tc.amount) {
				t.Errorf("got cost %v, want %q", e.CostPerMonth, tc.amount)
			}
		})
	}
	// The floor's own figures are the estimate's start, unchanged by factors.
	in.Factors = withGrid(preset(t, floor.PresetIndustryAverage), deu)
	again, _ := floor.ModelFloor(w.Model(in.Model), in)
	if !reflect.DeepEqual(again.Figures, r.Figures) {
		t.Errorf("factors changed the floor's figures: %+v, want %+v", again.Figures, r.Figures)
	}
}

// TestEstimateExact checks a custom case whose figures terminate, worked by
// hand: 0.36 J per output token, 400 tokens a request and 10^7 a month make
// a floor of 0.36 × 400 / 3600 = 0.04 Wh a request and 0.36 × 10^7 /
// 3,600,000 = 1 kWh a month. Host 0.5, idle 0.25 and PUE 1.2 make k = 1.75 ×
// 1.2 = 2.1: 0.084 Wh and 2.1 kWh. At 400 gCO2e/kWh: 0.084 × 400 / 1000 =
// 0.0336 g a request and 2.1 × 400 / 1000 = 0.84 kg a month; at 0.30 a kWh,
// 2.1 × 0.30 = 0.63 a month. A custom intensity overrides the grid.
func TestEstimateExact(t *testing.T) {
	deu := bundledGrid(t, "DEU", "342.06", 2024)
	c := &floor.Configuration{NumGPUs: 4, GPUPowerWattsTotal: dec("2000"), TokenSettings: &floor.TokenSettings{JoulesPerOutputToken: dec("0.36"), TokensPerSecond: dec("1000")}}
	fig := floor.FiguresFor(c, floor.Inputs{OutputTokensPerMonth: dec("10000000"), OutputTokensPerRequest: dec("400")})
	for _, tc := range []struct {
		name                   string
		f                      floor.Factors
		wh, kwh, g, kg, amount string
	}{
		{"custom factors, custom intensity and a price",
			floor.Factors{Host: dec("0.5"), Idle: dec("0.25"), PUE: dec("1.2"), Grid: deu, CustomGCO2ePerKWh: null("400"), PricePerKWh: null("0.30"), Currency: "EUR"},
			"0.084", "2.1", "0.0336", "0.84", "0.63"},
		{"zero intensity and zero price are figures too",
			floor.Factors{PUE: dec("1.5"), CustomGCO2ePerKWh: null("0"), PricePerKWh: null("0")},
			"0.06", "1.5", "0", "0", "0"},
		{"the zero Factors: the floor", floor.Factors{}, "0.04", "1", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := tc.f.Estimate(fig)
			got := []string{e.WhPerRequest.String(), e.KWhPerMonth.String(), text(e.GCO2ePerRequest), text(e.KgCO2ePerMonth), text(e.CostPerMonth)}
			want := []string{tc.wh, tc.kwh, tc.g, tc.kg, tc.amount}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("got %q, want %q (Wh, kWh, g, kg, cost)", got, want)
					break
				}
			}
		})
	}
}

func text(d decimal.NullDecimal) string {
	if !d.Valid {
		return ""
	}
	return d.Decimal.String()
}

func TestFactorsIsZero(t *testing.T) {
	deu := bundledGrid(t, "DEU", "342.06", 2024)
	for _, tc := range []struct {
		name string
		f    floor.Factors
		want bool
	}{
		{"zero", floor.Factors{}, true},
		{"PUE 1 written out", floor.Factors{PUE: dec("1.00")}, true},
		{"a currency alone", floor.Factors{Currency: "EUR"}, true},
		{"the GPU only preset", preset(t, floor.PresetGPUOnly), true},
		{"host", floor.Factors{Host: dec("0.1")}, false},
		{"idle", floor.Factors{Idle: dec("0.1")}, false},
		{"PUE", floor.Factors{PUE: dec("1.01")}, false},
		{"a bundled grid", floor.Factors{Grid: deu}, false},
		{"a custom intensity of zero", floor.Factors{CustomGCO2ePerKWh: null("0")}, false},
		{"a price of zero", floor.Factors{PricePerKWh: null("0")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.IsZero(); got != tc.want {
				t.Errorf("IsZero() = %t, want %t", got, tc.want)
			}
		})
	}
}

// TestGridWords: the grid carbon is computed with, named to follow "at".
func TestGridWords(t *testing.T) {
	deu := bundledGrid(t, "DEU", "342.06", 2024)
	for _, tc := range []struct {
		name string
		f    floor.Factors
		want string
	}{
		{"none", floor.Factors{PUE: dec("1.2")}, ""},
		{"a bundled grid", floor.Factors{Grid: deu}, "Germany's 2024 grid"},
		{"your own intensity", floor.Factors{CustomGCO2ePerKWh: null("300")}, "your own 300 gCO2e/kWh"},
		{"your own intensity over a grid", floor.Factors{Grid: deu, CustomGCO2ePerKWh: null("12.5")}, "your own 12.5 gCO2e/kWh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.GridWords(); got != tc.want {
				t.Errorf("GridWords() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPresets(t *testing.T) {
	want := []struct{ id, host, idle, pue string }{
		{floor.PresetGPUOnly, "0", "0", "1"},
		{floor.PresetGoogle2025, "0.43", "0.17", "1.09"},
		{floor.PresetIndustryAverage, "0.43", "0.17", "1.56"},
	}
	ps := floor.Presets()
	if len(ps) != len(want) {
		t.Fatalf("%d presets, want %d", len(ps), len(want))
	}
	for i, w := range want {
		p := ps[i]
		if p.ID != w.id || !p.Host.Equal(dec(w.host)) || !p.Idle.Equal(dec(w.idle)) || !p.PUE.Equal(dec(w.pue)) ||
			p.Name == "" || p.Citation == "" || p.URL == "" {
			t.Errorf("preset %d = %+v, want %s with host %s, idle %s, PUE %s, a name, a citation and a URL", i, p, w.id, w.host, w.idle, w.pue)
		}
		f := floor.Factors{Host: dec(w.host + "0"), Idle: p.Idle, PUE: p.PUE} // 0.430 is 0.43
		if got, ok := f.Preset(); !ok || got.ID != w.id {
			t.Errorf("Factors with %s's values: Preset() = %s, %t", w.id, got.ID, ok)
		}
	}
	// The Google shares, two decimals: 25/58, 10/58 and 1/(1 − 0.08).
	for _, c := range []struct{ got, num, den string }{{"0.43", "25", "58"}, {"0.17", "10", "58"}, {"1.09", "1", "0.92"}} {
		if r := dec(c.num).DivRound(dec(c.den), 2); !r.Equal(dec(c.got)) {
			t.Errorf("%s/%s rounds to %s, not %s", c.num, c.den, r, c.got)
		}
	}
	if _, ok := (floor.Factors{Host: dec("0.44"), Idle: dec("0.17"), PUE: dec("1.09")}).Preset(); ok {
		t.Error("host 0.44 matched a preset")
	}
	if _, ok := floor.PresetByID("google"); ok {
		t.Error(`PresetByID("google") found one`)
	}
}

func TestCaveatNote(t *testing.T) {
	deu := bundledGrid(t, "DEU", "342.06", 2024)
	src := floor.GridSource{Name: "Ember yearly electricity data via CO2.js (Green Web Foundation)"}
	google := preset(t, floor.PresetGoogle2025)
	google.Grid = deu
	google.PricePerKWh, google.Currency = null("0.30"), "EUR"
	gpu := preset(t, floor.PresetGPUOnly)
	gpu.Grid = deu
	for _, tc := range []struct {
		name string
		f    floor.Factors
		want string
	}{
		{"the floor alone", floor.Factors{Currency: "EUR"}, ""},
		{"Google preset on DEU with a price", google,
			"Beyond the measured floor, host 0.43, idle 0.17 and PUE 1.09 are assumptions: the Google 2025 proportions preset, " +
				"from Elsworth et al., Measuring the environmental impact of delivering AI at Google Scale, arXiv 2508.15734 (Aug 2025); " +
				"carbon uses a location-based annual average grid intensity, Germany's 342.06 gCO2e/kWh for 2024 from Ember yearly " +
				"electricity data via CO2.js (Green Web Foundation); the price, 0.30 EUR per kWh, is your own."},
		{"GPU only with a grid", gpu,
			"Beyond the measured floor, the estimate adds no host, idle or facility energy to the measured GPU energy; carbon uses a " +
				"location-based annual average grid intensity, Germany's 342.06 gCO2e/kWh for 2024 from Ember yearly electricity data " +
				"via CO2.js (Green Web Foundation)."},
		{"own factors and own intensity, no currency",
			floor.Factors{Host: dec("0.5"), Idle: dec("0.25"), PUE: dec("1.2"), Grid: deu, CustomGCO2ePerKWh: null("400"), PricePerKWh: null("0.30")},
			"Beyond the measured floor, host 0.5, idle 0.25 and PUE 1.2 are your own assumptions; carbon uses your own grid " +
				"intensity, 400 gCO2e/kWh, taken as a location-based annual average; the price, 0.30 currency units per kWh, is your own."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := floor.CaveatNote(tc.f, src); got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
	d := &floor.Dataset{Caveat: "GPU energy only.", GridSource: src}
	scope := " " + floor.ScopeWords(floor.Factors{})
	if got := floor.Caveat(d, floor.Factors{}); got != "GPU energy only."+scope {
		t.Errorf("Caveat with no factors = %q", got)
	}
	if got, want := floor.Caveat(d, gpu), "GPU energy only."+scope+" "+floor.CaveatNote(gpu, src); got != want {
		t.Errorf("Caveat with factors = %q, want %q", got, want)
	}
}
