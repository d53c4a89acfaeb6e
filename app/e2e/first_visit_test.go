package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestFirstVisitDownloadsEachFileOnce counts, behind a proxy, the responses
// with a body that a first visit gets until its service worker has
// activated: no file comes twice. The worker's install revalidates what the
// page has just downloaded (a 304) instead of downloading it again; with
// cache: "reload" it took app.wasm, 1.6 MB, a second time, and the pages too.
func TestFirstVisitDownloadsEachFileOnce(t *testing.T) {
	for _, site := range []string{"server", "static"} {
		t.Run(site, func(t *testing.T) { firstVisitDownloadsEachFileOnce(t, site) })
	}
}

func firstVisitDownloadsEachFileOnce(t *testing.T, site string) {
	requireChromium(t)
	base := appServer(t)
	if site == "static" {
		base = staticSite(t)
	}
	proxy, err := StartCountingProxy(base)
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()

	b := newCleanBrowser(t, 1280, 900, proxy.URL)
	if err := b.Navigate(proxy.URL + strings.TrimPrefix(base, Origin(base)) + "/"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Poll[bool](b, WorkerActivated, 60*time.Second); err != nil {
		t.Fatalf("the service worker never activated: %v", err)
	}
	if err := b.WaitIdle(500*time.Millisecond, 30*time.Second); err != nil {
		t.Fatal(err)
	}

	bodies := proxy.Bodies()
	paths := make([]string, 0, len(bodies))
	for p := range bodies {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	wasm := false
	for _, p := range paths {
		if len(bodies[p]) > 1 {
			t.Errorf("%s was sent %d times (%v bytes), want once", p, len(bodies[p]), bodies[p])
		}
		wasm = wasm || strings.HasSuffix(p, "/web/app.wasm")
	}
	if !wasm {
		t.Errorf("app.wasm never went through the proxy; it sent %v", paths)
	}
}
