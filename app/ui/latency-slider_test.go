//go:build !wasm

package ui

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestSlider(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		name    string
		ms      string
		wantPos int
	}{
		{"bottom", "5", 0},
		{"below the bottom clamps", "1", 0},
		// 100 ms is 20 × 5 ms and 2,000 ms is 400 × 5 ms = 20² × 5 ms: halfway.
		{"geometric middle", "100", 500},
		// 1000 × ln 2 / ln 400 = 115.7.
		{"10 ms", "10", 116},
		{"top", "2000", 1000},
		{"above the top clamps", "60000", 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sliderPos(d(tt.ms)); got != tt.wantPos {
				t.Errorf("sliderPos(%s) = %d, want %d", tt.ms, got, tt.wantPos)
			}
		})
	}
	for pos, want := range map[int]string{0: "5", 500: "100", 1000: "2000", 116: "10", 300: "30", 750: "450"} {
		if got := sliderMs(pos); got != want {
			t.Errorf("sliderMs(%d) = %q, want %q", pos, got, want)
		}
	}
}
