//go:build !wasm

package ui

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/floor/floortest"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// codeText returns the text of the <code> in the element of id.
func codeText(t *testing.T, page, id string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)id="` + regexp.QuoteMeta(id) + `"[^>]*>\s*<code>(.*?)</code>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no <code> in #%s", id)
	}
	return html.UnescapeString(m[1])
}

// TestCopyButtonsCopyWhatIsShown: each copy button of the embed and
// citation panels copies the text its panel shows: the iframe snippet, the
// height script, the BibTeX (shown in print) and the citation.
func TestCopyButtonsCopyWhatIsShown(t *testing.T) {
	e := &embedPanel{Query: "itl=60&model=alpha", Origin: "https://energy.example"}
	page := app.HTMLString(e)
	if got, want := e.quote("snippet"), codeText(t, page, IDEmbedSnippet); got != want {
		t.Errorf("Copy snippet copies\n%s\nwhile the panel shows\n%s", got, want)
	}
	if got := e.quote("snippet"); !strings.HasPrefix(got, `<iframe src="https://energy.example/embed?itl=60&amp;model=alpha"`) {
		t.Errorf("Copy snippet copies %s, not this page's embed", got)
	}
	if got, want := e.quote("script"), codeText(t, page, "embed-script"); got != want || !strings.HasPrefix(got, "<script>") {
		t.Errorf("Copy script copies\n%s\nwhile the panel shows\n%s", got, want)
	}

	ds := floortest.Dataset()
	c := &citationPanel{Source: &ds.TokenWorkloads[0].Source, DataVersion: ds.DataVersion}
	page = app.HTMLString(c)
	if got, want := c.quote("bibtex"), codeText(t, page, "print-bibtex"); got != want || !strings.HasPrefix(got, "@inproceedings{chung2025mlenergy,") {
		t.Errorf("Copy BibTeX copies\n%s\nwhile the printed page shows\n%s", got, want)
	}
	text := c.quote("text")
	for _, want := range []string{"Chung et al., The ML.ENERGY Benchmark", "https://arxiv.org/abs/2505.06371", "data version 2026-10-19"} {
		if !strings.Contains(text, want) {
			t.Errorf("Copy citation copies %q, which lacks %q", text, want)
		}
	}
}
