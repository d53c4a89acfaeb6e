package main

import (
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"energyfloor/app/e2e"
	"energyfloor/app/server"
	"energyfloor/app/server/pagetest"
	"energyfloor/app/server/servertest"
	"energyfloor/data"
)

// pageSite returns the server's Site, which prerenders the pages, with
// web/'s assets and a stand-in app.wasm (the pages only name it).
func pageSite(t testing.TB) *server.Site {
	t.Helper()
	assets := servertest.Assets(t)
	assets["app.wasm"] = &fstest.MapFile{Data: []byte("\x00asm\x01\x00\x00\x00")}
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
			counts[checkLink(t, s, path, link)]++
		}
	}
	pages := counts["yes"] + counts["no"]
	t.Logf("%d links, %d pages: figures current for the fields %d times, marked not current %d times", len(links), pages, counts["yes"], counts["no"])
	// The property must not hold for want of a case: both answers are common.
	if counts["yes"] < pages/4 || counts["no"] < pages/10 {
		t.Errorf("current %d, not current %d of %d pages: the links no longer try both", counts["yes"], counts["no"], pages)
	}
}

// FuzzPageFiguresAreTheCLIs is TestPageFiguresAreTheCLIs's property for
// any raw query string, on the page and the embed (make fuzz).
func FuzzPageFiguresAreTheCLIs(f *testing.F) {
	for _, link := range e2e.HostileLinks(29, 20) {
		f.Add(link)
	}
	s := pageSite(f)
	f.Fuzz(func(t *testing.T, link string) {
		for _, path := range []string{"/", "/embed"} {
			checkLink(t, s, path, link)
		}
	})
}

// checkLink checks e2e.CheckFigures on the page at path the server
// prerenders for the raw query link, and returns its data-current.
func checkLink(t *testing.T, s *server.Site, path, link string) string {
	t.Helper()
	target := path + "?" + link
	r := httptest.NewRequest("GET", "/", nil)
	r.URL.Path, r.URL.RawQuery = path, link // a link may be no valid request target
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("%s: status %d", target, w.Code)
		return ""
	}
	current, problems := e2e.CheckFigures(pagetest.Parse(t, w.Body.String()), runCLI)
	for _, p := range problems {
		t.Errorf("%s: %s", target, p)
	}
	return current
}
