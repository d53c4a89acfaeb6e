package data

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// decodeFootprint decodes footprint.json's bytes b, checks them (with
// validate; see decode) and returns its values as the domain has them.
func decodeFootprint(b []byte, unmarshal func([]byte, any) error, validate bool) (floor.FootprintSources, error) {
	const file = "footprint.json"
	var f FootprintFile
	if err := decodeFile(file, b, &f, unmarshal); err != nil {
		return floor.FootprintSources{}, err
	}
	if validate && checksBuilt {
		if err := checkFootprint(&f); err != nil {
			return floor.FootprintSources{}, err
		}
	}
	fs := floor.FootprintSources{DefaultLife: f.DefaultLife, Full: floor.FullFootprint(f.Full)}
	for i, r := range f.Embodied {
		if r == nil {
			return floor.FootprintSources{}, &Error{File: file, Field: "embodied_kgco2e_per_gpu", Err: fmt.Errorf("row %d is null", i+1)}
		}
		v, err := r.Sourced()
		if err != nil {
			return floor.FootprintSources{}, rowError(file, r.ID, err)
		}
		fs.Embodied = append(fs.Embodied, floor.GPUEmbodied{GPU: r.GPU, SourcedValue: v})
	}
	for _, t := range []struct {
		list string
		rows []*SourcedRow
		to   *[]floor.SourcedValue
	}{{"service_life_years", f.Lives, &fs.Lives}, {"wue_l_per_kwh", f.WUE, &fs.WUE}, {"server_kgco2e", f.Servers, &fs.Servers}} {
		for i, r := range t.rows {
			if r == nil {
				return floor.FootprintSources{}, &Error{File: file, Field: t.list, Err: fmt.Errorf("row %d is null", i+1)}
			}
			v, err := r.Sourced()
			if err != nil {
				return floor.FootprintSources{}, rowError(file, r.ID, err)
			}
			*t.to = append(*t.to, v)
		}
	}
	return fs, nil
}

// The bounds of footprint.json's values are the ranges a user may give
// them (floor's parser bounds): kgCO2e per GPU above 0 and at most
// floor.MaxEmbodiedKg; a life of floor.MinLifeYears to MaxLifeYears; a WUE
// of 0 to floor.MaxWUE; kgCO2e per server above 0 and at most
// floor.MaxServerKg.
var (
	maxEmbodiedKgPerGPU = floor.MaxEmbodiedKg
	minLifeYears        = floor.MinLifeYears
	maxLifeYears        = floor.MaxLifeYears
	maxWUE              = floor.MaxWUE
	maxServerKg         = floor.MaxServerKg
)

// footprintGPUs are the GPUs footprint.json gives an embodied value for:
// every measured GPU, so that embodied=nvidia has a value for every row.
var footprintGPUs = []string{floor.H100, floor.B200}

// checkFootprint checks footprint.json: its format version; every row of
// every table an id (lower-case letters, digits and hyphens, once in its
// table), a label, a figure, a basis, a scope and a source, an https URL, a
// date (YYYY for a year's figure, YYYY-MM or YYYY-MM-DD, or empty where the
// source gives none that was read) and the day it was retrieved (YYYY-MM-DD), and a value within its
// table's bounds; one embodied row for each measured GPU; at least one life,
// and the default life one of them; at least one WUE; and the full
// footprint's embodied setting "nvidia", its life and WUE ids of rows, its
// server id one of a row or empty. An error is an *Error naming
// footprint.json, the row and the field.
func checkFootprint(f *FootprintFile) error {
	if f.Version != FormatVersion {
		return footprintError("", "version", fmt.Errorf("is %q, want format version %q", f.Version, FormatVersion))
	}
	embodied := make([]*SourcedRow, len(f.Embodied))
	for i, r := range f.Embodied {
		if r != nil {
			embodied[i] = &r.SourcedRow
		}
	}
	for _, tb := range []footprintTable{
		{"embodied_kgco2e_per_gpu", embodied, decimal.Zero, maxEmbodiedKgPerGPU, false, false},
		{"service_life_years", f.Lives, minLifeYears, maxLifeYears, false, false},
		{"wue_l_per_kwh", f.WUE, decimal.Zero, maxWUE, true, false},
		{"server_kgco2e", f.Servers, decimal.Zero, maxServerKg, false, true},
	} {
		if tb.empty && len(tb.rows) == 0 {
			continue
		}
		err := checkTable(footprintFile, tb.list, "row", tb.rows, func(r *SourcedRow) (string, []textField) {
			return r.ID, []textField{{"label", r.Label}, {"figure", r.Figure}, {"basis", r.Basis}, {"scope", r.Scope}, {"source", r.Source}}
		}, tb.checkRow)
		if err != nil {
			return err
		}
	}
	if err := checkEmbodiedGPUs(f.Embodied); err != nil {
		return err
	}
	return checkFootprintDefaults(f)
}

// footprintFile names footprint.json in its errors.
const footprintFile = "footprint.json"

// footprintError is an *Error in footprint.json's row (id) and field.
func footprintError(row, field string, err error) error {
	return &Error{File: footprintFile, Row: row, Field: field, Err: err}
}

// footprintTable is one table of footprint.json as checkFootprint checks
// it: its list's name, its rows, and its values' bounds.
type footprintTable struct {
	list     string
	rows     []*SourcedRow
	min, max decimal.Decimal
	zero     bool // whether 0 is a value, or below the bounds
	empty    bool // whether the table may be empty
}

// checkRow checks what a row of the table has beyond its id and its texts:
// an https URL, a date, the day it was retrieved and a value within the
// table's bounds.
func (tb *footprintTable) checkRow(row string, r *SourcedRow) error {
	if err := checkHTTPS(r.URL); err != nil {
		return footprintError(row, "url", err)
	}
	if r.Date != "" && !isDate(r.Date) && !isYear(r.Date) {
		return footprintError(row, "date", fmt.Errorf("is %s, want YYYY, YYYY-MM or YYYY-MM-DD, or empty", floor.QuoteInput(r.Date)))
	}
	if len(r.Retrieved) != len("2006-01-02") || !isDate(r.Retrieved) {
		return footprintError(row, "retrieved", fmt.Errorf("is %s, want YYYY-MM-DD", floor.QuoteInput(r.Retrieved)))
	}
	v, err := r.Sourced()
	if err == nil && !tb.zero && v.Value.Sign() <= 0 {
		err = fmt.Errorf("is %s, want a positive number", v.Value)
	}
	if err == nil {
		err = checkBounded(v.Value, tb.min, tb.max)
	}
	if err != nil {
		return footprintError(row, "value", err)
	}
	return nil
}

// checkEmbodiedGPUs checks that the embodied rows give each measured GPU
// (footprintGPUs) once, and no other.
func checkEmbodiedGPUs(rows []*EmbodiedRow) error {
	var gpus []string
	for _, r := range rows {
		if !slices.Contains(footprintGPUs, r.GPU) {
			return footprintError(r.ID, "gpu", fmt.Errorf("is %s, want one of %v", floor.QuoteInput(r.GPU), footprintGPUs))
		}
		if slices.Contains(gpus, r.GPU) {
			return footprintError(r.ID, "gpu", fmt.Errorf("%s given twice", r.GPU))
		}
		gpus = append(gpus, r.GPU)
	}
	for _, g := range footprintGPUs {
		if !slices.Contains(gpus, g) {
			return footprintError("", "embodied_kgco2e_per_gpu", fmt.Errorf("no row for %s: every measured GPU needs one", g))
		}
	}
	return nil
}

// checkFootprintDefaults checks the settings footprint.json chooses: the
// default life a row's id, and the full footprint's embodied setting
// "nvidia", its life and WUE ids of rows and its server id a row's or empty.
func checkFootprintDefaults(f *FootprintFile) error {
	if !hasID(f.Lives, f.DefaultLife) {
		return footprintError("", "default_life", fmt.Errorf("is %s, want the id of a service life", floor.QuoteInput(f.DefaultLife)))
	}
	full := &f.Full
	if full.Embodied != floor.EmbodiedNVIDIA {
		return footprintError("full_footprint", "embodied", fmt.Errorf("is %s, want %q", floor.QuoteInput(full.Embodied), floor.EmbodiedNVIDIA))
	}
	if !hasID(f.Lives, full.Life) {
		return footprintError("full_footprint", "life", fmt.Errorf("is %s, want the id of a service life", floor.QuoteInput(full.Life)))
	}
	if !hasID(f.WUE, full.WUE) {
		return footprintError("full_footprint", "wue", fmt.Errorf("is %s, want the id of a WUE", floor.QuoteInput(full.WUE)))
	}
	if full.Server != "" && !hasID(f.Servers, full.Server) {
		return footprintError("full_footprint", "server", fmt.Errorf("is %s, want the id of a server, or empty for none", floor.QuoteInput(full.Server)))
	}
	return nil
}

// isYear reports whether s is a year written YYYY, from minGridYear to
// maxGridYear.
func isYear(s string) bool {
	y, err := strconv.Atoi(s)
	return err == nil && len(s) == 4 && y >= minGridYear && y <= maxGridYear
}

// hasID reports whether rows has a row of id.
func hasID(rows []*SourcedRow, id string) bool {
	return slices.ContainsFunc(rows, func(r *SourcedRow) bool { return r != nil && r.ID == id })
}
