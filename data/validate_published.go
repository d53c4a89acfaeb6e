package data

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// maxWhPerPrompt, maxGCO2ePerPrompt and maxWaterMLPerPrompt bound a
// published figure: sanity bounds, far above any published per-prompt
// figure.
var (
	maxWhPerPrompt      = decimal.NewFromInt(1_000)
	maxGCO2ePerPrompt   = decimal.NewFromInt(1_000)
	maxWaterMLPerPrompt = decimal.NewFromInt(10_000)
)

// waterAlignments are the lines of ours a published water figure may align
// with.
var waterAlignments = []string{floor.AlignsWithOnsiteWater, floor.AlignsWithNone}

// alignments are the lines of ours a published figure may align with.
var alignments = []string{floor.AlignsWithFloor, floor.AlignsWithGoogle, floor.AlignsWithNone}

// checkPublished checks published.json: its format version and note, and
// every figure an id (lower-case letters, digits and hyphens), given once,
// a publisher, a subject, a value above 0 and at most 1,000 Wh, a date
// (YYYY-MM or YYYY-MM-DD), a source, an https URL, a scope (a sentence: none
// is shown without one) and what it aligns with; its carbon and water, when
// given, each above 0 and bounded, with its scope (a sentence), the water
// with what it aligns with, and either with the basis it was read on
// (checkPublishedFootprint).
func checkPublished(p *PublishedFile) error {
	fail := func(row, field string, err error) error {
		return &Error{File: "published.json", Row: row, Field: field, Err: err}
	}
	if p.Version != FormatVersion {
		return fail("", "version", fmt.Errorf("is %q, want format version %q", p.Version, FormatVersion))
	}
	if err := checkText(p.Note); err != nil {
		return fail("", "note", err)
	}
	return checkTable("published.json", "figures", "figure", p.Figures, func(r *PublishedRow) (string, []textField) {
		return r.ID, []textField{{"publisher", r.Publisher}, {"subject", r.Subject}, {"source", r.Source}, {"scope", r.Scope}}
	}, func(row string, r *PublishedRow) error {
		if !strings.HasSuffix(r.Scope, ".") {
			return fail(row, "scope", errors.New("is not a sentence: want a full stop at its end"))
		}
		if !isDate(r.Date) {
			return fail(row, "date", fmt.Errorf("is %s, want YYYY-MM or YYYY-MM-DD", floor.QuoteInput(r.Date)))
		}
		if err := checkHTTPS(r.URL); err != nil {
			return fail(row, "url", err)
		}
		if !slices.Contains(alignments, r.AlignsWith) {
			return fail(row, "aligns_with", fmt.Errorf("is %s, want one of %v", floor.QuoteInput(r.AlignsWith), alignments))
		}
		f, err := r.Figure()
		var fe *FieldError
		if errors.As(err, &fe) {
			return fail(row, fe.Field, fe.Err)
		}
		for _, v := range []struct {
			name string
			d    decimal.NullDecimal
			max  decimal.Decimal
		}{{"wh_per_prompt", f.WhPerPrompt, maxWhPerPrompt}, {"gco2e_per_prompt", f.GCO2ePerPrompt, maxGCO2ePerPrompt},
			{"water_ml_per_prompt", f.WaterMLPerPrompt, maxWaterMLPerPrompt}} {
			if err := checkPositive(v.d.Decimal, nil, v.max); v.d.Valid && err != nil {
				return fail(row, v.name, err)
			}
		}
		return checkPublishedFootprint(row, r, fail)
	})
}

// checkPublishedFootprint checks row r's carbon and water: each given with
// its scope, a sentence, and none without; the water with what it aligns
// with; either with its basis, a sentence.
func checkPublishedFootprint(row string, r *PublishedRow, fail func(row, field string, err error) error) error {
	for _, t := range []struct {
		field, text string
		given       bool
	}{{"carbon_scope", r.CarbonScope, r.GCO2ePerPrompt != ""}, {"water_scope", r.WaterScope, r.WaterMLPerPrompt != ""},
		{"basis", r.Basis, r.GCO2ePerPrompt != "" || r.WaterMLPerPrompt != ""}} {
		switch {
		case !t.given && t.text != "":
			return fail(row, t.field, errors.New("is given for no figure"))
		case !t.given:
		case checkText(t.text) != nil:
			return fail(row, t.field, checkText(t.text))
		case !strings.HasSuffix(t.text, "."):
			return fail(row, t.field, errors.New("is not a sentence: want a full stop at its end"))
		}
	}
	if r.WaterMLPerPrompt != "" && !slices.Contains(waterAlignments, r.WaterAlignsWith) || r.WaterMLPerPrompt == "" && r.WaterAlignsWith != "" {
		return fail(row, "water_aligns_with", fmt.Errorf("is %s, want one of %v with a water figure, none without", floor.QuoteInput(r.WaterAlignsWith), waterAlignments))
	}
	return nil
}
