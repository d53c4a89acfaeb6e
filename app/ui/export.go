package ui

import (
	"fmt"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// report is the ranking of the current inputs as the downloads give it: the
// schema of the CLI's -json (floor.Report), covering every model, with the
// model the page shows marked selected, and its statements and equivalents.
func (c *calculator) report() *floor.Report {
	in := c.form.In
	w := c.ds.FindWorkload(in.Workload)
	all := in
	all.Model = ""
	rep := floor.NewReport(c.ds, w, all, floor.Rank(w, in), app.Getenv("GOAPP_VERSION"))
	rep.Select(c.ds, w, in)
	return rep
}

// onExport offers the report as a CSV or JSON file. When a field holds a
// bad value, whose figures the report would not have, or the file cannot
// be made or offered, the export panel says so next to its buttons
// (exportFailed), until an export works.
func (c *calculator) onExport(ctx app.Context, a app.Action) {
	kind, _ := a.Value.(string)
	failed := ""
	if len(c.form.Errs) > 0 {
		failed = "Not downloaded: the figures are not for the values in the fields. Correct the marked field first."
	} else if err := c.export(kind); err != nil {
		failed = "The download did not work: " + err.Error() + "."
	}
	if failed == c.exportFailed {
		ctx.PreventUpdate()
	}
	c.exportFailed = failed
}

// export makes the report in kind's format ("csv" or "json") and offers it
// as a file.
func (c *calculator) export(kind string) error {
	var b []byte
	var err error
	name, mime := "energy-floor."+kind, ""
	switch kind {
	case "csv":
		mime = "text/csv"
		b, err = c.report().CSV()
	case "json":
		mime = "application/json"
		b, err = c.report().JSON()
	default:
		return fmt.Errorf("no export as %q", kind)
	}
	if err != nil {
		return fmt.Errorf("the %s could not be made (%w)", strings.ToUpper(kind), err)
	}
	return download(name, mime, string(b))
}
