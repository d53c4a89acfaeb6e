package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Issue 32, items 1 and 6: the embed leads with its figures, the caveat and
// the citation, its inputs folded after them; on a phone the main page keeps
// a summary of the headline figures in view while a field is edited.

// emulateViewport lays the page out in a w×h viewport (a phone's when
// mobile), which headless Chromium's window cannot be under 500 px wide, and
// checks innerWidth.
func emulateViewport(t testing.TB, b *Browser, w, h int64, mobile bool) {
	t.Helper()
	if _, err := chromedp.Call(b.Ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: w, Height: h, DeviceScaleFactor: 1, Mobile: mobile}); err != nil {
		t.Fatal(err)
	}
}

// requireInnerWidth fails t unless the page is laid out w px wide.
func requireInnerWidth(t testing.TB, b *Browser, w int) {
	t.Helper()
	if got, err := Eval[int](b, `innerWidth`); err != nil || got != w {
		t.Fatalf("innerWidth %d (err %v), want %d", got, err, w)
	}
}

// disableScripts turns JavaScript off for the tab's next pages.
func disableScripts(t testing.TB, b *Browser) {
	t.Helper()
	if _, err := chromedp.Call(b.Ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
}

// embedLayout is where the embed draws its parts, in px from the page's top.
type embedLayout struct {
	FiguresBottom  float64  `json:"figuresBottom"`
	CaveatTop      float64  `json:"caveatTop"`
	CaveatBottom   float64  `json:"caveatBottom"`
	CitationTop    float64  `json:"citationTop"`
	CitationBottom float64  `json:"citationBottom"`
	FoldTop        float64  `json:"foldTop"`
	FoldOpen       bool     `json:"foldOpen"`
	FormInFold     bool     `json:"formInFold"`
	FormShown      bool     `json:"formShown"`
	Between        []string `json:"between"` // the elements between the figures and the caveat's panel
}

const readEmbedLayout = `(() => {
	const top = (el) => el.getBoundingClientRect().top + scrollY, bottom = (el) => el.getBoundingClientRect().bottom + scrollY;
	const figures = document.querySelector("#results .headline"), caveat = document.getElementById("caveat"),
		citation = document.getElementById("citation"), fold = document.getElementById("inputs-fold"),
		form = document.getElementById("inputs"), panel = caveat.closest("section");
	const between = [];
	for (let el = figures.nextElementSibling; el && el !== panel; el = el.nextElementSibling) between.push(el.id || el.className || el.tagName);
	if (figures.parentElement !== panel.parentElement) between.push("(the caveat is not the figures' sibling)");
	return {figuresBottom: bottom(figures), caveatTop: top(caveat), caveatBottom: bottom(caveat),
		citationTop: top(citation), citationBottom: bottom(citation), foldTop: fold ? top(fold) : -1,
		foldOpen: !!fold && fold.open, formInFold: !!fold && fold.contains(form),
		formShown: form.checkVisibility(), between};
})()`

// TestEmbedFiguresFirst: at 600 px wide the embed's figures end within its
// first 400 px; right after them come the line of inputs, which folds the
// form, and the caveat and the citation; with JavaScript on (the app's
// render) and off (the server's prerender). A link with a bad value opens
// the fold.
func TestEmbedFiguresFirst(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	in := inputs{Tokens: "2B", ITL: "80", Model: defaultModel}
	for _, js := range []bool{true, false} {
		t.Run(map[bool]string{true: "JavaScript on", false: "JavaScript off"}[js], func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			emulateViewport(t, b, 600, 900, false)
			if !js {
				disableScripts(t, b)
			}
			if err := b.Navigate(base + "/embed" + in.query()); err != nil {
				t.Fatal(err)
			}
			if js {
				waitInteractive(t, b)
			}
			waitResults(t, b, cliExpect(t, in), 5*time.Second)
			requireInnerWidth(t, b, 600)
			l, err := Eval[embedLayout](b, readEmbedLayout)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("layout: %+v", l)
			if l.FiguresBottom > 400 {
				t.Errorf("the figures end %.0f px down the frame, want at most 400", l.FiguresBottom)
			}
			// Right after the figures (both pairs): the line of inputs, then
			// the caveat.
			if len(l.Between) != 1 || l.Between[0] != "inputs-fold" {
				t.Errorf("between the figures and the caveat: %q, want the line of inputs (inputs-fold) only", l.Between)
			}
			if gap := l.CaveatTop - l.FiguresBottom; gap < 0 || gap > 120 {
				t.Errorf("the caveat starts %.0f px after the figures end, want 0 to 120", gap)
			}
			if gap := l.CitationTop - l.CaveatBottom; gap < 0 || gap > 40 {
				t.Errorf("the citation starts %.0f px after the caveat ends, want 0 to 40", gap)
			}
			if !l.FormInFold || l.FoldTop < l.FiguresBottom || l.FoldTop > l.CaveatTop {
				t.Errorf("the form is not in a fold between the figures and the caveat (in fold %v, fold at %.0f, figures end %.0f, caveat at %.0f)",
					l.FormInFold, l.FoldTop, l.FiguresBottom, l.CaveatTop)
			}
			if l.FoldOpen || l.FormShown {
				t.Errorf("the inputs are unfolded (open %v, form shown %v) for a link whose values are good", l.FoldOpen, l.FormShown)
			}
			requireVisible(t, b, selCaveat, false)
			requireVisible(t, b, selCitation, false)
			if js {
				saveShot(t, b, "embed-600.png")
			}

			// A link with a value the calculator cannot use opens the fold
			// with the field's message.
			bad := in
			bad.Tokens = "lots"
			if err := b.Navigate(base + "/embed" + bad.query()); err != nil {
				t.Fatal(err)
			}
			if js {
				waitInteractive(t, b)
			}
			if open, err := Eval[bool](b, `document.getElementById("inputs-fold").open && document.getElementById("inputs").checkVisibility()`); err != nil || !open {
				t.Errorf("a link with tokens=lots leaves the inputs folded (err %v)", err)
			}
			requireVisible(t, b, selTokens, false)
			if msg, err := Eval[string](b, fieldMessageJS(selTokens)); err != nil || msg == "" {
				t.Errorf("no message next to the tokens field for tokens=lots (err %v)", err)
			}
		})
	}
}

// TestEmbedFoldKeepsItsState: unfolded and typed into as the app starts
// (on that use), the embed's inputs stay unfolded, with the typed value and the focus, once
// the app has taken over, and the figures follow; the app's renders leave the
// fold as the reader sets it.
func TestEmbedFoldKeepsItsState(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	emulateViewport(t, b, 600, 900, false)
	if err := b.Navigate(base + "/embed"); err != nil {
		t.Fatal(err)
	}
	// Unfolds the inputs first (a click on the summary), then clicks into
	// the field, which starts the app (the embed starts on use), and types
	// while it starts.
	if err := b.TypeKeys(selTokens, "4B"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	want := inputs{Tokens: "4B", Model: defaultModel}
	waitResults(t, b, cliExpect(t, want), 10*time.Second)
	state, err := Eval[string](b, `[document.getElementById("inputs-fold").open, document.activeElement?.id, document.getElementById("tokens-per-month").value].join(" ")`)
	if err != nil || state != "true tokens-per-month 4B" {
		t.Errorf("after the take-over: fold open, focus, value = %q (err %v), want \"true tokens-per-month 4B\"", state, err)
	}
	// Folded by the reader, the inputs stay folded through the app's renders.
	if _, err := Eval[bool](b, `document.querySelector("#inputs-fold > summary").click(), true`); err != nil {
		t.Fatal(err)
	}
	if err := b.Select(selGPU, "H100"); err != nil {
		t.Fatal(err)
	}
	want.GPU = "H100"
	waitResults(t, b, cliExpect(t, want), 10*time.Second)
	if open, err := Eval[bool](b, `document.getElementById("inputs-fold").open`); err != nil || open {
		t.Errorf("a render after the reader folded the inputs unfolded them (err %v)", err)
	}
}

// summaryState is the phone summary as a reader and a screen reader get it.
type summaryState struct {
	Problem string `json:"problem"` // "" when it is in the viewport, uncovered
	Wh      string `json:"wh"`
	MonthWh string `json:"monthWh"`
	Text    string `json:"text"`
	Month   string `json:"month"`
	Stale   bool   `json:"stale"` // the "not for the fields' values" mark shows
	Struck  bool   `json:"struck"`
}

const readSummary = `(() => {
	const s = document.getElementById("figures-summary"), m = document.getElementById("energy-per-month");
	const r = s.getBoundingClientRect();
	let problem = "";
	if (!s.checkVisibility()) problem = "not shown";
	else if (r.top < -1 || r.bottom > innerHeight + 1) problem = "outside the viewport: " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of " + innerHeight;
	else {
		const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (!hit || !s.contains(hit)) problem = "covered by " + (hit ? hit.outerHTML.slice(0, 120) : "nothing");
	}
	const strong = s.querySelector("strong");
	return {problem, wh: s.dataset.wh ?? "<none>", monthWh: m.dataset.wh, text: s.textContent, month: m.textContent,
		stale: s.querySelector(".summary-stale").checkVisibility(),
		struck: getComputedStyle(strong).textDecorationLine.includes("line-through")};
})()`

// focusField focuses the field sel as a tap or Tab does (the browser
// scrolls it into view) and fails t if the summary then covers it.
func focusField(t testing.TB, b *Browser, sel string) {
	t.Helper()
	if _, err := Eval[bool](b, fmt.Sprintf(`document.querySelector(%s).focus(), true`, jsString(sel))); err != nil {
		t.Fatalf("focusing %s: %v", sel, err)
	}
	time.Sleep(100 * time.Millisecond) // the scroll into view
	msg, err := Eval[string](b, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s), r = el.getBoundingClientRect();
		if (document.activeElement !== el) return "not focused";
		if (r.top < -1 || r.bottom > innerHeight + 1) return "out of view: " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of " + innerHeight + ", scrollY " + scrollY;
		const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
		return hit === el || el.contains(hit) ? "" : "covered by " + (hit ? hit.outerHTML.slice(0, 120) : "nothing");
	})()`, jsString(sel)))
	if err != nil || msg != "" {
		t.Fatalf("the focused %s: %s (err %v)", sel, msg, err)
	}
}

// TestPhoneSummaryInView: on a 375×800 phone, whichever field of the form
// has the focus, the summary of the headline figures is in the viewport,
// uncovered, with #energy-per-month's data-wh; it follows an edit, is marked
// while the figures are not current, and screen readers do not get it (the
// month's figure is in the accessibility tree once). With JavaScript off the
// prerendered summary is in view too; before the app runs it is marked as
// soon as web/boot.js marks #results.
func TestPhoneSummaryInView(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	fields := []string{selTokens, selOutput, selITL, selGPU, selModel}
	read := func(t *testing.T, b *Browser) summaryState {
		t.Helper()
		s, err := Eval[summaryState](b, readSummary)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	inView := func(t *testing.T, b *Browser) {
		t.Helper()
		for _, sel := range fields {
			focusField(t, b, sel)
			s := read(t, b)
			if s.Problem != "" {
				t.Errorf("with %s focused the summary is %s", sel, s.Problem)
			}
			if s.Wh != s.MonthWh || s.Wh == "" {
				t.Errorf("the summary's data-wh %q, #energy-per-month's %q", s.Wh, s.MonthWh)
			}
		}
	}

	// openLive shows path in the test's running app on a 375×800 phone
	// (liveApp).
	openLive := func(t *testing.T, path string) *Browser {
		t.Helper()
		b := liveApp(t, path, 375, 800)
		requireInnerWidth(t, b, 375)
		return b
	}

	t.Run("live", func(t *testing.T) {
		b := openLive(t, "/")
		inView(t, b)

		// An edit: the summary follows the figures.
		focusField(t, b, selTokens)
		if err := b.TypeKeys(selTokens, "7B"); err != nil {
			t.Fatal(err)
		}
		want := cliExpect(t, inputs{Tokens: "7B", Model: defaultModel})
		waitResults(t, b, want, 10*time.Second)
		if _, err := Poll[bool](b, `document.getElementById("figures-summary").dataset.wh === document.getElementById("energy-per-month").dataset.wh`, 5*time.Second); err != nil {
			t.Errorf("the summary's data-wh does not follow the edit: %+v", read(t, b))
		}
		s := read(t, b)
		if got := mustDecimal(t, json.Number(s.Wh)); !got.Equal(want.WhPerMonth) {
			t.Errorf("summary data-wh %s, the CLI's Wh per month %s", s.Wh, want.WhPerMonth)
		}
		if s.Problem != "" || !strings.Contains(s.Text, s.Month) || s.Stale || s.Struck {
			t.Errorf("after typing 7B: %+v; want it in view, showing %q, not marked", s, s.Month)
		}
		focusField(t, b, selModel) // the last field of the form: the page has scrolled
		if dir := shotsDir(t); dir != "" {
			png, err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "phone-375-summary.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}

		// A value the calculator cannot use: the figures are not current,
		// and the summary says so, until the value is corrected.
		if err := b.TypeKeys(selTokens, "7Bx"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "no", 5*time.Second)
		if s := read(t, b); !s.Stale || !s.Struck || s.Problem != "" {
			t.Errorf("figures not current: summary %+v, want it in view, struck through, with its mark", s)
		}
		if err := b.TypeKeys(selTokens, "7B"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "yes", 5*time.Second)
		if s := read(t, b); s.Stale || s.Struck {
			t.Errorf("figures current again: summary %+v still marked", s)
		}

		// Screen readers: the month's figure is in the accessibility tree
		// once, from #energy-per-month.
		tree, err := chromedp.Call(b.Ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			t.Fatal(err)
		}
		month := read(t, b).Month
		var named int
		for _, n := range tree.Nodes {
			if !n.Ignored && n.Role != nil && string(n.Role.Value) == `"StaticText"` && n.Name != nil && string(n.Name.Value) == strconv.Quote(month) {
				named++
			}
		}
		if named != 1 {
			t.Errorf("%d accessible texts read %q, want 1 (#energy-per-month's)", named, month)
		}
		if hidden, err := Eval[bool](b, `document.getElementById("figures-summary").getAttribute("aria-hidden") === "true" && !document.getElementById("figures-summary").closest("[aria-live]")`); err != nil || !hidden {
			t.Errorf("the summary is not aria-hidden, or sits in a live region (err %v)", err)
		}
	})

	// With the whole footprint, the factor lines follow the summary at the
	// top of the form and scroll away with it: what stays in view is the
	// energy figures, short enough to leave each focused field's label
	// uncovered.
	t.Run("whole footprint", func(t *testing.T) {
		b := openLive(t, "/?grid=DEU&price=0.3&cur=EUR&embodied=nvidia&life=6&wue=1.15&water=2")
		factors, err := Eval[string](b, `document.getElementById("figures-summary-factors")?.textContent ?? ""`)
		if err != nil || !strings.Contains(factors, "(at Germany's 2024 grid: ") || !strings.Contains(factors, "(manufacture over 6 years: ") {
			t.Errorf("the summary's factor lines read %q (err %v), want the grid's and manufacture's", factors, err)
		}
		inView(t, b)
		for _, sel := range fields {
			focusField(t, b, sel)
			msg, err := Eval[string](b, fmt.Sprintf(`(() => {
				const s = document.getElementById("figures-summary").getBoundingClientRect();
				const l = document.querySelector("label[for=" + %s + "]").getBoundingClientRect();
				const where = "summary " + Math.round(s.top) + " to " + Math.round(s.bottom) + ", label " + Math.round(l.top) + " to " + Math.round(l.bottom);
				if (s.height > innerHeight / 5) return "the summary in view is " + Math.round(s.height) + " px of " + innerHeight + ": " + where;
				return l.top < s.bottom - 1 ? "the summary covers the label: " + where : "";
			})()`, jsString(sel[1:])))
			if err != nil || msg != "" {
				t.Errorf("with %s focused: %s (err %v)", sel, msg, err)
			}
		}
	})

	t.Run("JavaScript off", func(t *testing.T) {
		b := newCleanBrowser(t, 1280, 900, base)
		emulateViewport(t, b, 375, 800, true)
		disableScripts(t, b)
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitResults(t, b, cliExpect(t, inputs{Model: defaultModel}), 5*time.Second)
		requireInnerWidth(t, b, 375)
		inView(t, b)
	})

	t.Run("before the app runs", func(t *testing.T) {
		b := newCleanBrowser(t, 1280, 900, base)
		emulateViewport(t, b, 375, 800, true)
		release := navigateHoldingWasm(t, b, base+"/")
		defer release()
		if err := b.TypeKeys(selTokens, "9B"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "no", 5*time.Second)
		if s := read(t, b); !s.Stale || !s.Struck || s.Problem != "" {
			t.Errorf("an edit before the app runs: summary %+v, want it in view and marked", s)
		}
	})
}

// TestWideLayoutHasNoSummary: where the results sit beside the form, the
// summary is not shown.
func TestWideLayoutHasNoSummary(t *testing.T) {
	b := openApp(t, "/")
	if shown, err := Eval[bool](b, `document.getElementById("figures-summary").checkVisibility()`); err != nil || shown {
		t.Errorf("the summary shows at 1280 px (err %v)", err)
	}
}
