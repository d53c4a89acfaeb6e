package data

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// maxWhPerPrompt bounds a published figure: a sanity bound, far above any
// published per-prompt figure.
var maxWhPerPrompt = decimal.NewFromInt(1_000)

// alignments are the lines of ours a published figure may align with.
var alignments = []string{floor.AlignsWithFloor, floor.AlignsWithGoogle, floor.AlignsWithNone}

// checkPublished checks published.json: its format version and note, and
// every figure an id (lower-case letters, digits and hyphens), given once,
// a publisher, a subject, a value above 0 and at most 1,000 Wh, a date
// (YYYY-MM or YYYY-MM-DD), a source, an https URL, a scope (a sentence: none
// is shown without one) and what it aligns with.
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
	if len(p.Figures) == 0 {
		return fail("", "figures", errors.New("missing"))
	}
	seen := map[string]bool{}
	for i, r := range p.Figures {
		if r == nil {
			return fail("", "figures", fmt.Errorf("figure %d is null", i+1))
		}
		row := rowName(r.ID, "figure", i)
		if err := checkID(r.ID, seen); err != nil {
			return fail(row, "id", err)
		}
		for _, f := range []struct{ name, value string }{
			{"publisher", r.Publisher}, {"subject", r.Subject}, {"source", r.Source}, {"scope", r.Scope},
		} {
			if err := checkText(f.value); err != nil {
				return fail(row, f.name, err)
			}
		}
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
		if err == nil && f.WhPerPrompt.Sign() <= 0 {
			err = fmt.Errorf("is %s, want a positive number", f.WhPerPrompt)
		}
		if err == nil {
			err = checkBounded(f.WhPerPrompt, decimal.Zero, maxWhPerPrompt)
		}
		if err != nil {
			return fail(row, "wh_per_prompt", err)
		}
	}
	return nil
}
