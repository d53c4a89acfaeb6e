package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestFirstVisitWithWasmHeldBack follows a first visit whose app.wasm is
// slow to arrive (held back here), on the server and on the static build
// under its sub-path:
//   - before the wasm: the first HTML already shows the results, uncovered
//     by go-app's loader, and paints first: with a CPU 4 times slower, which
//     holds the first paint back well past boot.js's arrival, the app's
//     scripts and wasm are requested only after it (startedBeforePaint).
//     The figures are current ("yes");
//   - the visitor changes the prerendered form (two selects, three text
//     fields, the focus left in the last one): the figures are marked not
//     current ("no") at once, and the app does not start;
//   - the wasm let through, go-app's fresh page keeps every change, marks
//     the figures current once it has applied them, with the CLI's figures,
//     and gives the focus back, so typing goes on where it stopped;
//   - while the live page still shows the prerendered lower sections, it
//     hides, in their place (data-stale), the copies whose figures are for
//     other inputs than the fields': no frame shows a copy that says other
//     than the live section (staleFrames).
func TestFirstVisitWithWasmHeldBack(t *testing.T) {
	parallel(t)
	eachSite(t, func(t *testing.T, b *Browser, base string) {
		if err := b.AddScriptOnNewDocument(staleFrames); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(b.Ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
			t.Fatal(err)
		}
		release := navigateHoldingWasm(t, b, base+"/")
		if started, err := Eval[bool](b, wasmStarted); err != nil || started {
			t.Fatalf("wasm started while app.wasm was held back (started=%v, err=%v)", started, err)
		}
		requireVisible(t, b, selPerMonth, true)
		requireVisible(t, b, selPerRequest, true)
		requireVisible(t, b, selCaveat, false)
		requireVisible(t, b, selCitation, false)
		if _, err := Poll[bool](b, `performance.getEntriesByName("first-contentful-paint").length > 0`, 20*time.Second); err != nil {
			t.Fatalf("no first contentful paint: %v", err)
		}
		if _, err := chromedp.Call(b.Ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
			t.Fatal(err)
		}
		if got := current(t, b); got != "yes" {
			t.Errorf("before any edit, data-current %q, want yes", got)
		}

		want := inputs{Workload: "lm-arena-chat", Tokens: "3B", Output: "800", ITL: "12", Pct: "p95", GPU: "H100"}
		for _, step := range []struct {
			name string
			do   func() error
		}{
			{"percentile", func() error { return b.Select(selPercentile, want.Pct) }},
			{"gpu", func() error { return b.Select(selGPU, want.GPU) }},
			{"tokens", func() error { return b.Type(selTokens, want.Tokens) }},
			{"output", func() error { return b.Type(selOutput, want.Output) }},
			{"itl", func() error { return b.Type(selITL, want.ITL) }},
		} {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if step.name == "tokens" {
				waitCurrent(t, b, "no", 5*time.Second)
			}
		}
		if started, err := Eval[bool](b, wasmStarted); err != nil || started {
			t.Fatalf("wasm started while app.wasm was held back (started=%v, err=%v)", started, err)
		}

		release()
		waitInteractive(t, b)
		if early, err := Eval[string](b, startedBeforePaint); err != nil || early != "" {
			t.Errorf("on a first visit, started before the first contentful paint: %q (err %v)", early, err)
		}
		waitCurrent(t, b, "yes", 10*time.Second)

		got := readState(t, b)
		for _, c := range []struct{ name, got, want string }{
			{"percentile", got.Pct, want.Pct}, {"gpu", got.GPU, want.GPU},
			{"tokens", got.Tokens, want.Tokens}, {"output", got.Output, want.Output}, {"itl", got.ITL, want.ITL},
		} {
			if c.got != c.want {
				t.Errorf("%s: the app shows %q, the visitor typed %q before it started", c.name, c.got, c.want)
			}
		}
		want.Model = got.Model
		waitResults(t, b, cliExpect(t, want), 5*time.Second)
		checkStaleCopiesHidden(t, b)

		focused, err := Eval[string](b, `document.activeElement?.id ?? ""`)
		if err != nil {
			t.Fatal(err)
		}
		if focused != selITL[1:] {
			t.Fatalf("the focus is on %q, want %s, where the visitor was typing", focused, selITL)
		}
		// The next key lands in the field, after what was typed, and the
		// app, still running, takes it (12 -> 120 ms changes the floor).
		before, _, err := readWh(b, selPerMonth)
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(b.Ctx, chromedp.KeyEvent("0")); err != nil {
			t.Fatal(err)
		}
		want.ITL += "0"
		if v, err := Poll[string](b, `document.querySelector("`+selITL+`").value === "`+want.ITL+`" ? "ok" : ""`, 5*time.Second); err != nil || v != "ok" {
			v, _ := fieldValue(b, selITL)
			t.Fatalf("after one more key %s shows %q, want %q", selITL, v, want.ITL)
		}
		if _, err := b.WaitAttrChange(selPerMonth, "data-wh", before.String(), 5*time.Second); err != nil {
			t.Fatalf("the key typed after the start did not change %s: %v", selPerMonth, err)
		}
		waitResults(t, b, cliExpect(t, want), 5*time.Second)
	})
}

// checkStaleCopiesHidden checks staleFrames' record in b, whose live page
// shows the figures for inputs typed before the wasm started: some frames
// showed the prerendered copies, some copy was hidden, and no copy shown
// said other than the live section says now.
func checkStaleCopiesHidden(t *testing.T, b *Browser) {
	t.Helper()
	type record struct {
		CopyFrames, Hidden int
		Seen               map[string][]string
	}
	rec, err := Eval[record](b, `window.__stale`)
	if err != nil {
		t.Fatal(err)
	}
	if rec.CopyFrames == 0 || rec.Hidden == 0 {
		t.Fatalf("%d frames showed copies, %d hid one: the test saw no stale copy", rec.CopyFrames, rec.Hidden)
	}
	live, err := Eval[map[string]string](b, `({ranking: (document.querySelector("#ranking-table")?.textContent ?? "").replace(/\s+/g, ""),
		published: (document.querySelector("#results .published")?.textContent ?? "").replace(/\s+/g, ""),
		equivalents: (document.querySelector("#equivalents")?.textContent ?? "").replace(/\s+/g, "")})`)
	if err != nil {
		t.Fatal(err)
	}
	for k, texts := range rec.Seen {
		for _, text := range texts {
			if text != live[k] {
				t.Errorf("a frame showed the prerendered %s for other inputs than the fields': %.120s…", k, text)
				break
			}
		}
	}
}

// typeDuringStart, run before a page's scripts, types 4.5B into the
// prerendered #tokens-per-month (and leaves the focus there) in the task
// after the app marks ef:nav: while the app has started but yields to the
// browser before its first page replaces the prerendered one.
const typeDuringStart = `(() => {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (name === "ef:nav") setTimeout(() => {
      const f = document.getElementById("tokens-per-month");
      f.focus();
      f.value = "4.5B";
      f.dispatchEvent(new Event("input", { bubbles: true }));
      self.__efTypedLive = !!document.querySelector("#calculator.live");
    }, 0);
    return entry;
  };
})()`

// TestTypedWhileTheAppStartsIsKept types into the prerendered form after
// the app has started but before its first page has replaced the
// prerendered one (the app yields to the browser around its first decode):
// the live page keeps what was typed, with the focus, and shows the CLI's
// figures for it. Read only at the app's start, such an edit was lost.
func TestTypedWhileTheAppStartsIsKept(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.AddScriptOnNewDocument(typeDuringStart); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(base + "/"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if live, err := Eval[bool](b, `self.__efTypedLive === false`); err != nil || !live {
		t.Fatalf("the edit was not made on the prerendered page (err %v)", err)
	}
	got := readState(t, b)
	if got.Tokens != "4.5B" {
		t.Errorf("the app shows %q tokens a month, the visitor typed 4.5B while it started", got.Tokens)
	}
	want := got
	want.Tokens = "4.5B"
	waitResults(t, b, cliExpect(t, want), 5*time.Second)
	if focused, _ := Eval[string](b, `document.activeElement?.id ?? ""`); focused != selTokens[1:] {
		t.Errorf("the focus is on %q, want %s, where the visitor was typing", focused, selTokens)
	}
}

// typeDuringPause, run before a page's scripts, types 4.5B into the
// prerendered #tokens-per-month in the task after the app marks ef:nav (the
// first page is drawn with it), then, in the task after ef:mount-paused
// (half the first page is mounted, the prerendered page still stands),
// types self.__efPauseText there, or puts back the prerendered value when
// that is "". The focus stays in the field, unless self.__efNoFocus is set
// (as a script fills a field in).
const typeDuringPause = `(() => {
  const mark = performance.mark.bind(performance);
  const type = (text) => {
    const f = document.getElementById("tokens-per-month");
    if (!self.__efNoFocus) f.focus();
    f.value = text === "" ? f.defaultValue : text;
    f.dispatchEvent(new Event("input", { bubbles: true }));
    return !document.querySelector("#calculator.live");
  };
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (name === "ef:nav") setTimeout(() => { self.__efTypedPre = type("4.5B"); }, 0);
    if (name === "ef:mount-paused") setTimeout(() => { self.__efTypedPaused = type(self.__efPauseText); }, 0);
    return entry;
  };
})()`

// TestTypedWhileTheFirstPageMountsIsKept: an edit made while the first
// page's mount pauses (after the prerendered form was read once) is kept
// too, with the focus, and the figures follow it; so is an edit undone then.
func TestTypedWhileTheFirstPageMountsIsKept(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	for _, tt := range []struct {
		name, paused, want string
		noFocus            bool
	}{
		{"changed again", "3B", "3B", false},
		{"put back", "", "1B", false},
		{"changed again without the focus", "3B", "3B", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			setup := fmt.Sprintf("self.__efPauseText = %s; self.__efNoFocus = %t;", jsString(tt.paused), tt.noFocus)
			if err := b.AddScriptOnNewDocument(setup + typeDuringPause); err != nil {
				t.Fatal(err)
			}
			if err := b.Navigate(base + "/"); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			if ok, err := Eval[bool](b, `self.__efTypedPre === true && self.__efTypedPaused === true`); err != nil || !ok {
				t.Fatalf("the edits were not both made on the prerendered page (err %v)", err)
			}
			got := readState(t, b)
			if got.Tokens != tt.want {
				t.Errorf("the app shows %q tokens a month, want %q, the field's last text before the first page", got.Tokens, tt.want)
			}
			want := got
			want.Tokens = tt.want
			waitResults(t, b, cliExpect(t, want), 5*time.Second)
			if focused, _ := Eval[string](b, `document.activeElement?.id ?? ""`); !tt.noFocus && focused != selTokens[1:] {
				t.Errorf("the focus is on %q, want %s, where the visitor was typing", focused, selTokens)
			}
		})
	}
}

// TestSelectionKeptThroughTheTakeOver: a visitor who selected the whole
// monthly volume to retype it while the app started (app.wasm held back)
// finds it still selected in the app's page, so the number typed next
// replaces it: "4B", not "1B4B", which would be refused and leave the
// figures at 1B's.
func TestSelectionKeptThroughTheTakeOver(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	release := navigateHoldingWasm(t, b, base+"/")
	if err := chromedp.Do(b.Ctx, chromedp.Click(selTokens, chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if _, err := Eval[bool](b, `(f => { f.select(); return true })(document.querySelector("`+selTokens+`"))`); err != nil {
		t.Fatal(err)
	}
	release()
	waitInteractive(t, b)
	sel, err := Eval[string](b, `(f => document.activeElement === f ? f.selectionStart + "-" + f.selectionEnd + " of " + f.value.length : "not focused")(document.querySelector("`+selTokens+`"))`)
	if err != nil || sel != "0-2 of 2" {
		t.Fatalf("the app's %s has selection %q (err %v), want the whole \"1B\" the visitor selected: 0-2 of 2", selTokens, sel, err)
	}
	if err := chromedp.Do(b.Ctx, chromedp.KeyEvent("4B")); err != nil {
		t.Fatal(err)
	}
	if v, err := Poll[string](b, `document.querySelector("`+selTokens+`").value === "4B" ? "ok" : null`, 5*time.Second); err != nil || v != "ok" {
		v, _ := fieldValue(b, selTokens)
		t.Fatalf("after typing 4B over the selection %s shows %q, want \"4B\"", selTokens, v)
	}
	want := readState(t, b)
	want.Tokens = "4B"
	waitResults(t, b, cliExpect(t, want), 5*time.Second)
}
