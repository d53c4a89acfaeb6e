package data

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// TestLoadFootprint checks the bundled footprint values as their sources
// give them (each read there; see footprint.json and the notes on issue
// 53): 1,312 ÷ 8 and 2,274 ÷ 8 kgCO2e per GPU, lives of 6 and 3 years,
// WUEs of 1.15, 0.27 and 0 L/kWh, no rest-of-server
// value, and what the full footprint sets.
func TestLoadFootprint(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	fp := d.Footprint
	type row struct{ key, id, value string }
	check := func(table string, got []floor.SourcedValue, keys []string, want []row) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows, want %d", table, len(got), len(want))
		}
		for i, w := range want {
			v := got[i]
			if (keys != nil && keys[i] != w.key) || v.ID != w.id || !v.Value.Equal(decimal.RequireFromString(w.value)) || v.Retrieved != "2026-12-06" ||
				v.Label == "" || v.Figure == "" || v.Basis == "" || v.Scope == "" || v.Source == "" || !strings.HasPrefix(v.URL, "https://") {
				t.Errorf("%s row %d = %+v, want %s %s: %s, retrieved 2026-12-06, with a label, figure, basis, scope, source and URL",
					table, i, v, w.key, w.id, w.value)
			}
		}
	}
	var embodied []floor.SourcedValue
	var gpus []string
	for _, e := range fp.Embodied {
		embodied, gpus = append(embodied, e.SourcedValue), append(gpus, e.GPU)
	}
	check("embodied", embodied, gpus, []row{{"H100", "nvidia-hgx-h100", "164"}, {"B200", "nvidia-hgx-b200", "284.25"}})
	check("lives", fp.Lives, nil, []row{{"", "alphabet-10k-2023", "6"}, {"", "ecologits", "3"}})
	check("wue", fp.WUE, nil, []row{{"", "google-2025", "1.15"}, {"", "microsoft-fy25", "0.27"}, {"", "dry-cooling", "0"}})
	check("servers", fp.Servers, nil, nil)
	if fp.DefaultLife != "alphabet-10k-2023" {
		t.Errorf("default life %q, want alphabet-10k-2023", fp.DefaultLife)
	}
	if want := (floor.FullFootprint{Embodied: floor.EmbodiedNVIDIA, Life: "alphabet-10k-2023", WUE: "microsoft-fy25"}); fp.Full != want {
		t.Errorf("full footprint %+v, want %+v", fp.Full, want)
	}
	for _, e := range fp.Embodied {
		if !strings.Contains(e.Scope, "Cradle-to-gate") || !strings.Contains(e.Scope, "not the host's CPUs") {
			t.Errorf("%s: scope %q does not say cradle-to-gate and baseboard only", e.GPU, e.Scope)
		}
	}
}

// TestFootprintRoundTrip writes the decoded footprint.json back as it is
// written (two-space indent, no HTML escaping, a final newline) and
// compares every byte: the file holds nothing its types do not, in their
// order, and its figures stay as written.
func TestFootprintRoundTrip(t *testing.T) {
	var f FootprintFile
	if err := unmarshalGoccy(footprintJSON, &f); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&f); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), footprintJSON) {
		t.Errorf("footprint.json written back differs from the file:\n%s", b.Bytes())
	}
}

// TestDecodeFootprintBroken breaks one thing in a copy of footprint.json
// and checks that each decoder's load refuses it, naming where.
func TestDecodeFootprintBroken(t *testing.T) {
	const file = "footprint.json"
	row := func(list string, i int, field string, value any) func(doc map[string]any) {
		return func(doc map[string]any) { doc[list].([]any)[i].(map[string]any)[field] = value }
	}
	full := func(field, value string) func(doc map[string]any) {
		return func(doc map[string]any) { doc["full_footprint"].(map[string]any)[field] = value }
	}
	const h100, b200, alphabet, google, dry = "nvidia-hgx-h100", "nvidia-hgx-b200", "alphabet-10k-2023", "google-2025", "dry-cooling"
	const emb, life, wue, server = "embodied_kgco2e_per_gpu", "service_life_years", "wue_l_per_kwh", "server_kgco2e"
	aServer := map[string]any{"id": "maker-8-gpu", "label": "L", "value": json.Number("0"), "figure": "F", "basis": "B", "scope": "S",
		"source": "S", "url": "https://example.com", "date": "", "retrieved": "2026-12-06"}
	tests := []struct {
		name   string
		change func(doc map[string]any)
		want   Error // Err unset; its message must contain msg
		msg    string
	}{
		{"a zero embodied value", row(emb, 0, "value", json.Number("0")), Error{File: file, Row: h100, Field: "value"}, "is 0, want a positive number"},
		{"an embodied value above 10,000 kg", row(emb, 1, "value", json.Number("10000.01")), Error{File: file, Row: b200, Field: "value"}, "want 0 to 10000"},
		{"no value", func(doc map[string]any) { delete(doc[emb].([]any)[0].(map[string]any), "value") }, Error{File: file, Row: h100, Field: "value"}, "missing"},
		{"a GPU not measured", row(emb, 0, "gpu", "A100"), Error{File: file, Row: h100, Field: "gpu"}, `is "A100", want one of [H100 B200]`},
		{"a GPU given twice", row(emb, 1, "gpu", "H100"), Error{File: file, Row: b200, Field: "gpu"}, "H100 given twice"},
		{"a GPU without a row", func(doc map[string]any) { doc[emb] = doc[emb].([]any)[:1] }, Error{File: file, Field: emb}, "no row for B200"},
		{"no embodied rows", func(doc map[string]any) { doc[emb] = []any{} }, Error{File: file, Field: emb}, "missing"},
		{"a null row", func(doc map[string]any) { doc[wue].([]any)[1] = nil }, Error{File: file, Field: wue}, "row 2 is null"},
		{"a life under a year", row(life, 1, "value", json.Number("0.5")), Error{File: file, Row: "ecologits", Field: "value"}, "want 1 to 15"},
		{"a life over 15 years", row(life, 0, "value", json.Number("16")), Error{File: file, Row: alphabet, Field: "value"}, "want 1 to 15"},
		{"a negative WUE", row(wue, 2, "value", json.Number("-0.1")), Error{File: file, Row: dry, Field: "value"}, "want 0 to 20"},
		{"a WUE over 20", row(wue, 0, "value", json.Number("20.5")), Error{File: file, Row: google, Field: "value"}, "want 0 to 20"},
		{"a zero server", func(doc map[string]any) { doc[server] = []any{aServer} }, Error{File: file, Row: "maker-8-gpu", Field: "value"}, "want a positive number"},
		{"an id given twice", row(wue, 1, "id", google), Error{File: file, Row: google, Field: "id"}, "given twice"},
		{"an id in capitals", row(life, 0, "id", "Alphabet"), Error{File: file, Row: "Alphabet", Field: "id"}, "want lower-case letters"},
		{"no figure", row(wue, 0, "figure", " "), Error{File: file, Row: google, Field: "figure"}, "missing"},
		{"no basis", row(life, 0, "basis", ""), Error{File: file, Row: alphabet, Field: "basis"}, "missing"},
		{"no scope", row(emb, 0, "scope", ""), Error{File: file, Row: h100, Field: "scope"}, "missing"},
		{"no source", row(emb, 1, "source", ""), Error{File: file, Row: b200, Field: "source"}, "missing"},
		{"a control character in a label", row(wue, 2, "label", "Dry\u0007"), Error{File: file, Row: dry, Field: "label"}, "control or formatting character"},
		{"a plain http URL", row(wue, 0, "url", "http://arxiv.org/abs/2508.15734"), Error{File: file, Row: google, Field: "url"}, "want an https URL"},
		{"a bad date", row(wue, 0, "date", "2025-13"), Error{File: file, Row: google, Field: "date"}, `is "2025-13", want YYYY, YYYY-MM`},
		{"a year out of range", row(wue, 0, "date", "1066"), Error{File: file, Row: google, Field: "date"}, `is "1066"`},
		{"a retrieval month, not day", row(emb, 0, "retrieved", "2026-12"), Error{File: file, Row: h100, Field: "retrieved"}, "want YYYY-MM-DD"},
		{"no retrieval date", row(life, 1, "retrieved", ""), Error{File: file, Row: "ecologits", Field: "retrieved"}, "want YYYY-MM-DD"},
		{"a default life that is none", func(doc map[string]any) { doc["default_life"] = "meta" }, Error{File: file, Field: "default_life"}, `is "meta"`},
		{"a full footprint of another embodied setting", full("embodied", "164"), Error{File: file, Row: "full_footprint", Field: "embodied"}, `want "nvidia"`},
		{"a full footprint of an unknown life", full("life", "four"), Error{File: file, Row: "full_footprint", Field: "life"}, `is "four"`},
		{"a full footprint of an unknown WUE", full("wue", "amazon"), Error{File: file, Row: "full_footprint", Field: "wue"}, `is "amazon"`},
		{"a full footprint of an unknown server", full("server", "dell"), Error{File: file, Row: "full_footprint", Field: "server"}, `is "dell"`},
		{"another format version", func(doc map[string]any) { doc["version"] = "2" }, Error{File: file, Field: "version"}, `is "2", want format version "1"`},
		{"an unknown field", row(wue, 0, "withdrawal", 1), Error{File: file}, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{file: &fstest.MapFile{Data: footprintJSON}}
			edit(t, files, file, tt.change)
			refused(t, func(unmarshal func([]byte, any) error) error {
				_, err := decodeFootprint(files[file].Data, unmarshal, true)
				return err
			}, tt.want, tt.msg)
		})
	}
}
