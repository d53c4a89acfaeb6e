package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// siteFooter shows the app and data versions and the source.
type siteFooter struct {
	app.Compo

	DataVersion string
}

// Render draws the footer.
func (f *siteFooter) Render() app.UI {
	return app.Footer().Class("site-footer").Body(
		app.P().Class("versions").Text(versionLine(f.DataVersion)),
		app.P().Body(
			app.Text("Measurements: "),
			app.A().Href("https://ml.energy/leaderboard/").Target("_blank").Rel("noopener").Text("ML.ENERGY Leaderboard"),
			app.Text(". Works offline; nothing you type leaves this page."),
		),
	)
}

// versionLine names the app and data versions. The app version is go-app's
// GOAPP_VERSION, which go-app's Handler sets from its Version in app.js for
// the browser and, before it prerenders anything, in the server's
// environment. It is unset only where no Handler runs, as in component tests.
func versionLine(dataVersion string) string {
	v := app.Getenv("GOAPP_VERSION")
	if v == "" {
		return "Energy Floor · data version " + dataVersion
	}
	return "Energy Floor " + v + " · data version " + dataVersion
}
