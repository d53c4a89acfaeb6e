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
		if err := checkPositive(f.WhPerPrompt, err, maxWhPerPrompt); err != nil {
			return fail(row, "wh_per_prompt", err)
		}
		return nil
	})
}
