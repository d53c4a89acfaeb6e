//go:build !wasm

package ui

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFieldsTable checks the table itself: every field is complete, and no
// two share a parameter or an id.
func TestFieldsTable(t *testing.T) {
	seenParams, seenIDs := map[string]bool{paramVersion: true, paramQuote: true}, map[string]bool{IDScopePreset: true}
	for k := range fields {
		fd := &fields[k]
		if fd.param == "" || fd.id == "" || fd.label == "" || fd.set == nil || fd.get == nil {
			t.Errorf("field %d is incomplete: %+v", k, fd)
		}
		if fd.kind != choiceKind && fd.hint == "" {
			t.Errorf("text field %s has no hint", fd.id)
		}
		if seenParams[fd.param] || seenIDs[fd.id] {
			t.Errorf("field %s: parameter %q or id %q is taken", fd.id, fd.param, fd.id)
		}
		seenParams[fd.param], seenIDs[fd.id] = true, true
		if got, ok := fieldByID(fd.id); !ok || got != fieldKey(k) {
			t.Errorf("fieldByID(%q) = %v, %t; want %v", fd.id, got, ok, fieldKey(k))
		}
	}
	if len(params) != len(seenParams) {
		t.Errorf("params lists %q, want the %d parameters of the fields, the version and quote", params, len(seenParams))
	}
}

// edit is an edit of field k in a test.
type edit struct {
	k    fieldKey
	text string
}

// TestEveryFieldRoundTrips: a state in which any field of the table holds a
// value other than its default is written as a permalink and decoded back
// to the same state: each field's value and text, which volume is typed, and
// the grid select. Each field is moved from its default by some case, so a
// new field needs a case here.
func TestEveryFieldRoundTrips(t *testing.T) {
	ds := fixtureDataset()
	def := defaultForm(ds)
	moved := map[fieldKey]bool{}
	for _, tt := range []struct {
		name  string
		edits []edit
	}{
		{"every input of the floor", []edit{{fieldWorkload, "gpqa"}, {fieldModel, "beta"}, {fieldOutput, "250"},
			{fieldTokens, "2.5M"}, {fieldITL, "60"}, {fieldPct, "p90"}, {fieldGPU, "B200"}}},
		{"requests typed", []edit{{fieldOutput, "1,000"}, {fieldRequests, "4M"}}},
		{"a bad text keeps the last good value", []edit{{fieldITL, "75"}, {fieldITL, "soon"}, {fieldHost, "0.4"}, {fieldHost, "40%"}}},
		{"the factors with a bundled grid", []edit{{fieldHost, "0.43"}, {fieldIdle, "0.17"}, {fieldPUE, "1.09"},
			{fieldGrid, "DEU"}, {fieldPrice, "0.12"}, {fieldCurrency, "EUR"}}},
		{"the user's own intensity", []edit{{fieldGrid, "DEU"}, {fieldGCO2, "400"}}},
		{"no grid", []edit{{fieldGrid, "DEU"}, {fieldGrid, ""}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := defaultForm(ds)
			for _, e := range tt.edits {
				if !f.edit(ds, e.k, e.text) {
					t.Fatalf("the edit %s=%q was refused", e.k, e.text)
				}
			}
			q := f.query()
			got, notices := decodeState(ds, q)
			if len(notices) != 0 || len(got.Errs) != 0 {
				t.Errorf("the permalink %s gives notices %q and errors %v", q.Encode(), notices, got.Errs)
			}
			for k := range fields {
				fd := &fields[k]
				value, text := fd.get(&f), f.Text[k]
				if _, bad := f.Errs[fieldKey(k)]; bad {
					text = value // the permalink carries the last good value
				}
				if g := fd.get(&got); g != value {
					t.Errorf("%s: value %q after the permalink %s, want %q", fd.id, g, q.Encode(), value)
				}
				if got.Text[k] != text && !f.derived(fieldKey(k)) {
					t.Errorf("%s: text %q after the permalink %s, want %q", fd.id, got.Text[k], q.Encode(), text)
				}
				if value != fd.get(&def) {
					moved[fieldKey(k)] = true
				}
			}
			if got.Basis != f.Basis || got.GridChoice != f.GridChoice {
				t.Errorf("basis %s, grid %q after the permalink %s; want %s, %q", got.Basis, got.GridChoice, q.Encode(), f.Basis, f.GridChoice)
			}
		})
	}
	for k := range fields {
		if !moved[fieldKey(k)] {
			t.Errorf("no case moves %s from its default", fields[k].id)
		}
	}
}

// TestLinkSpellings: a link takes the spellings the CLI takes (a GPU in any
// case or "either", a model's Hugging Face id, a grid code in any case), and
// the permalink the app writes has the canonical ones.
func TestLinkSpellings(t *testing.T) {
	ds := fixtureDataset()
	tests := []struct {
		name, query string
		want        map[fieldKey]string // field → value
		wantLink    url.Values          // parameters of the permalink
	}{
		{"GPU in lower case", "gpu=h100", map[fieldKey]string{fieldGPU: "H100"}, url.Values{"gpu": {"H100"}}},
		{"either GPU", "gpu=either", map[fieldKey]string{fieldGPU: ""}, url.Values{"gpu": nil}},
		{"either GPU in capitals, with spaces", "gpu=+EITHER+", map[fieldKey]string{fieldGPU: ""}, url.Values{"gpu": nil}},
		{"model by Hugging Face id", "model=example/beta-70b", map[fieldKey]string{fieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"model by Hugging Face id in capitals", "workload=gpqa&model=EXAMPLE/BETA-70B", map[fieldKey]string{fieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"model slug in capitals", "model=BETA", map[fieldKey]string{fieldModel: "beta"}, url.Values{"model": {"beta"}}},
		{"grid in lower case", "grid=deu", map[fieldKey]string{fieldGrid: "DEU"}, url.Values{"grid": {"DEU"}}},
		{"region in lower case", "grid=world", map[fieldKey]string{fieldGrid: "World"}, url.Values{"grid": {"World"}}},
		{"statistic in capitals", "pct=P99", map[fieldKey]string{fieldPct: "p99"}, url.Values{"pct": {"p99"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			f, notices := decodeState(ds, q)
			if len(notices) != 0 {
				t.Errorf("notices %q", notices)
			}
			for k, want := range tt.want {
				if got := fields[k].get(&f); got != want {
					t.Errorf("%s = %q, want %q", fields[k].id, got, want)
				}
			}
			link := f.permalink(ds)
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
	for _, tt := range []struct{ query, canonical string }{
		{"gpu=h100", "gpu=H100"},
		{"gpu=either", ""},
		{"model=meta-llama/Llama-3.1-8B-Instruct", "model=llama-3-1-8b-instruct"},
		{"grid=deu&pue=1.2", "grid=DEU&pue=1.2"},
	} {
		got, ok := PageKey("/", tt.query)
		want, wantOK := PageKey("/", tt.canonical)
		if !ok || !wantOK || got != want {
			t.Errorf("PageKey(%q) = %q, %t; want PageKey(%q) = %q", tt.query, got, ok, tt.canonical, want)
		}
	}
}

// TestBootJSKnowsNoField: web/boot.js names no parameter or id of a field:
// it finds what it needs in the markup the table writes (data-name on the
// linked volumes, the preset options' data attributes named after their
// fields' parameters, the fields' names), so the table stays the one place
// an input is defined.
func TestBootJSKnowsNoField(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "boot.js"))
	if err != nil {
		t.Fatal(err)
	}
	literals := jsStrings(string(b))
	for k := range fields {
		for _, name := range slices.Compact([]string{fields[k].param, fields[k].id}) {
			if literals[name] {
				t.Errorf("web/boot.js names %q, of the field %s: read it from the page instead", name, fields[k].id)
			}
		}
	}
	html := render(t, fixtureCalculator("", false))
	opts := regexp.MustCompile(`<option [^>]*data-[^>]*>`).FindAllString(html, -1)
	if len(opts) == 0 {
		t.Fatal("no preset option carries its factors")
	}
	for _, o := range opts {
		for _, m := range regexp.MustCompile(`data-([a-z0-9-]+)=`).FindAllStringSubmatch(o, -1) {
			if !slices.ContainsFunc(fields[:], func(fd field) bool { return fd.factor && fd.param == m[1] }) {
				t.Errorf("the preset option %s carries data-%s, which is no factor's parameter", o, m[1])
			}
		}
	}
	if !strings.Contains(string(b), "data-name") && !strings.Contains(string(b), "dataset.name") {
		t.Error("web/boot.js does not read the linked volumes' data-name")
	}
}

// jsStrings returns the string literals of the JavaScript src (quoted with
// ", ' or `, escapes left as written), skipping comments.
func jsStrings(src string) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case strings.HasPrefix(src[i:], "//"):
			i += strings.IndexByte(src[i:]+"\n", '\n')
		case strings.HasPrefix(src[i:], "/*"):
			i += strings.Index(src[i:]+"*/", "*/") + 1
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			out[src[i+1:min(j, len(src))]] = true
			i = j
		}
	}
	return out
}

// TestEveryFieldBelongsToTheForm: every field of the table, wherever it is
// drawn (Beyond the GPU's outside the form), is one of the form's: inside
// <form id="inputs"> or naming it with form="inputs", so that a submission
// without the app carries it, and web/boot.js finds it among the form's
// elements.
func TestEveryFieldBelongsToTheForm(t *testing.T) {
	for _, embed := range []bool{false, true} {
		html := render(t, fixtureCalculator("host=0.43&pue=1.09&price=0.3&cur=EUR&grid=DEU", embed))
		open := regexp.MustCompile(`<form [^>]*\bid="` + IDInputs + `"[^>]*>`).FindStringIndex(html)
		if open == nil {
			t.Fatal("no form")
		}
		end := open[1] + strings.Index(html[open[1]:], "</form>")
		for k := range fields {
			fd := &fields[k]
			loc := regexp.MustCompile(`<(input|select) [^>]*\bid="` + regexp.QuoteMeta(fd.id) + `"[^>]*>`).FindStringIndex(html)
			if loc == nil {
				t.Errorf("embed %t: no control #%s", embed, fd.id)
				continue
			}
			inside := loc[0] > open[0] && loc[0] < end
			if form, _ := attr(html, fd.id, "form"); !inside && form != IDInputs {
				t.Errorf("embed %t: #%s is outside the form and has form=%q, want %q", embed, fd.id, form, IDInputs)
			}
		}
	}
}
