//go:build !wasm

package ui

import (
	"encoding/csv"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestExportCSV(t *testing.T) {
	c := fixtureCalculator("tokens=1B&output=500&itl=60&model=alpha", false)
	got := exportCSV(c.exportData())
	records, err := csv.NewReader(strings.NewReader(got)).ReadAll()
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
		{"model_slug": "alpha", "gpu": "H100", "selected": "true", "meets_target": "true", "row_id": "alpha/H100/1/64",
			"joules_per_output_token": "0.36", "wh_per_request": "0.05", "kwh_per_month": "100", "kwh_per_year": "1200",
			"gpus_needed": "1", "workload": "lm-arena-chat", "output_tokens_per_month": "1000000000",
			"target_itl_ms": "60", "latency_statistic": "median", "data_version": "2026-10-19",
			"caveat": "GPU energy only. Every figure is a floor."},
		{"model_slug": "beta", "gpu": "B200", "selected": "false", "meets_target": "true", "row_id": "beta/B200/2/16",
			"joules_per_output_token": "2", "num_gpus": "2", "itl_ms": "30"},
	}
	for i, w := range want {
		for k, v := range w {
			if got := records[i+1][col[k]]; got != v {
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

func TestExportJSON(t *testing.T) {
	c := fixtureCalculator("tokens=1B&output=500&itl=5&model=alpha", false)
	var got struct {
		Inputs struct {
			Workload    string  `json:"workload"`
			Tokens      float64 `json:"output_tokens_per_month"`
			TargetITLMs float64 `json:"target_itl_ms"`
			GPU         *string `json:"gpu"`
			Model       string  `json:"model"`
		} `json:"inputs"`
		DataVersion string `json:"data_version"`
		Caveat      string `json:"caveat"`
		Citation    string `json:"citation"`
		Results     []struct {
			Slug         string   `json:"model_slug"`
			RowID        *string  `json:"row_id"`
			Meets        bool     `json:"meets_target"`
			WhPerRequest *float64 `json:"wh_per_request"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(exportJSON(c.exportData())), &got); err != nil {
		t.Fatal(err)
	}
	if got.Inputs.Workload != "lm-arena-chat" || got.Inputs.Tokens != 1e9 || got.Inputs.TargetITLMs != 5 ||
		got.Inputs.GPU != nil || got.Inputs.Model != "alpha" {
		t.Errorf("got inputs %+v", got.Inputs)
	}
	if got.DataVersion != "2026-10-19" || got.Caveat == "" || !strings.Contains(got.Citation, "arXiv 2505.06371") {
		t.Errorf("got data version %q, caveat %q, citation %q", got.DataVersion, got.Caveat, got.Citation)
	}
	// Nothing meets 5 ms: every result has a null row id and null figures.
	if len(got.Results) != 2 {
		t.Fatalf("got %d results, want 2", len(got.Results))
	}
	for _, r := range got.Results {
		if r.Meets || r.RowID != nil || r.WhPerRequest != nil {
			t.Errorf("%s: got meets %v, row %v, wh %v; want false, null, null", r.Slug, r.Meets, r.RowID, r.WhPerRequest)
		}
	}
}

// TestFirstYear checks firstYear against the regular expression it replaces.
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
	ds := fixtureDataset()
	got := citationBibTeX(&ds.Workloads[0].Source, ds.DataVersion)
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
	text := citationText(&ds.Workloads[0].Source, ds.DataVersion)
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
	got := embedSnippet(`https://example.org/embed?itl=60&model=a"b`)
	want := `<iframe src="https://example.org/embed?itl=60&amp;model=a&quot;b" title="Energy Floor calculator"`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got %s, want it to start %s", got, want)
	}
}
