package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// appStatus tells the user when a newer version has been deployed, with a
// Reload button, and says when the page cannot be kept for offline use (a
// frame with an opaque origin); web/boot.js writes into it why the app is
// not running, when it cannot start. The embed (Embed) starts on use: its
// prerendered copy says so, web/boot.js changes the line once it starts the
// app, and the app's page has no such line. (Installation is offered in the
// page's header: installButton.)
type appStatus struct {
	app.Compo
	Embed bool

	noOffline bool
	update    bool
}

// OnMount reads the browser's update state.
func (s *appStatus) OnMount(ctx app.Context) {
	s.update = ctx.AppUpdateAvailable()
	s.noOffline = !serviceWorkerAllowed()
}

// OnAppUpdate shows the update notice once a new version has been fetched.
func (s *appStatus) OnAppUpdate(ctx app.Context) { s.update = ctx.AppUpdateAvailable() }

func (s *appStatus) onReload(ctx app.Context, e app.Event) { ctx.Reload() }

// Render draws the update notice and the offline line, when relevant.
func (s *appStatus) Render() app.UI {
	return app.Div().ID(IDAppStatus).Class("app-status").Body(
		app.If(app.IsServer && s.Embed, func() app.UI {
			// Hidden until boot.js runs: without scripts an edit does not recalculate.
			return app.P().ID(IDStartsOnUse).Class("starts-on-use").Hidden(true).Text("Press Change to edit and recalculate.")
		}),
		app.If(s.noOffline, func() app.UI {
			return app.P().ID("no-offline").Class("no-offline").
				Text("This frame cannot keep the calculator for offline use (the page around it allows no storage); it works while you are online.")
		}),
		app.If(s.update, func() app.UI {
			return app.Div().ID("update-notice").Class("notice", "update").Role("status").Body(
				app.Span().Text("A new version of Energy Floor is ready. "),
				app.Button().ID("reload").Type("button").Text("Reload").OnClick(s.onReload),
			)
		}),
	)
}
