package e2e

import (
	"fmt"
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
	onDisk(t)
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
	visitUntilWorkerActive(t, b, proxy.URL+strings.TrimPrefix(base, Origin(base))+"/")

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

// TestReturnVisitReadsWasmFromWorkerCache checks that a page the service
// worker controls takes app.wasm from the worker's cache of its own version
// (web/boot.js), not through the worker: no request for app.wasm at all, and
// the app starts and updates. With that cache gone, the page fetches app.wasm
// and starts all the same. For the server, and for the static build under
// its sub-path (the cache's name holds the worker's scope).
func TestReturnVisitReadsWasmFromWorkerCache(t *testing.T) {
	onDisk(t)
	eachSite(t, func(t *testing.T, b *Browser, base string) {
		visitUntilWorkerActive(t, b, base+"/")
		wasmRequests := func() []string {
			var got []string
			for _, r := range b.Requests() {
				if strings.HasSuffix(strings.SplitN(r.URL, "?", 2)[0], "/web/app.wasm") {
					got = append(got, fmt.Sprintf("%s (from the worker: %v)", r.URL, r.FromServiceWorker))
				}
			}
			return got
		}

		b.ResetRequests()
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		if got := wasmRequests(); len(got) > 0 {
			t.Errorf("a return visit requested app.wasm: %v; want it read from the worker's cache", got)
		}
		before, _, _ := b.Attr(selPerMonth, "data-wh")
		if err := b.Type(selTokens, "4B"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.WaitAttrChange(selPerMonth, "data-wh", before, 10*time.Second); err != nil {
			t.Errorf("on the return visit, typing did not update the results: %v", err)
		}

		if _, err := Eval[bool](b, `caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))).then(() => true)`); err != nil {
			t.Fatal(err)
		}
		b.ResetRequests()
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		if got := wasmRequests(); len(got) != 1 {
			t.Errorf("with the worker's cache gone, the page requested app.wasm %d times (%v), want once", len(got), got)
		}
	})
}

// visitUntilWorkerActive loads url as a first visit and waits until the page
// is interactive, its service worker is active and the visit has loaded
// everything it loads (its icon comes after the page): what a return visit
// or going offline must not cut short.
func visitUntilWorkerActive(t *testing.T, b *Browser, url string) {
	t.Helper()
	if err := b.Navigate(url); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Poll[bool](b, WorkerActivated, 60*time.Second); err != nil {
		t.Fatalf("the service worker never activated: %v", err)
	}
	if _, err := Poll[bool](b, `document.readyState === "complete"`, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitIdle(500*time.Millisecond, 30*time.Second); err != nil {
		t.Fatal(err)
	}
}

// recordRegister, run before a page's scripts, records in
// window.__efRegisters, for each call registering a service worker, whether
// the app had by then replaced the prerendered page (#calculator.live) and
// whether the page said it cannot start (#app-failed).
const recordRegister = `(() => {
  if (!self.ServiceWorkerContainer) return;
  self.__efRegisters = [];
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    self.__efRegisters.push({live: !!document.querySelector("#calculator.live"), failed: !!document.querySelector("#app-failed")});
    return register.apply(this, args);
  };
})()`

// TestFirstVisitRegistersWorkerAfterStart checks that a first visit
// registers its service worker only once the app has replaced the
// prerendered page, so that the worker's install (which reads all of app.wasm
// into its cache) does not compete with the page's own download and start;
// and that the worker then installs and activates. Registering as soon as
// go-app's app.js runs, the call came while the prerendered page still
// stood. (TestAppCannotStartSaysWhy checks the registration where app.wasm
// does not compile.)
func TestFirstVisitRegistersWorkerAfterStart(t *testing.T) {
	onDisk(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.AddScriptOnNewDocument(recordRegister); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(base + "/"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Poll[bool](b, WorkerActivated, 60*time.Second); err != nil {
		t.Fatalf("the service worker never activated: %v", err)
	}
	calls := registerCalls(t, b)
	if len(calls) != 1 || !calls[0].Live {
		t.Errorf("registrations of the service worker %+v, want one, once the app had started (Live)", calls)
	}
}

// registerCall is what recordRegister records of a call.
type registerCall struct{ Live, Failed bool }

// registerCalls returns what recordRegister recorded.
func registerCalls(t *testing.T, b *Browser) []registerCall {
	t.Helper()
	calls, err := Eval[[]registerCall](b, `self.__efRegisters`)
	if err != nil {
		t.Fatal(err)
	}
	return calls
}

// TestLivePageLinksToItsSite checks, once the app has replaced the
// prerendered page, that the form posts to the site's own root and that the
// embed snippet names the site's origin and path: on the server at the root,
// and on the static build under its sub-path, whose first drawn page (made
// before go-app's first navigation tells it the path) must be redrawn.
func TestLivePageLinksToItsSite(t *testing.T) {
	eachSite(t, func(t *testing.T, b *Browser, base string) {
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		prefix := strings.TrimPrefix(base, Origin(base))
		if got, _, _ := b.Attr("#inputs", "action"); got != prefix+"/" {
			t.Errorf("the live form's action is %q, want %q", got, prefix+"/")
		}
		snippet, err := Eval[string](b, `document.querySelector("#embed-snippet code").textContent`)
		if err != nil {
			t.Fatal(err)
		}
		if want := `<iframe src="` + base + `/embed?`; !strings.HasPrefix(snippet, want) {
			t.Errorf("the live embed snippet is\n%s\nwant it to start\n%s", snippet, want)
		}
	})
}
