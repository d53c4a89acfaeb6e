package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// actionExport is posted (value: "csv" or "json") when the user asks for a
// download; the calculator handles it (export.go).
const actionExport = "energyfloor/export"

// exportPanel offers the ranking of the current inputs as CSV and JSON
// downloads (#export-csv, #export-json). It has no props: the calculator
// makes the report only when a button is pressed. Failed, when set, says
// next to them why the last download did not work.
type exportPanel struct {
	app.Compo
	Failed string
}

// Render draws the two buttons.
func (p *exportPanel) Render() app.UI {
	return app.Div().Class("panel", "export").Body(
		app.Div().Class("button-row").Body(
			app.P().Body(app.Strong().Text("Export"), app.Text(" the ranking for these inputs, with the inputs, data version, caveat and citation:")),
			app.Button().ID("export-csv").Type("button").Text("Download CSV").OnClick(p.post("csv")),
			app.Button().ID("export-json").Type("button").Text("Download JSON").OnClick(p.post("json")),
		),
		app.If(p.Failed != "", func() app.UI {
			return app.P().ID("export-failed").Class("warn").Role("alert").Text(p.Failed)
		}),
	)
}

func (p *exportPanel) post(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		ctx.NewActionWithValue(actionExport, kind)
		ctx.PreventUpdate()
	}
}
