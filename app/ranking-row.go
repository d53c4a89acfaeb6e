package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// rankingRow is one row of the ranking table. A component of its own, so a
// new target re-renders only the rows whose figures changed.
type rankingRow struct {
	app.Compo

	View rowView
}

// onSelect posts the model of the clicked button. It reads the slug from the
// button, not from the props in a closure: go-app keeps a mounted element's
// first handler when it compares handlers (by their code).
func (r *rankingRow) onSelect(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionSelectModel, ctx.JSSrc().Get("value").String())
	ctx.PreventUpdate()
}

// Render draws the row.
func (r *rankingRow) Render() app.UI {
	v := r.View
	tr := app.Tr().DataSet("model", v.Slug).DataSet("gpu", v.GPU)
	if v.Selected {
		tr = tr.Class("selected")
	}
	if !v.Meets {
		tr = tr.Class("unmet")
	}
	return tr.Body(
		app.Td().Class("num").Text(strconv.Itoa(v.Rank)),
		app.Th().Scope("row").Body(
			app.Button().Type("button").Class("select-model").Aria("pressed", v.Selected).
				Value(v.Slug).OnClick(r.onSelect).Text(v.Name),
		),
		app.Td().Text(v.GPUs),
		app.Td().Class("num").Text(v.Seqs),
		app.Td().Class("num").Text(v.Latency),
		app.Td().Class("num").Text(v.Energy),
		app.Td().Class("num").Text(v.PerMillion),
		app.Td().Class("num").Text(v.PerRequest),
	)
}
