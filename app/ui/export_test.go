//go:build !wasm

package ui

import (
	"encoding/csv"
	"encoding/json"
	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"
	"regexp"
	"strings"
	"testing"
)

// TestExportCSV checks the CSV download: the CLI's -json field names as
// column paths, one row per model and GPU, each carrying the inputs, the
// data version, the caveat and the citation.
func TestExportCSV(t *testing.T) {
	c := fixtureCalculator("tokens=1B&output=500&itl=60&model=alpha", false)
	b, err := c.report().CSV()
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 3 {
		t.Fatalf("got %d records, want a header and one row per model and GPU (3)", len(records))
	}
	col := map[string]int{}
	for i, name := range records[0] {
		col[name] = i
	}
	// Worked by hand: alpha's a2, 0.36 J per output token; beta's b1, 2.0 J.
	//   alpha: 0.36 × 500 / 3,600 = 0.05 Wh per request; 0.36 × 1e9 / 3.6e6 = 100 kWh a month, 1,200 a year
	//   beta:  2.0 × 500 / 3,600 = 0.2777… Wh; 2.0 × 1e9 / 3.6e6 = 555.5… kWh
	want := []map[string]string{
		{"slug": "alpha", "gpu": "H100", "selected": "true", "meets_target": "true", "row_id": "alpha/H100/1/64",
			"joules_per_output_token": "0.36", "wh_per_request": "0.05", "kwh_per_month": "100", "kwh_per_year": "1200",
			"gpus_needed": "1", "inputs.workload": "lm-arena-chat", "inputs.output_tokens_per_month": "1000000000",
			"inputs.itl_target_ms": "60", "inputs.percentile": "median", "inputs.model": "", "inputs.selected_model": "alpha",
			"data_version": "2026-10-19", "caveat": "GPU energy only. Every figure is a floor. " + floor.ScopeWords(floor.Factors{})},
		{"slug": "beta", "gpu": "B200", "selected": "false", "meets_target": "true", "row_id": "beta/B200/2/16",
			"joules_per_output_token": "2", "configuration.num_gpus": "2", "configuration.median_itl_ms": "30"},
	}
	for i, w := range want {
		for k, v := range w {
			j, ok := col[k]
			if !ok {
				t.Fatalf("no column %q in %v", k, records[0])
			}
			if got := records[i+1][j]; got != v {
				t.Errorf("row %d %s: got %q, want %q", i+1, k, got, v)
			}
		}
	}
	if got := records[2][col["wh_per_request"]]; !strings.HasPrefix(got, "0.2777777") {
		t.Errorf("beta wh_per_request: got %q, want 0.2777…", got)
	}
	if !strings.Contains(records[1][col["citation"]], "Chung et al.") {
		t.Error("rows lack the citation")
	}
}

// TestExportJSON checks the JSON download against the CLI's -json contract
// (cmd/energyfloor's package doc): its field names, the results of every model, and, when
// nothing meets the target, the figures at the fastest configuration.
func TestExportJSON(t *testing.T) {
	c := fixtureCalculator("tokens=1B&output=500&itl=5&model=alpha", false)
	var got struct {
		Inputs struct {
			Workload      string  `json:"workload"`
			Tokens        float64 `json:"output_tokens_per_month"`
			TargetITLMs   float64 `json:"itl_target_ms"`
			Percentile    string  `json:"percentile"`
			GPU           *string `json:"gpu"`
			Model         *string `json:"model"`
			SelectedModel string  `json:"selected_model"`
		} `json:"inputs"`
		DataVersion   string `json:"data_version"`
		HoursPerMonth int    `json:"hours_per_month"`
		Caveat        string `json:"caveat"`
		Citation      string `json:"citation"`
		CitationURL   string `json:"citation_url"`
		Results       []struct {
			Slug           string   `json:"slug"`
			Model          string   `json:"model"`
			Selected       bool     `json:"selected"`
			RowID          *string  `json:"row_id"`
			Meets          bool     `json:"meets_target"`
			ReachableITLMs *float64 `json:"reachable_itl_ms"`
			Configuration  struct {
				RowID string `json:"row_id"`
			} `json:"configuration"`
		} `json:"results"`
	}
	b, err := c.report().JSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Inputs.Workload != "lm-arena-chat" || got.Inputs.Tokens != 1e9 || got.Inputs.TargetITLMs != 5 ||
		got.Inputs.Percentile != "median" || got.Inputs.GPU != nil || got.Inputs.Model != nil || got.Inputs.SelectedModel != "alpha" {
		t.Errorf("got inputs %+v", got.Inputs)
	}
	if got.DataVersion != "2026-10-19" || got.HoursPerMonth != 730 || got.Caveat == "" ||
		!strings.Contains(got.Citation, "arXiv 2505.06371") || got.CitationURL != "https://arxiv.org/abs/2505.06371" {
		t.Errorf("got data version %q, hours %d, caveat %q, citation %q, %q", got.DataVersion, got.HoursPerMonth, got.Caveat, got.Citation, got.CitationURL)
	}
	// Nothing meets 5 ms: null row ids, and the figures of the fastest
	// configuration, worked by hand: alpha a1 (10 ms, 1.0 J): 1.0 × 500 /
	// 3,600 = 0.13888… Wh; beta b1 (30 ms, 2.0 J): 0.27777… Wh.
	want := []struct {
		slug, row, wh string
		selected      bool
		reach         float64
	}{{"alpha", "alpha/H100/1/8", "0.138888888888888889", true, 10}, {"beta", "beta/B200/2/16", "0.277777777777777778", false, 30}}
	if len(got.Results) != len(want) {
		t.Fatalf("got %d results, want %d", len(got.Results), len(want))
	}
	for i, r := range got.Results {
		w := want[i]
		if r.Slug != w.slug || r.Model != w.slug || r.Selected != w.selected || r.Meets || r.RowID != nil ||
			r.ReachableITLMs == nil || *r.ReachableITLMs != w.reach || r.Configuration.RowID != w.row {
			t.Errorf("result %d: got %+v, want %s (selected %t), not meeting, reaching %v ms at %s", i+1, r, w.slug, w.selected, w.reach, w.row)
		}
	}
	// The figures as written: plain decimals, unrounded.
	var raw struct {
		Results []map[string]json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for i, r := range raw.Results {
		if got := string(r["wh_per_request"]); got != want[i].wh {
			t.Errorf("result %d wh_per_request: got %s, want %s", i+1, got, want[i].wh)
		}
	}
}

// TestFirstYear checks firstYear on years that stand as words and on digits
// that do not, and against the regular expression itself.
func TestFirstYear(t *testing.T) {
	re := regexp.MustCompile(`\b(19|20)\d\d\b`)
	for _, tc := range []struct{ in, want string }{
		{"NeurIPS 2025", "2025"},
		{"2025", "2025"},
		{"released 2025-09-18", "2025"},
		{"(1999)", "1999"},
		{"1899, 1900 and 2100", "1900"},
		{"x2025 2024", "2024"},
		{"2025a 20255 2026", "2026"},
		{"_2024", ""},
		{"arXiv 2505.06371", ""},
		{"202", ""},
		{"", ""},
		{"Zürich 2023", "2023"},
	} {
		if got := firstYear(tc.in); got != tc.want || got != re.FindString(tc.in) {
			t.Errorf("firstYear(%q) = %q, want %q (the regexp finds %q)", tc.in, got, tc.want, re.FindString(tc.in))
		}
	}
}

func TestCitationBibTeX(t *testing.T) {
	ds := floortest.Dataset()
	got := citationBibTeX(&ds.TokenWorkloads[0].Source, ds.DataVersion)
	for _, want := range []string{
		"@inproceedings{chung2025mlenergy,",
		"author = {Chung and others},",
		"title = {{The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and Optimization}},",
		"booktitle = {NeurIPS 2025 Datasets and Benchmarks},",
		"year = {2025},",
		"eprint = {2505.06371},",
		"url = {https://arxiv.org/abs/2505.06371}",
		"@misc{mlenergyleaderboard2025,",
		"howpublished = {\\url{https://ml.energy/leaderboard/}},",
		"retrieved 2026-09-26; licence Apache-2.0; via Energy Floor, data version 2026-10-19",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("BibTeX lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "{") != strings.Count(got, "}") {
		t.Errorf("unbalanced braces:\n%s", got)
	}
	text := citationText(&ds.TokenWorkloads[0].Source, ds.DataVersion)
	for _, want := range []string{"Chung et al., The ML.ENERGY Benchmark", "https://arxiv.org/abs/2505.06371",
		"version 3.0", "retrieved 2026-09-26", "licence Apache-2.0", "data version 2026-10-19"} {
		if !strings.Contains(text, want) {
			t.Errorf("citation text lacks %q", want)
		}
	}
}

func TestBibEscape(t *testing.T) {
	if got, want := bibEscape(`50% & {x}_#$`), `50\% \& \{x\}\_\#\$`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestEmbedSnippet(t *testing.T) {
	tail := ` title="Energy Floor calculator" width="100%" height="623" style="border:0;max-width:720px" loading="lazy"></iframe>`
	tests := []struct{ name, origin, path, want string }{
		{"the page's origin", "https://example.org", `/embed?itl=60&model=a"b`,
			`<iframe src="https://example.org/embed?itl=60&amp;model=a&quot;b"` + tail},
		{"under a prefix", "http://127.0.0.1:8000", "/energy/embed?itl=60",
			`<iframe src="http://127.0.0.1:8000/energy/embed?itl=60"` + tail},
		{"an unknown origin: a placeholder, and a note that says to replace it", "", "/energy/embed?itl=60",
			"<!-- Replace https://your-energy-floor-site.example with the origin this calculator is served from, such as https://example.org. -->\n" +
				`<iframe src="https://your-energy-floor-site.example/energy/embed?itl=60"` + tail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := embedSnippet(tt.origin, tt.path); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
