package floor

import "github.com/shopspring/decimal"

// Equivalent is an everyday quantity of energy a figure can be restated in,
// with its source: only energies, never a CO2-based equivalent.
type Equivalent struct {
	// ID names it, "us-home-month".
	ID string
	// Name is what a count of it reads as, "months of an average US home's
	// electricity"; Unit is one of it, "month of an average US home's
	// electricity".
	Name string
	Unit string
	// WhPerUnit is the energy of one Unit, in Wh.
	WhPerUnit decimal.Decimal
	// Source names the publication; URL is where it is.
	Source string
	URL    string
	// Year is the year the figure is for, or else the year its source was
	// published; 0 when the source states none (a product's rating).
	Year int
	// Basis says in one line what the figure rests on.
	Basis string
	// Verification says how the figure was checked against its source, and
	// what was found only in secondary reports.
	Verification string
}

// EquivalentCount is an energy restated as a count of an Equivalent.
type EquivalentCount struct {
	Equivalent Equivalent
	// Count is the energy in Wh ÷ Equivalent.WhPerUnit, not rounded for
	// display: a quotient kept to QuotientDigits significant digits (at
	// most three more), as every division of the calculation is.
	Count decimal.Decimal
}

// Equivalents restates wh, an energy in Wh, as a count of each of ds's
// equivalents, in their order.
func Equivalents(ds *Dataset, wh decimal.Decimal) []EquivalentCount {
	counts := make([]EquivalentCount, len(ds.Equivalents))
	for i, e := range ds.Equivalents {
		c := EquivalentCount{Equivalent: e}
		if wh.Sign() > 0 && e.WhPerUnit.Sign() > 0 {
			c.Count = quo(op(wh), opOne, op(e.WhPerUnit), opOne)
		}
		counts[i] = c
	}
	return counts
}
