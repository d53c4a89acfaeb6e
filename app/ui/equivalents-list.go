package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// equivalentsList restates the floor, per request and per month, in
// everyday energies (floor.Equivalents), each with its source. Hooks:
// #equivalents; each row has data-of (the id of the figure it restates,
// floor.OfEnergyPerRequest or floor.OfEnergyPerMonth), data-per-unit-wh,
// data-count (the figure's Wh ÷ data-per-unit-wh, unrounded) and
// data-source (the source's URL).
type equivalentsList struct {
	app.Compo

	// PerRequest and PerMonth restate the floor per request and per month.
	PerRequest, PerMonth []floor.EquivalentCount
}

// Render draws the two lists.
func (p *equivalentsList) Render() app.UI {
	return app.Section().ID("equivalents").Class("equivalents").Aria("labelledby", "equivalents-h").Body(
		app.H3().ID("equivalents-h").Text("In everyday energies"),
		app.P().Class("fine").Text("These restate the floor above (per request and per month), not the figure at your traffic or the estimate, each with its source."),
		p.list(floor.OfEnergyPerRequest, "The floor per request is", p.PerRequest),
		p.list(floor.OfEnergyPerMonth, "The floor per month is", p.PerMonth),
	)
}

func (p *equivalentsList) list(of, lead string, counts []floor.EquivalentCount) app.UI {
	return app.Div().Class("equivalents-of").Body(
		app.P().Class("equivalents-lead").Text(lead),
		app.Ul().Body(app.Range(counts).Slice(func(i int) app.UI {
			c := counts[i]
			e := c.Equivalent
			source := e.Source
			if e.Year != 0 {
				source += ", " + strconv.Itoa(e.Year)
			}
			return app.Li().Class("equivalent").DataSet("of", of).DataSet("per-unit-wh", e.WhPerUnit.String()).
				DataSet("count", c.Count.String()).DataSet("source", e.URL).Body(
				app.Span().Class("equivalent-count").Text(equivalentText(c)),
				app.Span().Class("equivalent-source").Body(
					app.Text(" ("),
					app.A().Href(e.URL).Target("_blank").Rel("noopener").Text(source),
					app.Text(")"),
				),
			)
		})),
	)
}

// equivalentText says a count in words: "about 0.00333 hours of a 10 W LED
// bulb".
func equivalentText(c floor.EquivalentCount) string {
	return "about " + floor.FormatNumber(c.Count) + " " + c.Equivalent.Name
}
