package ui

import (
	"html"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	// Form, when set, is the id of the form the select belongs to, wherever
	// it is drawn.
	Form     string
	Options  []choice
	Selected string
	// Hint, when set, is a line under the select (#ID-hint).
	Hint string
}

// onChange posts the chosen option's value, by its index.
func (f *selectField) onChange(ctx app.Context, e app.Event) {
	f.choose(ctx, ctx.JSSrc().Get("selectedIndex").Int())
}

// choose posts the value of option i; an index outside the options (the
// select's -1 for none chosen) posts nothing.
func (f *selectField) choose(ctx app.Context, i int) {
	if i < 0 || i >= len(f.Options) {
		return
	}
	ctx.NewActionWithValue(actionChoice, textEdit{Field: f.ID, Text: f.Options[i].Value})
	ctx.PreventUpdate()
}

// Render draws the label and the select. An unselected option carries no
// selected attribute at all: in HTML its mere presence selects it, and go-app
// would prerender selected="false". go-app drops an empty value attribute,
// and an option without one has its label as its value (which a form would
// send), so an option whose value is "" (either GPU) is written as HTML.
func (f *selectField) Render() app.UI {
	sel := app.Select().ID(f.ID).Name(f.Name).OnChange(f.onChange)
	if f.Form != "" {
		sel = sel.Attr("form", f.Form)
	}
	return app.Div().Class("field").Body(
		app.Label().For(f.ID).Text(f.Label),
		sel.Body(
			app.Range(f.Options).Slice(func(i int) app.UI {
				o, selected := f.Options[i], f.Options[i].Value == f.Selected
				if o.Value == "" {
					attr := ""
					if selected {
						attr = " selected"
					}
					return app.Raw(`<option value=""` + attr + `>` + html.EscapeString(o.Label) + `</option>`)
				}
				opt := app.Option().Value(o.Value).Text(o.Label)
				if selected {
					opt = opt.Selected(true)
				}
				return opt
			}),
		),
		app.If(f.Hint != "", func() app.UI { return app.P().ID(f.ID + "-hint").Class("hint").Text(f.Hint) }),
	)
}
