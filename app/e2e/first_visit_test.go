package e2e

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestVisitsWithTheWorker follows one visitor, with a profile on disk, on
// the server and on the static build under its sub-path (the worker's
// cache's name holds its scope), behind a proxy that counts what it sends:
//   - first visit: the responses with a body until the service worker has
//     activated; no file comes twice. The worker's install revalidates what
//     the page has just downloaded (a 304) instead of downloading it again.
//   - return visit: a page the worker controls takes app.wasm from the
//     worker's cache of its own version (web/boot.js), not through the
//     worker: no request for app.wasm at all; the app starts and updates.
//   - offline: a permalink with a query and factors opens, with its state
//     and the CLI's figures, floor and estimate, and typing updates the
//     results.
//   - the worker's cache gone, online: the page fetches app.wasm, once, and
//     starts all the same.
func TestVisitsWithTheWorker(t *testing.T) {
	onDisk(t)
	requireChromium(t)
	for _, site := range []string{"server", "static"} {
		t.Run(site, func(t *testing.T) {
			base := appServer(t)
			if site == "static" {
				base = staticSite(t)
			}
			proxy, err := StartCountingProxy(base)
			if err != nil {
				t.Fatal(err)
			}
			defer proxy.Close()
			base = proxy.URL + strings.TrimPrefix(base, Origin(base))
			b := newCleanBrowser(t, 1280, 900, proxy.URL)
			visitUntilWorkerActive(t, b, base+"/")
			visitsWithTheWorker(t, b, base, proxy.Bodies())
		})
	}
}

func visitsWithTheWorker(t *testing.T, b *Browser, base string, firstVisit map[string][]int) {
	t.Run("first visit", func(t *testing.T) {
		paths := slices.Sorted(maps.Keys(firstVisit))
		wasm := false
		for _, p := range paths {
			if len(firstVisit[p]) > 1 {
				t.Errorf("%s was sent %d times (%v bytes), want once", p, len(firstVisit[p]), firstVisit[p])
			}
			wasm = wasm || strings.HasSuffix(p, "/web/app.wasm")
		}
		if !wasm {
			t.Errorf("app.wasm never went through the proxy; it sent %v", paths)
		}
	})
	wasmRequests := func() []string {
		var got []string
		for _, r := range b.Requests() {
			if strings.HasSuffix(strings.SplitN(r.URL, "?", 2)[0], "/web/app.wasm") {
				got = append(got, fmt.Sprintf("%s (from the worker: %v)", r.URL, r.FromServiceWorker))
			}
		}
		return got
	}
	typingUpdates := func(t *testing.T) {
		t.Helper()
		requireVisible(t, b, selPerMonth, true)
		before, _, _ := b.Attr(selPerMonth, "data-wh")
		if err := b.Type(selTokens, "4B"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.WaitAttrChange(selPerMonth, "data-wh", before, 10*time.Second); err != nil {
			t.Errorf("typing did not update the results: %v", err)
		}
	}
	t.Run("return visit", func(t *testing.T) {
		b.ResetRequests()
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		if got := wasmRequests(); len(got) > 0 {
			t.Errorf("a return visit requested app.wasm: %v; want it read from the worker's cache", got)
		}
		typingUpdates(t)
	})
	t.Run("offline", func(t *testing.T) {
		if err := b.SetOffline(true); err != nil {
			t.Fatal(err)
		}
		defer func() {
			if err := b.SetOffline(false); err != nil {
				t.Fatal(err)
			}
		}()
		if online, err := Eval[bool](b, `navigator.onLine`); err != nil || online {
			t.Fatalf("navigator.onLine = %v (err %v) after going offline", online, err)
		}
		in := inputs{Workload: "gpqa", Tokens: "3B", Output: "1500", ITL: "90", Pct: "p90", GPU: "B200", Model: "qwen-3-8b"}
		if err := b.Navigate(base + "/" + in.query() + "&" + factorsLink); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		got := readState(t, b)
		if got.Workload != in.Workload || got.Model != in.Model || got.GPU != in.GPU || got.Pct != in.Pct || !sameNumber(got.Tokens, in.Tokens) {
			t.Errorf("offline permalink state = %+v, want %+v", got, in)
		}
		waitResults(t, b, cliExpect(t, in), 5*time.Second)
		waitEstimate(t, b, cliEstimate(t, in.Model, in.GPU, append(in.cliArgs(), factorsFlags...)...))
		typingUpdates(t)
	})
	t.Run("the worker's cache gone", func(t *testing.T) {
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
	eachLiveSite(t, "/", func(t *testing.T, b *Browser, base string) {
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
