package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// sandboxHost is a host page on another origin holding the embed snippet's
// frame as WordPress rewrites it: sandbox="allow-scripts", so the frame has
// an opaque origin (no storage, no service worker, every fetch
// cross-origin). It records the frame's messages in __msgs.
const sandboxHost = `<!doctype html><meta charset=utf-8><title>A blog post</title>
<iframe id=ef sandbox="allow-scripts" src="%s" style="display:block;width:600px;height:850px;border:0" title="Energy Floor calculator"></iframe>
<script>
window.__msgs = [];
addEventListener("message", e => window.__msgs.push(e.data));
</script>`

// embedLoadBudget is the most the embed's frame may transfer before the
// reader uses it (issue 32): its page and boot.js.
const embedLoadBudget = 80 << 10

// TestEmbedSandboxedStartsOnUse frames /embed in a sandboxed frame
// (sandbox="allow-scripts") of a page on another origin, through a proxy
// that counts what the frame fetches, and checks that:
//   - until the reader uses it, the frame loads its page and boot.js, within
//     embedLoadBudget, and nothing else (no app.wasm, no app.js, no worker),
//     and says "Press Change to edit and recalculate";
//   - a click into a field starts the app: app.wasm is requested (held back
//     here, so the app cannot start yet), the line says it is starting, and
//     what the reader types meanwhile is kept once the app runs, with the
//     CLI's figures for it;
//   - then each edit updates the figures to the CLI's (energyfloor -json),
//     no service worker is registered, #app-status says that the frame
//     cannot be kept offline, and nothing throws in the frame.
//
// For the server, and for the static build served with its _headers.
func TestEmbedSandboxedStartsOnUse(t *testing.T) {
	parallel(t)
	for _, site := range []string{"server", "static"} {
		t.Run(site, func(t *testing.T) {
			requireChromium(t)
			base := appServer(t)
			if site == "static" {
				base = staticSiteWithHeaders(t)
			}
			testSandboxedEmbed(t, base)
		})
	}
}

func testSandboxedEmbed(t *testing.T, base string) {
	proxy, err := StartCountingProxy(base)
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	prefix := strings.TrimPrefix(base, Origin(base))
	path := func(p string) string { return prefix + p }

	in := inputs{Workload: "lm-arena-chat", Tokens: "2B", Output: "800", ITL: "50", Pct: "p90", GPU: "H100"}
	src := proxy.URL + path("/embed") + in.query()
	b := openHostPage(t, fmt.Sprintf(sandboxHost, src), proxy.URL)
	// The frame has loaded when it posts its height; then give it longer
	// than boot.js's first-visit wait (maxWait, 1 s) to fetch anything else.
	if _, err := Poll[bool](b, `window.__msgs.some(d => d && d.type === "energyfloor:height" && d.height > 0)`, 30*time.Second); err != nil {
		t.Fatalf("the sandboxed frame never posted its height: %v", err)
	}
	time.Sleep(2 * time.Second)
	// The page, boot.js, and the icon of go-app's loader (an <img> the
	// stylesheet hides, which the browser fetches all the same).
	allowed := []string{path("/embed"), path("/web/boot.js"), path("/web/icon-192.png")}
	total := 0
	for p, sizes := range proxy.Bodies() {
		for _, n := range sizes {
			total += n
		}
		if !slices.Contains(allowed, p) {
			t.Errorf("before any use the frame fetched %s (%v bytes): want only %v", p, sizes, allowed)
		}
	}
	t.Logf("before any use the frame fetched %v: %d bytes", proxy.Paths(), total)
	if total > embedLoadBudget {
		t.Errorf("before any use the frame fetched %d bytes, over the %d bytes budget", total, embedLoadBudget)
	}

	f := attachFrame(t, b, "/embed")
	// Shown (boot.js unhides it; without scripts it stays hidden, as an edit
	// then does not recalculate).
	if line, err := Eval[string](f, `(e => !e ? "" : (e.hidden ? "(hidden) " : "") + e.textContent)(document.getElementById("starts-on-use"))`); err != nil || line != "Press Change to edit and recalculate." {
		t.Errorf("the frame's line is %q (err %v), want %q shown", line, err, "Press Change to edit and recalculate.")
	}
	if started, err := Eval[bool](f, wasmStarted); err != nil || started {
		t.Fatalf("the app started before any use (started=%v, err=%v)", started, err)
	}

	// The first use: a click into the tokens field, with app.wasm held back.
	release := proxy.Hold(path("/web/app.wasm"))
	clickInFrame(t, b, f, selTokens)
	if _, err := pollFunc(10*time.Second, func() bool { return slices.Contains(proxy.Paths(), path("/web/app.wasm")) }); err != nil {
		release()
		t.Fatalf("a click into the frame did not start the app (no request for app.wasm): %v; requests %v", err, proxy.Paths())
	}
	if line, _ := Eval[string](f, `document.getElementById("starts-on-use")?.textContent ?? ""`); line != "Calculator starting…" {
		t.Errorf("while the app starts the line says %q, want %q", line, "Calculator starting…")
	}
	// Typed while the app starts.
	in.Tokens = "5B"
	typeInFrame(t, b, f, in.Tokens)
	if v, _ := fieldValue(f, selTokens); v != in.Tokens {
		t.Errorf("while the app starts %s shows %q, want %q", selTokens, v, in.Tokens)
	}
	if started, err := Eval[bool](f, wasmStarted); err != nil || started {
		t.Errorf("the app started while app.wasm was held back (started=%v, err=%v)", started, err)
	}
	release()
	waitInteractive(t, f)
	got := readState(t, f)
	if got.Tokens != in.Tokens {
		t.Errorf("the app shows %s %q, the reader typed %q while it started", selTokens, got.Tokens, in.Tokens)
	}
	in.Model = got.Model
	waitResults(t, f, cliExpect(t, in), 10*time.Second)

	// The app runs: each edit gets the CLI's figures.
	for _, output := range []string{"700", "1500"} {
		in.Output = output
		clickInFrame(t, b, f, selOutput)
		typeInFrame(t, b, f, output)
		waitResults(t, f, cliExpect(t, in), 10*time.Second)
	}
	if line, err := Eval[string](f, `document.getElementById("no-offline")?.textContent ?? ""`); err != nil || !strings.Contains(line, "cannot keep the calculator for offline use") {
		t.Errorf("#app-status does not say that the frame cannot be kept offline: %q (err %v)", line, err)
	}
	time.Sleep(time.Second)
	for _, p := range proxy.Paths() {
		if strings.HasSuffix(p, "/app-worker.js") {
			t.Errorf("the sandboxed frame fetched the service worker %s", p)
		}
	}
	if errs := f.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("the frame logged errors or threw:\n  %s", strings.Join(errs, "\n  "))
	}
	t.Logf("requests of the frame: %v", proxy.Paths())
}

// attachFrame returns a Browser on the frame of b's page whose URL holds
// part: a sandboxed frame (an opaque origin) runs in a DevTools target of
// its own, which Eval and Poll on b do not reach. The returned Browser
// records the frame's console errors from now on. Chromium lists the
// targets of all its browser contexts, so the frame is looked for in b's
// only: another test's browser may hold such a frame at the same time.
func attachFrame(t *testing.T, b *Browser, part string) *Browser {
	t.Helper()
	var id target.ID
	if _, err := pollFunc(10*time.Second, func() bool {
		infos, err := chromedp.Targets(b.Ctx)
		if err != nil {
			return false
		}
		own := chromedp.FromContext(b.Ctx).Target.TargetID
		var browserContext cdp.BrowserContextID
		for _, info := range infos {
			if info.TargetID == own {
				browserContext = info.BrowserContextID
			}
		}
		if browserContext == "" {
			return false
		}
		for _, info := range infos {
			if info.Type == "iframe" && info.BrowserContextID == browserContext && strings.Contains(info.URL, part) {
				id = info.TargetID
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no frame target for %s: %v", part, err)
	}
	ctx, cancel := chromedp.NewContext(b.Ctx, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("attaching to the frame: %v", err)
	}
	// A headless window is not always the focused one: the page and the
	// frame behave as focused, so that a click focuses the field under it.
	for _, c := range []context.Context{b.Ctx, ctx} {
		if _, err := chromedp.Call(c, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
			t.Fatalf("emulating focus: %v", err)
		}
	}
	f := &Browser{Ctx: ctx}
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			f.mu.Lock()
			f.console = append(f.console, m)
			f.mu.Unlock()
		}
	}()
	return f
}

// clickInFrame clicks, as a reader does (a mouse press and release on the
// page), the middle of the element sel of the frame #ef that f is attached
// to, scrolled into view inside the frame first. An element inside a closed
// <details> (the embed's folded inputs) is first revealed as a reader does,
// by a click on the summary.
func clickInFrame(t *testing.T, b, f *Browser, sel string) {
	t.Helper()
	type point struct {
		X, Y    float64
		Summary bool
	}
	var in, frame point
	for try := 0; ; try++ {
		var err error
		in, err = Eval[point](f, `(() => { const target = document.querySelector(`+jsString(sel)+`);
			let fold = target.closest("details:not([open])");
			for (let up = fold; up; up = up.parentElement?.closest("details:not([open])")) fold = up;
			const el = fold ? fold.querySelector(":scope > summary") : target;
			el.scrollIntoView({block: "center"});
			const r = el.getBoundingClientRect(); return {X: r.left + Math.min(r.width / 2, 40), Y: r.top + r.height / 2, Summary: !!fold}; })()`)
		if err != nil {
			t.Fatalf("finding %s in the frame: %v", sel, err)
		}
		frame, err = Eval[point](b, `(() => { const r = document.getElementById("ef").getBoundingClientRect(); return {X: r.left, Y: r.top}; })()`)
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(b.Ctx, chromedp.MouseClickXY(frame.X+in.X, frame.Y+in.Y)); err != nil {
			t.Fatalf("clicking %s in the frame: %v", sel, err)
		}
		if !in.Summary {
			break
		}
		if try == 3 {
			t.Fatalf("clicks on the summaries above %s in the frame did not unfold them", sel)
		}
		// The click starts the embed's app, which takes the page over:
		// give the fold time to show open before a click that would fold
		// it again.
		_, _ = Poll[bool](f, `!document.querySelector(`+jsString(sel)+`).closest("details:not([open])")`, 2*time.Second)
	}
	if _, err := Poll[bool](f, `document.activeElement === document.querySelector(`+jsString(sel)+`)`, 5*time.Second); err != nil {
		at, _ := Eval[string](f, fmt.Sprintf(`(() => { const e = document.elementFromPoint(%v, %v); return (e ? e.outerHTML.slice(0, 120) : "nothing") + " active " + document.activeElement.tagName + "#" + document.activeElement.id + " hasFocus " + document.hasFocus() + " started " + document.getElementById("starts-on-use")?.textContent; })()`, in.X, in.Y))
		t.Fatalf("a click on %s in the frame (at %v in it, the frame at %v) did not focus it (there: %s): %v", sel, in, frame, at, err)
	}
}

// typeInFrame replaces the text of the focused field of the frame f is
// attached to with text, typed key by key into the page, which sends the
// keys to the focused frame.
func typeInFrame(t *testing.T, b, f *Browser, text string) {
	t.Helper()
	if _, err := Eval[bool](f, `document.activeElement.select(), true`); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(b.Ctx, chromedp.KeyEvent(text)); err != nil {
		t.Fatalf("typing %q: %v", text, err)
	}
	if _, err := Poll[bool](f, `document.activeElement.value === `+jsString(text), 5*time.Second); err != nil {
		v, _ := Eval[string](f, `document.activeElement.value`)
		t.Fatalf("after typing %q the field shows %q", text, v)
	}
}

// pollFunc calls cond every 20 ms until it is true, up to timeout.
func pollFunc(timeout time.Duration, cond func() bool) (bool, error) {
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			return false, fmt.Errorf("not within %v", timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true, nil
}

// TestStaticHeadersMatchServer reads the static build's _headers as a host
// does (HeaderRules) and checks that, for each file of the build, it gives
// the headers the Go server sends for the same path: the security headers
// with the pages' CSP, the CORS header of the files the app fetches (which
// a sandboxed frame needs), app.wasm's type. The files a sandboxed embed
// fetches carry Access-Control-Allow-Origin: *; the pages and the service
// worker do not.
func TestStaticHeadersMatchServer(t *testing.T) {
	requireChromium(t) // the builds the browser tests share
	server := appServer(t)
	staticSite(t)
	dir := filepath.Join(buildDir, "static")
	b, err := os.ReadFile(filepath.Join(dir, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ParseHeaders(string(b))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, r := range rules {
		for k := range r.Header {
			names[k] = true
		}
	}
	const acao = "Access-Control-Allow-Origin"
	if !names[acao] {
		t.Fatalf("_headers sets no %s:\n%s", acao, b)
	}
	cors := map[string]bool{}
	err = filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "_headers" {
			return err
		}
		rel, _ := filepath.Rel(dir, file)
		p := "/" + filepath.ToSlash(rel)
		switch p { // the pages are served at their routes
		case "/index.html":
			p = "/"
		case "/embed.html":
			p = "/embed"
		}
		static := rules.For(staticPrefix + p)
		resp, err := http.Get(server + p)
		if err != nil {
			return err
		}
		resp.Body.Close()
		for k := range names {
			if _, set := static[k]; !set && (k == "Content-Type" || k == "Cache-Control") {
				continue // left to the host
			}
			if got, want := static[k], resp.Header.Get(k); got != want {
				t.Errorf("%s: _headers gives %s %q, the server sends %q", p, k, got, want)
			}
		}
		if static[acao] == "*" {
			cors[p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/web/app.wasm", "/web/boot.js", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest"} {
		if !cors[p] {
			t.Errorf("%s has no %s: *, which a sandboxed frame needs to fetch it", p, acao)
		}
	}
	for _, p := range []string{"/", "/embed", "/app-worker.js"} {
		if cors[p] {
			t.Errorf("%s carries %s: *, which nothing needs", p, acao)
		}
	}
}

// TestEmbedSandboxedCannotStartSaysWhy: in a sandboxed frame whose
// app.wasm cannot be fetched, the first use says in #app-status that the
// calculator is not running and that this frame cannot work out other
// figures (a sandboxed frame cannot send the form), and the line that it
// starts on use is gone.
func TestEmbedSandboxedCannotStartSaysWhy(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	origin, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(origin)
	site, stopSite, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/web/app.wasm" {
			http.Error(w, "gone", http.StatusServiceUnavailable)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer stopSite()
	b := openHostPage(t, fmt.Sprintf(sandboxHost, site+"/embed?tokens=2B"), site)
	if _, err := Poll[bool](b, `window.__msgs.some(d => d && d.type === "energyfloor:height")`, 30*time.Second); err != nil {
		t.Fatalf("the sandboxed frame never posted its height: %v", err)
	}
	f := attachFrame(t, b, "/embed")
	clickInFrame(t, b, f, selTokens)
	msg, err := Poll[string](f, `document.getElementById("app-failed")?.textContent`, 20*time.Second)
	if err != nil {
		t.Fatalf("no #app-failed after a use with app.wasm unavailable: %v", err)
	}
	for _, want := range []string{"not running the calculator", "app.wasm could not be loaded", "this frame cannot work out figures for other values"} {
		if !strings.Contains(msg, want) {
			t.Errorf("#app-failed says %q, want it to hold %q", msg, want)
		}
	}
	if strings.Contains(msg, "press Calculate") {
		t.Errorf("#app-failed says %q: a sandboxed frame cannot send the form", msg)
	}
	if n, _ := Eval[int](f, `document.querySelectorAll("#starts-on-use").length`); n != 0 {
		t.Error("the line saying the calculator starts on use is still there")
	}
}
