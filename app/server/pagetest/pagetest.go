// Package pagetest reads a page the server sends, for tests, with a real
// HTML parser (golang.org/x/net/html): its elements by id, their attributes,
// their text as a reader reads it and the values its fields hold. Tests
// check a prerendered page through these public ids and attributes (listed
// in app/ui's package doc), not through the code that drew it.
package pagetest

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Page is one parsed HTML page.
type Page struct {
	Root *html.Node
	byID map[string]*html.Node
}

// Parse parses an HTML page; where two elements share an id, the first is
// the page's (as document.getElementById finds it).
func Parse(t testing.TB, page string) *Page {
	t.Helper()
	root, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	p := &Page{Root: root, byID: map[string]*html.Node{}}
	for n := range root.Descendants() {
		if id, ok := Attr(n, "id"); ok && n.Type == html.ElementNode {
			if _, seen := p.byID[id]; !seen {
				p.byID[id] = n
			}
		}
	}
	return p
}

// Get sends a GET for target (a path and raw query, which need not be a
// valid request line) to h, fails t unless it answers 200, and parses the
// page.
func Get(t testing.TB, h http.Handler, target string) *Page {
	t.Helper()
	r := httptest.NewRequest("GET", "/", nil)
	path, query, _ := strings.Cut(target, "?")
	r.URL.Path, r.URL.RawQuery = path, query
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d", target, w.Code)
	}
	return Parse(t, w.Body.String())
}

// ByID returns the element with the id, or nil.
func (p *Page) ByID(id string) *html.Node { return p.byID[id] }

// Attr returns the attribute name of the element with the id; ok is false
// when the page has no such element or it no such attribute.
func (p *Page) Attr(id, name string) (value string, ok bool) {
	n := p.byID[id]
	if n == nil {
		return "", false
	}
	return Attr(n, name)
}

// Text returns the text of the element with the id (Text), or "" when
// the page has none.
func (p *Page) Text(id string) string {
	n := p.byID[id]
	if n == nil {
		return ""
	}
	return Text(n)
}

// Field returns the value the field with the id holds: an input's value,
// a select's selected option's value (its first option's when none is
// selected, as a browser does), a textarea's text. ok is false when the
// page has no such field.
func (p *Page) Field(id string) (value string, ok bool) {
	n := p.byID[id]
	if n == nil {
		return "", false
	}
	switch n.DataAtom {
	case atom.Input:
		v, _ := Attr(n, "value")
		return v, true
	case atom.Textarea:
		return textContent(n), true
	case atom.Select:
		opts := Find(n, Tag(atom.Option))
		for _, o := range opts {
			if _, sel := Attr(o, "selected"); sel {
				v, _ := Attr(o, "value")
				return v, true
			}
		}
		if len(opts) > 0 {
			v, _ := Attr(opts[0], "value")
			return v, true
		}
		return "", true
	}
	return "", false
}

// Options returns the values of the select's options, in order.
func (p *Page) Options(id string) []string {
	var vs []string
	if n := p.byID[id]; n != nil {
		for _, o := range Find(n, Tag(atom.Option)) {
			v, _ := Attr(o, "value")
			vs = append(vs, v)
		}
	}
	return vs
}

// Form returns what the form with the id sends when it is submitted
// without JavaScript, as a browser builds it: the named fields the form
// owns (inside it without a form attribute, or naming it in theirs) that
// are not disabled, each with its value (Field), typed replacing the
// values of the fields by id, as a reader who typed them; and the form's
// action. A checkbox or radio button counts only when checked; buttons
// send nothing (the form is sent with Enter in a field).
func (p *Page) Form(id string, typed map[string]string) (action string, values url.Values) {
	form := p.byID[id]
	if form == nil {
		return "", nil
	}
	action, _ = Attr(form, "action")
	values = url.Values{}
	for _, n := range p.Find(func(n *html.Node) bool {
		return n.DataAtom == atom.Input || n.DataAtom == atom.Select || n.DataAtom == atom.Textarea
	}) {
		if owner, ok := Attr(n, "form"); ok && owner != id || !ok && !within(n, form) {
			continue
		}
		name, _ := Attr(n, "name")
		if _, disabled := Attr(n, "disabled"); disabled || name == "" {
			continue
		}
		kind, _ := Attr(n, "type")
		switch kind {
		case "submit", "button", "reset", "image", "file":
			continue
		case "checkbox", "radio":
			if _, checked := Attr(n, "checked"); !checked {
				continue
			}
		}
		var v string
		if fid, _ := Attr(n, "id"); fid != "" {
			v, _ = p.Field(fid)
			if t, ok := typed[fid]; ok {
				v = t
			}
		} else if v, _ = Attr(n, "value"); v == "" && (kind == "checkbox" || kind == "radio") {
			v = "on"
		}
		values.Add(name, v)
	}
	return action, values
}

// within reports whether n lies inside ancestor.
func within(n, ancestor *html.Node) bool {
	for a := n.Parent; a != nil; a = a.Parent {
		if a == ancestor {
			return true
		}
	}
	return false
}

// Find returns the elements under n (n included) that match, in document
// order.
func (p *Page) Find(match func(*html.Node) bool) []*html.Node { return Find(p.Root, match) }

// Attr returns n's attribute name.
func Attr(n *html.Node, name string) (value string, ok bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// Find returns the elements under n (n included) that match, in document
// order.
func Find(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	if n.Type == html.ElementNode && match(n) {
		found = append(found, n)
	}
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			found = append(found, d)
		}
	}
	return found
}

// Tag matches the elements of one tag.
func Tag(a atom.Atom) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.DataAtom == a }
}

// HasClass matches the elements whose class list holds class.
func HasClass(class string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		v, _ := Attr(n, "class")
		for c := range strings.FieldsSeq(v) {
			if c == class {
				return true
			}
		}
		return false
	}
}

// Text returns n's text content with its whitespace normalised: each run of
// spaces, tabs and line breaks (no-break spaces kept) one space, none at
// either end. Scripts and styles are not text.
func Text(n *html.Node) string { return Normalise(textContent(n)) }

// Normalise collapses each run of ASCII whitespace in s to one space and
// trims it; no-break and narrow no-break spaces, which the app writes on
// purpose, stay.
func Normalise(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	}), " ")
}

func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style):
		default:
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// Unfolded returns the text of n a reader sees without opening anything:
// Text, but for closed <details> (their summary too) and the elements with
// the ids skip.
func Unfolded(n *html.Node, skip ...string) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			if id, _ := Attr(n, "id"); id != "" && slices.Contains(skip, id) {
				return
			}
			if _, open := Attr(n, "open"); n.DataAtom == atom.Details && !open || n.DataAtom == atom.Script || n.DataAtom == atom.Style {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return Normalise(b.String())
}
