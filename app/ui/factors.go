package ui

import (
	"maps"
	"net/url"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The estimate beyond the GPU floor in the form: its URL parameters, fields
// and selects (the "Beyond the GPU" section, beyond-panel.go). Each factor is
// optional: an empty field is the factor unset (host and idle 0, PUE 1, no
// grid intensity, no price), never an error.
const (
	paramHost  = "host"
	paramIdle  = "idle"
	paramPUE   = "pue"
	paramGrid  = "grid"
	paramGCO2  = "gco2"
	paramPrice = "price"
	paramCur   = "cur"
	// paramVersion is the data version a permalink was made with.
	paramVersion = "v"
)

// The factors' fields and selects; they double as the DOM ids.
const (
	fieldHost     = "host-overhead"
	fieldIdle     = "idle-overhead"
	fieldPUE      = "pue"
	fieldGCO2     = "gco2-per-kwh"
	fieldPrice    = "price-per-kwh"
	fieldCurrency = "currency"
	selectPreset  = "scope-preset"
	selectGrid    = "grid"
)

// gridCustom is the grid select's value for the user's own intensity (the
// gco2 field), and presetCustom the preset select's for factors no preset
// has.
const (
	gridCustom   = "custom"
	presetCustom = "custom"
)

// factorFields are the factors' text fields, with their URL parameters, in
// the order the form shows them.
var factorFields = []struct{ id, param string }{
	{fieldHost, paramHost}, {fieldIdle, paramIdle}, {fieldPUE, paramPUE},
	{fieldGCO2, paramGCO2}, {fieldPrice, paramPrice}, {fieldCurrency, paramCur},
}

// isFactorField reports whether field is one of the factors' text fields.
func isFactorField(field string) bool {
	for _, f := range factorFields {
		if f.id == field {
			return true
		}
	}
	return false
}

// setFactorText handles the user typing text into one of the factors' fields:
// it keeps the text and, when valid, sets the factor (an empty field unsets
// it); when not, it records the message and leaves the factors as they were.
func (f *formState) setFactorText(field, text string) {
	// A copy, as setErr's: components compare the old map with the new.
	texts := maps.Clone(f.Factors)
	if texts == nil {
		texts = map[string]string{}
	}
	texts[field] = text
	f.Factors = texts
	fa := &f.In.Factors
	empty := strings.TrimSpace(text) == ""
	var err error
	var d decimal.Decimal
	switch field {
	case fieldHost, fieldIdle:
		d = decimal.Zero
		if !empty {
			d, err = floor.ParseOverhead(text)
		}
		if err == nil && field == fieldHost {
			fa.Host = d
		} else if err == nil {
			fa.Idle = d
		}
	case fieldPUE:
		d = decimal.NewFromInt(1)
		if !empty {
			d, err = floor.ParsePUE(text)
		}
		if err == nil {
			fa.PUE = d
		}
	case fieldGCO2:
		fa.CustomGCO2ePerKWh = decimal.NullDecimal{}
		if !empty {
			if d, err = floor.ParseGCO2ePerKWh(text); err == nil {
				fa.CustomGCO2ePerKWh = decimal.NewNullDecimal(d)
			}
		}
		if err == nil && !empty {
			f.GridChoice = gridCustom
		}
	case fieldPrice:
		fa.PricePerKWh = decimal.NullDecimal{}
		if !empty {
			if d, err = floor.ParsePricePerKWh(text); err == nil {
				fa.PricePerKWh = decimal.NewNullDecimal(d)
			}
		}
	case fieldCurrency:
		var cur string
		if cur, err = floor.ParseCurrency(text); err == nil {
			fa.Currency = cur
		}
	}
	if err != nil {
		f.setErr(field, err.Error())
		return
	}
	f.setErr(field, "")
}

// setGrid sets the grid select: "" for no grid intensity, gridCustom for the
// user's own (the gco2 field), or a bundled code, which replaces the user's
// own. It reports whether the value was taken.
func (f *formState) setGrid(ds *floor.Dataset, v string) bool {
	fa := &f.In.Factors
	switch v {
	case "":
		fa.Grid, fa.CustomGCO2ePerKWh = floor.GridIntensity{}, decimal.NullDecimal{}
	case gridCustom:
		fa.Grid = floor.GridIntensity{}
	default:
		g, ok := ds.GridIntensity(v)
		if !ok {
			return false
		}
		fa.Grid, fa.CustomGCO2ePerKWh = g, decimal.NullDecimal{}
		f.setFactorText(fieldGCO2, "")
	}
	f.GridChoice = v
	return true
}

// setPreset sets host, idle and PUE, and their fields, to a preset's. It
// reports whether id names one.
func (f *formState) setPreset(id string) bool {
	p, ok := floor.PresetByID(id)
	if !ok {
		return false
	}
	f.setFactorText(fieldHost, p.Host.String())
	f.setFactorText(fieldIdle, p.Idle.String())
	f.setFactorText(fieldPUE, p.PUE.String())
	return true
}

// presetChoice is the preset select's value for the form's factors.
func (f *formState) presetChoice() string {
	if p, ok := f.In.Factors.Preset(); ok {
		return p.ID
	}
	return presetCustom
}

// factorText returns the text of a factor's field.
func (f *formState) factorText(field string) string { return f.Factors[field] }

// decodeFactors reads the factors' URL parameters into f, as decodeState
// reads the others (get and bad as there): a bad number stays in its field
// with its message, an unknown grid falls back to none with a notice. It
// reports whether the link sets any factor.
func (f *formState) decodeFactors(ds *floor.Dataset, get func(string) (string, bool), bad func(param, raw, why, fallback string)) bool {
	given := false
	for _, ff := range factorFields {
		if v, ok := get(ff.param); ok {
			given = true
			f.setFactorText(ff.id, strings.TrimSpace(v))
		}
	}
	if v, ok := get(paramGrid); ok {
		given = true
		code := strings.TrimSpace(v)
		switch {
		case code == gridCustom, code == "":
		case f.In.Factors.CustomGCO2ePerKWh.Valid:
			// The user's own intensity overrides a bundled one.
		default:
			if !f.setGrid(ds, code) {
				bad(paramGrid, v, "no such country or region in the bundled grid data.", "none")
			}
		}
	}
	if f.In.Factors.CustomGCO2ePerKWh.Valid {
		f.GridChoice = gridCustom
	}
	return given
}

// factorsQuery adds the factors the form sets to q, each as typed when
// valid (a bad field keeps the last good value).
func (f *formState) factorsQuery(q url.Values) {
	fa := f.In.Factors
	set := func(param, field string, on bool, d decimal.Decimal) {
		if on {
			q.Set(param, f.textOr(field, f.factorText(field), d))
		}
	}
	set(paramHost, fieldHost, !fa.Host.IsZero(), fa.Host)
	set(paramIdle, fieldIdle, !fa.Idle.IsZero(), fa.Idle)
	set(paramPUE, fieldPUE, !fa.PUE.IsZero() && !fa.PUE.Equal(decimal.NewFromInt(1)), fa.PUE)
	if g, ok := fa.GridUsed(); ok {
		q.Set(paramGrid, g.Code)
	}
	set(paramGCO2, fieldGCO2, fa.CustomGCO2ePerKWh.Valid, fa.CustomGCO2ePerKWh.Decimal)
	set(paramPrice, fieldPrice, fa.PricePerKWh.Valid, fa.PricePerKWh.Decimal)
	if fa.Currency != "" {
		q.Set(paramCur, fa.Currency)
	}
}
