package data

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// TestLoad loads the real embedded dataset. The counts were taken from the
// upstream task files (models by model_id, configurations by entry).
func TestLoad(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if again, _ := Load(); again != d {
		t.Errorf("Load returned a different Dataset on its second call")
	}
	want := []struct {
		id             string
		models         int
		configurations int
	}{
		{"lm-arena-chat", 18, 328},
		{"gpqa", 12, 187},
		{"sourcegraph-fim", 3, 50},
		{"image-chat", 11, 173},
		{"video-chat", 6, 100},
	}
	if len(d.TokenWorkloads) != len(want) {
		t.Fatalf("got %d workloads, want %d", len(d.TokenWorkloads), len(want))
	}
	for i, w := range want {
		t.Run(w.id, func(t *testing.T) {
			got := d.TokenWorkloads[i]
			if got.ID != w.id {
				t.Fatalf("workload %d is %q, want %q", i, got.ID, w.id)
			}
			n := 0
			for _, m := range got.Models {
				n += len(m.Configurations)
			}
			if len(got.Models) != w.models || n != w.configurations {
				t.Errorf("got %d models and %d configurations, want %d and %d", len(got.Models), n, w.models, w.configurations)
			}
		})
	}
	if d.FormatVersion != "1" || d.DataVersion != "2026-10-19" || d.Updated != "2026-10-19" || d.ITLDeadlineMs != 500 || d.Boundary != "gpu_only" {
		t.Errorf("got format %q, data version %q, updated %q, deadline %d, boundary %q", d.FormatVersion, d.DataVersion, d.Updated, d.ITLDeadlineMs, d.Boundary)
	}
}

// TestLoadQwen checks one model against the reference file's figures.
func TestLoadQwen(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	w := d.TokenWorkload("lm-arena-chat")
	if w == nil {
		t.Fatal("no lm-arena-chat workload")
	}
	if w.Name != "Text Conversation" || w.Source.Workload != "Text Conversation (lm-arena-chat)" ||
		w.Source.DataURL != "https://raw.githubusercontent.com/ml-energy/leaderboard/master/public/data/tasks/lm-arena-chat.json" {
		t.Errorf("got workload name %q, source workload %q, data URL %q", w.Name, w.Source.Workload, w.Source.DataURL)
	}
	m := w.Model("qwen-3-235b-a22b-instruct")
	if m == nil {
		t.Fatal("no qwen-3-235b-a22b-instruct model")
	}
	if m.ModelID != "Qwen/Qwen3-235B-A22B-Instruct-2507" || m.Name != "Qwen 3 235B A22B Instruct" || len(m.Configurations) != 31 {
		t.Errorf("got model %q %q with %d configurations", m.ModelID, m.Name, len(m.Configurations))
	}
	for _, c := range []struct {
		gpu, row, joules, wh, median string
	}{
		{"B200", "qwen-3-235b-a22b-instruct/B200/4/4096", "0.2402453", "66.73", "67.8"},
		{"H100", "qwen-3-235b-a22b-instruct/H100/8/256", "1.0927101", "303.53", "55.5"},
	} {
		b := m.Best[c.gpu]
		if b == nil {
			t.Errorf("no best %s row", c.gpu)
			continue
		}
		if b.RowID != c.row || b.JoulesPerOutputToken.String() != c.joules || b.WhPerMillionOutputTokens.String() != c.wh || b.MedianITLMs.String() != c.median {
			t.Errorf("best %s: got %s %s J %s Wh/M %s ms, want %s %s J %s Wh/M %s ms", c.gpu,
				b.RowID, b.JoulesPerOutputToken, b.WhPerMillionOutputTokens, b.MedianITLMs, c.row, c.joules, c.wh, c.median)
		}
	}
}

// TestLoadGrid checks the bundled grid intensities against CO2.js's file
// (../shared/grid-intensity/average-intensities.json, read by eye): 222
// countries and regions, Germany's and the World's 2024 figures, the
// Central African Republic's zero, and the attribution.
func TestLoadGrid(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Grid) != 222 {
		t.Errorf("%d grid rows, want 222", len(d.Grid))
	}
	for _, want := range []struct {
		code, name string
		year       int
		g          string
	}{
		{"DEU", "Germany", 2024, "342.06"},
		{"World", "World", 2024, "472.94"},
		{"EU", "EU", 2024, "213.02"},
		{"CAF", "Central African Republic", 2022, "0"},
		{"ABW", "Aruba", 2022, "550"},
		{"Latin America and Caribbean", "Latin America and Caribbean", 2024, "254.21"},
	} {
		g, ok := d.GridIntensity(want.code)
		if !ok || g.Code != want.code || g.Name != want.name || g.Year != want.year || g.GCO2ePerKWh.String() != want.g {
			t.Errorf("GridIntensity(%q) = %+v, %t; want %s %d %s", want.code, g, ok, want.name, want.year, want.g)
		}
	}
	for _, code := range []string{"deu", "", "Germany", "XXX"} {
		if g, ok := d.GridIntensity(code); ok {
			t.Errorf("GridIntensity(%q) = %+v, want none", code, g)
		}
	}
	src := d.GridSource
	if src.Attribution != "Carbon intensity: Ember, yearly electricity data, via CO2.js (Green Web Foundation)" ||
		src.Commit != "27cbe8328aeaad0824fb07b3640dc45b72228c7b" || src.Updated != "2025-08-03" || !strings.Contains(src.Licence, "CC BY-SA 4.0") {
		t.Errorf("grid source %+v", src)
	}
}

// TestLoadEquivalents checks the bundled equivalents as their sources give
// them (each verified against its source; see equivalents.json).
func TestLoadEquivalents(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id, wh string
		year   int
	}{
		{"led-10w-hour", "10", 0},
		{"eu-home-month", "300000", 2025},
		{"us-home-month", "893000", 2020},
		{"ev-ioniq6-mile", "240", 2023},
	}
	if len(d.Equivalents) != len(want) {
		t.Fatalf("%d equivalents, want %d", len(d.Equivalents), len(want))
	}
	for i, w := range want {
		e := d.Equivalents[i]
		if e.ID != w.id || e.WhPerUnit.String() != w.wh || e.Year != w.year || e.Name == "" || e.Unit == "" || e.Source == "" ||
			!strings.HasPrefix(e.URL, "https://") || e.Basis == "" || e.Verification == "" {
			t.Errorf("equivalent %d = %+v, want %s: %s Wh, %d, with a name, unit, source, URL, basis and verification", i, e, w.id, w.wh, w.year)
		}
	}
}

// TestLoadPublished checks the published figures as their sources give
// them (each verified against its source, or, where the source could not be
// read, against the pages quoting it; see published.json): Google's median
// prompt's 0.24 Wh, 0.03 gCO2e and 0.26 mL (on site), Mistral's 400-token
// answer's 1.14 gCO2e and 45 mL with no energy.
func TestLoadPublished(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id, wh, g, ml, date, aligns, water string
		approximate                        bool
	}{
		{"google-2025-comprehensive", "0.24", "0.03", "0.26", "2025-05", floor.AlignsWithGoogle, floor.AlignsWithOnsiteWater, false},
		{"google-2025-accelerators", "0.10", "", "", "2025-05", floor.AlignsWithFloor, "", false},
		{"openai-2025-average-query", "0.34", "", "", "2025-06", floor.AlignsWithNone, "", true},
		{"epoch-2025-gpt-4o", "0.3", "", "", "2025-02", floor.AlignsWithNone, "", true},
		{"mistral-2025-lca", "", "1.14", "45", "2025-01", floor.AlignsWithNone, floor.AlignsWithNone, false},
	}
	if len(d.Published) != len(want) {
		t.Fatalf("%d published figures, want %d", len(d.Published), len(want))
	}
	exact := func(n decimal.NullDecimal) string {
		if !n.Valid {
			return ""
		}
		return n.Decimal.StringFixed(-n.Decimal.Exponent())
	}
	for i, w := range want {
		p := d.Published[i]
		if p.ID != w.id || exact(p.WhPerPrompt) != w.wh || exact(p.GCO2ePerPrompt) != w.g || exact(p.WaterMLPerPrompt) != w.ml ||
			p.Date != w.date || p.AlignsWith != w.aligns || p.WaterAlignsWith != w.water ||
			p.Approximate != w.approximate || p.Scope == "" || p.Source == "" || !strings.HasPrefix(p.URL, "https://") ||
			(w.g != "") != (p.CarbonScope != "") || (w.ml != "") != (p.WaterScope != "") {
			t.Errorf("figure %d = %+v, want %s: %s Wh, %s g, %s mL, %s, aligned with %s (water %s), approximate %t, with a scope, source and URL",
				i, p, w.id, w.wh, w.g, w.ml, w.date, w.aligns, w.water, w.approximate)
		}
	}
	if !strings.Contains(d.PublishedNote, "a model, a prompt and a provider all differ") {
		t.Errorf("published note %q", d.PublishedNote)
	}
}

// TestLoadDiffusion checks the diffusion workloads' counts and one row of
// each against upstream's task files (read by eye; figures rounded half up
// to 4, 7 and 10 decimals).
func TestLoadDiffusion(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, w := range []struct {
		id, request           string
		models, configuations int
		slug, row             string
		joules, latency, rps  string
		gen                   floor.Generation
	}{
		{"text-to-image", "image", 7, 638, "flux-1-dev", "flux-1-dev/H100/1/u1xr1/b1", "7948.585", "11.6392002", "0.0859165567",
			floor.Generation{Width: 1024, Height: 1024, InferenceSteps: 50}},
		{"text-to-video", "video", 5, 382, "hunyuanvideo", "hunyuanvideo/B200/8/u8xr1/b1", "1396915.971", "204.667731", "0.0048859681",
			floor.Generation{Width: 1280, Height: 720, InferenceSteps: 50, Frames: 129, FPS: 15}},
	} {
		t.Run(w.id, func(t *testing.T) {
			got := d.DiffusionWorkload(w.id)
			if got == nil || got.Kind.Request() != w.request || got.Kind.PerToken() {
				t.Fatalf("got workload %+v, want a diffusion workload of %ss", got, w.request)
			}
			if d.TokenWorkload(w.id) != nil {
				t.Errorf("Workload(%q) finds a diffusion workload among the token ones", w.id)
			}
			n := 0
			for _, m := range got.Models {
				n += len(m.Configurations)
			}
			if len(got.Models) != w.models || n != w.configuations {
				t.Errorf("got %d models and %d configurations, want %d and %d", len(got.Models), n, w.models, w.configuations)
			}
			m := got.Model(w.slug)
			if m == nil || m.Kind != got.Kind || m.Generation == nil || *m.Generation != w.gen || !strings.HasPrefix(m.Caveat, "GPU energy only, measured generating") {
				t.Fatalf("got model %+v", m)
			}
			for _, c := range m.Configurations {
				if c.RowID == w.row {
					if c.Kind != got.Kind || c.JoulesPerRequest.String() != w.joules || c.BatchLatencyS.String() != w.latency || c.RequestsPerSecond.String() != w.rps {
						t.Errorf("%s: got %s J, %s s, %s per second", c.RowID, c.JoulesPerRequest, c.BatchLatencyS, c.RequestsPerSecond)
					}
					return
				}
			}
			t.Errorf("no row %s", w.row)
		})
	}
}

// TestLoadWorkloadNative: natively Load has decoded every workload's models
// before it returns; LoadWorkload then decodes nothing more, for a listed
// id or another.
func TestLoadWorkloadNative(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, w := range d.AllWorkloads() {
		if len(w.Models) == 0 {
			t.Errorf("%s has no models after Load", w.ID)
		}
	}
	for _, id := range []string{"gpqa", "text-to-video", "no-such-workload"} {
		before := len(d.FindWorkload("gpqa").Models)
		if err := LoadWorkload(id); err != nil {
			t.Errorf("LoadWorkload(%q): %v", id, err)
		}
		if after := len(d.FindWorkload("gpqa").Models); after != before {
			t.Errorf("LoadWorkload(%q) changed gpqa's models from %d to %d", id, before, after)
		}
	}
}
