//go:build !wasm

package ui

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFirstPageFromOneWorkload checks the browser's start: the calculator
// draws its first page from one workload's models (data.LoadWorkload) and
// the page is the one the whole dataset gives, for the query's workload, the
// default and a workload that does not exist; switching workload then takes
// the whole dataset first and again gives what the whole dataset gives,
// notice of a model not measured there included.
func TestFirstPageFromOneWorkload(t *testing.T) {
	ds, err := loadDataset()
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{
		"",
		"workload=gpqa&itl=100",
		"workload=sourcegraph-fim&gpu=H100&pct=p90",
		"workload=video-chat&tokens=3B&output=800",
		"workload=nope&itl=250",
		"workload=%20gpqa%20",
	} {
		q, err := url.ParseQuery(query)
		if err != nil {
			t.Fatal(err)
		}
		whole := &calculator{load: loadDataset}
		whole.navigate(q)
		part := &calculator{load: loadDataset}
		part.navigateFirst(q)
		if !part.partial {
			t.Fatalf("%q: the calculator did not start from one workload", query)
		}
		loaded := 0
		for _, w := range part.ds.Workloads {
			if len(w.Models) > 0 {
				loaded++
			}
		}
		if loaded != 1 {
			t.Fatalf("%q: %d workloads have models, want 1", query, loaded)
		}
		if got, want := canonical(t, render(t, part)), canonical(t, render(t, whole)); got != want {
			t.Errorf("%q: the first page differs from the whole dataset's", query)
		}
		for _, w := range ds.Workloads {
			if w.ID == whole.form.In.Workload {
				continue
			}
			whole := &calculator{load: loadDataset}
			whole.navigate(q)
			part := &calculator{load: loadDataset}
			part.navigateFirst(q)
			for _, c := range []*calculator{whole, part} {
				if !c.apply(textEdit{Field: "workload", Text: w.ID}) {
					t.Fatalf("%q: switching to %s was refused", query, w.ID)
				}
				c.recompute()
			}
			if part.partial || part.ds != ds {
				t.Errorf("%q → %s: the calculator still has a partial dataset", query, w.ID)
			}
			if part.info != whole.info {
				t.Errorf("%q → %s: notice %q, want %q", query, w.ID, part.info, whole.info)
			}
			if got, want := canonical(t, render(t, part)), canonical(t, render(t, whole)); got != want {
				t.Errorf("%q → %s: the page differs from the whole dataset's", query, w.ID)
			}
		}
	}
}

// canonical is html with each tag's attributes in order: go-app's
// HTMLString writes them in map order, which differs from one call to the
// next. go-app quotes attribute values Go-style, so a value is a Go string
// literal.
func canonical(t *testing.T, html string) string {
	t.Helper()
	attr := regexp.MustCompile(`\s[^\s=>]+(="(?:[^"\\]|\\.)*")?`)
	return regexp.MustCompile(`<[a-z][a-z0-9]*(?:\s[^\s=>]+(?:="(?:[^"\\]|\\.)*")?)*>`).ReplaceAllStringFunc(html, func(tag string) string {
		name := tag[:strings.IndexAny(tag, " \t\n>")]
		attrs := attr.FindAllString(tag[len(name):len(tag)-1], -1)
		slices.Sort(attrs)
		return name + strings.Join(attrs, "") + ">"
	})
}

// TestLaterNavigationToAnotherWorkload checks a navigation, after the first,
// to a query for a workload the partial dataset has no models of: the
// calculator takes the whole dataset and shows what it gives.
func TestLaterNavigationToAnotherWorkload(t *testing.T) {
	first, later := url.Values{"workload": {"video-chat"}}, url.Values{"workload": {"gpqa"}, "itl": {"100"}}
	part := &calculator{load: loadDataset}
	part.navigateFirst(first)
	part.navigate(later)
	whole := &calculator{load: loadDataset}
	whole.navigate(later)
	if part.partial {
		t.Error("the calculator still has a partial dataset")
	}
	if got, want := canonical(t, render(t, part)), canonical(t, render(t, whole)); got != want {
		t.Error("the page differs from the whole dataset's")
	}
}

func TestCanonical(t *testing.T) {
	a := canonical(t, `<div id="x" class="a b"><input value="q\"r" readonly type="text"></div>`)
	b := canonical(t, `<div class="a b" id="x"><input type="text" readonly value="q\"r"></div>`)
	if a != b {
		t.Errorf("the same tags in another attribute order differ:\n%s\n%s", a, b)
	}
	if c := canonical(t, `<div class="a b" id="y"><input type="text" readonly value="q\"r"></div>`); c == a {
		t.Error("another id gives the same canonical form")
	}
}
