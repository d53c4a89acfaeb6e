package floor_test

import (
	"fmt"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"
)

func TestFindModel(t *testing.T) {
	alpha := &floor.Model{Slug: "alpha-8b", ModelID: "Example/Alpha-8B-Instruct"}
	beta := &floor.Model{Slug: "beta-70b", ModelID: "example/beta-70b"}
	w := &floor.Workload{ID: "chat", Models: []*floor.Model{alpha, beta}}
	tests := []struct {
		name, in string
		want     *floor.Model
	}{
		{"slug", "alpha-8b", alpha},
		{"slug in capitals", "ALPHA-8B", alpha},
		{"slug with spaces", " beta-70b ", beta},
		{"Hugging Face id", "Example/Alpha-8B-Instruct", alpha},
		{"Hugging Face id in lower case", "example/alpha-8b-instruct", alpha},
		{"unknown", "gamma", nil},
		{"part of a slug", "alpha", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := w.FindModel(tt.in); got != tt.want {
				t.Errorf("FindModel(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestFindGrid(t *testing.T) {
	d := &floor.Dataset{Grid: []floor.GridIntensity{
		{Code: "DEU", Name: "Germany"}, {Code: "EU", Name: "EU"}, {Code: "World", Name: "World"},
	}}
	tests := []struct {
		name, in string
		want     string // the code found, "" for none
	}{
		{"exact", "DEU", "DEU"},
		{"lower case", "deu", "DEU"},
		{"region in lower case", "world", "World"},
		{"region in capitals", "WORLD", "World"},
		{"with spaces", " EU ", "EU"},
		{"unknown", "ATLANTIS", ""},
		{"a country's name", "Germany", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, ok := d.FindGrid(tt.in)
			if g.Code != tt.want || ok != (tt.want != "") {
				t.Errorf("FindGrid(%q) = %q, %t; want %q", tt.in, g.Code, ok, tt.want)
			}
		})
	}
}

// TestLookupsUnambiguous: in the bundled dataset, no two models of a
// workload share a slug or Hugging Face id, and no two grids a code, when
// case is ignored, so FindModel and FindGrid find one at most.
func TestLookupsUnambiguous(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range d.TokenWorkloads {
		seen := map[string]string{}
		for _, m := range w.Models {
			for _, name := range []string{m.Slug, m.ModelID} {
				k := strings.ToLower(name)
				if other, dup := seen[k]; dup && other != m.Slug {
					t.Errorf("%s: %q names both %s and %s", w.ID, name, other, m.Slug)
				}
				seen[k] = m.Slug
			}
			if got := w.FindModel(strings.ToUpper(m.ModelID)); got != m {
				t.Errorf("%s: FindModel(%q) = %v, want %s", w.ID, strings.ToUpper(m.ModelID), got, m.Slug)
			}
		}
	}
	seen := map[string]bool{}
	for _, g := range d.Grid {
		k := strings.ToLower(g.Code)
		if seen[k] {
			t.Errorf("two grids have the code %q, ignoring case", g.Code)
		}
		seen[k] = true
	}
}

func ExampleWorkload_FindModel() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	w := d.TokenWorkload("lm-arena-chat")
	for _, name := range []string{"llama-3-1-8b-instruct", "meta-llama/Llama-3.1-8B-Instruct", "QWEN-3-8B"} {
		fmt.Println(w.FindModel(name).Slug)
	}
	fmt.Println(w.FindModel("gpt-5") == nil)
	// Output:
	// llama-3-1-8b-instruct
	// llama-3-1-8b-instruct
	// qwen-3-8b
	// true
}

func ExampleDataset_FindGrid() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	for _, code := range []string{"deu", "world", "Atlantis"} {
		g, ok := d.FindGrid(code)
		fmt.Printf("%q %t\n", g.Code, ok)
	}
	// Output:
	// "DEU" true
	// "World" true
	// "" false
}
