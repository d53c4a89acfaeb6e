package floor_test

import (
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// TestEquivalents checks that each count is the figure's Wh ÷ the
// equivalent's Wh per unit, to QuotientDigits significant digits, for the
// default inputs' floor per request and per month; and, in the report, that
// the statement's floor is restated, per request then per month.
func TestEquivalents(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Equivalents) == 0 {
		t.Fatal("no equivalents bundled")
	}
	w := ds.TokenWorkload(floor.DefaultWorkload)
	in := floor.DefaultInputs()
	r, _ := floor.ModelFloor(w.Model(in.Model), in)
	for _, tc := range []struct {
		name, wh string
	}{
		{"a small figure", "0.0333674027777777"},
		{"the floor per request", r.Figures.WhPerRequest.String()},
		{"the floor per month", r.Figures.KWhPerMonth.Shift(3).String()},
		{"exactly one US home's month", "893000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wh := dec(tc.wh)
			counts := floor.Equivalents(ds, wh)
			if len(counts) != len(ds.Equivalents) {
				t.Fatalf("%d counts, want one per equivalent (%d)", len(counts), len(ds.Equivalents))
			}
			for i, c := range counts {
				e := ds.Equivalents[i]
				want := wh.DivRound(e.WhPerUnit, 40)
				if c.Equivalent.ID != e.ID || !agree(c.Count, want) {
					t.Errorf("%s: count %s, want %s ÷ %s = %s", e.ID, c.Count, wh, e.WhPerUnit, want)
				}
			}
		})
	}
	if got := floor.Equivalents(ds, dec("893000")); !got[2].Count.Equal(dec("1")) || got[2].Equivalent.ID != "us-home-month" {
		t.Errorf("893,000 Wh is %s of %s, want 1 us-home-month", got[2].Count, got[2].Equivalent.ID)
	}

	rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	// The floor per request and per month, then the figure at your traffic.
	if len(rep.Equivalents) != 4*len(ds.Equivalents) || r.Traffic == nil {
		t.Fatalf("%d report equivalents, want %d", len(rep.Equivalents), 4*len(ds.Equivalents))
	}
	for i, re := range rep.Equivalents {
		of, wh := []string{floor.OfEnergyPerRequest, floor.OfEnergyPerMonth, floor.OfTrafficPerRequest, floor.OfTrafficPerMonth}[i/len(ds.Equivalents)],
			[]decimal.Decimal{r.Figures.WhPerRequest, r.Figures.KWhPerMonth.Shift(3), r.Traffic.Figures.WhPerRequest, r.Traffic.Figures.KWhPerMonth.Shift(3)}[i/len(ds.Equivalents)]
		e := ds.Equivalents[i%len(ds.Equivalents)]
		if re.Of != of || re.ID != e.ID || re.WhPerUnit.String() != e.WhPerUnit.String() || re.URL != e.URL ||
			!agree(dec(re.Count.String()), wh.DivRound(e.WhPerUnit, 40)) {
			t.Errorf("report equivalent %d = %+v, want %s of %s Wh in %s", i, re, of, wh, e.ID)
		}
	}

	in.TargetITLMs = dec("1")
	if rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test"); rep.Equivalents == nil || len(rep.Equivalents) != 0 {
		t.Errorf("nothing meets the target: equivalents %v, want an empty list", rep.Equivalents)
	}
}
