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
	// Size is one Unit in its ladder's measure (seconds for time, metres for
	// distance), and Ladder the units, smallest first, that Picture chooses
	// from for a count people can picture.
	Size   decimal.Decimal
	Ladder []Rung
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

// A Rung is one unit of an equivalent's ladder: the same thing measured in
// a smaller or larger unit, such as a second, a minute or a day of the bulb.
type Rung struct {
	// Name is what a count of it reads as, "seconds of a 10 W LED bulb";
	// Unit is one of it, "second of a 10 W LED bulb".
	Name string
	Unit string
	// Size is one Unit in the ladder's measure (seconds for time, metres
	// for distance), as Equivalent.Size is one of the equivalent's own unit.
	Size decimal.Decimal
}

// Requests a per-request figure may be restated for, in turn, when a count
// of one request reads under 1 in even the smallest unit.
var restateFor = []int64{1, 1_000, 1_000_000}

// MinCount is the least count a restated figure shows; a row that reads
// less even per million requests is left out.
var MinCount = decimal.New(1, -1)

// Pictured is an energy restated in the unit of an equivalent's ladder that
// people can picture: a count between about 1 and 10,000 where it can be.
type Pictured struct {
	Equivalent Equivalent
	Rung       Rung
	// Requests is how many requests the count is for: 1, 1,000 or
	// 1,000,000 (always 1 for a monthly figure).
	Requests int64
	// WhPerUnit is the energy of one Rung.Unit, in Wh (to QuotientDigits
	// significant digits), and Count the figure's Wh × Requests ÷ WhPerUnit.
	WhPerUnit decimal.Decimal
	Count     decimal.Decimal
	// OwnCount is the same figure counted in the equivalent's own unit
	// (Equivalent.Unit, the one its source states the energy for) where that
	// unit is not on the ladder and the count there reads at least 1: the
	// miles of the car beside its kilometres. Zero otherwise.
	OwnCount decimal.Decimal
}

// RungWh returns the energy of one unit of r, a rung of e's ladder, in Wh:
// e's Wh per unit × r's size ÷ e's size.
func (e Equivalent) RungWh(r Rung) decimal.Decimal {
	return quo(op(e.WhPerUnit), op(r.Size), op(e.Size), opOne)
}

// Picture restates wh, an energy in Wh, in each of ds's equivalents, in
// their order, each in the largest unit of its ladder that counts at least
// 1 (else the smallest). A per-request figure (perRequest) that counts under
// 1 even in the smallest unit is restated per 1,000, then per million
// requests. A row that still counts under MinCount is left out. Where the
// equivalent's own unit is not on its ladder, a row also gives its count in
// that unit when it reads at least 1 (OwnCount).
func Picture(ds *Dataset, wh decimal.Decimal, perRequest bool) []Pictured {
	if wh.Sign() <= 0 {
		return nil
	}
	var out []Pictured
	for _, e := range ds.Equivalents {
		if len(e.Ladder) == 0 || e.Size.Sign() <= 0 {
			continue
		}
		var p Pictured
		for _, n := range restateFor {
			x := wh.Mul(decimal.NewFromInt(n))
			p = Pictured{Equivalent: e, Requests: n}
			for i, r := range e.Ladder {
				unit := e.RungWh(r)
				c := quo(op(x), opOne, op(unit), opOne)
				if i == 0 || c.GreaterThanOrEqual(one) {
					p.Rung, p.WhPerUnit, p.Count = r, unit, c
				}
			}
			if !perRequest || p.Count.GreaterThanOrEqual(one) {
				break
			}
		}
		if p.Count.GreaterThanOrEqual(MinCount) {
			if !e.onLadder() {
				own := quo(op(wh.Mul(decimal.NewFromInt(p.Requests))), opOne, op(e.WhPerUnit), opOne)
				if own.GreaterThanOrEqual(one) {
					p.OwnCount = own
				}
			}
			out = append(out, p)
		}
	}
	return out
}

// onLadder reports whether e's own unit is one of its ladder's rungs.
func (e Equivalent) onLadder() bool {
	for _, r := range e.Ladder {
		if r.Size.Equal(e.Size) {
			return true
		}
	}
	return false
}
