package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// errorPage replaces the calculator when the bundled dataset fails
// validation: no number is better than a wrong one.
type errorPage struct {
	app.Compo

	// Err is the validation error, shown as text.
	Err string
}

// Render draws the error message.
func (p *errorPage) Render() app.UI {
	return app.Div().ID(IDCalculator).Class("page", "error-page").Body(
		app.H1().Text("Energy Floor"),
		app.Div().ID("data-error").Class("notice", "notice-error").Role("alert").Body(
			app.H2().Text("The bundled dataset failed validation"),
			app.P().Text("Energy Floor shows no figures rather than figures it cannot vouch for. Please report this, with the message below, to the site's maintainers."),
			app.Pre().Class("error-detail").Text(p.Err),
		),
	)
}
