package e2e

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The hooks of "Never a figure for other inputs": #results[data-current] is
// "yes" when the figures are for the values in the fields and "no"
// otherwise, with #results-for saying which inputs they are for; #calculate
// submits the form; #app-status says why the app is not running.
const (
	selResults     = "#results"
	selResultsFor  = "#results-for"
	selCalculate   = "#calculate"
	selAppStatus   = "#app-status"
	selAppFailed   = "#app-failed"
	defaultModel   = "qwen-3-235b-a22b-instruct"
	wasmBlockedErr = "app.wasm" // console errors that a blocked app.wasm causes name it
)

// wasmBlockedErrs are the console errors a blocked app.wasm and service
// worker cause: the failed loads, go-app's report of the failed fetch and of
// the worker's failed registration.
var wasmBlockedErrs = []string{wasmBlockedErr, "app-worker.js", "Failed to fetch", "service worker registration failed"}

// current reads #results[data-current].
func current(t testing.TB, b *Browser) string {
	t.Helper()
	v, ok, err := b.Attr(selResults, "data-current")
	if err != nil || !ok {
		t.Fatalf("#results has no data-current (err %v)", err)
	}
	return v
}

// waitCurrent waits until #results[data-current] is want.
func waitCurrent(t testing.TB, b *Browser, want string, timeout time.Duration) {
	t.Helper()
	expr := fmt.Sprintf(`document.querySelector(%s)?.getAttribute("data-current") === %s`, jsString(selResults), jsString(want))
	if _, err := Poll[bool](b, expr, timeout); err != nil {
		got, _, _ := b.Attr(selResults, "data-current")
		t.Fatalf("#results data-current is %q, want %q: %v", got, want, err)
	}
}

// blockWasm makes every request of the page for app.wasm fail, as a network
// or a browser policy that blocks it does. The pages get no service worker
// either: a worker's own requests are not the page's, so it would bring
// app.wasm into its cache, from which the next page would start the app.
func blockWasm(t testing.TB, b *Browser) {
	t.Helper()
	_, err := chromedp.Call(b.Ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/*app.wasm*", Block: true}},
	})
	if err != nil {
		// Older Chromiums know only the wildcard list this one replaced.
		_, err = chromedp.Call(b.Ctx, setBlockedURLsLegacy, setBlockedURLsLegacyParams{URLs: []string{"*app.wasm*"}})
	}
	if err != nil {
		t.Fatalf("blocking app.wasm: %v", err)
	}
	if err := b.AddScriptOnNewDocument(`delete Navigator.prototype.serviceWorker`); err != nil {
		t.Fatal(err)
	}
}

var setBlockedURLsLegacy = cdp.Command[setBlockedURLsLegacyParams, cdp.Empty]{Method: "Network.setBlockedURLs"}

type setBlockedURLsLegacyParams struct {
	URLs []string `json:"urls"`
}

// submitWithEnter presses Enter in the field sel, as a visitor does, and
// waits for the page it loads.
func submitWithEnter(t testing.TB, b *Browser, sel string) {
	t.Helper()
	if _, err := Eval[bool](b, `(window.__beforeSubmit = true)`); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(b.Ctx, chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent("\r")); err != nil {
		t.Fatalf("pressing Enter in %s: %v", sel, err)
	}
	// The old page's context goes away while the new one loads: retry.
	deadline := time.Now().Add(20 * time.Second)
	for {
		loaded, err := Eval[bool](b, `!window.__beforeSubmit && document.readyState === "complete"`)
		if err == nil && loaded {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Enter in %s loaded no new page (last error %v)", sel, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pageQuery returns the page's query string, without "?".
func pageQuery(t testing.TB, b *Browser) string {
	t.Helper()
	q, err := Eval[string](b, `location.search.replace(/^\?/, "")`)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestWasmBlockedFormAnswers opens a link with app.wasm blocked: the page
// says in #app-status why the calculator is not running; typing a new volume
// marks the figures as not current, with a line saying which inputs they
// are for; pressing Enter loads the page for the fields' values, which the
// server prerenders with the CLI's figures, current again. Only the volume
// typed is sent. The go-app loader covers nothing.
func TestWasmBlockedFormAnswers(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	start := inputs{Workload: "gpqa", Tokens: "3B", Output: "800", ITL: "120", Pct: "p90", Model: "qwen-3-14b"}
	if err := b.Navigate(base + "/" + start.query()); err != nil {
		t.Fatal(err)
	}
	waitResults(t, b, cliExpect(t, start), 5*time.Second)
	if got := current(t, b); got != "yes" {
		t.Errorf("the prerendered figures for the link: data-current %q, want yes", got)
	}
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatalf("#app-status never said the app is not running: %v", err)
	}
	status, err := Eval[string](b, `document.querySelector("`+selAppStatus+`").textContent`)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"not running the calculator", "app.wasm could not be loaded", "press Calculate", "Try again"} {
		if !strings.Contains(status, want) {
			t.Errorf("#app-status says %q, want it to contain %q", status, want)
		}
	}
	requireVisible(t, b, selCalculate, false)
	if covered, err := Eval[bool](b, `(() => {
		const l = document.querySelector(".goapp-app-info");
		if (!l) return false;
		const r = l.getBoundingClientRect();
		return getComputedStyle(l).display !== "none" && r.width > 0 && r.height > 0;
	})()`); err != nil || covered {
		t.Errorf("go-app's loader is shown (err %v): it must not draw over the form", err)
	}

	if err := b.Type(selTokens, "7.5B"); err != nil {
		t.Fatal(err)
	}
	waitCurrent(t, b, "no", 5*time.Second)
	requireVisible(t, b, selResultsFor, false)
	note, _ := Eval[string](b, `document.querySelector("`+selResultsFor+`").textContent`)
	if !strings.Contains(note, "3,000,000,000 output tokens a month") || !strings.Contains(note, "Press Calculate") {
		t.Errorf("#results-for says %q, want the inputs the figures are for (3B) and what to do", note)
	}

	submitWithEnter(t, b, selTokens)
	want := start
	want.Tokens = "7.5B"
	waitResults(t, b, cliExpect(t, want), 5*time.Second)
	waitCurrent(t, b, "yes", 5*time.Second)
	q := pageQuery(t, b)
	if !strings.Contains(q, "tokens=7.5B") || strings.Contains(q, "requests=") {
		t.Errorf("the form sent %q: want tokens=7.5B and no requests", q)
	}
	if v, _ := fieldValue(b, selTokens); v != "7.5B" {
		t.Errorf("%s shows %q after the submission, want 7.5B", selTokens, v)
	}

	// Typing requests instead sends requests alone.
	if err := b.Type(selRequests, "4M"); err != nil {
		t.Fatal(err)
	}
	waitCurrent(t, b, "no", 5*time.Second)
	submitWithEnter(t, b, selRequests)
	q = pageQuery(t, b)
	if !strings.Contains(q, "requests=4M") || strings.Contains(q, "tokens=") {
		t.Errorf("the form sent %q: want requests=4M and no tokens", q)
	}
	// 4M requests × 800 output tokens = 3.2B tokens.
	want.Tokens = "3200000000"
	waitResults(t, b, cliExpect(t, want), 5*time.Second)

	// A bad value gets the app's message next to its field, and keeps its text.
	if err := b.Type(selOutput, "lots"); err != nil {
		t.Fatal(err)
	}
	submitWithEnter(t, b, selOutput)
	if v, _ := fieldValue(b, selOutput); v != "lots" {
		t.Errorf("%s shows %q after submitting a bad value, want it kept", selOutput, v)
	}
	if msg, _ := Eval[string](b, `document.querySelector("#output-tokens-msg").textContent`); msg != "Enter a number such as 1500, 1,500, 1.5k or 1.5e3." {
		t.Errorf("#output-tokens-msg says %q", msg)
	}
	if got := current(t, b); got != "no" {
		t.Errorf("with a bad value in a field, data-current is %q, want no", got)
	}

	// The same page at phone width, for people to look at.
	if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(375, 800)); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(base + "/" + start.query()); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := b.Type(selTokens, "7.5B"); err != nil {
		t.Fatal(err)
	}
	waitCurrent(t, b, "no", 5*time.Second)
	saveShot(t, b, "wasm-blocked-375.png")
}

// TestLiveTypingStaysCurrent: with the app running, typed values keep
// data-current "yes" with the CLI's figures, a bad one turns it "no" until
// corrected, and the Calculate button is hidden.
func TestLiveTypingStaysCurrent(t *testing.T) {
	eachLiveSite(t, "/?model="+defaultModel, func(t *testing.T, b *Browser, base string) {
		if hidden, err := Eval[bool](b, `getComputedStyle(document.querySelector("`+selCalculate+`")).display === "none"`); err != nil || !hidden {
			t.Errorf("#calculate is shown in the live app (err %v)", err)
		}
		for _, tokens := range []string{"2B", "750M", "1.25T"} {
			if err := b.Type(selTokens, tokens); err != nil {
				t.Fatal(err)
			}
			waitResults(t, b, cliExpect(t, inputs{Tokens: tokens, Model: defaultModel}), 5*time.Second)
			if got := current(t, b); got != "yes" {
				t.Errorf("after typing %s, data-current %q, want yes", tokens, got)
			}
		}
		if err := b.Type(selTokens, "2x"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "no", 5*time.Second)
		requireVisible(t, b, selResultsFor, false)
		if err := b.Type(selTokens, "2B"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "yes", 5*time.Second)
		waitResults(t, b, cliExpect(t, inputs{Tokens: "2B", Model: defaultModel}), 5*time.Second)
	})
}

// TestStaticUnprerenderedQueryWithoutWasm: the static build cannot
// prerender a link's inputs. Opened with a query and app.wasm blocked, it
// shows the link's values in the fields, data-current "no" with the line
// saying which inputs the figures are for, and #app-status's notice.
func TestStaticUnprerenderedQueryWithoutWasm(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := staticSite(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/?tokens=5B&itl=40"); err != nil {
		t.Fatal(err)
	}
	waitCurrent(t, b, "no", 5*time.Second)
	requireVisible(t, b, selResultsFor, false)
	if v, _ := fieldValue(b, selTokens); v != "5B" {
		t.Errorf("%s shows %q, want the link's 5B", selTokens, v)
	}
	if v, _ := fieldValue(b, selITL); v != "40" {
		t.Errorf("%s shows %q, want the link's 40", selITL, v)
	}
	note, _ := Eval[string](b, `document.querySelector("`+selResultsFor+`").textContent`)
	if !strings.Contains(note, "1,000,000,000 output tokens a month") {
		t.Errorf("#results-for says %q, want the prerendered inputs (1,000,000,000 tokens)", note)
	}
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatalf("#app-status never said the app is not running: %v", err)
	}
	status, _ := Eval[string](b, `document.querySelector("`+selAppStatus+`").textContent`)
	if !strings.Contains(status, "cannot work out figures for other values") {
		t.Errorf("#app-status says %q, want that this copy cannot work out other figures", status)
	}
}

// TestAppCannotStartSaysWhy covers the other reasons the app cannot start:
// a browser without WebAssembly (as in Apple's Lockdown Mode), where boot.js
// does not even fetch the app, and an app.wasm that does not compile, each
// with its own sentence in #app-status and no retry; and an app.wasm whose
// download breaks off half-way, which boot.js reads in slices (inSlices):
// the page says it could not be loaded, with a retry.
func TestAppCannotStartSaysWhy(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	t.Run("no WebAssembly", func(t *testing.T) {
		b := newCleanBrowser(t, 1280, 900, base)
		if err := b.AddScriptOnNewDocument(`Object.defineProperty(self, "WebAssembly", {value: undefined})`); err != nil {
			t.Fatal(err)
		}
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
			t.Fatalf("#app-status never said the app is not running: %v", err)
		}
		status, _ := Eval[string](b, `document.querySelector("`+selAppFailed+`").textContent`)
		if !strings.Contains(status, "WebAssembly is off in this browser") || strings.Contains(status, "Try again") {
			t.Errorf("#app-failed says %q", status)
		}
		for _, r := range b.Requests() {
			if strings.Contains(r.URL, "app.wasm") || strings.Contains(r.URL, "app.js") {
				t.Errorf("without WebAssembly, the page still requested %s", r.URL)
			}
		}
	})
	t.Run("app.wasm breaks off half-way", func(t *testing.T) {
		site := halfWasmProxy(t, base)
		b := newCleanBrowserAllowing(t, 1280, 900, append(wasmBlockedErrs, "loading wasm failed"), site)
		if err := b.Navigate(site + "/"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
			t.Fatalf("#app-status never said the app is not running: %v", err)
		}
		status, _ := Eval[string](b, `document.querySelector("`+selAppFailed+`").textContent`)
		if !strings.Contains(status, "app.wasm could not be loaded") || !strings.Contains(status, "Try again") {
			t.Errorf("#app-failed says %q, want that app.wasm could not be loaded, with Try again", status)
		}
		if live, _ := Eval[bool](b, `!!document.querySelector("#calculator.live")`); live {
			t.Error("the app started from half an app.wasm")
		}
	})
	t.Run("app.wasm does not compile", func(t *testing.T) {
		b := newCleanBrowserAllowing(t, 1280, 900, []string{"loading wasm failed", "CompileError", "WebAssembly"}, base)
		if _, err := chromedp.Call(b.Ctx, fetch.Enable, fetch.EnableParams{
			Patterns: []*fetch.RequestPattern{{URLPattern: "*app.wasm*", RequestStage: fetch.RequestStageRequest}},
		}); err != nil {
			t.Fatal(err)
		}
		paused := chromedp.Events(b.Ctx, fetch.RequestPaused)
		go func() {
			for ev, err := range paused {
				if err != nil {
					return
				}
				chromedp.Call(b.Ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{
					RequestID: ev.RequestID, ResponseCode: 200,
					ResponseHeaders: []*fetch.HeaderEntry{{Name: "Content-Type", Value: "application/wasm"}},
					Body:            []byte("\x00asm\x01\x00\x00\x00not a module"),
				})
			}
		}()
		if err := b.AddScriptOnNewDocument(recordRegister); err != nil {
			t.Fatal(err)
		}
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
			t.Fatalf("#app-status never said the app is not running: %v", err)
		}
		status, _ := Eval[string](b, `document.querySelector("`+selAppFailed+`").textContent`)
		if !strings.Contains(status, "app.wasm could not be started") || strings.Contains(status, "Try again") {
			t.Errorf("#app-failed says %q", status)
		}
		// The service worker, registered once the app has started, is
		// registered once it has failed to.
		if _, err := Poll[bool](b, `self.__efRegisters.length > 0`, 10*time.Second); err != nil {
			t.Fatalf("the page never registered its service worker: %v", err)
		}
		if calls := registerCalls(t, b); len(calls) != 1 || !calls[0].Failed {
			t.Errorf("registrations of the service worker %+v, want one, after the page said the app cannot start (Failed)", calls)
		}
	})
}

// halfWasmProxy serves the site at base from a new origin, but breaks off
// each download of app.wasm after half its bytes: the connection closes
// mid-body, as a dropped network would.
func halfWasmProxy(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	proxy.ModifyResponse = func(r *http.Response) error {
		if strings.HasSuffix(r.Request.URL.Path, "/app.wasm") {
			half := r.ContentLength / 2
			if half <= 0 { // no length given
				half = 512 << 10
			}
			cut := io.MultiReader(io.LimitReader(r.Body, half), iotest.ErrReader(errors.New("broken off half-way")))
			r.Body = struct {
				io.Reader
				io.Closer
			}{cut, r.Body}
		}
		return nil
	}
	// A body that fails makes ReverseProxy abort the response, closing the
	// connection: the browser sees a body cut short.
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	site, stop, err := ServeHandler(proxy)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return site
}

// factorLink is a link that sets every kind of factor of Beyond the GPU,
// whose fields are drawn outside the form and name it with form=.
const factorLink = "/?host=0.43&pue=1.09&price=0.3&cur=EUR&tokens=5M&model=" + defaultModel

// requireFactorsSent fails t unless the page's query carries the factors of
// factorLink, and the page shows the cost they give.
func requireFactorsSent(t testing.TB, b *Browser) {
	t.Helper()
	q, err := url.ParseQuery(pageQuery(t, b))
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{"host": "0.43", "pue": "1.09", "price": "0.3", "cur": "EUR", "tokens": "7M"} {
		if got := q.Get(p); got != want {
			t.Errorf("the form sent %s=%q, want %q (query %s)", p, got, want, q.Encode())
		}
	}
	if ok, _ := Eval[bool](b, `!!document.querySelector("#cost-per-month[data-amount]")`); !ok {
		t.Error("no #cost-per-month after the submission: the factors were lost")
	}
}

// TestWasmBlockedFactorEditsNotCurrent: with app.wasm blocked, an edit of a
// field of Beyond the GPU (outside the form, naming it) marks the figures
// not current, as an edit of the form's own fields does; and the form sends
// the factors with the rest.
func TestWasmBlockedFactorEditsNotCurrent(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	for _, edit := range []struct{ sel, text string }{{"#pue", "1.2"}, {"#price-per-kwh", "0.5"}, {"#currency", "USD"}} {
		if err := b.Navigate(base + factorLink); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
			t.Fatalf("#app-status never said the app is not running: %v", err)
		}
		if got := current(t, b); got != "yes" {
			t.Fatalf("the prerendered figures for the link: data-current %q, want yes", got)
		}
		if err := b.Type(edit.sel, edit.text); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "no", 5*time.Second)
	}
	if err := b.Navigate(base + factorLink); err != nil {
		t.Fatal(err)
	}
	if err := b.Type(selTokens, "7M"); err != nil {
		t.Fatal(err)
	}
	submitWithEnter(t, b, selTokens)
	requireFactorsSent(t, b)
}

// TestWasmBlockedFootprintPreset: with app.wasm blocked, choosing the full
// footprint fills the fields its option names as the live page sets them
// (NVIDIA's figure of each GPU and Microsoft's WUE, 0.27 L/kWh:
// footprint.json's full preset), marks the figures not current, and the
// form sends them: the page it loads gives manufacture and water.
func TestWasmBlockedFootprintPreset(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + factorLink); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatalf("#app-status never said the app is not running: %v", err)
	}
	if err := b.Select("#footprint-preset", "full"); err != nil {
		t.Fatal(err)
	}
	for sel, want := range map[string]string{"#embodied-kg": "nvidia", "#wue": "0.27", "#life-years": ""} {
		if v, _ := fieldValue(b, sel); v != want {
			t.Errorf("the full footprint set %s to %q, want %q", sel, v, want)
		}
	}
	waitCurrent(t, b, "no", 5*time.Second)
	submitWithEnter(t, b, selTokens)
	q, _ := url.ParseQuery(pageQuery(t, b))
	if q.Get("embodied") != "nvidia" || q.Get("wue") != "0.27" || q.Get("host") != "0.43" {
		t.Errorf("the form sent %s, want embodied=nvidia, wue=0.27 and the link's host", q.Encode())
	}
	if ok, _ := Eval[bool](b, `!!document.querySelector("#embodied-per-request[data-g]") && !!document.querySelector("#water-per-request[data-ml]")`); !ok {
		t.Error("no manufacture or water after the submission")
	}
}

// TestStaticFactorLinkWithoutWasm: the static build, opened with a link
// that sets a factor and app.wasm blocked, shows the factor in its field
// and marks the GPU-only figures not current.
func TestStaticFactorLinkWithoutWasm(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := staticSite(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/?host=0.43"); err != nil {
		t.Fatal(err)
	}
	waitCurrent(t, b, "no", 5*time.Second)
	if v, _ := fieldValue(b, "#host-overhead"); v != "0.43" {
		t.Errorf("#host-overhead shows %q, want the link's 0.43", v)
	}
}

// TestStaticNormalisedLinkNotCurrent: before the app runs, the static
// build's page, prerendered for no query, never marks its figures current
// for a link it was not prerendered for, even one whose spellings its
// selects lack ("pct=P99" means p99, not the median they keep): only Go
// decodes a link. The page for no query stays current.
func TestStaticNormalisedLinkNotCurrent(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := staticSite(t)
	b := newWasmBlockedBrowser(t, 1280, 900, base)
	for _, q := range []string{"?pct=P99", "?gpu=h100", "?workload=%20gpqa", "?utm_source=x"} {
		if err := b.Navigate(base + "/" + q); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
			t.Fatalf("%s: #app-status never said the app is not running: %v", q, err)
		}
		if got := current(t, b); got != "no" {
			t.Errorf("%s: data-current %q on the page prerendered for no query, want no", q, got)
		}
	}
	if err := b.Navigate(base + "/"); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	if got := current(t, b); got != "yes" {
		t.Errorf("the page for its own (empty) query: data-current %q, want yes", got)
	}
}
