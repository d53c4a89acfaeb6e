//go:build !wasm

package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"energyfloor/app/link"
	"energyfloor/web"
)

// TestBootJSKnowsNoField: web/boot.js names no parameter or id of a field:
// it finds what it needs in the markup the table writes (data-name on the
// linked volumes, the preset options' data attributes named after their
// fields' parameters, the fields' names), so the table stays the one place
// an input is defined.
func TestBootJSKnowsNoField(t *testing.T) {
	b, err := web.Boot.Join(web.FS)
	if err != nil {
		t.Fatal(err)
	}
	literals := jsStrings(string(b))
	for k := range link.Fields {
		for _, name := range slices.Compact([]string{link.Fields[k].Param, link.Fields[k].ID}) {
			if literals[name] {
				t.Errorf("web/boot.js names %q, of the field %s: read it from the page instead", name, link.Fields[k].ID)
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
			if !slices.ContainsFunc(link.Fields[:], func(fd link.Spec) bool { return fd.Factor && fd.Param == m[1] }) {
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
		for k := range link.Fields {
			fd := &link.Fields[k]
			loc := regexp.MustCompile(`<(input|select) [^>]*\bid="` + regexp.QuoteMeta(fd.ID) + `"[^>]*>`).FindStringIndex(html)
			if loc == nil {
				t.Errorf("embed %t: no control #%s", embed, fd.ID)
				continue
			}
			inside := loc[0] > open[0] && loc[0] < end
			if form, _ := attr(html, fd.ID, "form"); !inside && form != IDInputs {
				t.Errorf("embed %t: #%s is outside the form and has form=%q, want %q", embed, fd.ID, form, IDInputs)
			}
		}
	}
}

// TestPresetIsNoField: the preset select's id is not a field's.
func TestPresetIsNoField(t *testing.T) {
	if k, ok := link.FieldByID(IDScopePreset); ok {
		t.Errorf("the preset select's id %q is field %v's", IDScopePreset, k)
	}
}
