//go:build !wasm

package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestInstallButton: the Install button shows only where the browser can
// install the app (outside a browser, nowhere); on Apple's browsers, which
// have no install prompt, it unfolds the steps to install, and folds them
// again; elsewhere it asks for the browser's prompt and shows no steps.
func TestInstallButton(t *testing.T) {
	const steps = "To install: tap Share, then Add to Home Screen (Safari on iPhone and iPad), or File → Add to Dock (Safari on Mac)."

	s := &installButton{installable: true, apple: true}
	s.OnMount(app.Context{})
	if html := app.HTMLString(s); strings.Contains(html, `id="install"`) || s.apple {
		t.Errorf("outside a browser the install button shows (apple %t): %s", s.apple, html)
	}

	s = &installButton{installable: true, apple: true}
	html := app.HTMLString(s)
	if got, _ := attr(html, "install", "aria-expanded"); got != "false" {
		t.Errorf("the Apple install button's aria-expanded is %q before a press, want false", got)
	}
	if strings.Contains(html, `id="install-help"`) {
		t.Error("the steps to install show before the button is pressed")
	}
	s.onInstall(app.Context{}, app.Event{})
	html = app.HTMLString(s)
	if got, _ := attr(html, "install", "aria-expanded"); got != "" { // go-app writes true bare
		t.Errorf("after a press the Apple install button's aria-expanded is %q, want true", got)
	}
	if got := text(html, "install-help"); got != steps {
		t.Errorf("after a press #install-help says %q, want %q", got, steps)
	}
	s.onInstall(app.Context{}, app.Event{})
	if strings.Contains(app.HTMLString(s), `id="install-help"`) {
		t.Error("a second press leaves the steps to install open")
	}

	s = &installButton{installable: true}
	s.onInstall(app.Context{}, app.Event{})
	if html := app.HTMLString(s); strings.Contains(html, `id="install-help"`) {
		t.Error("the steps for Apple's browsers show on another browser")
	} else if got, _ := attr(html, "install", "aria-expanded"); got != "false" {
		t.Errorf("elsewhere the install button's aria-expanded is %q, want false", got)
	}
}

// TestAppStatus: outside a browser, where service workers are allowed and
// no update is waiting, the app status says nothing; a waiting update is
// announced with a Reload button, and a frame whose page allows no storage
// says that it works only online.
func TestAppStatus(t *testing.T) {
	s := &appStatus{update: true, noOffline: true}
	s.OnMount(app.Context{})
	if html := app.HTMLString(s); strings.Contains(html, `id="update-notice"`) || strings.Contains(html, `id="no-offline"`) {
		t.Errorf("with no update and service workers allowed the status says something: %s", html)
	}

	html := app.HTMLString(&appStatus{update: true})
	if !strings.Contains(html, "A new version of Energy Floor is ready. ") || text(html, "reload") != "Reload" {
		t.Errorf("a waiting update is not announced with a Reload button: %s", html)
	}
	if strings.Contains(html, `id="no-offline"`) {
		t.Error("the offline message shows where service workers are allowed")
	}
	want := "This frame cannot keep the calculator for offline use (the page around it allows no storage); it works while you are online."
	if got := text(app.HTMLString(&appStatus{noOffline: true}), "no-offline"); got != want {
		t.Errorf("#no-offline says %q, want %q", got, want)
	}
}
