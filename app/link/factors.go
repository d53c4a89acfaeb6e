package link

import (
	"errors"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The estimate beyond the GPU floor in the state: the grid choice and the
// presets. Each factor is a field (fields.go) and optional: an empty field
// is the factor unset (host and idle 0, PUE 1, no grid intensity, no
// price), never an error.

// GridCustom is the grid select's value for the user's own intensity (the
// gco2 field), and PresetCustom the preset select's for factors no preset
// has.
const (
	GridCustom   = "custom"
	PresetCustom = "custom"
)

// SetGrid sets the grid select: "" for no grid intensity, GridCustom for the
// user's own (the gco2 field), or a bundled grid's code (in any case, see
// floor.Dataset.FindGrid), which replaces the user's own. It returns why v
// is none of these.
func (f *State) SetGrid(ds *floor.Dataset, v string) error {
	fa := &f.In.Factors
	switch v = strings.TrimSpace(v); v {
	case "":
		fa.Grid, fa.CustomGCO2ePerKWh = floor.GridIntensity{}, decimal.NullDecimal{}
	case GridCustom:
		fa.Grid = floor.GridIntensity{}
	default:
		g, ok := ds.FindGrid(v)
		if !ok {
			return errors.New("no such country or region in the bundled grid data.")
		}
		fa.Grid, fa.CustomGCO2ePerKWh = g, decimal.NullDecimal{}
		f.Text[FieldGCO2] = ""
		f.SetErr(FieldGCO2, "")
		v = g.Code
	}
	f.GridChoice = v
	return nil
}

// SetPreset sets host, idle and PUE, and their fields, to a preset's. It
// reports whether id names one.
func (f *State) SetPreset(ds *floor.Dataset, id string) bool {
	p, ok := floor.PresetByID(id)
	if !ok {
		return false
	}
	f.SetText(ds, FieldHost, p.Host.String())
	f.SetText(ds, FieldIdle, p.Idle.String())
	f.SetText(ds, FieldPUE, p.PUE.String())
	if id == floor.PresetGoogle2025 {
		// The same paper's water usage effectiveness.
		if w, ok := findSourced(ds.Footprint.WUE, floor.PresetGoogle2025); ok {
			f.SetText(ds, FieldWUE, w.Value.String())
		}
	}
	return true
}

// FootprintFull is the footprint preset select's value for the "Full
// footprint" preset; its other values are the bundled WUE presets' IDs, and
// PresetCustom.
const FootprintFull = "full"

// SetFootprintPreset sets the footprint's fields: FootprintFull sets the
// bundled defaults (each GPU's embodied value, the default life, the full
// footprint's WUE and server), a WUE preset's ID sets the WUE. It reports
// whether id names one.
func (f *State) SetFootprintPreset(ds *floor.Dataset, id string) bool {
	fs := &ds.Footprint
	if w, ok := findSourced(fs.WUE, id); ok {
		f.SetText(ds, FieldWUE, w.Value.String())
		return true
	}
	if id != FootprintFull {
		return false
	}
	f.SetText(ds, FieldEmbodied, fs.Full.Embodied)
	f.SetText(ds, FieldLife, "")
	if s, ok := findSourced(fs.Servers, fs.Full.Server); ok {
		f.SetText(ds, FieldServerKg, s.Value.String())
	}
	if w, ok := findSourced(fs.WUE, fs.Full.WUE); ok {
		f.SetText(ds, FieldWUE, w.Value.String())
	}
	return true
}

// findSourced returns the value of vs whose ID is id.
func findSourced(vs []floor.SourcedValue, id string) (floor.SourcedValue, bool) {
	for _, v := range vs {
		if v.ID == id {
			return v, true
		}
	}
	return floor.SourcedValue{}, false
}

// PresetChoice is the preset select's value for the form's factors.
func (f *State) PresetChoice() string {
	if p, ok := f.In.Factors.Preset(); ok {
		return p.ID
	}
	return PresetCustom
}
