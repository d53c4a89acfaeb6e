package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTrafficScreenshots writes the results with the floor at your traffic
// and the volume chart at 1280 and 375 px, for a person to look at. It runs
// only when asked: EF_SHOTS=dir writes them there. (Where the figure at your
// traffic sits at both widths is TestLayoutWide's and TestLayoutPhone's to
// check.)
func TestTrafficScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to look at; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	for _, w := range []int{1280, 375} {
		b := newCleanBrowser(t, w, 900, base)
		if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(int64(w), 900)); err != nil {
			t.Fatal(err)
		}
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		if width, err := Eval[int](b, `innerWidth`); err != nil || width != w {
			t.Fatalf("innerWidth %d (%v), want %d", width, err, w)
		}
		requireVisible(t, b, "#traffic-per-month", true)
		for _, s := range []struct{ sel, name string }{{"#traffic", "traffic"}, {"#volume-chart", "volume-chart"}} {
			if _, err := Eval[bool](b, `(document.querySelector("`+s.sel+`").scrollIntoView(), true)`); err != nil {
				t.Fatal(err)
			}
			shot, err := chromedp.Run(b.Ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", s.name, w)), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
