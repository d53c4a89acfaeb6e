//go:build !wasm

package ui

import (
	"testing"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

func TestSpreadText(t *testing.T) {
	d := decimal.RequireFromString
	for _, tc := range []struct {
		name string
		r    floor.Result
		want string
	}{
		{
			name: "one configuration meets the target",
			r:    floor.Result{Qualifying: 1, Spread: floor.Spread{Floor: d("0.356"), Median: d("0.356"), Highest: d("0.356")}},
			want: "Only 1 configuration meets the target: 0.356 J per output token. The floor is the best case, not a typical value.",
		},
		{
			name: "several meet it",
			r:    floor.Result{Qualifying: 15, Spread: floor.Spread{Floor: d("0.2402453"), Median: d("2.0430333"), Highest: d("8.3960277")}},
			want: "Across the 15 configurations that meet the target: floor 0.240 J, median 2.04 J, highest 8.40 J per output token. The floor is the best case, not a typical value.",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := spreadText(tc.r, "output token"); got != tc.want {
				t.Errorf("spreadText() = %q, want %q", got, tc.want)
			}
		})
	}
}
