package floor

import (
	"testing"

	"github.com/shopspring/decimal"
)

func null(s string) decimal.NullDecimal { return decimal.NewNullDecimal(decimal.RequireFromString(s)) }

// testSources are bundled values for the tests: H100 164 and B200 284.25
// kgCO2e a GPU, a default life of 6 years, a WUE preset of 0.27.
var testSources = &FootprintSources{
	Embodied: []GPUEmbodied{{GPU: H100, SourcedValue: SourcedValue{ID: "h", Value: decimal.NewFromInt(164)}},
		{GPU: B200, SourcedValue: SourcedValue{ID: "b", Value: decimal.RequireFromString("284.25")}}},
	Lives:       []SourcedValue{{ID: "six", Value: decimal.NewFromInt(6)}, {ID: "three", Value: decimal.NewFromInt(3)}},
	DefaultLife: "six",
	WUE:         []SourcedValue{{ID: "ms", Value: decimal.RequireFromString("0.27")}},
}

// TestEstimateAtToken works a token configuration by hand: 4 × B200 at
// 15,000 output tokens a second, 600-token answers, 10 million a month,
// NVIDIA's 284.25 kg over the default 6 years.
//
//	GPU-seconds a request = 4 × 600 ÷ 15,000 = 0.16
//	g a GPU-second        = 284.25 × 1,000 ÷ (6 × 31,536,000) = 284,250 ÷ 189,216,000 = 0.00150225139523…
//	at the floor          = 0.16 × 284,250 ÷ 189,216,000 = 379/1,576,800 = 0.000240360223236935… g
//	                        × 10,000,000 ÷ 1,000 = 2.40360223236935… kg a month
//	at your traffic       = 25 requests a second serve 3.805… a second: one server, part used;
//	                        1 × 4 × 2,628,000 × 284,250 ÷ 189,216,000 ÷ 1,000 = 15.7916666… kg a month,
//	                        ÷ 10,000,000 = 0.00157916666… g a request
func TestEstimateAtToken(t *testing.T) {
	c := &Configuration{Kind: KindTokens, GPU: B200, NumGPUs: 4, TokenSettings: &TokenSettings{TokensPerSecond: decimal.NewFromInt(15_000)}}
	in := Inputs{OutputTokensPerRequest: decimal.NewFromInt(600), OutputTokensPerMonth: decimal.NewFromInt(6_000_000_000)}
	fig := Figures{RequestsPerMonth: decimal.NewFromInt(10_000_000)}
	f := Factors{Footprint: Footprint{Bundled: true, Sources: testSources}}

	e := f.EstimateAt(c, in, fig)
	sameTo14(t, "GPU-seconds a request", e.GPUSecondsPerRequest, "0.16")
	sameTo14(t, "E", e.EmbodiedKgPerGPU.Decimal, "284.25")
	sameTo14(t, "floor g a request", e.EmbodiedGPerRequest.Decimal, "0.000240360223236935")
	sameTo14(t, "floor kg a month", e.EmbodiedKgPerMonth.Decimal, "2.40360223236935")

	te := f.TrafficEstimate(&Traffic{Config: c, Figures: fig, in: in})
	if te.Servers != 1 {
		t.Errorf("servers = %d, want 1", te.Servers)
	}
	sameTo14(t, "traffic kg a month", te.EmbodiedKgPerMonth.Decimal, "15.7916666666666667")
	sameTo14(t, "traffic g a request", te.EmbodiedGPerRequest.Decimal, "0.00157916666666666667")
	if te.WaterML.Valid || e.WaterML.Valid {
		t.Error("water without a WUE or an off-site figure")
	}
}

// TestEstimateAtImage works an image configuration by hand: 1 × H100, a
// batch of 8 in 20 s, 1,000,000 images a month, the user's 164 kg a GPU
// and a 2,500 kg server over 3 years.
//
//	GPU-seconds an image = 1 × 20 ÷ 8 = 2.5
//	g a GPU-second       = (164 + 2,500 ÷ 8) × 1,000 ÷ (3 × 31,536,000) = 953/189,216 = 0.00503657196008794…
//	at the floor         = 2.5 × that = 0.01259142990021985… g; × 1,000,000 ÷ 1,000 = 12.59142990021985… kg a month
//	at your traffic      = 0.4 images a second serve 0.3805… a second: one server, 2,628,000 GPU-seconds
//	                       × 953/189,216 ÷ 1,000 = 13.236111… kg a month, 0.013236111… g an image
func TestEstimateAtImage(t *testing.T) {
	c := &Configuration{Kind: KindImages, GPU: H100, NumGPUs: 1, DiffusionSettings: &DiffusionSettings{BatchSize: 8, BatchLatencyS: decimal.NewFromInt(20)}}
	in := Inputs{ImagesOrVideosPerMonth: decimal.NewFromInt(1_000_000)}
	fig := Figures{RequestsPerMonth: decimal.NewFromInt(1_000_000)}
	f := Factors{Footprint: Footprint{EmbodiedKg: null("164"), ServerKg: null("2500"), LifeYears: null("3"), Sources: testSources}}

	e := f.EstimateAt(c, in, fig)
	sameTo14(t, "GPU-seconds an image", e.GPUSecondsPerRequest, "2.5")
	sameTo14(t, "floor g an image", e.EmbodiedGPerRequest.Decimal, "0.0125914299002198546")
	sameTo14(t, "floor kg a month", e.EmbodiedKgPerMonth.Decimal, "12.5914299002198546")
	te := f.TrafficEstimate(&Traffic{Config: c, Figures: fig, in: in})
	sameTo14(t, "traffic kg a month", te.EmbodiedKgPerMonth.Decimal, "13.2361111111111111")
	sameTo14(t, "traffic g an image", te.EmbodiedGPerRequest.Decimal, "0.0132361111111111111")
}

// TestEstimateWater works water by hand for 0.5 Wh of GPU energy a request
// and 100 million requests a month.
func TestEstimateWater(t *testing.T) {
	fig := Figures{WhPerRequest: decimal.RequireFromString("0.5"), KWhPerMonth: decimal.NewFromInt(50_000), RequestsPerMonth: decimal.NewFromInt(100_000_000)}
	for _, tc := range []struct {
		name                   string
		f                      Factors
		onsite, offsite, total string // "" for null
		lPerMonth              string
	}{
		// IT energy is the GPU energy: 0.5 Wh × 0.27 = 0.135 mL.
		{"WUE alone", Factors{Footprint: Footprint{WUE: null("0.27")}}, "0.135", "", "0.135", "13500"},
		// IT = 0.5 × (1 + 0.43 + 0.17) = 0.8 Wh; × 0.27 = 0.216 mL, PUE not applied.
		{"WUE with host, idle and PUE", Factors{Host: decimal.RequireFromString("0.43"), Idle: decimal.RequireFromString("0.17"),
			PUE: decimal.RequireFromString("1.09"), Footprint: Footprint{WUE: null("0.27")}}, "0.216", "", "0.216", "21600"},
		// Off site: 0.5 Wh × 3.1 = 1.55 mL with no factors.
		{"off-site alone", Factors{Footprint: Footprint{OffsiteLPerKWh: null("3.1")}}, "", "1.55", "1.55", "155000"},
		// Off site on facility energy: 0.8 × 1.09 × 3.1 = 2.7032; with on site 0.216: 2.9192 mL, 291,920 L a month.
		{"both with host, idle and PUE", Factors{Host: decimal.RequireFromString("0.43"), Idle: decimal.RequireFromString("0.17"),
			PUE: decimal.RequireFromString("1.09"), Footprint: Footprint{WUE: null("0.27"), OffsiteLPerKWh: null("3.1")}}, "0.216", "2.7032", "2.9192", "291920"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := tc.f.Estimate(fig)
			for _, v := range []struct {
				what string
				got  decimal.NullDecimal
				want string
			}{{"on site", e.WaterOnsiteML, tc.onsite}, {"off site", e.WaterOffsiteML, tc.offsite}, {"total", e.WaterML, tc.total},
				{"litres a month", e.WaterLPerMonth, tc.lPerMonth}} {
				switch {
				case v.want == "" && v.got.Valid:
					t.Errorf("%s = %s, want null", v.what, v.got.Decimal)
				case v.want != "" && (!v.got.Valid || !v.got.Decimal.Equal(decimal.RequireFromString(v.want))):
					t.Errorf("%s = %v, want %s", v.what, v.got, v.want)
				}
			}
		})
	}
}

// TestFootprintSwitches: a life alone counts nothing; manufacture needs a
// life (the user's or the bundled default); embodied=nvidia without bundled
// values charges nothing per GPU.
func TestFootprintSwitches(t *testing.T) {
	if !(Factors{Footprint: Footprint{LifeYears: null("4")}}).IsZero() {
		t.Error("a life alone sets a factor")
	}
	if (Footprint{EmbodiedKg: null("100")}).CountsEmbodied() {
		t.Error("manufacture counted without a life")
	}
	p := Footprint{EmbodiedKg: null("100"), Sources: testSources}
	if y, src, ok := p.Life(); !ok || !y.Equal(decimal.NewFromInt(6)) || src == nil || src.ID != "six" {
		t.Errorf("default life = %s %v %t, want 6 from six", y, src, ok)
	}
	p.LifeYears = null("4")
	if y, src, _ := p.Life(); !y.Equal(decimal.NewFromInt(4)) || src != nil {
		t.Errorf("own life = %s %v, want 4 with no source", y, src)
	}
	if kg, _ := (Footprint{Bundled: true}).GPUKg(H100); !kg.IsZero() {
		t.Errorf("bundled without sources = %s, want 0", kg)
	}
	if w, ok := (Footprint{WUE: null("0.270"), Sources: testSources}).WUEPreset(); !ok || w.ID != "ms" {
		t.Errorf("WUE 0.270 preset = %v %t, want ms", w, ok)
	}
}

// TestEstimateTrafficAtLeastFloor: for every configuration of the bundled
// data's token and image workloads, at volumes that fill its servers partly
// and wholly, manufacture at your traffic is at least the floor's, and
// equal when the month's volume fills whole servers exactly.
func TestEstimateTrafficAtLeastFloor(t *testing.T) {
	f := Factors{Footprint: Footprint{Bundled: true, ServerKg: null("2500"), Sources: testSources}}
	for _, tc := range []struct {
		name string
		c    *Configuration
		in   Inputs
	}{
		{"tokens", &Configuration{Kind: KindTokens, GPU: H100, NumGPUs: 8, TokenSettings: &TokenSettings{TokensPerSecond: decimal.RequireFromString("12345.6")}},
			Inputs{OutputTokensPerRequest: decimal.NewFromInt(500)}},
		{"images", &Configuration{Kind: KindImages, GPU: B200, NumGPUs: 2, DiffusionSettings: &DiffusionSettings{BatchSize: 16, BatchLatencyS: decimal.RequireFromString("31.7")}},
			Inputs{}},
		{"videos", &Configuration{Kind: KindVideos, GPU: H100, NumGPUs: 8, DiffusionSettings: &DiffusionSettings{BatchSize: 1, BatchLatencyS: decimal.RequireFromString("1234.5")}},
			Inputs{}},
	} {
		rate := tc.c.Rate(tc.in)
		full := rate.Requests.Mul(decimal.NewFromInt(SecondsPerMonth)).Div(rate.Seconds) // one server's month, exact here
		for _, scale := range []string{"0.001", "0.5", "1", "2", "2.5", "7"} {
			requests := full.Mul(decimal.RequireFromString(scale))
			fig := Figures{RequestsPerMonth: requests}
			fl := f.EstimateAt(tc.c, tc.in, fig)
			tr := f.TrafficEstimate(&Traffic{Config: tc.c, Figures: fig, in: tc.in})
			if tr.EmbodiedKgPerMonth.Decimal.LessThan(fl.EmbodiedKgPerMonth.Decimal) {
				t.Errorf("%s × %s: traffic %s kg < floor %s kg", tc.name, scale, tr.EmbodiedKgPerMonth.Decimal, fl.EmbodiedKgPerMonth.Decimal)
			}
			if scale == "1" || scale == "2" || scale == "7" {
				sameTo14(t, tc.name+" × "+scale+" at full use", tr.EmbodiedKgPerMonth.Decimal, fl.EmbodiedKgPerMonth.Decimal.String())
			}
		}
	}
}

// TestEstimateWaterScales: water is linear in the energy it is defined on.
func TestEstimateWaterScales(t *testing.T) {
	f := Factors{Host: decimal.RequireFromString("0.2"), PUE: decimal.RequireFromString("1.3"),
		Footprint: Footprint{WUE: null("1.15"), OffsiteLPerKWh: null("2")}}
	base := Figures{WhPerRequest: decimal.RequireFromString("0.37"), RequestsPerMonth: decimal.NewFromInt(1_000)}
	b := f.Estimate(base)
	for _, k := range []string{"0", "0.5", "3", "1000"} {
		m := decimal.RequireFromString(k)
		e := f.Estimate(Figures{WhPerRequest: base.WhPerRequest.Mul(m), RequestsPerMonth: base.RequestsPerMonth})
		if !e.WaterOnsiteML.Decimal.Equal(b.WaterOnsiteML.Decimal.Mul(m)) || !e.WaterOffsiteML.Decimal.Equal(b.WaterOffsiteML.Decimal.Mul(m)) {
			t.Errorf("× %s: %s, %s mL, want %s times %s, %s", k, e.WaterOnsiteML.Decimal, e.WaterOffsiteML.Decimal, k, b.WaterOnsiteML.Decimal, b.WaterOffsiteML.Decimal)
		}
	}
}
