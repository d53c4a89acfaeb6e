package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The property that ties the browser to the Go tests of the prerendered
// HTML: the live app shows what the server prerenders for the same link.
// The Go tests check the prerender's figures and words; this test checks,
// for a spread of links, that the running app draws the same.

// resultRegions are the ids of the parts of a page the property compares:
// the results (with the statement, the equivalents, the published figures
// and the figures at your traffic, on the full page), the statement (the
// embed's sits beside its results), Beyond the GPU with its estimate, and
// the fold under the chart with every measured configuration of the model.
// A region inside another is compared as part of it.
var resultRegions = []string{"results", "statement", "beyond-gpu", "config-details"}

// hintIDs are the elements whose words differ on purpose between the page
// as the server sends it and the running app: #results-for-hint tells a
// reader of a page without the app to press Calculate, and one of the app to
// correct the marked field. The stylesheet shows it only while the figures
// are not current.
var hintIDs = map[string]bool{"results-for-hint": true}

// region is what the property compares of one region: its text as a reader
// reads it, whitespace normalised, and, in document order, each element in
// it that has an id or a data-* attribute, written as tag#id[data-x="v"]…
// with its data-* attributes sorted. Form controls are left out of the
// elements (the server marks a linked field for the page without the app,
// data-name), and <noscript> out of the text: the fields are compared by the
// values they hold (waitSameAsPrerender).
type region struct {
	ID    string
	Text  string
	Elems []string
}

// liveRegion is a region as the page in the browser reads it (regionsJS).
type liveRegion struct {
	ID    string     `json:"id"`
	Text  string     `json:"text"`
	Elems []liveElem `json:"elems"`
}

type liveElem struct {
	Tag  string            `json:"tag"`
	ID   string            `json:"id"`
	Data map[string]string `json:"data"`
}

// elemLine writes one element of a region: its tag, its id and its data-*
// attributes, sorted.
func elemLine(tag, id string, data map[string]string) string {
	var b strings.Builder
	b.WriteString(tag)
	if id != "" {
		b.WriteString("#" + id)
	}
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "[%s=%q]", k, data[k])
	}
	return b.String()
}

// normaliseText collapses each run of ASCII whitespace to one space and
// trims the ends; the no-break spaces the app writes on purpose stay.
func normaliseText(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	}), " ")
}

// regionsJS reads the regions of the page in the browser: for each of
// resultRegions the page has, outside the others, its text (textContent,
// without the hints' and scripts') and its elements with an id or data-*.
// It first opens each closed fold (<details>) in them, as a reader who
// unfolds them does: the app draws a fold's content only once it is open
// (Beyond the GPU), where the prerender holds it for the page without the
// app; a fold opened in one reading is drawn by the next.
var regionsJS = `(() => {
	const ids = ` + mustJSON(resultRegions) + `, hints = ` + mustJSON(hintIDs) + `, controls = {INPUT: true, SELECT: true, TEXTAREA: true};
	const els = ids.map(id => document.getElementById(id)).filter(e => e);
	for (const e of els) for (const d of [e, ...e.querySelectorAll("details")]) if (d.tagName === "DETAILS" && !d.open) d.open = true;
	const text = n => {
		if (n.nodeType === Node.TEXT_NODE) return n.nodeValue;
		if (n.nodeType !== Node.ELEMENT_NODE || hints[n.id] || n.tagName === "SCRIPT" || n.tagName === "STYLE" || n.tagName === "NOSCRIPT") return "";
		let s = "";
		for (const c of n.childNodes) s += text(c);
		return s;
	};
	return els.filter(e => !els.some(o => o !== e && o.contains(e))).map(e => {
		const elems = [];
		for (const x of [e, ...e.querySelectorAll("*")]) {
			const data = {};
			for (const a of x.attributes) if (a.name.startsWith("data-")) data[a.name] = a.value;
			if (controls[x.tagName]) continue;
			if (x.id || Object.keys(data).length) elems.push({tag: x.tagName.toLowerCase(), id: x.id, data});
		}
		return {id: e.id, text: text(e), elems};
	});
})()`

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// readRegions reads the regions of the page in b.
func readRegions(b *Browser) ([]region, error) {
	live, err := Eval[[]liveRegion](b, regionsJS)
	if err != nil {
		return nil, err
	}
	rs := make([]region, len(live))
	for i, l := range live {
		rs[i] = region{ID: l.ID, Text: normaliseText(l.Text)}
		for _, e := range l.Elems {
			rs[i].Elems = append(rs[i].Elems, elemLine(e.Tag, e.ID, e.Data))
		}
	}
	return rs, nil
}

// prerendered is the server's page for a link, as the property compares it:
// its regions (read as readRegions reads the live page's) and its fields
// (read as fieldsJS reads the live page's).
type prerendered struct {
	regions []region
	fields  []string
	// ui is its UI state (uiStateOf).
	ui []string
}

// fetchPrerender fetches the page at rawURL from the server, as a
// browser's first request for it does, parses it once and reads its
// regions and its fields.
func fetchPrerender(t testing.TB, rawURL string) prerendered {
	t.Helper()
	resp, err := http.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d, %v", rawURL, resp.StatusCode, err)
	}
	// Decoded as a browser decodes the page: each byte that is not UTF-8 (a
	// link's %ff) is U+FFFD.
	doc, err := html.Parse(strings.NewReader(string([]rune(string(body)))))
	if err != nil {
		t.Fatalf("parsing %s: %v", rawURL, err)
	}
	return prerendered{regions: prerenderRegions(doc), fields: prerenderFields(doc), ui: uiStateOf(doc)}
}

// prerenderRegions reads the regions of the parsed page doc.
func prerenderRegions(doc *html.Node) []region {
	byID := map[string]*html.Node{}
	for n := range doc.Descendants() {
		if id := attrOf(n, "id"); n.Type == html.ElementNode && id != "" {
			if _, seen := byID[id]; !seen {
				byID[id] = n // the first, as getElementById finds it
			}
		}
	}
	var els []*html.Node
	for _, id := range resultRegions {
		if n := byID[id]; n != nil {
			els = append(els, n)
		}
	}
	var rs []region
	for _, e := range els {
		if slices.ContainsFunc(els, func(o *html.Node) bool { return o != e && isInside(e, o) }) {
			continue
		}
		r := region{ID: attrOf(e, "id"), Text: normaliseText(nodeText(e))}
		for n := range withDescendants(e) {
			if n.Type != html.ElementNode || n.DataAtom == atom.Input || n.DataAtom == atom.Select || n.DataAtom == atom.Textarea {
				continue
			}
			data := map[string]string{}
			for _, a := range n.Attr {
				if a.Namespace == "" && strings.HasPrefix(a.Key, "data-") {
					data[a.Key] = a.Val
				}
			}
			if id := attrOf(n, "id"); id != "" || len(data) > 0 {
				r.Elems = append(r.Elems, elemLine(n.Data, id, data))
			}
		}
		rs = append(rs, r)
	}
	return rs
}

// withDescendants yields n, then its descendants in document order.
func withDescendants(n *html.Node) func(func(*html.Node) bool) {
	return func(yield func(*html.Node) bool) {
		if !yield(n) {
			return
		}
		for d := range n.Descendants() {
			if !yield(d) {
				return
			}
		}
	}
}

func attrOf(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val
		}
	}
	return ""
}

// isInside reports whether n lies inside ancestor.
func isInside(n, ancestor *html.Node) bool {
	for a := n.Parent; a != nil; a = a.Parent {
		if a == ancestor {
			return true
		}
	}
	return false
}

// nodeText is n's textContent without the hints' and scripts' text, as
// regionsJS reads it.
func nodeText(n *html.Node) string {
	switch {
	case n.Type == html.TextNode:
		return n.Data
	case n.Type != html.ElementNode && n.Type != html.DocumentNode,
		n.Type == html.ElementNode && (hintIDs[attrOf(n, "id")] || n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Noscript):
		return ""
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(nodeText(c))
	}
	return b.String()
}

// regionsDiffer says how got (the live page's regions) differs from want
// (the prerender's), or "" when they are the same: for each region, the
// first place their texts part, and the elements one has where the other
// has others.
func regionsDiffer(got, want []region) string {
	ids := func(rs []region) []string {
		var s []string
		for _, r := range rs {
			s = append(s, r.ID)
		}
		return s
	}
	if !slices.Equal(ids(got), ids(want)) {
		return fmt.Sprintf("the live page has the regions %q, the prerender %q", ids(got), ids(want))
	}
	var out []string
	for i, g := range got {
		w := want[i]
		if g.Text != w.Text {
			at := 0
			for at < len(g.Text) && at < len(w.Text) && g.Text[at] == w.Text[at] {
				at++
			}
			out = append(out, fmt.Sprintf("#%s's text parts at byte %d:\n    live:      …%s…\n    prerender: …%s…",
				g.ID, at, around(g.Text, at), around(w.Text, at)))
		}
		if !slices.Equal(g.Elems, w.Elems) {
			out = append(out, fmt.Sprintf("#%s's elements with an id or data-*:\n%s", g.ID, lineDiff(g.Elems, w.Elems)))
		}
	}
	return strings.Join(out, "\n  ")
}

// around returns up to 60 bytes of s either side of at.
func around(s string, at int) string {
	from, to := max(at-60, 0), min(at+60, len(s))
	return s[from:to]
}

// lineDiff lists the lines only got has ("live:") and only want has
// ("prerender:"), the first ten of each.
func lineDiff(got, want []string) string {
	var b strings.Builder
	for _, side := range []struct {
		name       string
		from, than []string
	}{{"live:     ", got, want}, {"prerender:", want, got}} {
		n := 0
		for _, l := range side.from {
			if !slices.Contains(side.than, l) {
				if n++; n <= 10 {
					fmt.Fprintf(&b, "    %s %s\n", side.name, l)
				}
			}
		}
		if n > 10 {
			fmt.Fprintf(&b, "    %s … and %d more\n", side.name, n-10)
		}
	}
	if b.Len() == 0 {
		return "    the same elements, in another order"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// waitSameAsPrerender waits until the regions of the page in b, then its
// fields, equal those of the server's page for rawURL, and fails t with
// what differs when they do not within the timeout.
func waitSameAsPrerender(t testing.TB, b *Browser, rawURL string) {
	t.Helper()
	want := fetchPrerender(t, rawURL)
	if !slices.ContainsFunc(want.regions, func(r region) bool { return r.ID == "results" }) {
		t.Fatalf("the server's page for %s has no #results", rawURL)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		got, err := readRegions(b)
		diff := ""
		if err != nil {
			diff = err.Error()
		} else {
			diff = regionsDiffer(got, want.regions)
		}
		if diff == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the live app does not show what the server prerenders for %s:\n  %s", rawURL, diff)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitFields(t, b, rawURL, want.fields)
}

// followLink has the app in b follow a link to path, as a reader's click
// on a link in the page does: go-app's own navigation, within the running
// app.
func followLink(t testing.TB, b *Browser, base, path string) {
	t.Helper()
	followLinkTo(t, b, base+path)
}

// followLinkTo has the app in b follow a link to href, as followLink does,
// and returns the address the page then shows: href as the browser writes
// it (a space or a "<" in a hostile link's query percent-encoded).
func followLinkTo(t testing.TB, b *Browser, href string) string {
	t.Helper()
	to, err := clickLink(b, href)
	if err == nil {
		_, err = Poll[bool](b, `location.href === `+jsString(to), 10*time.Second)
	}
	if err != nil {
		t.Fatalf("the app did not follow the link %s: %v", to, err)
	}
	return to
}

// clickLink clicks a link to href in the page in b, and returns href as
// the browser writes it.
func clickLink(b *Browser, href string) (string, error) {
	return Eval[string](b, `(() => {
		const a = document.createElement("a");
		a.href = `+jsString(href)+`;
		a.textContent = "next link";
		document.body.append(a);
		const to = a.href;
		a.click();
		a.remove();
		return to;
	})()`)
}

// propertyLinks are the links TestLiveAppShowsThePrerender opens, in
// turn, and the edit it makes on each: every workload kind, factors given
// and not, targets nothing meets, embeds and hostile links. load opens the
// link as a new page (an embed is always a page of its own); the others
// are followed within the running app. Each edit leaves no field with a
// bad value: the address then holds the figures' inputs, which are the
// fields' values.
var propertyLinks = []struct {
	name, path  string
	load        bool
	field, text string
}{
	{"chat tokens", "/?tokens=5B&output=300&itl=80&gpu=H100", true, selTokens, "12M"},
	{"chat tokens on B200 at p90", "/?tokens=40T&pct=p90&gpu=B200&model=qwen-3-235b-a22b-instruct", false, selOutput, "900"},
	{"image chat", "/?workload=image-chat&tokens=2B&itl=60", false, selITL, "150"},
	{"gpqa", "/?workload=gpqa&output=900&pct=p95", false, selTokens, "750m"},
	{"text to image", "/?workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100", false, selRequests, "300k"},
	{"text to video", "/?workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b", false, "#latency-s", "600"},
	{"factors given", "/?tokens=1B&grid=DEU&pue=1.1&host=0.4&price=0.3&cur=EUR", false, "#pue", "1.4"},
	{"own intensity, idle machines", "/?workload=text-to-image&gco2=250&idle=0.5&price=0.12", false, "#gco2-per-kwh", "90"},
	{"no factors", "/?tokens=1B&gpu=B200", false, "#host-overhead", "0.2"},
	{"the whole footprint", "/?tokens=1B&embodied=nvidia&life=4&serverkg=2500&wue=1.15&water=3.1&pue=1.1", false, "#wue", "0.27"},
	{"a video's footprint, a bad life", "/?workload=text-to-video&embodied=150&life=40&water=2", false, "#life-years", "8"},
	{"nothing meets the latency", "/?itl=1", false, selITL, "300"},
	{"no image within the latency", "/?workload=text-to-image&latency=0.1", false, "#latency-s", "30"},
	{"hostile parameters", "/?tokens=abc&gpu=%3Cscript%3Ealert(1)%3C%2Fscript%3E&model=%22%3E%3Cimg%20src%3Dx%3E&pct=P99;itl=50", false, selTokens, "3B"},
	{"hostile factors", "/?grid=ATLANTIS&cur=%3D1%2B2&price=-1&host=0.43", false, "#price-per-kwh", "0.25"},
	{"embed", "/embed?tokens=5B&output=300&itl=80&gpu=H100&model=qwen-3-235b-a22b-instruct", true, selTokens, "9B"},
	{"embed with factors and quote", "/embed?workload=text-to-image&requests=2M&grid=DEU&pue=1.2&quote=1", false, selRequests, "4M"},
}

// TestLiveAppShowsThePrerender is the property that ties the layers
// together: for each of propertyLinks, once the app is live, its results
// (the regions of resultRegions: text and data-* attributes) equal the
// server's prerender of the same link; after a new value is typed into a
// field, they equal the prerender of the link the page then shows. One
// browser reads every link, following each within the running app as a
// reader following links does; only a link marked load is a new page.
func TestLiveAppShowsThePrerender(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	for _, l := range propertyLinks {
		t.Run(l.name, func(t *testing.T) {
			if l.load {
				if err := b.Navigate(base + l.path); err != nil {
					t.Fatal(err)
				}
				waitInteractive(t, b)
			} else {
				followLink(t, b, base, l.path)
			}
			waitSameAsPrerender(t, b, base+l.path)

			before, err := Eval[string](b, `location.href`)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Type(l.field, l.text); err != nil {
				t.Fatal(err)
			}
			// The app writes the link into the address bar once typing
			// pauses, after it has drawn the figures.
			after, err := Poll[string](b, `location.href !== `+jsString(before)+` && location.href`, 10*time.Second)
			if err != nil {
				t.Fatalf("typing %q into %s left the address %s: %v", l.text, l.field, before, err)
			}
			if !strings.HasPrefix(after, base+"/") {
				t.Fatalf("after typing the page shows the address %q, not one of the server's", after)
			}
			waitSameAsPrerender(t, b, after)
		})
	}
}
