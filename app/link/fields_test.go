//go:build !wasm

package link

import (
	"encoding/json"
	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"
	"energyfloor/data"
	"net/url"
	"slices"
	"testing"
)

// TestFieldsTable checks the table itself: every field is complete, and no
// two share a parameter or an id.
func TestFieldsTable(t *testing.T) {
	seenParams, seenIDs := map[string]bool{ParamVersion: true, ParamQuote: true}, map[string]bool{}
	for k := range Fields {
		fd := &Fields[k]
		if fd.Param == "" || fd.ID == "" || fd.Label == "" || fd.get == nil ||
			(fd.set == nil) == (fd.Parse == nil || fd.put == nil) {
			t.Errorf("field %d is incomplete: %+v", k, fd)
		}
		if fd.Kind != ChoiceKind && fd.Hint == "" {
			t.Errorf("text field %s has no hint", fd.ID)
		}
		if seenParams[fd.Param] || seenIDs[fd.ID] {
			t.Errorf("field %s: parameter %q or id %q is taken", fd.ID, fd.Param, fd.ID)
		}
		seenParams[fd.Param], seenIDs[fd.ID] = true, true
		if got, ok := FieldByID(fd.ID); !ok || got != Field(k) {
			t.Errorf("FieldByID(%q) = %v, %t; want %v", fd.ID, got, ok, Field(k))
		}
	}
	if len(params) != len(seenParams) {
		t.Errorf("params lists %q, want the %d parameters of the fields, the version and quote", params, len(seenParams))
	}
}

// edit is an edit of field k in a test.
type edit struct {
	k    Field
	text string
}

// TestEveryFieldRoundTrips: a state in which any field of the table holds a
// value other than its default is written as a permalink and decoded back
// to the same state: each field's value and text, which volume is typed, and
// the grid select. Each field is moved from its default by some case, so a
// new field needs a case here.
func TestEveryFieldRoundTrips(t *testing.T) {
	fake := floortest.Dataset()
	bundled, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	moved := map[Field]bool{}
	for _, tt := range []struct {
		name  string
		edits []edit
		// bundled: on the bundled dataset (the fake one has no image
		// workload), else on the fake one.
		bundled bool
	}{
		{"every input of the floor", []edit{{FieldWorkload, "gpqa"}, {FieldModel, "beta"}, {FieldOutput, "250"},
			{FieldTokens, "2.5M"}, {FieldITL, "60"}, {FieldPct, "p90"}, {FieldGPU, "B200"}}, false},
		{"requests typed", []edit{{FieldOutput, "1,000"}, {FieldRequests, "4M"}}, false},
		{"a bad text keeps the last good value", []edit{{FieldITL, "75"}, {FieldITL, "soon"}, {FieldHost, "0.4"}, {FieldHost, "40%"}}, false},
		{"the factors with a bundled grid", []edit{{FieldHost, "0.43"}, {FieldIdle, "0.17"}, {FieldPUE, "1.09"},
			{FieldGrid, "DEU"}, {FieldPrice, "0.12"}, {FieldCurrency, "EUR"}}, false},
		{"the user's own intensity", []edit{{FieldGrid, "DEU"}, {FieldGCO2, "400"}}, false},
		{"no grid", []edit{{FieldGrid, "DEU"}, {FieldGrid, ""}}, false},
		{"the footprint", []edit{{FieldEmbodied, "NVIDIA"}, {FieldLife, "4"}, {FieldServerKg, "2,500"}, {FieldWUE, "1.15"}, {FieldWater, "3.1"}}, true},
		{"your own embodied figure, a bad life kept out", []edit{{FieldEmbodied, "150.5"}, {FieldLife, "20"}, {FieldWUE, "0"}}, false},
		{"a latency target in seconds", []edit{{FieldWorkload, "text-to-image"}, {FieldModel, "flux-1-dev"}, {FieldLatency, "45"}}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ds := fake
			if tt.bundled {
				ds = bundled
			}
			def := NewState(ds)
			f := NewState(ds)
			for _, e := range tt.edits {
				if !f.Edit(ds, e.k, e.text) {
					t.Fatalf("the edit %s=%q was refused", e.k, e.text)
				}
			}
			q := f.Query()
			got, notices := DecodeQuery(ds, q)
			if len(notices) != 0 || len(got.Errs) != 0 {
				t.Errorf("the permalink %s gives notices %q and errors %v", q.Encode(), notices, got.Errs)
			}
			for k := range Fields {
				fd := &Fields[k]
				value, text := fd.get(&f), f.Text[k]
				if _, bad := f.Errs[Field(k)]; bad {
					text = value // the permalink carries the last good value
				}
				if g := fd.get(&got); g != value {
					t.Errorf("%s: value %q after the permalink %s, want %q", fd.ID, g, q.Encode(), value)
				}
				if got.Text[k] != text && !f.Derived(Field(k)) {
					t.Errorf("%s: text %q after the permalink %s, want %q", fd.ID, got.Text[k], q.Encode(), text)
				}
				if value != fd.get(&def) && f.Applies(Field(k)) {
					moved[Field(k)] = true
				}
			}
			if got.Basis != f.Basis || got.GridChoice != f.GridChoice {
				t.Errorf("basis %s, grid %q after the permalink %s; want %s, %q", got.Basis, got.GridChoice, q.Encode(), f.Basis, f.GridChoice)
			}
		})
	}
	for k := range Fields {
		if !moved[Field(k)] {
			t.Errorf("no case moves %s from its default", Fields[k].ID)
		}
	}
}

// TestLinkSpellings: a link takes the spellings the CLI takes (a GPU in any
// case or "either", a model's Hugging Face id, a grid code in any case), and
// the permalink the app writes has the canonical ones.
func TestLinkSpellings(t *testing.T) {
	ds := floortest.Dataset()
	tests := []struct {
		name, query string
		want        map[Field]string // field → value
		wantLink    url.Values       // parameters of the permalink
	}{
		{"GPU in lower case", "gpu=h100", map[Field]string{FieldGPU: "H100"}, url.Values{"gpu": {"H100"}}},
		{"either GPU", "gpu=either", map[Field]string{FieldGPU: ""}, url.Values{"gpu": nil}},
		{"either GPU in capitals, with spaces", "gpu=+EITHER+", map[Field]string{FieldGPU: ""}, url.Values{"gpu": nil}},
		{"model by Hugging Face id", "model=example/beta-70b", map[Field]string{FieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"model by Hugging Face id in capitals", "workload=gpqa&model=EXAMPLE/BETA-70B", map[Field]string{FieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"model slug in capitals", "model=BETA", map[Field]string{FieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"grid in lower case", "grid=deu", map[Field]string{FieldGrid: "DEU"}, url.Values{"grid": {"DEU"}}},
		{"region in lower case", "grid=world", map[Field]string{FieldGrid: "World"}, url.Values{"grid": {"World"}}},
		{"statistic in capitals", "pct=P99", map[Field]string{FieldPct: "p99"}, url.Values{"pct": {"p99"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			f, notices := DecodeQuery(ds, q)
			if len(notices) != 0 {
				t.Errorf("notices %q", notices)
			}
			for k, want := range tt.want {
				if got := Fields[k].get(&f); got != want {
					t.Errorf("%s = %q, want %q", Fields[k].ID, got, want)
				}
			}
			link := f.Permalink(ds)
			for p, want := range tt.wantLink {
				if got := link[p]; !slices.Equal(got, want) {
					t.Errorf("the permalink %s has %s=%q, want %q", link.Encode(), p, got, want)
				}
			}
		})
	}
}

// TestLinkSpellingsShareAPage: on the bundled dataset, a link in the
// spellings the CLI takes is the same page as the canonical link.
func TestLinkSpellingsShareAPage(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ query, canonical string }{
		{"gpu=h100", "gpu=H100"},
		{"gpu=either", ""},
		{"model=meta-llama/Llama-3.1-8B-Instruct", "model=llama-3-1-8b-instruct"},
		{"grid=deu&pue=1.2", "grid=DEU&pue=1.2"},
	} {
		key := func(raw string) (string, bool) {
			f, notices := Decode(ds, raw)
			return f.Key(false, notices)
		}
		got, ok := key(tt.query)
		want, wantOK := key(tt.canonical)
		if !ok || !wantOK || got != want {
			t.Errorf("Key(%q) = %q, %t; want Key(%q) = %q", tt.query, got, ok, tt.canonical, want)
		}
	}
}

// TestFieldsJSONKeys: each field's JSON key is a key of the report's inputs
// (floor.ReportInputs), and each key of those is a field's, or one the
// report derives: the model the page showed, and the grid figure's year.
func TestFieldsJSONKeys(t *testing.T) {
	derived := map[string]bool{"selected_model": true, "grid_year": true}
	// The keys encoding/json writes: ReportInputs embeds the inputs it
	// shares with a diffusion report's.
	js, err := json.Marshal(floor.ReportInputs{})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	for name := range doc {
		keys[name] = true
	}
	fieldKeys := map[string]bool{}
	for _, fd := range Fields {
		if fd.JSON == "" {
			continue
		}
		fieldKeys[fd.JSON] = true
		if !keys[fd.JSON] {
			t.Errorf("field %s has the JSON key %q, which the report's inputs lack", fd.ID, fd.JSON)
		}
	}
	for k := range keys {
		if !fieldKeys[k] && !derived[k] {
			t.Errorf("the report's inputs have %q, which no field's JSON names", k)
		}
	}
}
