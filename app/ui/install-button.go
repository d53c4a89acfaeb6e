package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// installButton, in the full page's header, offers installation when the
// browser allows it (with "Share → Add to Home Screen" instructions on Apple
// browsers, which have no prompt). The embed offers no install: it lives in
// another site's page. Hooks: #install, #install-help.
type installButton struct {
	app.Compo

	installable bool
	apple       bool
	appleHelp   bool
}

// OnMount reads the browser's install state.
func (s *installButton) OnMount(ctx app.Context) {
	s.installable = ctx.IsAppInstallable()
	s.apple = ctx.IsAppleBrowser()
}

// OnAppInstallChange follows the installable state.
func (s *installButton) OnAppInstallChange(ctx app.Context) { s.installable = ctx.IsAppInstallable() }

func (s *installButton) onInstall(ctx app.Context, e app.Event) {
	if s.apple {
		s.appleHelp = !s.appleHelp
		return
	}
	ctx.ShowAppInstallPrompt()
}

// Render draws the button and the Apple instructions, when relevant.
func (s *installButton) Render() app.UI {
	return app.Div().Class("install").Body(
		app.If(s.installable, func() app.UI {
			return app.Button().ID("install").Type("button").Aria("expanded", s.apple && s.appleHelp).
				Text("Install app").OnClick(s.onInstall)
		}),
		app.If(s.appleHelp, func() app.UI {
			return app.P().ID("install-help").Class("install-help").
				Text("To install: tap Share, then Add to Home Screen (Safari on iPhone and iPad), or File → Add to Dock (Safari on Mac).")
		}),
	)
}
