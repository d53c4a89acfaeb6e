package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// actionChoice is posted (value: textEdit) when the user changes a select.
const actionChoice = "energyfloor/choice"

// choice is one option of a select: its value (the URL value) and label.
type choice struct {
	Value, Label string
}

// selectField is one labelled select. Options should be the same slice from
// render to render (the calculator caches them), so an unchanged select costs
// a pointer comparison.
type selectField struct {
	app.Compo

	ID, Name, Label string
	Options         []choice
	Selected        string
}

func (f *selectField) onChange(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionChoice, textEdit{Field: f.ID, Text: ctx.JSSrc().Get("value").String()})
	ctx.PreventUpdate()
}

// Render draws the label and the select. An unselected option carries no
// selected attribute at all: in HTML its mere presence selects it, and go-app
// would prerender selected="false".
func (f *selectField) Render() app.UI {
	return app.Div().Class("field").Body(
		app.Label().For(f.ID).Text(f.Label),
		app.Select().ID(f.ID).Name(f.Name).OnChange(f.onChange).Body(
			app.Range(f.Options).Slice(func(i int) app.UI {
				o := app.Option().Value(f.Options[i].Value).Text(f.Options[i].Label)
				if f.Options[i].Value == f.Selected {
					o = o.Selected(true)
				}
				return o
			}),
		),
	)
}
