package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// calculator is the full calculator page. (Placeholder until the UI lands.)
type calculator struct {
	app.Compo
}

func newCalculator() *calculator { return &calculator{} }

// Render draws the page.
func (c *calculator) Render() app.UI {
	return app.Main().Body(app.H1().Text("Energy Floor"))
}
