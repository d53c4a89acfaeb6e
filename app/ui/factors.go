package ui

import (
	"energyfloor/app/link"

	"github.com/shopspring/decimal"
)

// The estimate beyond the GPU floor in the form: the grid select and the
// preset select (the "Beyond the GPU" section, beyond-panel.go). Each factor
// is a field (link.Fields) and optional: an empty field is the factor unset
// (host and idle 0, PUE 1, no grid intensity, no price), never an error.

// fillAttr is the data attribute of a preset's option that has web/boot.js
// fill field k with d: named after the field's parameter.
func fillAttr(k link.Field, d decimal.Decimal) string {
	return ` data-` + link.Fields[k].Param + `="` + d.String() + `"`
}
