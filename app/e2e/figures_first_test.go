package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

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
	const figures = document.querySelector("#results .figures"), caveat = document.getElementById("caveat"),
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
// first 400 px, the caveat and the citation come right after them, and the
// inputs follow, folded; with JavaScript on (the app's render) and off (the
// server's prerender). A link with a bad value opens the fold.
func TestEmbedFiguresFirst(t *testing.T) {
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
			// Right after the figures: at most the per-token line between.
			if !slices.Equal(l.Between, []string{"energy-per-token"}) {
				t.Errorf("between the figures and the caveat: %q, want only the per-token line", l.Between)
			}
			if gap := l.CaveatTop - l.FiguresBottom; gap < 0 || gap > 80 {
				t.Errorf("the caveat starts %.0f px after the figures end, want 0 to 80", gap)
			}
			if gap := l.CitationTop - l.CaveatBottom; gap < 0 || gap > 40 {
				t.Errorf("the citation starts %.0f px after the caveat ends, want 0 to 40", gap)
			}
			if !l.FormInFold || l.FoldTop < l.CitationBottom {
				t.Errorf("the form is not in a fold after the citation (in fold %v, fold at %.0f, citation ends %.0f)", l.FormInFold, l.FoldTop, l.CitationBottom)
			}
			if l.FoldOpen || l.FormShown {
				t.Errorf("the inputs are unfolded (open %v, form shown %v) for a link whose values are good", l.FoldOpen, l.FormShown)
			}
			requireVisible(t, b, selCaveat, false)
			requireVisible(t, b, selCitation, false)
			if js {
				png, err := b.Screenshot()
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(screenshotDir(t), "embed-600.png")
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", file)
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

// TestEmbedFoldKeepsItsState: unfolded and typed into before the app runs,
// the embed's inputs stay unfolded, with the typed value and the focus, once
// the app has taken over, and the figures follow; the app's renders leave the
// fold as the reader sets it.
func TestEmbedFoldKeepsItsState(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	emulateViewport(t, b, 600, 900, false)
	release := navigateHoldingWasm(t, b, base+"/embed")
	if err := b.TypeKeys(selTokens, "4B"); err != nil { // unfolds the inputs first, as a reader's click
		t.Fatal(err)
	}
	release()
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
