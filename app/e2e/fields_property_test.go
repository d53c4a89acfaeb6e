package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// fieldsJS reads the value of every text field and select with an id on the
// page in the browser, as id=value lines in document order. A NUL (a link's
// %00) is read as U+FFFD: the app can set a field's value to hold one, but
// an HTML page cannot, and a parser reads the prerender's as U+FFFD.
const fieldsJS = `[...document.querySelectorAll("input[id]:not([type=hidden]):not([type=range]), select[id]")].map(e => e.id + "=" + e.value.replaceAll("\0", "\uFFFD"))`

// prerenderFields reads the same from the parsed server's page doc: an
// input's value attribute, a select's selected option (else its first).
func prerenderFields(doc *html.Node) []string {
	var out []string
	for n := range doc.Descendants() {
		id := attrOf(n, "id")
		if n.Type != html.ElementNode || id == "" {
			continue
		}
		switch n.DataAtom {
		case atom.Input:
			if typ := attrOf(n, "type"); typ != "hidden" && typ != "range" {
				out = append(out, id+"="+attrOf(n, "value"))
			}
		case atom.Select:
			value, first := "", true
			for o := range n.Descendants() {
				if o.Type != html.ElementNode || o.DataAtom != atom.Option {
					continue
				}
				_, selected := attrPresent(o, "selected")
				if first || selected {
					value = attrOf(o, "value")
				}
				first = false
				if selected {
					break
				}
			}
			out = append(out, id+"="+value)
		}
	}
	return out
}

func attrPresent(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// waitFields waits until every field of the page in b holds the value
// want (prerenderFields of the server's page for rawURL) holds, and fails t
// with the fields that differ when they do not within the timeout.
func waitFields(t testing.TB, b *Browser, rawURL string, want []string) {
	t.Helper()
	waitFieldsOf(t, b, rawURL, want, false)
}

// waitDrawnFields is waitFields for the fields the page in b has drawn: a
// closed fold's fields are drawn only once it is opened.
func waitDrawnFields(t testing.TB, b *Browser, rawURL string, want []string) {
	t.Helper()
	waitFieldsOf(t, b, rawURL, want, true)
}

// waitFieldsOf is waitFields, for the fields the page has drawn only when
// drawnOnly is set (and then for at least one).
func waitFieldsOf(t testing.TB, b *Browser, rawURL string, want []string, drawnOnly bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := Eval[[]string](b, fieldsJS)
		wanted := want
		if drawnOnly {
			drawn := map[string]bool{}
			for _, f := range got {
				id, _, _ := strings.Cut(f, "=")
				drawn[id] = true
			}
			wanted = slices.DeleteFunc(slices.Clone(want), func(f string) bool {
				id, _, _ := strings.Cut(f, "=")
				return !drawn[id]
			})
		}
		if err == nil && len(got) > 0 && slices.Equal(got, wanted) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("after following the link %s, the fields hold other values than the server's page for it (%v):\n%s",
				rawURL, err, lineDiff(got, wanted))
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestFollowedLinkSetsEveryField: a link followed within the running app
// sets every field to the link's value, an unset one to empty, as the
// server's page for the link has them; a field the link leaves unset does
// not keep the last page's value beside figures that are not for it.
func TestFollowedLinkSetsEveryField(t *testing.T) {
	first := "/?tokens=2B&host=0.43&pue=1.09&price=0.3&cur=EUR&grid=FRA"
	b := liveApp(t, first, 1280, 900)
	base := appServer(t)
	waitSameAsPrerender(t, b, base+first)
	for _, path := range []string{"/?grid=DEU", "/?tokens=1B", "/?workload=text-to-image&requests=2M&gco2=250", "/?tokens=3B&itl=80"} {
		t.Run(fmt.Sprint(path), func(t *testing.T) {
			followLink(t, b, base, path)
			waitSameAsPrerender(t, b, base+path)
		})
	}
}
