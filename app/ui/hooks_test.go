//go:build !wasm

package ui

import (
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// hookPages are the pages TestHooksDocumented renders, between them showing
// every section: the defaults, nothing meeting the target, every factor
// set (the footprint's too), and the embed with and without the statement.
var hookPages = []struct {
	query string
	embed bool
	// real: the page of the bundled dataset (an image page), not the
	// fixture's.
	real bool
}{
	{"", false, false},
	{"itl=1", false, false},
	{"host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR", false, false},
	{"gco2=300&itl=1", false, false},
	{"", true, false},
	{"quote=1&host=0.43&grid=DEU&price=0.3", true, false},
	{"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev", false, true},
	{"embodied=150&life=5&serverkg=2000&wue=1.1&water=2", false, false},
	{"workload=text-to-video&embodied=nvidia&wue=0.27", false, true},
}

// notHooks are ids the pages render that are not for scripts outside the
// app: headings an aria-labelledby names, and the parts of a panel no one
// should reach for by id.
var notHooks = []string{
	"inputs-h", "results-h", "statement-h", "equivalents-h", "ranking-h", "chart-h", "volume-h", "embed-h",
	"chart-title", "chart-desc", "chart-target", "volume-title", "volume-desc", "volume-floor", "volume-steps", "volume-you",
	"copy-citation", "copy-bibtex", "copy-snippet", "copy-script", "copy-status", "copy-statement-status", "copy-statement-short-status",
	"results-for-inputs", "results-for-hint", "energy-per-token", "no-config", "traffic-assumes", "preset-source",
	"grid-attribution", "config-details", "printed-on", "print-method", "print-bibtex",
}

// notHookPrefixes start ids of rows that are not hooks by their own id:
// the published figures' rows, reached through #published-figures.
var notHookPrefixes = []string{"published-"}

// shownLater are the hooks the pages render only in a state the test cannot
// reach by a link: after the app has started (an update, an install
// prompt, a download the browser refused), or when the dataset fails to load.
var shownLater = []string{"update-notice", "data-error", "export-failed", "install"}

// documentedHooks returns the ids (#x) the package doc's Hooks section
// names.
func documentedHooks(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	i := strings.Index(doc, "# Hooks\n")
	if i < 0 {
		t.Fatal("doc.go's package doc has no # Hooks section")
	}
	doc = doc[i+len("# Hooks\n"):]
	if j := strings.Index(doc, "\n# "); j >= 0 {
		doc = doc[:j]
	}
	var ids []string
	for _, m := range regexp.MustCompile(`#([a-z][a-z0-9-]*[a-z0-9])`).FindAllStringSubmatch(doc, -1) {
		ids = append(ids, m[1])
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// TestHooksDocumented holds the Hooks section of the package doc (doc.go)
// to the pages: every id the pages render is listed there (or in notHooks),
// and every id listed there is rendered, made by web/boot.js (names.go) or
// in shownLater.
func TestHooksDocumented(t *testing.T) {
	documented := documentedHooks(t)
	rendered := map[string]string{}
	idAttr := regexp.MustCompile(`\sid="([^"]+)"`)
	for _, p := range hookPages {
		page := "/?" + p.query
		if p.embed {
			page = "/embed?" + p.query
		}
		c := fixtureCalculator(p.query, p.embed)
		if p.real {
			c = &calculator{embed: p.embed, load: loadDataset}
			c.navigate(p.query)
		}
		for _, m := range idAttr.FindAllStringSubmatch(render(t, c), -1) {
			if _, ok := rendered[m[1]]; !ok {
				rendered[m[1]] = page
			}
		}
	}
	hook := func(id string) bool {
		// An input's message: the doc says #<its id>-msg.
		if in, ok := strings.CutSuffix(id, "-msg"); ok && slices.Contains(documented, in) {
			return true
		}
		return slices.Contains(documented, id) || slices.Contains(notHooks, id) ||
			slices.ContainsFunc(notHookPrefixes, func(p string) bool { return strings.HasPrefix(id, p) })
	}
	for id, page := range rendered {
		if !hook(id) {
			t.Errorf("%s renders id %q, which the hooks in app/ui/doc.go do not list: add #%s there, with what it holds, "+
				"to the item of its section; or, if no script outside the app may rely on it, add it to notHooks in app/ui/hooks_test.go", page, id, id)
		}
	}
	ids, _ := domConsts(t)
	for _, id := range documented {
		_, made := ids[id]
		if _, ok := rendered[id]; !ok && !made && !slices.Contains(shownLater, id) {
			t.Errorf("app/ui/doc.go lists the hook #%s, which no page of hookPages renders: take it out, or, if it shows only in a state a link cannot reach, add it to shownLater in app/ui/hooks_test.go", id)
		}
	}
	for _, id := range notHooks {
		if slices.Contains(documented, id) {
			t.Errorf("#%s is both a hook (app/ui/doc.go) and in notHooks", id)
		}
	}
}
