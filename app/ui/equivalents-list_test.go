//go:build !wasm

package ui

import (
	"testing"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// TestEquivalentText: a row says its count in words, restated for more
// requests (images, videos) where it is, and gives the car's miles beside its kilometres
// where Picture counts them (OwnCount); counts worked by hand at 240 Wh a
// mile (1.609344 km).
func TestEquivalentText(t *testing.T) {
	dec := decimal.RequireFromString
	car := floor.Equivalent{Name: "miles in a Hyundai Ioniq 6 electric car"}
	km := floor.Rung{Name: "kilometres in a Hyundai Ioniq 6 electric car"}
	m := floor.Rung{Name: "metres in a Hyundai Ioniq 6 electric car"}
	bulb := floor.Equivalent{Name: "hours of a 10 W LED bulb"}
	for _, tc := range []struct {
		name    string
		row     floor.Pictured
		request floor.Kind
		want    string
	}{
		{"a month of 66.7 kWh", floor.Pictured{Equivalent: car, Rung: km, Requests: 1, Count: dec("447.26352"), OwnCount: dec("277.9166666666666667")}, floor.KindTokens,
			"about 447 kilometres (278 miles) in a Hyundai Ioniq 6 electric car"},
		{"a month of 259 Wh", floor.Pictured{Equivalent: car, Rung: km, Requests: 1, Count: dec("1.7367504"), OwnCount: dec("1.079166666666666667")}, floor.KindTokens,
			"about 1.74 kilometres (1.08 miles) in a Hyundai Ioniq 6 electric car"},
		{"under a mile: metres only", floor.Pictured{Equivalent: car, Rung: m, Requests: 1000, Count: dec("223.96704")}, floor.KindTokens,
			"per 1,000 requests, about 224 metres in a Hyundai Ioniq 6 electric car"},
		{"per 1,000 images", floor.Pictured{Equivalent: car, Rung: m, Requests: 1000, Count: dec("223.96704")}, floor.KindImages,
			"per 1,000 images, about 224 metres in a Hyundai Ioniq 6 electric car"},
		{"per million videos", floor.Pictured{Equivalent: bulb, Rung: floor.Rung{Name: "days of a 10 W LED bulb"}, Requests: 1_000_000, Count: dec("9.52")}, floor.KindVideos,
			"per million videos, about 9.52 days of a 10 W LED bulb"},
		{"the bulb", floor.Pictured{Equivalent: bulb, Rung: floor.Rung{Name: "seconds of a 10 W LED bulb"}, Requests: 1, Count: dec("12.024")}, floor.KindTokens,
			"about 12.0 seconds of a 10 W LED bulb"},
		{"names sharing no end", floor.Pictured{Equivalent: floor.Equivalent{Name: "miles driven"}, Rung: floor.Rung{Name: "kilometres"}, Requests: 1, Count: dec("16.09344"), OwnCount: dec("10")}, floor.KindTokens,
			"about 16.1 kilometres (about 10.0 miles driven)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := equivalentText(tc.row, tc.request); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
