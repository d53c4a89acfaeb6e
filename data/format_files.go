package data

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// The dataset's files beside the models (format.go): grid.json, which the
// compiler writes, and published.json, equivalents.json and footprint.json,
// written by hand.

// GridFile is grid.json: the yearly average carbon intensity of electricity
// generation of every bundled country and region, sorted by code, with its
// source, compiled from CO2.js's average-intensities.json.
type GridFile struct {
	Version     string `json:"version"`
	Updated     string `json:"updated"`
	DataVersion string `json:"data_version"`
	// Unit names the unit of every intensity, "gCO2e per kWh".
	Unit        string           `json:"unit"`
	Source      floor.GridSource `json:"source"`
	Intensities []*GridRow       `json:"intensities"`
}

// GridRow is one country or region in grid.json (the units are in
// floor.GridIntensity's fields).
type GridRow struct {
	Code        string      `json:"code"`
	Name        string      `json:"name"`
	Year        int         `json:"year"`
	GCO2ePerKWh json.Number `json:"gco2e_per_kwh"`
}

// Intensity parses the row into a floor.GridIntensity, its figure exactly;
// a figure that does not parse is a *FieldError.
func (r *GridRow) Intensity() (floor.GridIntensity, error) {
	d, err := parseField("gco2e_per_kwh", r.GCO2ePerKWh)
	if err != nil {
		return floor.GridIntensity{}, err
	}
	return floor.GridIntensity{Code: r.Code, Name: r.Name, Year: r.Year, GCO2ePerKWh: d}, nil
}

// PublishedFile is published.json, written by hand: per-prompt energy
// figures others have published, each with its source and scope, and the
// note shown with them.
type PublishedFile struct {
	Version string          `json:"version"`
	Note    string          `json:"note"`
	Figures []*PublishedRow `json:"figures"`
}

// PublishedRow is one published figure (the fields are floor.PublishedFigure's).
// Each of its energy, carbon and water may be absent, not all three; the
// carbon and the water each come with their scope, and the water with the
// line of ours it aligns with. Basis says where the carbon and water were
// read (required with either); it is not shown.
type PublishedRow struct {
	ID               string      `json:"id"`
	Publisher        string      `json:"publisher"`
	Subject          string      `json:"subject"`
	WhPerPrompt      json.Number `json:"wh_per_prompt,omitempty"`
	Approximate      bool        `json:"approximate"`
	Date             string      `json:"date"`
	Source           string      `json:"source"`
	URL              string      `json:"url"`
	Scope            string      `json:"scope"`
	AlignsWith       string      `json:"aligns_with"`
	GCO2ePerPrompt   json.Number `json:"gco2e_per_prompt,omitempty"`
	CarbonScope      string      `json:"carbon_scope,omitempty"`
	WaterMLPerPrompt json.Number `json:"water_ml_per_prompt,omitempty"`
	WaterScope       string      `json:"water_scope,omitempty"`
	WaterAlignsWith  string      `json:"water_aligns_with,omitempty"`
	Basis            string      `json:"basis,omitempty"`
}

// Figure parses the row into a floor.PublishedFigure, its values exactly;
// a value given that does not parse is a *FieldError, as is a row with no
// value at all ("wh_per_prompt" missing).
func (r *PublishedRow) Figure() (floor.PublishedFigure, error) {
	f := floor.PublishedFigure{ID: r.ID, Publisher: r.Publisher, Subject: r.Subject, Approximate: r.Approximate,
		Date: r.Date, Source: r.Source, URL: r.URL, Scope: r.Scope, AlignsWith: r.AlignsWith,
		CarbonScope: r.CarbonScope, WaterScope: r.WaterScope, WaterAlignsWith: r.WaterAlignsWith}
	if r.WhPerPrompt == "" && r.GCO2ePerPrompt == "" && r.WaterMLPerPrompt == "" {
		_, err := parseField("wh_per_prompt", "")
		return f, err
	}
	for _, v := range []struct {
		name string
		n    json.Number
		to   *decimal.NullDecimal
	}{{"wh_per_prompt", r.WhPerPrompt, &f.WhPerPrompt}, {"gco2e_per_prompt", r.GCO2ePerPrompt, &f.GCO2ePerPrompt},
		{"water_ml_per_prompt", r.WaterMLPerPrompt, &f.WaterMLPerPrompt}} {
		if v.n == "" {
			continue
		}
		d, err := parseField(v.name, v.n)
		if err != nil {
			return f, err
		}
		*v.to = decimal.NewNullDecimal(d)
	}
	return f, nil
}

// EquivalentsFile is equivalents.json, written by hand: everyday energies a
// figure can be restated in, each with its source, its basis and how it was
// verified.
type EquivalentsFile struct {
	Version     string           `json:"version"`
	Equivalents []*EquivalentRow `json:"equivalents"`
}

// EquivalentRow is one equivalent (the fields are floor.Equivalent's).
type EquivalentRow struct {
	ID           string      `json:"id"`
	Name         string      `json:"name"`
	Unit         string      `json:"unit"`
	WhPerUnit    json.Number `json:"wh_per_unit"`
	Size         json.Number `json:"size"`
	Ladder       []*RungRow  `json:"ladder"`
	Source       string      `json:"source"`
	URL          string      `json:"url"`
	Year         int         `json:"year"`
	Basis        string      `json:"basis"`
	Verification string      `json:"verification"`
}

// RungRow is one unit of an equivalent's ladder (the fields are
// floor.Rung's): its size is in the ladder's measure, seconds or metres.
type RungRow struct {
	Name string      `json:"name"`
	Unit string      `json:"unit"`
	Size json.Number `json:"size"`
}

// Equivalent parses the row into a floor.Equivalent, its energy and sizes
// exactly; a figure that does not parse, or a ladder that is empty,
// unnamed or not in ascending sizes, is a *FieldError.
func (r *EquivalentRow) Equivalent() (floor.Equivalent, error) {
	d, err := parseField("wh_per_unit", r.WhPerUnit)
	if err != nil {
		return floor.Equivalent{}, err
	}
	size, err := parseFigure(string(r.Size))
	if err == nil && size.Sign() <= 0 {
		err = fmt.Errorf("is %s, want a positive number", size)
	}
	if err != nil {
		return floor.Equivalent{}, &FieldError{"size", err}
	}
	e := floor.Equivalent{ID: r.ID, Name: r.Name, Unit: r.Unit, WhPerUnit: d, Size: size, Source: r.Source, URL: r.URL, Year: r.Year,
		Basis: r.Basis, Verification: r.Verification}
	if len(r.Ladder) == 0 {
		return floor.Equivalent{}, &FieldError{"ladder", errors.New("missing, want at least one unit")}
	}
	for i, rr := range r.Ladder {
		if rr == nil || rr.Name == "" || rr.Unit == "" {
			return floor.Equivalent{}, &FieldError{"ladder", fmt.Errorf("unit %d has no name or unit", i+1)}
		}
		rs, err := parseFigure(string(rr.Size))
		if err == nil && (rs.Sign() <= 0 || (i > 0 && !rs.GreaterThan(e.Ladder[i-1].Size))) {
			err = fmt.Errorf("is %s, want a positive size larger than the unit before", rs)
		}
		if err != nil {
			return floor.Equivalent{}, &FieldError{"ladder", fmt.Errorf("unit %d size: %w", i+1, err)}
		}
		e.Ladder = append(e.Ladder, floor.Rung{Name: rr.Name, Unit: rr.Unit, Size: rs})
	}
	return e, nil
}

// FootprintFile is footprint.json, written by hand: the bundled values of
// the footprint beyond energy (floor.FootprintSources), each with where it
// was read. Its tables' units are in their keys: kgCO2e per GPU, years,
// litres per kWh of IT energy, kgCO2e per 8-GPU server without its GPUs.
type FootprintFile struct {
	Version  string         `json:"version"`
	Embodied []*EmbodiedRow `json:"embodied_kgco2e_per_gpu"`
	Lives    []*SourcedRow  `json:"service_life_years"`
	// DefaultLife is the id of the life that applies when none is given.
	DefaultLife string        `json:"default_life"`
	WUE         []*SourcedRow `json:"wue_l_per_kwh"`
	// Servers may be empty: a rest-of-server value is bundled only where a
	// server maker's footprint is found that does not count the GPUs.
	Servers []*SourcedRow    `json:"server_kgco2e"`
	Full    FullFootprintRow `json:"full_footprint"`
}

// EmbodiedRow is one GPU's embodied emissions in footprint.json.
type EmbodiedRow struct {
	GPU string `json:"gpu"`
	SourcedRow
}

// SourcedRow is one value of a footprint.json table (the fields are
// floor.SourcedValue's).
type SourcedRow struct {
	ID        string      `json:"id"`
	Label     string      `json:"label"`
	Value     json.Number `json:"value"`
	Figure    string      `json:"figure"`
	Basis     string      `json:"basis"`
	Scope     string      `json:"scope"`
	Source    string      `json:"source"`
	URL       string      `json:"url"`
	Date      string      `json:"date"`
	Retrieved string      `json:"retrieved"`
}

// FullFootprintRow is footprint.json's full_footprint (the fields are
// floor.FullFootprint's).
type FullFootprintRow struct {
	Embodied string `json:"embodied"`
	Life     string `json:"life"`
	WUE      string `json:"wue"`
	Server   string `json:"server"`
}

// Sourced parses the row into a floor.SourcedValue, its value exactly; a
// value that does not parse is a *FieldError.
func (r *SourcedRow) Sourced() (floor.SourcedValue, error) {
	d, err := parseField("value", r.Value)
	if err != nil {
		return floor.SourcedValue{}, err
	}
	return floor.SourcedValue{ID: r.ID, Label: r.Label, Value: d, Figure: r.Figure, Basis: r.Basis, Scope: r.Scope,
		Source: r.Source, URL: r.URL, Date: r.Date, Retrieved: r.Retrieved}, nil
}
