package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// startedBeforePaint lists (as "name at ms") what of wasm_exec.js, app.js and
// app.wasm the page requested before its first contentful paint, or says
// which of them it never requested; "" when all three came after it. A page
// that has not painted by boot.js's maxWait (1 s) starts anyway: a request
// from then on is not early.
const startedBeforePaint = `(() => {
	const fcp = performance.getEntriesByName("first-contentful-paint")[0];
	if (!fcp) return "no first-contentful-paint entry";
	const out = [];
	for (const name of ["wasm_exec.js", "app.js", "app.wasm"]) {
		const e = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.endsWith("/" + name));
		if (!e) out.push(name + " never requested");
		else if (e.startTime < Math.min(fcp.startTime, 1000)) out.push(name + " at " + e.startTime.toFixed(0) + " ms, first paint at " + fcp.startTime.toFixed(0) + " ms");
	}
	return out.join("; ");
})()`

// navigateHoldingWasm loads url while holding back every .wasm request, so
// that the page stays as the server's HTML made it, and returns a func that
// lets the wasm through.
func navigateHoldingWasm(t *testing.T, b *Browser, url string) (release func()) {
	t.Helper()
	return navigateHolding(t, b, url, "*.wasm*", "app.wasm")
}

// navigateHolding loads url while holding back the first request whose URL
// matches pattern (Fetch domain wildcards), named what in failures, and
// returns a func that lets it through and waits until the page has loaded
// (a held stylesheet holds the load event back too).
func navigateHolding(t *testing.T, b *Browser, url, pattern, what string) (release func()) {
	t.Helper()
	held := make(chan fetch.RequestID, 4)
	paused := chromedp.Events(b.Ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			held <- ev.RequestID
		}
	}()
	if _, err := chromedp.Call(b.Ctx, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: pattern, RequestStage: fetch.RequestStageRequest}},
	}); err != nil {
		t.Fatal(err)
	}
	loaded := make(chan error, 1)
	go func() { loaded <- b.Navigate(url) }()
	var id fetch.RequestID
	select {
	case id = <-held:
	case <-time.After(20 * time.Second):
		t.Fatalf("the page never requested %s", what)
	}
	return func() {
		t.Helper()
		if _, err := chromedp.Call(b.Ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(b.Ctx, fetch.Disable, struct{}{}); err != nil {
			t.Fatal(err)
		}
		if err := <-loaded; err != nil {
			t.Fatal(err)
		}
	}
}

// TestInputsUpdateResultsLikeTheCLI changes every input in turn, the way a
// user does, and checks after each change that both results equal what
// `energyfloor -json` prints for the same inputs.
func TestInputsUpdateResultsLikeTheCLI(t *testing.T) {
	b := openApp(t, "/")

	// Start from the page's own defaults, read from its fields.
	state := readState(t, b)
	t.Logf("defaults: %+v", state)
	waitResults(t, b, cliExpect(t, state), 5*time.Second)

	otherModel := func(b *Browser) (string, error) {
		return Eval[string](b, `[...document.querySelector("`+selModel+`").options].map(o => o.value).filter(v => v && v !== document.querySelector("`+selModel+`").value)[0] ?? ""`)
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"tokens typed with a suffix", typeKeys(t, b, selTokens, "2.5B")},
		{"tokens typed with separators", typeKeys(t, b, selTokens, "1,234,567,890")},
		{"output tokens typed", typeKeys(t, b, selOutput, "1200")},
		{"latency target typed", typeKeys(t, b, selITL, "45")},
		{"percentile p99", func() error { return b.Select(selPercentile, "p99") }},
		{"gpu H100", func() error { return b.Select(selGPU, "H100") }},
		{"gpu B200", func() error { return b.Select(selGPU, "B200") }},
		{"another model", func() error {
			m, err := otherModel(b)
			if err != nil || m == "" {
				return fmt.Errorf("no other model to pick (%v)", err)
			}
			return b.Select(selModel, m)
		}},
		{"latency target no configuration meets", typeKeys(t, b, selITL, "1")},
		{"latency target relaxed", typeKeys(t, b, selITL, "250")},
		{"percentile median", func() error { return b.Select(selPercentile, "median") }},
		{"workload gpqa", func() error { return b.Select(selWorkload, "gpqa") }},
		{"workload sourcegraph-fim", func() error { return b.Select(selWorkload, "sourcegraph-fim") }},
		{"gpu either", func() error { return b.Select(selGPU, "") }},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if err := s.do(); err != nil {
				t.Fatal(err)
			}
			// Typed fields keep what was typed; selects may move (a new
			// workload picks a model it has), so read the state back
			// until the page has settled on a state whose results are the
			// CLI's.
			deadline := time.Now().Add(5 * time.Second)
			for {
				st := readState(t, b)
				want, err := cliTry(t, st)
				if err == nil && resultsAre(b, want) {
					t.Logf("%+v → %s Wh/request, %s Wh/month, meets=%v", st, want.WhPerRequest, want.WhPerMonth, want.Meets)
					break
				}
				if time.Now().After(deadline) {
					if err != nil {
						t.Fatalf("after 5 s the page's state is %+v: %v", st, err)
					}
					waitResults(t, b, want, 0)
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			requireVisible(t, b, selChosen, false)
		})
	}
}

// typeKeys returns a step that types text into sel key by key and checks
// that the field kept every key; when it did not (the app re-rendered the
// field with older text while keys arrived), it reports that and pastes the
// text, so that the later steps start from the intended state.
func typeKeys(t *testing.T, b *Browser, sel, text string) func() error {
	return func() error {
		if err := b.TypeKeys(sel, text); err != nil {
			return err
		}
		time.Sleep(100 * time.Millisecond)
		got, err := fieldValue(b, sel)
		if err != nil {
			return err
		}
		if got != text {
			t.Errorf("%s lost keystrokes: typed %q key by key, the field shows %q", sel, text, got)
			return b.Type(sel, text)
		}
		return nil
	}
}

// readState reads every input back from the page.
func readState(t testing.TB, b *Browser) inputs {
	t.Helper()
	var in inputs
	for _, f := range []struct {
		sel string
		dst *string
	}{
		{selWorkload, &in.Workload}, {selTokens, &in.Tokens}, {selOutput, &in.Output}, {selITL, &in.ITL},
		{selPercentile, &in.Pct}, {selGPU, &in.GPU}, {selModel, &in.Model},
	} {
		v, err := fieldValue(b, f.sel)
		if err != nil {
			t.Fatal(err)
		}
		if v == "<missing>" {
			t.Fatalf("the page has no %s", f.sel)
		}
		*f.dst = v
	}
	// An "either" option whose value is not "" is app/server's
	// TestSelectOptionsAreURLValues's to report; read it as "" here so
	// the other checks go on.
	if in.GPU != "H100" && in.GPU != "B200" {
		in.GPU = ""
	}
	return in
}

// TestScreenshots writes full-page screenshots of the calculator and the
// embed at 1280 and 375 px wide, for a person to look at, and checks that
// nothing overflows the narrow viewport sideways. It runs only when asked:
// EF_SHOTS=dir writes them there. (That the page and the embed do not
// scroll sideways at 375 and 320 px is TestHeadlineFiguresFit's to check,
// and TestLayoutPhone's for the factor pages.)
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to look at; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	for _, p := range []struct{ name, path string }{{"calculator", "/"}, {"embed", "/embed"}} {
		t.Run(p.name, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + p.path); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			for _, w := range []int{1280, 375} {
				emulateViewport(t, b, int64(w), 900, false)
				requireInnerWidth(t, b, w)
				overflow, err := Eval[int](b, `document.documentElement.scrollWidth - window.innerWidth`)
				if err != nil {
					t.Fatal(err)
				}
				if overflow > 0 {
					t.Errorf("at %d px the page is %d px wider than the viewport", w, overflow)
				}
				png, err := b.Screenshot()
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", p.name, w))
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", file)
			}
		})
	}
}
