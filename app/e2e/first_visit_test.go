package e2e

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingWriter counts the body bytes of one response.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}

// Unwrap lets the reverse proxy flush through the writer.
func (c *countingWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

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
	origin, err := url.Parse(Origin(base))
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(origin)
	var mu sync.Mutex
	bodies := map[string][]int{} // path → the body sizes sent for it
	front, stop, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &countingWriter{ResponseWriter: w}
		proxy.ServeHTTP(c, r)
		if c.n > 0 {
			mu.Lock()
			bodies[r.URL.Path] = append(bodies[r.URL.Path], c.n)
			mu.Unlock()
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()

	b := newCleanBrowser(t, 1280, 900, front)
	if err := b.Navigate(front + strings.TrimPrefix(base, Origin(base)) + "/"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Poll[bool](b, `navigator.serviceWorker.ready.then(r => r.active && r.active.state === "activated")`, 60*time.Second); err != nil {
		t.Fatalf("the service worker never activated: %v", err)
	}
	if err := b.WaitIdle(500*time.Millisecond, 30*time.Second); err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
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
