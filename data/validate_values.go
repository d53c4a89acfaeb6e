package data

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// shortDecimal writes d for a message, in scientific notation when it is
// long, without ever building a long string.
func shortDecimal(d decimal.Decimal) string {
	if e := int(d.Exponent()); e > -20 && d.NumDigits()+e <= 40 {
		return d.String()
	}
	c, sign := d.Coefficient().String(), ""
	if strings.HasPrefix(c, "-") {
		sign, c = "-", c[1:]
	}
	exp := int(d.Exponent()) + len(c) - 1
	mantissa := c[:1]
	if len(c) > 8 {
		mantissa += "." + c[1:8] + "…"
	} else if len(c) > 1 {
		mantissa += "." + c[1:]
	}
	return fmt.Sprintf("%s%se%d", sign, mantissa, exp)
}

// rowName names row i of a list in a message: its key, or "<kind> <i+1>"
// when it has none.
func rowName(key, kind string, i int) string {
	if key == "" {
		return fmt.Sprintf("%s %d", kind, i+1)
	}
	return key
}

// checkText checks a text shown to people: present, with no control or
// formatting characters.
func checkText(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("missing")
	}
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.In(r, unicode.Cc, unicode.Cf) }) {
		return fmt.Errorf("%s has a control or formatting character", floor.QuoteInput(s))
	}
	return nil
}

// checkBounded checks min ≤ d ≤ max, with at most maxDecimals decimals.
// Like Row.Configuration, it checks the digits (checkDigits) before
// comparing: decimal scales both sides of a comparison to one exponent.
func checkBounded(d, min, max decimal.Decimal) error {
	if err := checkDigits(d); err != nil {
		return err
	}
	if d.LessThan(min) || d.GreaterThan(max) {
		return fmt.Errorf("is %s, want %s to %s", shortDecimal(d), min, max)
	}
	return nil
}

// checkID checks a row id of a bundled table: lower-case letters, digits
// and hyphens, not given before (seen records it).
func checkID(id string, seen map[string]bool) error {
	switch {
	case id == "" || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") != "":
		return fmt.Errorf("is %s, want lower-case letters, digits and hyphens", floor.QuoteInput(id))
	case seen[id]:
		return errors.New("given twice")
	}
	seen[id] = true
	return nil
}

// checkHTTPS checks a source's URL: https, with a host, without spaces.
func checkHTTPS(u string) error {
	if !strings.HasPrefix(u, "https://") || len(u) == len("https://") || strings.ContainsFunc(u, unicode.IsSpace) {
		return fmt.Errorf("is %s, want an https URL", floor.QuoteInput(u))
	}
	return nil
}

// isDate reports whether s is a date written YYYY-MM or YYYY-MM-DD, with a
// month from 01 to 12 and a day from 01 to 31.
func isDate(s string) bool {
	if len(s) != 7 && len(s) != 10 {
		return false
	}
	layout := "2006-01"
	if len(s) == 10 {
		layout = "2006-01-02"
	}
	_, err := time.Parse(layout, s)
	return err == nil
}

// textField is a text of a bundled table's row, by its JSON name.
type textField struct{ name, value string }

// checkTable checks the rows of a bundled table (list, in file; kind names
// a row in messages): at least one, none null, each with an id given once
// (checkID) and texts present and plain (checkText), as head returns them,
// then what each checks of the kind.
func checkTable[T any](file, list, kind string, rows []*T, head func(*T) (id string, texts []textField), each func(row string, r *T) error) error {
	if len(rows) == 0 {
		return &Error{File: file, Field: list, Err: errors.New("missing")}
	}
	seen := map[string]bool{}
	for i, r := range rows {
		if r == nil {
			return &Error{File: file, Field: list, Err: fmt.Errorf("%s %d is null", kind, i+1)}
		}
		id, texts := head(r)
		row := rowName(id, kind, i)
		if err := checkID(id, seen); err != nil {
			return &Error{File: file, Row: row, Field: "id", Err: err}
		}
		for _, t := range texts {
			if err := checkText(t.value); err != nil {
				return &Error{File: file, Row: row, Field: t.name, Err: err}
			}
		}
		if err := each(row, r); err != nil {
			return err
		}
	}
	return nil
}

// checkPositive checks an energy d (err: how parsing it failed): positive,
// and at most max.
func checkPositive(d decimal.Decimal, err error, max decimal.Decimal) error {
	if err == nil && d.Sign() <= 0 {
		err = fmt.Errorf("is %s, want a positive number", d)
	}
	if err == nil {
		err = checkBounded(d, decimal.Zero, max)
	}
	return err
}
