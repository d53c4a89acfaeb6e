package energyfloor_test

import (
	"testing"

	"energyfloor"
	"energyfloor/data"
)

// loadWorkload returns workload id of the real embedded dataset.
func loadWorkload(tb testing.TB, id string) *energyfloor.Workload {
	tb.Helper()
	d, err := data.Load()
	if err != nil {
		tb.Fatalf("data.Load: %v", err)
	}
	w := d.Workload(id)
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
	in := energyfloor.DefaultInputs()
	b.ReportAllocs()
	for b.Loop() {
		energyfloor.Rank(w, in)
	}
}
