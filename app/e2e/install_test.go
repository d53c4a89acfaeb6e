package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// iPhoneUA is Safari on an iPhone: go-app counts an Apple browser as one
// that can install the app (with Share → Add to Home Screen instructions).
const iPhoneUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

// TestInstallOfferedOnlyOnThePage: where the browser can install the app,
// the page offers it (#install) and the embed, which lives in another
// site's page, does not.
func TestInstallOfferedOnlyOnThePage(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := appServer(t)
	for _, c := range []struct {
		path string
		want bool
	}{{"/", true}, {"/embed", false}} {
		t.Run(c.path, func(t *testing.T) {
			b := newCleanBrowser(t, 375, 800, base)
			if _, err := chromedp.Call(b.Ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: iPhoneUA}); err != nil {
				t.Fatal(err)
			}
			if err := b.Navigate(base + c.path); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			got, err := Eval[bool](b, `!!document.querySelector("#install")`)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("%s offers to install the app: %v, want %v", c.path, got, c.want)
			}
		})
	}
}
