package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"energyfloor/app/ui"
)

// TestResultsScreenshots writes #results, the statement and the estimate at
// 375 and 1280 px wide (results-375.png, statement-1280.png …) for a person
// to read as a first-time reader would. It runs only when asked:
// EF_SHOTS=dir writes them there.
func TestResultsScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to read; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	for _, w := range []int{375, 1280} {
		b := newCleanBrowser(t, w, 900, base)
		emulateViewport(t, b, int64(w), 900, w < 500)
		if err := b.Navigate(base + "/?" + factorsQuery); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		requireInnerWidth(t, b, w)
		for _, s := range []struct{ sel, name string }{{"#results", "results"}, {"#statement", "statement"}, {"#estimate", "estimate"},
			{"#tradeoff", "tradeoff"}, {"#volume", "volume"}} {
			box, err := Eval[[]float64](b, `(() => { const e = document.querySelector(`+jsString(s.sel)+`); if (!e) return [];
				e.scrollIntoView({block: "start"}); const r = e.getBoundingClientRect();
				return [r.left + scrollX, r.top + scrollY, r.width, r.height] })()`)
			if err != nil || len(box) != 4 || box[3] == 0 {
				t.Fatalf("no %s at %d px: %v %v", s.sel, w, box, err)
			}
			beyond := true
			res, err := chromedp.Call(b.Ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng,
				CaptureBeyondViewport: &beyond, Clip: &page.Viewport{X: box[0], Y: box[1], Width: box[2], Height: box[3], Scale: 1}})
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", s.name, w))
			if err := os.WriteFile(file, res.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", file)
		}
	}
}

// TestEmbedHeightShowsTraffic opens the embed at the snippet's width and
// checks that the snippet's default height, and the oEmbed answer's for a
// permalink, show its figures down to those at your traffic, so a frame
// without the height script does not hide them; and that the embed names
// its workload and says what a reader can do.
func TestEmbedHeightShowsTraffic(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	// A viewport shorter than the embed, so that the document's scroll
	// height is the embed's own, not the viewport's.
	b := newCleanBrowser(t, ui.EmbedWidth, 300, base)
	emulateViewport(t, b, ui.EmbedWidth, 300, false)
	if err := b.Navigate(base + "/embed"); err != nil {
		t.Fatal(err)
	}
	bottom, err := Poll[float64](b, `(() => { const e = document.querySelector("#traffic-per-month")?.closest(".figure"); if (!e) return null;
		const r = e.getBoundingClientRect(); return r.bottom + scrollY })()`, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := Eval[float64](b, `document.documentElement.scrollHeight`)
	t.Logf("at %d px the figures at your traffic end at %.0f px; the embed is %.0f px high", ui.EmbedWidth, bottom, full)
	if bottom > ui.EmbedHeight || full > ui.EmbedHeight {
		t.Errorf("the figures at your traffic end at %.0f px and the embed at %.0f px, below the snippet's height of %d px", bottom, full, ui.EmbedHeight)
	}
	heading, _ := Eval[string](b, `document.querySelector("#results-h").textContent`)
	if !strings.Contains(heading, "Text Conversation") {
		t.Errorf("the embed's heading %q does not name its workload", heading)
	}
	if line, _ := Eval[string](b, `document.querySelector("#starts-on-use")?.textContent ?? ""`); line != "Press Change to edit and recalculate." {
		t.Errorf("the embed's status says %q", line)
	}
	// The snippet and the oEmbed answer carry that height.
	res, err := http.Get(base + "/oembed?format=json&url=" + url.QueryEscape(base+"/?tokens=5B"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct {
		Height int `json:"height"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || answer.Height != ui.EmbedHeight {
		t.Errorf("the oEmbed answer's height is %d (%v), want %d", answer.Height, err, ui.EmbedHeight)
	}
}

// TestEmbedBadLinkShowsTheField opens the embed with a bad value in its link
// and checks that its inputs are unfolded above the figures, with the
// field's message next to the field, within the frame's first 640 px.
func TestEmbedBadLinkShowsTheField(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, ui.EmbedWidth, 640, base)
	emulateViewport(t, b, ui.EmbedWidth, 640, false)
	if err := b.Navigate(base + "/embed?tokens=7Bx"); err != nil {
		t.Fatal(err)
	}
	for _, phase := range []string{"prerendered", "running"} {
		if phase == "running" {
			useEmbed(t, b)
			waitInteractive(t, b)
		}
		got, err := Poll[[]any](b, `(() => { const f = document.querySelector("#inputs-fold"), r = document.querySelector("#results"),
			m = document.querySelector("#tokens-per-month-msg"); if (!f || !r || !m) return null;
			return [f.open, !!(f.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING), m.getBoundingClientRect().bottom + scrollY, m.textContent] })()`, 10*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", phase, err)
		}
		if got[0] != true || got[1] != true {
			t.Errorf("%s: the inputs' fold is open %v and above the figures %v; want both", phase, got[0], got[1])
		}
		if bottom, _ := got[2].(float64); bottom > 640 || bottom <= 0 {
			t.Errorf("%s: the field's message %q ends at %.0f px, outside the frame's first 640 px", phase, got[3], bottom)
		}
		if msg, _ := got[3].(string); !strings.Contains(msg, "2.5M") || !strings.Contains(msg, "1e6") {
			t.Errorf("%s: the message %q does not name the forms the field takes", phase, msg)
		}
	}
}
