package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// report is the ranking of the current inputs as the downloads give it: the
// schema of the CLI's -json (floor.Report), covering every model, with the
// model the page shows marked selected.
func (c *calculator) report() *floor.Report {
	in := c.form.In
	w := c.ds.Workload(in.Workload)
	all := in
	all.Model = ""
	rep := floor.NewReport(c.ds, w, all, floor.Rank(w, in), app.Getenv("GOAPP_VERSION"))
	rep.Select(in.Model)
	return rep
}

// onExport offers the report as a CSV or JSON file.
func (c *calculator) onExport(ctx app.Context, a app.Action) {
	ctx.PreventUpdate()
	switch a.Value {
	case "csv":
		if b, err := c.report().CSV(); err == nil { // a Report always encodes
			download("energy-floor.csv", "text/csv", string(b))
		}
	case "json":
		if b, err := c.report().JSON(); err == nil { // a Report always encodes
			download("energy-floor.json", "application/json", string(b))
		}
	}
}
