package main

import (
	"fmt"
	"html"
	"io/fs"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"energyfloor/app/e2e"
	"energyfloor/app/server"
	"energyfloor/data"
	"energyfloor/web"
)

// pageSite returns the server's Site, which prerenders the pages, with
// web/'s assets and a stand-in app.wasm (the pages only name it).
func pageSite(t testing.TB) *server.Site {
	t.Helper()
	assets := fstest.MapFS{"app.wasm": {Data: []byte("\x00asm\x01\x00\x00\x00")}}
	entries, err := fs.ReadDir(web.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "app.wasm") {
			b, err := fs.ReadFile(web.FS, e.Name())
			if err != nil {
				t.Fatal(err)
			}
			assets[e.Name()] = &fstest.MapFile{Data: b}
		}
	}
	s, err := server.New(assets, data.Files())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPageFiguresAreTheCLIs is the property of issue 29 (e2e.CheckFigures):
// for every link, the page the server prerenders either marks its figures
// data-current="no", or shows, for the values in its fields, the figures
// energyfloor -json gives for those values. It reads the links of
// e2e.HostileLinks (the issue's cases and a seeded draw of good, oddly
// spelt, out-of-range and hostile values), on the page and on the embed.
func TestPageFiguresAreTheCLIs(t *testing.T) {
	s := pageSite(t)
	links := e2e.HostileLinks(29, 300)
	if testing.Short() {
		links = links[:len(e2e.IssueLinks)+40]
	}
	counts := map[string]int{}
	for i, link := range links {
		// The issue's links on both pages, the drawn ones on one each.
		paths := []string{"/", "/embed"}
		if i >= len(e2e.IssueLinks) {
			paths = paths[i%2 : i%2+1]
		}
		for _, path := range paths {
			target := path + "?" + link
			r := httptest.NewRequest("GET", "/", nil)
			r.URL.Path, r.URL.RawQuery = path, link // a link may be no valid request target
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != 200 {
				t.Errorf("%s: status %d", target, w.Code)
				continue
			}
			page := htmlPage{html: w.Body.String(), tags: tagsByID(w.Body.String())}
			current, problems := e2e.CheckFigures(page, runCLI)
			for _, p := range problems {
				t.Errorf("%s: %s", target, p)
			}
			counts[current]++
		}
	}
	pages := counts["yes"] + counts["no"]
	t.Logf("%d links, %d pages: figures current for the fields %d times, marked not current %d times", len(links), pages, counts["yes"], counts["no"])
	// The property must not hold for want of a case: both answers are common.
	if counts["yes"] < pages/4 || counts["no"] < pages/10 {
		t.Errorf("current %d, not current %d of %d pages: the links no longer try both", counts["yes"], counts["no"], pages)
	}
}

// pageFlags names, for each field of the page (its id), the CLI's flag
// for it. The requests field has none: the tokens field, which follows it,
// gives the CLI the volume.
var pageFlags = []struct{ id, flag string }{
	{"workload", "-workload"}, {"tokens-per-month", "-tokens"}, {"output-tokens", "-output-tokens"},
	{"itl-ms", "-itl-ms"}, {"percentile", "-percentile"}, {"gpu", "-gpu"}, {"model", "-model"},
	{"host-overhead", "-host-overhead"}, {"idle-overhead", "-idle-overhead"}, {"pue", "-pue"},
	{"grid", "-grid"}, {"gco2-per-kwh", "-gco2-per-kwh"}, {"price-per-kwh", "-price-per-kwh"}, {"currency", "-currency"},
}

// htmlPage is a prerendered page, as e2e.CheckFigures reads it.
type htmlPage struct {
	html string
	tags map[string]map[string]string
}

func (p htmlPage) Attr(id, name string) (string, bool) {
	v, ok := p.tags[id][name]
	return v, ok
}

var (
	tagRE  = regexp.MustCompile(`<[a-z][a-z0-9]*(\s[^>]*)?>`)
	attrRE = regexp.MustCompile(`([a-z][a-z0-9-]*)(?:="([^"]*)")?`)
)

// tagsByID returns the attributes (unescaped) of each element of page
// that has an id, by id.
func tagsByID(page string) map[string]map[string]string {
	byID := map[string]map[string]string{}
	for _, tag := range tagRE.FindAllString(page, -1) {
		if a := attrs(tag); a["id"] != "" {
			byID[a["id"]] = a
		}
	}
	return byID
}

// attrs returns the attributes of one start tag, unescaped.
func attrs(tag string) map[string]string {
	a := map[string]string{}
	name := strings.IndexFunc(tag, func(r rune) bool { return r == ' ' || r == '>' })
	for _, m := range attrRE.FindAllStringSubmatch(tag[name:], -1) {
		a[m[1]] = html.UnescapeString(m[2])
	}
	return a
}

// Field returns the value of the field id: a text field's value, or
// a select's selected option's (its first option's when none is
// selected, as a browser does).
func (p htmlPage) Field(id string) (string, bool) {
	a, ok := p.tags[id]
	if !ok {
		return "", false
	}
	if _, isInput := a["type"]; isInput {
		return a["value"], true
	}
	body := regexp.MustCompile(`(?s)<select[^>]*\sid="` + regexp.QuoteMeta(id) + `"[^>]*>(.*?)</select>`).FindStringSubmatch(p.html)
	if body == nil {
		panic(fmt.Sprintf("#%s is neither an input nor a select", id))
	}
	first := ""
	for i, tag := range regexp.MustCompile(`<option[^>]*>`).FindAllString(body[1], -1) {
		o := attrs(tag)
		if i == 0 {
			first = o["value"]
		}
		if _, sel := o["selected"]; sel {
			return o["value"], true
		}
	}
	return first, true
}
