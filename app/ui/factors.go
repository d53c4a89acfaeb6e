package ui

import (
	"html"
	"maps"

	"energyfloor/app/floor"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The estimate beyond the GPU floor in the form: the grid select and the
// preset select (the "Beyond the GPU" section, beyond-panel.go). Each factor
// is a field (link.Fields) and optional: an empty field is the factor unset
// (host and idle 0, PUE 1, no grid intensity, no price), never an error.
//
// Where the app does not run, a preset select cannot fill the fields
// itself: with JavaScript, web/boot.js fills the fields its option's data
// attributes name (fillAttr); without it, a link per preset (presetLinks)
// opens the page with the preset's values set.

// fillAttr is the data attribute of a preset's option that has web/boot.js
// fill field k with d: named after the field's parameter.
func fillAttr(k link.Field, d decimal.Decimal) string { return fillText(k, d.String()) }

// fillText is fillAttr for a field's text v.
func fillText(k link.Field, v string) string {
	return ` data-` + link.Fields[k].Param + `="` + html.EscapeString(v) + `"`
}

// footprintPreset is one option of the footprint preset select: its value,
// its label, and the form with it set (link.State.SetFootprintPreset).
type footprintPreset struct {
	id, label string
	set       link.State
}

// footprintPresets returns the footprint preset select's options for form
// f (the full footprint, then each WUE preset), each with the form as the
// live page sets it (f's own without a dataset).
func footprintPresets(f *link.State, ds *floor.Dataset) []footprintPreset {
	fs := f.In.Factors.Footprint.Sources
	out := []footprintPreset{{id: link.FootprintFull, label: "Full footprint: " + fullFootprintWords(fs)}}
	if fs != nil {
		for _, w := range fs.WUE {
			out = append(out, footprintPreset{id: w.ID, label: "WUE: " + w.Label + ", " + floor.FormatExact(w.Value) + " L/kWh"})
		}
	}
	for i := range out {
		out[i].set = *f
		if ds != nil {
			out[i].set.Errs = maps.Clone(f.Errs)
			out[i].set.SetFootprintPreset(ds, out[i].id)
		}
	}
	return out
}

// fills is the data attributes of a footprint preset's option: each
// footprint field the preset changes, with its text.
func (fp *footprintPreset) fills(f *link.State) string {
	s := ""
	for _, k := range footprintFields {
		if fp.set.Text[k] != f.Text[k] {
			s += fillText(k, fp.set.Text[k])
		}
	}
	return s
}

// presetLinks draws, for a page without JavaScript, one link per preset
// (label, with the form it sets) to this page with the preset's fields
// set and the other inputs as they are; nil in the browser.
func presetLinks(id string, labels []string, sets []link.State) app.UI {
	if !app.IsServer || len(labels) == 0 {
		return nil
	}
	return app.NoScript().Body(app.P().ID(id).Class("hint").Body(
		app.Text("JavaScript is off: follow a preset to set its values, keeping this page's other inputs (press Calculate first to keep an edit): "),
		app.Range(labels).Slice(func(i int) app.UI {
			sep := "; "
			if i == len(labels)-1 {
				sep = "."
			}
			return app.Span().Body(app.A().Href("?"+sets[i].Query().Encode()).Text(labels[i]), app.Text(sep))
		}),
	))
}
