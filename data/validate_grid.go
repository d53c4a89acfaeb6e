package data

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// GridUnit is the unit grid.json states for every intensity.
const GridUnit = "gCO2e per kWh"

// The years a grid row may be for: a sanity bound, far wider than the data's.
const minGridYear, maxGridYear = 1990, 2100

// maxCodeBytes bounds a grid code: an ISO 3166-1 alpha-3 code or a region's name.
const maxCodeBytes = 40

// CheckGrid checks grid.json on its own: its unit, every field of its
// source block, and every row a code (letters, digits and single spaces, at
// most 40 bytes), a name, a year from 1990 to 2100 and an intensity from 0
// to floor.MaxGCO2ePerKWh gCO2e per kWh with at most 12 decimals; rows
// sorted by code (byte order), each code once. The compiler checks what it
// writes with it and the loader what it reads; an error is an *Error naming
// grid.json, the row's code and the field.
func CheckGrid(g *GridFile) error {
	fail := func(row, field string, err error) error {
		return &Error{File: "grid.json", Row: row, Field: field, Err: err}
	}
	if g.Unit != GridUnit {
		return fail("", "unit", fmt.Errorf("is %q, want %q", g.Unit, GridUnit))
	}
	s := &g.Source
	for _, f := range []struct{ name, value string }{
		{"name", s.Name}, {"publisher", s.Publisher}, {"url", s.URL}, {"data_url", s.DataURL}, {"commit", s.Commit},
		{"updated", s.Updated}, {"licence", s.Licence}, {"attribution", s.Attribution}, {"method", s.Method},
	} {
		if f.value == "" {
			return fail("", "source", fmt.Errorf("%s: missing", f.name))
		}
	}
	if len(s.LicenceEvidence) == 0 {
		return fail("", "source", errors.New("licence_evidence: missing"))
	}
	if len(g.Intensities) == 0 {
		return fail("", "intensities", errors.New("missing"))
	}
	for i, r := range g.Intensities {
		if r == nil {
			return fail("", "intensities", fmt.Errorf("row %d is null", i+1))
		}
		row := rowName(r.Code, "row", i)
		if err := checkCode(r.Code); err != nil {
			return fail(row, "code", err)
		}
		if i > 0 && g.Intensities[i-1].Code >= r.Code {
			return fail(row, "code", fmt.Errorf("not after %q: rows must be sorted by code, each once", g.Intensities[i-1].Code))
		}
		if err := checkText(r.Name); err != nil {
			return fail(row, "name", err)
		}
		if r.Year < minGridYear || r.Year > maxGridYear {
			return fail(row, "year", fmt.Errorf("is %d, want a year from %d to %d", r.Year, minGridYear, maxGridYear))
		}
		gi, err := r.Intensity()
		if err == nil {
			err = checkBounded(gi.GCO2ePerKWh, decimal.Zero, floor.MaxGCO2ePerKWh)
		}
		if err != nil {
			return fail(row, "gco2e_per_kwh", err)
		}
	}
	return nil
}

// checkCode checks a grid code: letters, digits and single spaces inside,
// at most maxCodeBytes bytes, so that it reads well in a URL and a message.
func checkCode(code string) error {
	if code == "" {
		return errors.New("missing")
	}
	if len(code) > maxCodeBytes || strings.HasPrefix(code, " ") || strings.HasSuffix(code, " ") || strings.Contains(code, "  ") ||
		strings.ContainsFunc(code, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' }) {
		return fmt.Errorf("is %s, want letters, digits and single spaces, at most %d bytes", floor.QuoteInput(code), maxCodeBytes)
	}
	return nil
}

// checkGridFile checks grid.json against index.json (format version, dates)
// and on its own (CheckGrid).
func checkGridFile(idx *Index, g *GridFile) error {
	for _, f := range []struct{ name, got, want string }{
		{"version", g.Version, idx.Version}, {"updated", g.Updated, idx.Updated}, {"data_version", g.DataVersion, idx.DataVersion},
	} {
		if f.got != f.want {
			return &Error{File: "grid.json", Field: f.name, Err: fmt.Errorf("is %q, but index.json has %q", f.got, f.want)}
		}
	}
	return CheckGrid(g)
}
