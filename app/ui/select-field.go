package ui

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

// onChange posts the chosen option's value, by its index: go-app drops empty
// attributes, so the "" option (either GPU) has no value attribute of its own.
func (f *selectField) onChange(ctx app.Context, e app.Event) {
	i := ctx.JSSrc().Get("selectedIndex").Int()
	if i < 0 || i >= len(f.Options) {
		return
	}
	ctx.NewActionWithValue(actionChoice, textEdit{Field: f.ID, Text: f.Options[i].Value})
	ctx.PreventUpdate()
}

// OnMount gives options whose value is "" a value attribute after all (see
// onChange), so the select's values are the URL values for scripts too.
func (f *selectField) OnMount(ctx app.Context) {
	ctx.Defer(func(ctx app.Context) {
		el := app.Window().GetElementByID(f.ID)
		if !el.Truthy() {
			return
		}
		for i, o := range f.Options {
			if o.Value == "" {
				if opt := el.Get("options").Index(i); opt.Truthy() {
					opt.Call("setAttribute", "value", "")
				}
			}
		}
	})
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
