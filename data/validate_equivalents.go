package data

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Bounds of an equivalent's figures: its energy in Wh, and its year (0 for
// a source that states none).
var maxWhPerUnit = decimal.New(1, 12)

const (
	minEquivalentYear = 1990
	maxEquivalentYear = 2100
)

// checkEquivalents checks equivalents.json: every entry has an id (once), a
// name, a unit, a source, a basis and a verification; a positive energy; an
// https URL; and a year (0 for none stated).
func checkEquivalents(f *EquivalentsFile) error {
	fail := func(row, field string, err error) error {
		return &Error{File: "equivalents.json", Row: row, Field: field, Err: err}
	}
	if f.Version != FormatVersion {
		return fail("", "version", fmt.Errorf("is %q, want format version %q", f.Version, FormatVersion))
	}
	return checkTable("equivalents.json", "equivalents", "equivalent", f.Equivalents, func(r *EquivalentRow) (string, []textField) {
		return r.ID, []textField{{"name", r.Name}, {"unit", r.Unit}, {"source", r.Source}, {"basis", r.Basis}, {"verification", r.Verification}}
	}, func(row string, r *EquivalentRow) error {
		if err := checkHTTPS(r.URL); err != nil {
			return fail(row, "url", err)
		}
		if r.Year != 0 && (r.Year < minEquivalentYear || r.Year > maxEquivalentYear) {
			return fail(row, "year", fmt.Errorf("is %d, want %d to %d, or 0 when the source states none", r.Year, minEquivalentYear, maxEquivalentYear))
		}
		e, err := r.Equivalent()
		if err := checkPositive(e.WhPerUnit, err, maxWhPerUnit); err != nil {
			return fail(row, "wh_per_unit", err)
		}
		return nil
	})
}
