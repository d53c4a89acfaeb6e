package e2e

import (
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// faults break the page once the app is live, as a browser extension, a
// broken polyfill or a bug of ours does: DOM writes that throw, or a panic
// in the Go program (a crafted call: go-app's goappNav with no argument
// indexes an empty argument list on the UI goroutine).
var faults = []struct{ name, js string }{
	{"setAttribute throws", `Element.prototype.setAttribute = function () { throw new Error("a broken setAttribute"); }, true`},
	{"textContent and nodeValue throw", `(() => {
		for (const name of ["textContent", "nodeValue"]) {
			const d = Object.getOwnPropertyDescriptor(Node.prototype, name);
			Object.defineProperty(Node.prototype, name, { configurable: true, get: d.get, set() { throw new Error("a broken " + name); } });
		}
		return true;
	})()`},
	{"a Go panic", `setTimeout(() => goappNav(), 0), true`},
}

// faultErrors are the console errors the faults cause: the thrown errors,
// the Go program's panic and what calls into the stopped program throw.
var faultErrors = []string{"a broken ", "panic", "Go program has already exited", "exit code", "index out of range"}

// TestFaultNeverCurrentForOtherInputs (issue 37): with a fault after the
// app is live, each of faults on the page, and one of them each, in turn,
// in the embed (framed by nothing, and in a sandboxed frame) and on the
// static build's page, a new volume
// typed into the field leaves the results, at every moment they are read,
// either current with the CLI's figures for the fields, or marked not
// current (data-current="no"); and once settled the fault has stopped the
// app, which #app-failed says in words, with a button that reloads.
func TestFaultNeverCurrentForOtherInputs(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	cli := cliRunner(t)
	const link = "?model=llama-3-1-8b-instruct&tokens=1B"
	for wi, where := range []string{"page", "embed", "sandboxed embed", "static page"} {
		for fi, fault := range faults {
			// The app meets a fault with the same code wherever it runs.
			if wi > 0 && fi != (wi-1)%len(faults) {
				continue
			}
			t.Run(where+"/"+fault.name, func(t *testing.T) {
				parallel(t) // each case is a browser of its own, mostly watching its page
				var b, f *Browser
				if where != "sandboxed embed" {
					site := base
					if where == "static page" {
						site = staticSiteWithHeaders(t)
					}
					path := "/"
					if where == "embed" {
						path = "/embed"
					}
					b = newCleanBrowserAllowing(t, 1280, 900, faultErrors, site)
					if err := b.Navigate(site + path + link); err != nil {
						t.Fatal(err)
					}
					waitInteractive(t, b)
					f = b
				} else {
					b = openHostPage(t, fmt.Sprintf(sandboxHost, base+"/embed"+link), base)
					f = attachFrame(t, b, "/embed")
					clickInFrame(t, b, f, selTokens)
					waitInteractive(t, f)
				}
				waitCurrent(t, f, "yes", 10*time.Second)
				if _, problems := CheckFigures(readPage(t, f), cli); len(problems) > 0 {
					t.Fatalf("before the fault:\n  %s", strings.Join(problems, "\n  "))
				}
				if _, err := Eval[bool](f, fault.js); err != nil {
					t.Fatalf("breaking the page: %v", err)
				}
				if where != "sandboxed embed" {
					if err := f.Type(selTokens, "7B"); err != nil {
						t.Fatal(err)
					}
				} else {
					clickInFrame(t, b, f, selTokens)
					typeInFrame(t, b, f, "7B")
				}
				// Read the page every 50 ms for 3 s, or until 250 ms after
				// #app-failed says the app stopped (nothing runs then that
				// could change the results): each time the results say
				// current, their figures must be the CLI's for the fields.
				checked := map[string]bool{}
				end := time.Now().Add(3 * time.Second)
				for ; time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
					p := readPage(t, f)
					if _, stopped := p.Attrs["app-failed"]; stopped && time.Until(end) > 250*time.Millisecond {
						end = time.Now().Add(250 * time.Millisecond)
					}
					if cur, _ := p.Attr("results", "data-current"); cur != "yes" {
						continue
					}
					key := fmt.Sprint(p.Values, p.Attrs["energy-per-month"], p.Attrs["energy-per-request"])
					if checked[key] {
						continue
					}
					checked[key] = true
					if _, problems := CheckFigures(p, cli); len(problems) > 0 {
						t.Errorf("figures marked current are not the CLI's for the fields (%s = %q):\n  %s", selTokens, p.Values["tokens-per-month"], strings.Join(problems, "\n  "))
					}
				}
				p := readPage(t, f)
				if v := p.Values["tokens-per-month"]; v != "7B" {
					t.Errorf("%s holds %q, want the 7B typed", selTokens, v)
				}
				if cur, _ := p.Attr("results", "data-current"); cur != "no" {
					t.Fatalf("after the fault the results are data-current=%q, want \"no\": the app cannot have drawn 7B's figures", cur)
				}
				failed, err := Eval[string](f, `document.getElementById("app-failed")?.innerText ?? ""`)
				if err != nil || !strings.Contains(failed, "stopped") || !strings.Contains(failed, "not for the values in the fields") {
					t.Errorf("#app-failed says %q (err %v), want that the calculator stopped and its figures are not for the fields", failed, err)
				}
				hint, _ := Eval[string](f, `document.getElementById("results-for-hint")?.innerText ?? ""`)
				if !strings.Contains(hint, "stopped") {
					t.Errorf("#results-for-hint says %q, want that the calculator stopped", hint)
				}
				shown, _ := Eval[bool](f, `getComputedStyle(document.getElementById("results-for")).display !== "none"`)
				if !shown {
					t.Error("#results-for is hidden")
				}
				forInputs, _ := Eval[string](f, `document.getElementById("results-for-inputs")?.innerText ?? ""`)
				if !strings.Contains(forInputs, "1,000,000,000 output tokens a month") {
					t.Errorf("#results-for-inputs says %q, want the 1B the figures are for", forInputs)
				}
				if retry, _ := Eval[string](f, `document.getElementById("app-retry")?.innerText ?? ""`); retry != "Reload" {
					t.Errorf("#app-retry says %q, want Reload", retry)
				}
				if where == "page" {
					saveShot(t, f, "fault-"+strings.ReplaceAll(fault.name, " ", "-")+".png")
				}
			})
		}
	}
}

// TestOtherVersionReloadsOnce (issue 37): a page never runs with an
// app.wasm of another version. Through a proxy that gives app.wasm another
// version (its Energyfloor-Version header), as a server updated between the
// page and its app.wasm does, the page reloads once, then says in
// #app-failed that it got two versions, with a button that reloads, and
// never starts the app.
func TestOtherVersionReloadsOnce(t *testing.T) {
	parallel(t)
	requireChromium(t)
	target, err := url.Parse(appServer(t))
	if err != nil {
		t.Fatal(err)
	}
	var pages atomic.Int32
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		if strings.HasSuffix(r.Request.URL.Path, "/app.wasm") {
			r.Header.Set("Energyfloor-Version", "0123456789abcdef0123")
		}
		return nil
	}
	site, stop, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" && r.Header.Get("Sec-Fetch-Mode") == "navigate" { // not the service worker's install
			pages.Add(1)
		}
		proxy.ServeHTTP(w, r)
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	b := newCleanBrowserAllowing(t, 1280, 900, []string{"app.wasm is of version 0123456789abcdef0123"}, site)
	if err := b.Navigate(site + "/?tokens=2B"); err != nil {
		t.Fatal(err)
	}
	failed, err := Poll[string](b, `document.getElementById("app-failed")?.innerText ?? ""`, 30*time.Second)
	if err != nil {
		t.Fatalf("#app-failed never appeared: %v", err)
	}
	if !strings.Contains(failed, "two versions") {
		t.Errorf("#app-failed says %q, want that the page and app.wasm are of two versions", failed)
	}
	if retry, _ := Eval[string](b, `document.getElementById("app-retry")?.innerText ?? ""`); retry != "Reload" {
		t.Errorf("#app-retry says %q, want Reload", retry)
	}
	time.Sleep(2 * time.Second)
	if n := pages.Load(); n != 2 {
		t.Errorf("the page was loaded %d times, want 2: the first visit and one reload", n)
	}
	if started, err := Eval[bool](b, wasmStarted); err != nil || started {
		t.Errorf("the app started with an app.wasm of another version (started=%v, err=%v)", started, err)
	}
}

// TestExportFailureSaysSo (issue 37): a download the browser refuses (here
// a Blob constructor that throws) is said next to the export buttons, in
// #export-failed, and the app goes on: the next edit still gets the CLI's
// figures.
func TestExportFailureSaysSo(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowserAllowing(t, 1280, 900, []string{"no blobs here"}, base)
	if err := b.Navigate(base + "/?tokens=2B"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if _, err := Eval[bool](b, `(window.Blob = function () { throw new Error("no blobs here"); }, true)`); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"csv", "json"} {
		if _, err := Eval[bool](b, `document.getElementById("export-`+kind+`").click(), true`); err != nil {
			t.Fatal(err)
		}
		said, err := Poll[string](b, `document.getElementById("export-failed")?.innerText ?? ""`, 10*time.Second)
		if err != nil || !strings.Contains(said, "did not work") || !strings.Contains(said, "no blobs here") {
			t.Errorf("after a refused %s download #export-failed says %q (err %v), want why", kind, said, err)
		}
	}
	in := readState(t, b)
	in.Tokens = "3B"
	if err := b.Type(selTokens, in.Tokens); err != nil {
		t.Fatal(err)
	}
	waitResults(t, b, cliExpect(t, in), 10*time.Second)
	waitCurrent(t, b, "yes", 10*time.Second)
}
