package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// ladderDataset has a bulb (10 W: seconds to years), a car (240 Wh a mile:
// metres and kilometres) and a home (300 kWh a 730-hour month: hours to
// months), as the bundled equivalents.json has them.
func ladderDataset() *floor.Dataset {
	rung := func(name, size string) floor.Rung { return floor.Rung{Name: name, Unit: name, Size: dec(size)} }
	return &floor.Dataset{Equivalents: []floor.Equivalent{
		{ID: "bulb", WhPerUnit: dec("10"), Size: dec("3600"), Ladder: []floor.Rung{
			rung("seconds", "1"), rung("minutes", "60"), rung("hours", "3600"), rung("days", "86400"), rung("years", "31536000")}},
		{ID: "car", WhPerUnit: dec("240"), Size: dec("1609.344"), Ladder: []floor.Rung{rung("metres", "1"), rung("kilometres", "1000")}},
		{ID: "home", WhPerUnit: dec("300000"), Size: dec("2628000"), Ladder: []floor.Rung{
			rung("hours", "3600"), rung("days", "86400"), rung("months", "2628000")}},
	}}
}

// TestPicture checks the unit each figure is restated in, and for how many
// requests, against counts worked by hand: a second of the bulb is
// 10 Wh ÷ 3,600, a metre of the car 240 Wh ÷ 1,609.344, an hour of the home
// 300,000 Wh ÷ 730 and a day 24 such hours.
func TestPicture(t *testing.T) {
	type row struct {
		id, unit string
		requests int64
		count    string // worked by hand, exact or to 16 digits
	}
	for _, tc := range []struct {
		name       string
		wh         string
		perRequest bool
		want       []row
	}{
		{"the default floor per request", "0.0334", true, []row{
			{"bulb", "seconds", 1, "12.024"},                    // 0.0334 × 360; 0.2 minutes is under 1
			{"car", "metres", 1000, "223.96704"},                // 33.4 × 6.7056 (1,609.344 ÷ 240); 0.224 m per request
			{"home", "days", 1_000_000, "3.386388888888888889"}, // 33,400 ÷ (300,000 × 24 ÷ 730); 0.0813 hours per 1,000
		}},
		{"a month of 66.7 kWh", "66700", false, []row{
			{"bulb", "days", 1, "277.9166666666666667"}, // 66,700 ÷ 240; 0.761 years
			{"car", "kilometres", 1, "447.26352"},       // 66,700 × 0.0067056 (1.609344 ÷ 240)
			{"home", "days", 1, "6.762638888888888889"}, // 66,700 × 730 ÷ (300,000 × 24); 0.222 months
		}},
		{"a month of 259 Wh", "259", false, []row{
			{"bulb", "days", 1, "1.079166666666666667"},   // 259 ÷ 240
			{"car", "kilometres", 1, "1.7367504"},         // 259 × 0.0067056
			{"home", "hours", 1, "0.6302333333333333333"}, // 259 × 730 ÷ 300,000: under 1, over 0.1
		}},
		{"a tiny figure per request", "0.0000001", true, []row{
			{"bulb", "seconds", 1_000_000, "36"},               // 0.1 Wh × 360
			{"car", "metres", 1_000_000, "0.6705600000000000"}, // 0.1 × 1,609.344 ÷ 240; the home's 0.000243 hours is left out
		}},
		{"a month too small for any", "0.0002", false, nil}, // 0.072 seconds, 0.00134 metres
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := floor.Picture(ladderDataset(), dec(tc.wh), tc.perRequest)
			if len(got) != len(tc.want) {
				t.Fatalf("%d rows, want %d: %+v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Equivalent.ID != w.id || g.Rung.Name != w.unit || g.Requests != w.requests || !agree(g.Count, dec(w.count)) {
					t.Errorf("row %d: %s %s × %d requests = %s, want %s %s × %d = %s", i, g.Equivalent.ID, g.Rung.Name, g.Requests, g.Count,
						w.id, w.unit, w.requests, w.count)
				}
				// data-count = data-wh × data-requests ÷ data-per-unit-wh.
				if want := dec(tc.wh).Mul(decimal.NewFromInt(g.Requests)).DivRound(g.WhPerUnit, 30); !agree(g.Count, want) {
					t.Errorf("row %d: count %s, want wh × requests ÷ Wh per unit = %s", i, g.Count, want)
				}
			}
		})
	}
}

// TestPictureCountsReadable restates, with the bundled equivalents, the
// floor per request and per month of every model for monthly volumes from
// 1e3 to 1e13 output tokens and every workload: every count shown reads at
// least 0.1, and at most 10,000 where a smaller unit reads at least 1.
func TestPictureCountsReadable(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, w := range ds.TokenWorkloads {
		for _, tokens := range []string{"1e3", "3e4", "1e6", "2.5e7", "1e9", "4e10", "1e12", "1e13"} {
			in := floor.DefaultInputs()
			in.Workload, in.OutputTokensPerMonth, in.TargetITLMs = w.ID, dec(tokens), dec("1000")
			for _, m := range w.Models {
				r, ok := floor.ModelFloor(m, in)
				if !ok || !r.Meets() {
					continue
				}
				for _, fig := range []struct {
					wh         decimal.Decimal
					perRequest bool
				}{{r.Figures.WhPerRequest, true}, {r.Figures.KWhPerMonth.Shift(3), false}} {
					for _, p := range floor.Picture(ds, fig.wh, fig.perRequest) {
						shown++
						if text := floor.FormatNumber(p.Count); p.Count.LessThan(floor.MinCount) || dec(strings.ReplaceAll(text, ",", "")).LessThan(floor.MinCount) {
							t.Errorf("%s, %s, %s tokens: %s Wh reads %s %s", w.ID, m.Slug, tokens, fig.wh, text, p.Rung.Name)
						}
					}
				}
			}
		}
	}
	if shown == 0 {
		t.Fatal("no count shown")
	}
}

// TestPictureOwnUnit: the car's source states its energy a mile, a unit not
// on its ladder, so a car row also counts miles where they read at least 1;
// the bulb's hour and the home's month are rungs of their ladders, so their
// rows never do. Worked by hand: a mile is 240 Wh.
func TestPictureOwnUnit(t *testing.T) {
	for _, tc := range []struct {
		name       string
		wh         string
		perRequest bool
		want       map[string]string // id: miles, "" for none
	}{
		{"a month of 66.7 kWh: 447 km", "66700", false, map[string]string{"bulb": "", "car": "277.9166666666666667", "home": ""}}, // 66,700 ÷ 240
		{"a month of 259 Wh: 1.74 km", "259", false, map[string]string{"bulb": "", "car": "1.079166666666666667", "home": ""}},    // 259 ÷ 240
		{"a month of 200 Wh: 1.34 km, under a mile", "200", false, map[string]string{"bulb": "", "car": "", "home": ""}},          // 0.833 miles
		{"the default floor per 1,000 requests: 224 m", "0.0334", true, map[string]string{"bulb": "", "car": "", "home": ""}},     // 33.4 ÷ 240 = 0.139 miles
		{"a month of 2.4 MWh: 16,093 km", "2400000", false, map[string]string{"bulb": "", "car": "10000", "home": ""}},            // 2,400,000 ÷ 240
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := floor.Picture(ladderDataset(), dec(tc.wh), tc.perRequest)
			if len(got) != len(tc.want) {
				t.Fatalf("%d rows, want %d: %+v", len(got), len(tc.want), got)
			}
			for _, g := range got {
				want, ok := tc.want[g.Equivalent.ID]
				if !ok {
					t.Fatalf("unexpected row %s", g.Equivalent.ID)
				}
				if want == "" && !g.OwnCount.IsZero() || want != "" && !agree(g.OwnCount, dec(want)) {
					t.Errorf("%s in %s: own-unit count %s, want %q", g.Equivalent.ID, g.Rung.Name, g.OwnCount, want)
				}
			}
		})
	}
}
