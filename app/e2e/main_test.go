package e2e

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The suite builds what users run once, lazily (so `go test -run X` builds
// only what X needs, and `-run '^$'` builds nothing), into one temporary
// directory that TestMain removes.
var (
	root     string
	buildDir string
)

func TestMain(m *testing.M) {
	var err error
	if root, err = Root(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	if buildDir, err = os.MkdirTemp("", "energyfloor-e2e-*"); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	code := m.Run()
	if background.cancel != nil {
		background.cancel()
		background.wg.Wait()
	}
	for _, b := range liveApps.m {
		b.Close()
	}
	if suiteChromium.p != nil {
		suiteChromium.p.Close()
	}
	for _, s := range servers {
		s.Stop()
	}
	os.RemoveAll(buildDir)
	os.Exit(code)
}

// requireChromium skips the test when Chromium is missing, except under
// CI=true, where a missing browser is a failure.
func requireChromium(t testing.TB) {
	t.Helper()
	if _, err := ChromiumPath(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true and %v: the browser suite must run in CI", err)
		}
		t.Skipf("skipping the browser suite: %v", err)
	}
}

// parallel has t run beside another such test (t.Parallel: two at a time
// on two CPUs, go test's -parallel), once the tests without it have run: a
// test that spends much of its time waiting on a page leaves the CPU to the
// other. Only for a test whose browsers and servers are its own: not one
// that uses the running apps (liveApp, openApp, eachLiveSite), Chromiums on
// disk (onDisk), or stops the suite's Chromium; liveApp and onDisk fail a
// test that called parallel (notParallel).
func parallel(t *testing.T) {
	parallelTests.Store(t.Name(), true)
	t.Parallel()
}

// parallelTests holds the names of the tests that called parallel.
var parallelTests sync.Map

// notParallel fails t if it, or the test it is a subtest of, called
// parallel: what uses, for its whole length, something the suite's tests
// share must not run beside another test.
func notParallel(t testing.TB, what string) {
	t.Helper()
	if _, ok := parallelTests.Load(strings.SplitN(t.Name(), "/", 2)[0]); ok {
		t.Fatalf("%s in a test that runs beside others (parallel)", what)
	}
}

// requirePoppler skips t where poppler-utils' pdfinfo, pdftotext and
// pdftoppm are missing, as requireChromium does for the browser: with
// CI=true it fails t instead.
func requirePoppler(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"pdfinfo", "pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("CI=true and %s is not installed (apt-get install poppler-utils): the print test must run in CI", tool)
			}
			t.Skipf("skipping the print test: %s is not installed (apt-get install poppler-utils)", tool)
		}
	}
}

// once runs f once per key and remembers its result.
type once struct {
	mu   sync.Mutex
	done map[string]*onceResult
}

type onceResult struct {
	wg  sync.WaitGroup
	val string
	err error
}

func (o *once) do(key string, f func() (string, error)) (string, error) {
	o.mu.Lock()
	if o.done == nil {
		o.done = map[string]*onceResult{}
	}
	r, ok := o.done[key]
	if !ok {
		r = &onceResult{}
		r.wg.Add(1)
		o.done[key] = r
		o.mu.Unlock()
		r.val, r.err = f()
		r.wg.Done()
		return r.val, r.err
	}
	o.mu.Unlock()
	r.wg.Wait()
	return r.val, r.err
}

var (
	builds  once
	started once
	servers = map[string]*Server{}
)

// buildCtx bounds every build step.
func buildCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Minute)
}

// serverBinary builds the server as users get it, `make build` (copyBuild),
// and returns its path.
func serverBinary(t testing.TB) string {
	t.Helper()
	p, err := builds.do("server", func() (string, error) {
		start := time.Now()
		out, err := copyBuild(context.Background(), "main", nil, false)
		if err == nil {
			fmt.Fprintf(os.Stderr, "e2e: built the wasm and the server in %v\n", time.Since(start).Round(time.Millisecond))
			if willRun("TestTwoVersionsDeployedInTurn") {
				buildInBackground("server-v2", variantBuild)
			}
		}
		return out, err
	})
	if err != nil {
		t.Fatalf("building the server: %v", err)
	}
	return p
}

// copyBuild copies the checkout to a folder of buildDir named name, has
// edit (unless nil) change the copy, builds the server there with `make
// build BROTLI_QUALITY=1` and returns the binary's path. Quality 1, because
// no visitor downloads these builds, only the suite over loopback, and
// quality 11 costs tens of seconds per build (cmd/precompress's
// TestBrotliQuality11 holds the quality-11 output). A copy, because the
// checkout's web/app.wasm.br would otherwise be a quality-1 file that a
// later `make build` keeps, as it keeps any .br that decodes to app.wasm.
func copyBuild(parent context.Context, name string, edit func(dir string) error, idle bool) (string, error) {
	ctx, cancel := context.WithTimeout(parent, 10*time.Minute)
	defer cancel()
	dir := filepath.Join(buildDir, name+"-tree")
	if err := CopyTree(ctx, root, dir); err != nil {
		return "", err
	}
	if edit != nil {
		if err := edit(dir); err != nil {
			return "", err
		}
	}
	out := filepath.Join(buildDir, name+"-server")
	return out, buildServer(ctx, dir, out, idle, "BROTLI_QUALITY=1")
}

// background holds the builds started ahead of the tests that need them,
// which TestMain stops and waits for before it removes their folder.
var background struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// buildInBackground starts builds.do(key, build) now, at the lowest CPU
// priority (copyBuild's idle): it takes the CPU the running tests leave
// idle, and the test that needs it later waits only for what is left.
func buildInBackground(key string, build func(ctx context.Context, idle bool) (string, error)) {
	if background.ctx == nil {
		background.ctx, background.cancel = context.WithCancel(context.Background())
	}
	background.wg.Add(1)
	go func() {
		defer background.wg.Done()
		builds.do(key, func() (string, error) { return build(background.ctx, true) })
	}()
}

// willRun reports whether this run's -test.run pattern selects the
// top-level test name (for a pattern with subtests, its first part).
func willRun(name string) bool {
	f := flag.Lookup("test.run")
	if f == nil || f.Value.String() == "" {
		return true
	}
	ok, err := regexp.MatchString(strings.SplitN(f.Value.String(), "/", 2)[0], name)
	return err != nil || ok
}

// cliBinary builds cmd/energyfloor and returns its path.
func cliBinary(t testing.TB) string {
	t.Helper()
	p, err := builds.do("cli", func() (string, error) {
		ctx, cancel := buildCtx()
		defer cancel()
		out := filepath.Join(buildDir, "energyfloor")
		return out, BuildBinary(ctx, root, "./cmd/energyfloor", out)
	})
	if err != nil {
		t.Fatalf("building the CLI: %v", err)
	}
	return p
}

// appServer returns the URL of the real server, started once for the suite.
func appServer(t testing.TB) string {
	t.Helper()
	bin := serverBinary(t)
	u, err := started.do("server", func() (string, error) {
		s, err := StartServer(context.Background(), bin)
		if err != nil {
			return "", err
		}
		servers["server"] = s
		return s.URL, nil
	})
	if err != nil {
		t.Fatalf("starting the server: %v", err)
	}
	return u
}

// staticPrefix is the sub-path the static build is served under.
const staticPrefix = "/energy"

// staticSite returns the URL of the static build (make static
// PREFIX=/energy) served by a plain Go file server under /energy.
func staticSite(t testing.TB) string {
	t.Helper()
	bin := serverBinary(t)
	u, err := started.do("static", func() (string, error) {
		ctx, cancel := buildCtx()
		defer cancel()
		dir := filepath.Join(buildDir, "static")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if err := BuildStatic(ctx, bin, staticPrefix, dir); err != nil {
			return "", err
		}
		s, err := ServeStatic(dir, staticPrefix)
		if err != nil {
			return "", err
		}
		return s.URL, nil
	})
	if err != nil {
		t.Fatalf("building and serving the static site: %v", err)
	}
	return u
}

// plainStaticSite returns the URL of the same static build as staticSite,
// served under /energy by a plain file server (ServePlainFiles), which
// serves /energy/index.html as it is.
func plainStaticSite(t testing.TB) string {
	t.Helper()
	staticSite(t) // builds it
	u, err := started.do("plain static", func() (string, error) {
		s, err := ServePlainFiles(filepath.Join(buildDir, "static"), staticPrefix)
		if err != nil {
			return "", err
		}
		return s.URL, nil
	})
	if err != nil {
		t.Fatalf("serving the static site with a plain file server: %v", err)
	}
	return u
}

// staticSiteWithHeaders returns the URL of the static build of staticSite
// served under /energy with its _headers applied (ServeStaticWithHeaders),
// as Netlify or Cloudflare Pages serve it.
func staticSiteWithHeaders(t testing.TB) string {
	t.Helper()
	staticSite(t)
	u, err := started.do("static+headers", func() (string, error) {
		s, err := ServeStaticWithHeaders(filepath.Join(buildDir, "static"), staticPrefix)
		if err != nil {
			return "", err
		}
		return s.URL, nil
	})
	if err != nil {
		t.Fatalf("serving the static site with its _headers: %v", err)
	}
	return u
}

// suiteChromium is the one Chromium the suite's browsers open in (newBrowser),
// started on first use and again if it has stopped; TestMain stops it. It
// compiles WebAssembly with V8's baseline compiler only (BaselineWasm): the
// suite's time is mostly app starts. The onDisk tests' Chromiums compile
// as a visitor's does, so the suite runs the app under both.
var suiteChromium struct {
	mu sync.Mutex
	p  *Process
	// onDisk is set while a test that called onDisk runs.
	onDisk bool
}

// onDisk gives t, and its subtests, browsers that are each a Chromium of its
// own with a fresh profile on disk, as a visitor's browser is: for the tests
// of what a browser keeps between visits (its HTTP cache, the service
// worker's cache). A browser context keeps those in memory, where app.wasm
// does not fit its HTTP cache.
func onDisk(t *testing.T) {
	notParallel(t, "onDisk")
	suiteChromium.mu.Lock()
	suiteChromium.onDisk = true
	suiteChromium.mu.Unlock()
	t.Cleanup(func() {
		suiteChromium.mu.Lock()
		suiteChromium.onDisk = false
		suiteChromium.mu.Unlock()
	})
}

// newBrowser opens a browser as fresh as a new profile, with a w×h
// viewport, closed when the test ends: a browser context of its own in the
// suite's Chromium, or, in a test that called onDisk, a Chromium of its own.
func newBrowser(t testing.TB, w, h int) *Browser {
	t.Helper()
	requireChromium(t)
	b, err := openBrowser(w, h, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// openBrowser opens the browser newBrowser does; shared opens it in the
// suite's Chromium even in a test that called onDisk.
func openBrowser(w, h int, shared bool) (*Browser, error) {
	o := BrowserOptions{Width: w, Height: h}
	suiteChromium.mu.Lock()
	if shared || !suiteChromium.onDisk {
		if suiteChromium.p != nil && !suiteChromium.p.Alive() {
			suiteChromium.p.Close()
			suiteChromium.p = nil
		}
		if suiteChromium.p == nil {
			p, err := StartProcess(context.Background(), BrowserOptions{BaselineWasm: true})
			if err != nil {
				suiteChromium.mu.Unlock()
				return nil, err
			}
			suiteChromium.p = p
		}
		o.In = suiteChromium.p
	}
	suiteChromium.mu.Unlock()
	return NewBrowser(context.Background(), o)
}

// liveApps are the running apps liveApp hands out: one per page (the
// calculator or the embed), server and viewport, each in a browser of its
// own, closed by TestMain.
var liveApps struct {
	mu sync.Mutex
	m  map[string]*Browser
}

// liveApp returns a browser showing path on the app server with the app
// live, in a w×h viewport (a phone's, mobile, under 500 px wide), and fails
// t at its end for what newCleanBrowser fails a test for during t. It is
// one running app for each page (the calculator or the embed) and
// viewport, which follows a link to path as a reader's click does,
// scrolled to the top with nothing focused or selected, and waits until
// its fields hold the link's values, as the server's page for it has them
// (waitDrawnFields): a fraction of what starting the app again costs, the
// suite's largest cost. What a reader changed that no link holds stays
// when a link is followed, as it does for a reader; so a running app is
// handed on only once it shows what a fresh start would (followLive): its
// viewport set to w×h again and its folds as the server's page for the
// link has them (as a reader sets them), its UI state (uiStateJS: folds,
// sort, pressed buttons) must be the page's, online and on screen, not in
// print; else the app is started again. A failed test's app is closed, so
// that a failure does not spread.
func liveApp(t *testing.T, path string, w, h int) *Browser {
	t.Helper()
	notParallel(t, "liveApp")
	requireChromium(t)
	base := appServer(t)
	page := "calculator"
	if strings.HasPrefix(path, "/embed") {
		page = "embed"
	}
	key := fmt.Sprintf("%s on %s at %d×%d", page, base, w, h)
	liveApps.mu.Lock()
	defer liveApps.mu.Unlock()
	if liveApps.m == nil {
		liveApps.m = map[string]*Browser{}
	}
	b := liveApps.m[key]
	if b != nil && b.Ctx.Err() != nil {
		b.Close()
		b = nil
	}
	if b != nil {
		b.Forget()
		if !followLive(t, b, base+path, w, h) {
			t.Logf("the running app differs from a fresh start in what no link holds: starting it again")
			b.Close()
			b = nil
		}
	}
	fresh := b == nil
	if fresh {
		var err error
		if b, err = openBrowser(max(w, 500), h, true); err != nil {
			t.Fatal(err)
		}
		if w < 500 {
			emulateViewport(t, b, int64(w), int64(h), true)
		}
		liveApps.m[key] = b
	}
	t.Cleanup(func() {
		checkClean(t, b, nil, base)
		if t.Failed() {
			liveApps.mu.Lock()
			delete(liveApps.m, key)
			liveApps.mu.Unlock()
			b.Close()
		}
	})
	if fresh {
		if err := b.Navigate(base + path); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
	}
	return b
}

// followLive has the running app in b follow a link to at, as liveApp
// says, and reports whether it then shows what a fresh start on the link
// would, in a w×h viewport. The window, and each box that scrolls on its
// own (the wide page's inputs, the ranking), are scrolled back to where a
// fresh start has them: the top, the left.
func followLive(t *testing.T, b *Browser, at string, w, h int) bool {
	t.Helper()
	// The viewport as liveApp set it: a test may have laid the page out at
	// other widths.
	emulateViewport(t, b, int64(w), int64(h), w < 500)
	if _, err := Eval[bool](b, `(() => {
		document.activeElement?.blur();
		getSelection().removeAllRanges();
		scrollTo(0, 0);
		for (const e of document.querySelectorAll("#calculator, #calculator *")) if (e.scrollTop || e.scrollLeft) e.scrollTo(0, 0);
		return true;
	})()`); err != nil {
		t.Fatal(err)
	}
	// go-app does not follow a link to the address it last navigated to,
	// which an edit since (written with ReplaceURL) leaves as it was: the
	// last test may have arrived there. A link to another address first
	// makes the one to at a navigation.
	to, err := clickLink(b, at)
	if err == nil {
		if _, err := Poll[bool](b, `location.href === `+jsString(to), 2*time.Second); err != nil {
			u, _ := url.Parse(to)
			u.RawQuery += "&"
			followLinkTo(t, b, u.String())
			to, err = clickLink(b, at)
		}
	}
	if err == nil {
		_, err = Poll[bool](b, `location.href === `+jsString(to), 10*time.Second)
	}
	if err != nil {
		t.Fatalf("the app did not follow the link %s: %v", at, err)
	}
	at = to
	pre := fetchPrerender(t, at)
	waitDrawnFields(t, b, at, pre.fields)
	waitInteractive(t, b)
	// What a reader cannot undo by opening or closing a fold: the
	// viewport, the network, print, a sort, a pressed button.
	type fold struct {
		Name string `json:"name"`
		Open bool   `json:"open"`
	}
	folds, rest := []fold{}, []string{}
	for _, s := range pre.ui {
		if name, open, ok := strings.Cut(s, " open="); ok && strings.HasPrefix(s, "details") {
			folds = append(folds, fold{name, open == "true"})
		} else {
			rest = append(rest, s)
		}
	}
	same, err := Eval[bool](b, `innerWidth === `+fmt.Sprint(w)+` && innerHeight === `+fmt.Sprint(h)+
		` && navigator.onLine && !matchMedia("print").matches && JSON.stringify(`+uiStateJS+`.filter(s => !s.startsWith("details"))) === `+jsString(mustJSON(rest)))
	if err != nil {
		t.Fatal(err)
	}
	if !same {
		live, _ := Eval[[]string](b, uiStateJS)
		env, _ := Eval[string](b, `innerWidth + "×" + innerHeight + (navigator.onLine ? "" : ", offline") + (matchMedia("print").matches ? ", print" : "")`)
		t.Logf("the running app's viewport, network, media or UI state is not a fresh start's on %s (%s, want %d×%d):\n%s", at, env, w, h, lineDiff(live, pre.ui))
		return false
	}
	// The folds, as a reader opens and closes them: each one's toggle
	// event tells the app, as a click on its summary would. A fold is
	// matched by its name, in order, to the page's; one the page does not
	// show lies inside a fold that this pass closes, and is gone in the
	// next.
	repair := `((want) => {
		const state = ` + uiStateJS + `;
		if (JSON.stringify(state) === ` + jsString(mustJSON(pre.ui)) + `) return true;
		const folds = [...document.querySelectorAll("#calculator details")].filter(d => !d.parentElement.closest("details:not([open])"));
		const names = state.filter(s => s.startsWith("details")).map(s => s.slice(0, s.indexOf(" open=")));
		let j = 0;
		folds.forEach((d, i) => {
			if (j < want.length && names[i] === want[j].name) {
				if (d.open !== want[j].open) d.open = want[j].open;
				j++;
			}
		});
		return false;
	})(` + mustJSON(folds) + `)`
	if _, err := pollFunc(3*time.Second, func() bool {
		done, err := Eval[bool](b, repair)
		return err == nil && done
	}); err != nil {
		live, _ := Eval[[]string](b, uiStateJS)
		t.Logf("the running app's UI state, against the server's page for %s:\n%s", at, lineDiff(live, pre.ui))
		return false
	}
	return true
}

// browseHandler serves handler on 127.0.0.1, opens a fresh browser
// (newBrowser) with a w×h viewport, and opens the site's root in it; the site and
// the browser end with the test. It returns the browser and the site's URL.
func browseHandler(t *testing.T, handler http.Handler, w, h int) (*Browser, string) {
	t.Helper()
	site, stop, err := ServeHandler(handler)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	b := newBrowser(t, w, h)
	if err := b.Navigate(site + "/"); err != nil {
		t.Fatal(err)
	}
	return b, site
}

// eachSite runs test as the subtests "server" (the app server) and "static"
// (the static build under its sub-path), each with a clean 1280×900 browser
// (newCleanBrowser) and the site's base URL.
func eachSite(t *testing.T, test func(t *testing.T, b *Browser, base string)) {
	for _, site := range []string{"server", "static"} {
		t.Run(site, func(t *testing.T) {
			requireChromium(t)
			base := appServer(t)
			if site == "static" {
				base = staticSite(t)
			}
			test(t, newCleanBrowser(t, 1280, 900, base), base)
		})
	}
}

// eachLiveSite runs test as the subtests "server" and "static", as
// eachSite does, with the app live on path: on the server the running app
// (liveApp, 1280×900), on the static build under its sub-path a new page,
// the app's start on a copy prerendered for no query.
func eachLiveSite(t *testing.T, path string, test func(t *testing.T, b *Browser, base string)) {
	t.Run("server", func(t *testing.T) {
		b := liveApp(t, path, 1280, 900)
		test(t, b, appServer(t))
	})
	t.Run("static", func(t *testing.T) {
		requireChromium(t)
		base := staticSite(t)
		b := newCleanBrowser(t, 1280, 900, base)
		if err := b.Navigate(base + path); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		test(t, b, base)
	})
}

// openApp returns a browser showing path on the app server, with the app
// live, in a 1280×900 viewport: liveApp's.
func openApp(t *testing.T, path string) *Browser {
	t.Helper()
	return liveApp(t, path, 1280, 900)
}

// newCleanBrowser is newBrowser, and when the test ends it fails the test if
// any request went anywhere but the allowed origins or if the page logged a
// console error or threw.
func newCleanBrowser(t testing.TB, w, h int, allowed ...string) *Browser {
	t.Helper()
	return newCleanBrowserAllowing(t, w, h, nil, allowed...)
}

// newCleanBrowserAllowing is newCleanBrowser that accepts the console errors
// holding one of expected (such as the failed fetch of a blocked file).
func newCleanBrowserAllowing(t testing.TB, w, h int, expected []string, allowed ...string) *Browser {
	t.Helper()
	b := newBrowser(t, w, h)
	t.Cleanup(func() { checkClean(t, b, expected, allowed...) })
	return b
}

// newWasmBlockedBrowser is a clean browser on base in which app.wasm cannot
// be fetched (blockWasm): the prerendered page and boot.js alone.
func newWasmBlockedBrowser(t testing.TB, w, h int, base string) *Browser {
	t.Helper()
	b := newCleanBrowserAllowing(t, w, h, wasmBlockedErrs, base)
	blockWasm(t, b)
	return b
}

// openHostPage serves page, an HTML document, as another site's page (on
// another 127.0.0.1 port, until t ends) and opens it in a clean browser at
// 1280 × 900 that may also reach framed, the origins of its frames.
func openHostPage(t testing.TB, page string, framed ...string) *Browser {
	t.Helper()
	host, stop, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	b := newCleanBrowser(t, 1280, 900, append([]string{host}, framed...)...)
	if err := b.Navigate(host + "/"); err != nil {
		t.Fatal(err)
	}
	return b
}

// checkClean fails t for off-origin requests and for console errors that
// hold none of expected.
func checkClean(t testing.TB, b *Browser, expected []string, allowed ...string) {
	t.Helper()
	if off := b.OffOrigin(allowed...); len(off) > 0 {
		t.Errorf("requests left the page's origin (%s):\n  %s", strings.Join(allowed, ", "), strings.Join(off, "\n  "))
	}
	var errs []string
	for _, e := range b.ConsoleErrors() {
		if !slices.ContainsFunc(expected, func(x string) bool { return strings.Contains(e, x) }) {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		t.Errorf("console errors or exceptions:\n  %s", strings.Join(errs, "\n  "))
	}
}

// shotsDir returns the folder to write screenshots for a person to look
// at, $EF_SHOTS, made if need be, or "" when the run was not asked for
// them: a screenshot costs the browser a full-page raster, and asserts
// nothing.
func shotsDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		return ""
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// saveShot writes a full-page screenshot of b to name in shotsDir, when
// the run was asked for screenshots.
func saveShot(t testing.TB, b *Browser, name string) {
	t.Helper()
	dir := shotsDir(t)
	if dir == "" {
		return
	}
	png, err := b.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", file)
}
