package floor_test

import (
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// loadWorkload returns workload id of the real embedded dataset.
func loadWorkload(tb testing.TB, id string) *floor.Workload {
	tb.Helper()
	d, err := data.Load()
	if err != nil {
		tb.Fatalf("data.Load: %v", err)
	}
	w := d.TokenWorkload(id)
	if w == nil {
		tb.Fatalf("workload %q not in the dataset", id)
	}
	return w
}

// BenchmarkRank measures a full ranking recompute for the largest workload,
// lm-arena-chat (18 models, 328 configurations, both GPUs), with the default
// inputs. Target: under 200 µs.
func BenchmarkRank(b *testing.B) {
	w := loadWorkload(b, "lm-arena-chat")
	in := floor.DefaultInputs()
	b.ReportAllocs()
	for b.Loop() {
		floor.Rank(w, in)
	}
}

// BenchmarkRankNothingMeets is BenchmarkRank with a 5 ms target that no
// configuration meets, so every result looks for its fastest configuration.
func BenchmarkRankNothingMeets(b *testing.B) {
	w := loadWorkload(b, "lm-arena-chat")
	in := floor.DefaultInputs()
	in.TargetITLMs = decimal.NewFromInt(5)
	b.ReportAllocs()
	for b.Loop() {
		floor.Rank(w, in)
	}
}

// BenchmarkModelFloor measures the selected model's floor, which the UI
// recomputes with the ranking on every change.
func BenchmarkModelFloor(b *testing.B) {
	w := loadWorkload(b, "lm-arena-chat")
	in := floor.DefaultInputs()
	m := w.Model(in.Model)
	b.ReportAllocs()
	for b.Loop() {
		floor.ModelFloor(m, in)
	}
}

// BenchmarkParseNumber parses a typical pasted number.
func BenchmarkParseNumber(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := floor.ParseNumber("1,234,567,890"); err != nil {
			b.Fatal(err)
		}
	}
}
