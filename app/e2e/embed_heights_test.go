package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"energyfloor/app/ui"
)

// Issue 52, item 7: the embed is short enough for a blog post, and the
// snippet's and the oEmbed answer's height (ui.EmbedHeight) is what it
// measures.

// embedHeight is what the embed posts as its height: #calculator's, in px,
// rounded up (web/boot/embed.js).
const embedHeight = `Math.ceil(document.getElementById("calculator").getBoundingClientRect().height)`

// TestEmbedHeights measures the prerendered embed, as a reader first sees it
// (and as it posts its height before its app starts), at the snippet's
// width, at 600 px and on a 375 px phone, with the default link and with a
// grid set: at most 1,000 px at 600 and 1,400 px at 375, and at the
// snippet's width the snippet's own height, to within a few px. The app,
// once started, draws the same height.
func TestEmbedHeights(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	const within = 4 // px between ui.EmbedHeight and the measured height
	// One browser: each case is a new page, laid out before the app starts
	// (on use), but the one that then starts it.
	b := newCleanBrowser(t, 1280, 900, base)
	for _, c := range []struct {
		name, query string
		width       int64
		max         float64 // 0: see below
	}{
		{"default at the snippet's width", "", ui.EmbedWidth, 0},
		{"default at 600 px", "", 600, 1000},
		{"default at 375 px", "", 375, 1400},
		{"grid at the snippet's width", "?grid=DEU", ui.EmbedWidth, 850},
		{"grid at 600 px", "?grid=DEU", 600, 1100},
		{"grid at 375 px", "?grid=DEU", 375, 1550},
	} {
		t.Run(c.name, func(t *testing.T) {
			emulateViewport(t, b, c.width, 300, c.width < 500)
			if err := b.Navigate(base + "/embed" + c.query); err != nil {
				t.Fatal(err)
			}
			requireInnerWidth(t, b, int(c.width))
			h, err := Poll[float64](b, `document.fonts.status === "loaded" && `+embedHeight, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("/embed%s at %d px: %.0f px high", c.query, c.width, h)
			switch {
			case c.max == 0 && (h > ui.EmbedHeight+within || h < ui.EmbedHeight-within):
				t.Errorf("the default embed is %.0f px high at %d px; the snippet and the oEmbed answer give it ui.EmbedHeight, %d: set it to the measured height",
					h, c.width, ui.EmbedHeight)
			case c.max > 0 && h > c.max:
				t.Errorf("the embed is %.0f px high at %d px, want at most %.0f", h, c.width, c.max)
			}
			saveShot(t, b, fmt.Sprintf("embed%s-%d.png", map[bool]string{true: "-grid", false: ""}[c.query != ""], c.width))
			if c.width != 600 || c.query != "" {
				return
			}
			waitInteractive(t, b)
			live, err := Poll[float64](b, `document.getElementById("calculator").classList.contains("live") && `+embedHeight, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			// The running app drops the line that it starts on use.
			if d := h - live; d > 30 || d < -within {
				t.Errorf("the running app's embed is %.0f px high, its prerendered page %.0f px", live, h)
			}
		})
	}
}

// TestEmbedChangeOpensInputs: on a phone, "Change" at the end of the line of
// inputs opens the form in place, above the caveat; typing a new volume
// there updates the figures to the CLI's, and the line follows.
func TestEmbedChangeOpensInputs(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	emulateViewport(t, b, 375, 800, true)
	if err := b.Navigate(base + "/embed"); err != nil {
		t.Fatal(err)
	}
	requireInnerWidth(t, b, 375)
	if err := chromedp.Do(b.Ctx, chromedp.Click("#inputs-fold .inputs-change", chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	placed, err := Poll[bool](b, `(() => { const f = document.getElementById("inputs"), c = document.getElementById("caveat");
		return document.getElementById("inputs-fold").open && f.checkVisibility() && f.getBoundingClientRect().bottom <= c.getBoundingClientRect().top || null })()`, 5*time.Second)
	if err != nil || !placed {
		t.Fatalf("Change did not open the form above the caveat: %v", err)
	}
	if err := b.Type(selTokens, "4B"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	waitResults(t, b, cliExpect(t, inputs{Tokens: "4B", Model: defaultModel}), 20*time.Second)
	line, err := Poll[string](b, `(() => { const s = document.querySelector("#inputs-fold > summary").textContent; return s.startsWith("4 billion") ? s : null })()`, 10*time.Second)
	if err != nil {
		t.Errorf("the line of inputs does not follow the typed volume: %v", err)
	}
	t.Logf("line: %q", line)
}
