package e2e

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestNewBrowserStartsAgainAfterACrash starts the browser through a wrapper
// that, the first time, exits as a crashing Chromium does (before its
// DevTools port is up), and then runs the real one: NewBrowser must come back
// with a working browser, started twice. A wrapper that always exits must
// give up after startTries starts.
func TestNewBrowserStartsAgainAfterACrash(t *testing.T) {
	requireChromium(t)
	chromium, _ := ChromiumPath()
	dir := t.TempDir()
	count := filepath.Join(dir, "starts")
	wrapper := func(name, rest string) string {
		p := filepath.Join(dir, name)
		script := "#!/bin/sh\necho start >> '" + count + "'\n" + rest + "\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	starts := func() int {
		data, _ := os.ReadFile(count)
		return strings.Count(string(data), "start")
	}

	flaky := wrapper("flaky", `[ "$(grep -c start '`+count+`')" -ge 2 ] || { echo "crashed" >&2; exit 1; }
exec '`+chromium+`' "$@"`)
	b, err := NewBrowser(context.Background(), BrowserOptions{Chromium: flaky})
	if err != nil {
		t.Fatalf("NewBrowser through a browser that crashes once: %v", err)
	}
	defer b.Close()
	if got, err := Eval[int](b, `1 + 1`); err != nil || got != 2 {
		t.Fatalf("the restarted browser evaluates 1 + 1 to %d, %v", got, err)
	}
	if n := starts(); n != 2 {
		t.Errorf("started the browser %d times, want 2", n)
	}

	os.Remove(count)
	broken := wrapper("broken", `echo "crashed" >&2; exit 1`)
	if _, err := NewBrowser(context.Background(), BrowserOptions{Chromium: broken}); err == nil {
		t.Fatal("NewBrowser through a browser that never starts: no error")
	}
	if n := starts(); n != startTries {
		t.Errorf("started a browser that never starts %d times, want %d", n, startTries)
	}
}

// TestPollOutlivesANavigation polls, from a page that replaces itself after
// 100 ms, for a value only the next page sets: the poll must carry on in the
// new document rather than fail with the old one's context, and a poll that
// never comes true must still end at its timeout with an error.
func TestPollOutlivesANavigation(t *testing.T) {
	requireChromium(t)
	b, _ := browseHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/next" {
			w.Write([]byte(`<!doctype html><title>next</title><script>window.__next = "arrived";</script>`))
			return
		}
		w.Write([]byte(`<!doctype html><title>first</title><script>setTimeout(() => location.replace("/next"), 100);</script>`))
	}), 800, 600)
	got, err := Poll[string](b, `window.__next`, 10*time.Second)
	if err != nil || got != "arrived" {
		t.Fatalf("polling across the navigation: %q, %v; want \"arrived\"", got, err)
	}
	start := time.Now()
	if _, err := Poll[bool](b, `window.__never === true`, 300*time.Millisecond); err == nil {
		t.Error("a poll that never comes true returned no error")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a 300 ms poll took %v", d)
	}
}

// TestBrowserKeepsNoResponseBodies checks that the browser records requests
// without DevTools keeping their bodies, work on the page's main thread that
// a visitor's browser does not do and that cmd/bench would otherwise time:
// the page's requests are recorded, and asking for a body that DevTools
// would otherwise have kept fails.
func TestBrowserKeepsNoResponseBodies(t *testing.T) {
	requireChromium(t)
	body := strings.Repeat("energy floor ", 1<<16) // 832 KiB
	b, _ := browseHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/big.txt" {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(body))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><title>bodies</title><script>fetch("/big.txt").then((r) => r.text()).then((t) => { window.__got = t.length; });</script>`))
	}), 800, 600)
	if got, err := Poll[int](b, `window.__got || 0`, 10*time.Second); err != nil || got != len(body) {
		t.Fatalf("the page read %d bytes of /big.txt (%v), want %d", got, err, len(body))
	}
	var big *Request
	for _, r := range b.Requests() {
		if strings.HasSuffix(r.URL, "/big.txt") {
			big = &r
		}
	}
	if big == nil {
		t.Fatalf("no request for /big.txt recorded: %+v", b.Requests())
	}
	if got, err := chromedp.Call(b.Ctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: big.ID}); err == nil {
		t.Errorf("DevTools kept /big.txt's body (%d bytes), want no bodies kept", len(got.Body))
	}
}

// TestBrowsersOpenNoBrowserUI: a browser the suite opens holds its own tab
// and nothing of Chromium's own interface (a "browser_ui" target, such as
// the omnibox popups baseFlags turn off), whose renderers would take CPU
// from the pages under test.
func TestBrowsersOpenNoBrowserUI(t *testing.T) {
	b := newBrowser(t, 800, 600)
	targets, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, ti := range targets {
		switch {
		case ti.Type == "browser_ui" || strings.HasPrefix(ti.URL, "chrome://"):
			t.Errorf("Chromium opened %s %s (%q), want none of its own interface", ti.Type, ti.URL, ti.Title)
		case ti.Type == "page":
			pages++
		}
	}
	if pages == 0 {
		t.Errorf("Chromium's targets hold no page: %d targets, want the browser's tab among them", len(targets))
	}
}

// TestBrowsersShareNothing: two browsers the suite opens one after the other
// in its Chromium (newBrowser) are as apart as two fresh profiles. What the
// first keeps for a site (local storage, a cookie, the Cache Storage, a
// service worker) the second does not have, and a request that tries to
// leave the machine is recorded by the proxy of the browser that made it.
func TestBrowsersShareNothing(t *testing.T) {
	site, stop, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sw.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(`self.addEventListener("fetch", () => {});`))
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><title>t</title>`))
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	const kept = `(async () => [localStorage.getItem("k") || "", document.cookie,
		(await caches.keys()).join(","), (await navigator.serviceWorker.getRegistrations()).length].join("|"))()`
	first := newBrowser(t, 800, 600)
	if err := first.Navigate(site + "/"); err != nil {
		t.Fatal(err)
	}
	if _, err := Eval[bool](first, `(async () => { localStorage.setItem("k", "v"); document.cookie = "c=1";
		await (await caches.open("x")).put("/x", new Response("x"));
		await navigator.serviceWorker.register("/sw.js"); await navigator.serviceWorker.ready; return true })()`); err != nil {
		t.Fatal(err)
	}
	if got, err := Eval[string](first, kept); err != nil || got != "v|c=1|x|1" {
		t.Fatalf("the first browser keeps %q (%v), want v|c=1|x|1", got, err)
	}
	second := newBrowser(t, 800, 600)
	if err := second.Navigate(site + "/"); err != nil {
		t.Fatal(err)
	}
	if got, err := Eval[string](second, kept); err != nil || got != "|||0" {
		t.Errorf("the second browser has %q (%v), want nothing (|||0)", got, err)
	}
	if _, err := Eval[bool](second, `fetch("http://example.com/x").then(() => true, () => true)`); err != nil {
		t.Fatal(err)
	}
	if off := second.OffOrigin(site); !slices.ContainsFunc(off, func(s string) bool { return strings.Contains(s, "left the machine: GET http://example.com/x") }) {
		t.Errorf("the second browser's requests off the site: %q, want the fetch of example.com, refused by its proxy", off)
	}
	if off := first.OffOrigin(site); len(off) > 0 {
		t.Errorf("the first browser's proxy recorded %q, another browser's requests", off)
	}
}
