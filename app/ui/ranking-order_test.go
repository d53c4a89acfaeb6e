//go:build !wasm

package ui

import (
	"testing"

	"energyfloor/app/floor"
)

// TestRankingMeetingRowsFirst: sorted by a figure, in either direction,
// the models that meet the target come first; a model with nothing within
// the target shows a dash for its figures; sorted by GPU, the names order
// the rows both ways. From the fixture within 20 ms: alpha's a1 (H100,
// 1.0 J, median 10 ms) meets it, none of beta's (B200, fastest median
// 30 ms) does.
func TestRankingMeetingRowsFirst(t *testing.T) {
	c := fixtureCalculator("itl=20", false)
	rt := &rankingTable{Results: c.ranking, Statistic: floor.Statistic("median"), Output: "500"}
	rt.OnInit()
	for _, step := range []struct {
		key, dir string
		want     []string
	}{
		{sortLatency, "ascending", []string{"alpha", "beta"}},
		{sortLatency, "descending", []string{"alpha", "beta"}},
		{sortEnergy, "ascending", []string{"alpha", "beta"}},
		{sortEnergy, "descending", []string{"alpha", "beta"}},
		{sortGPU, "ascending", []string{"beta", "alpha"}},
		{sortGPU, "descending", []string{"alpha", "beta"}},
	} {
		rt.sort(step.key)
		sorted, dir, rows := readRanking(t, rt)
		if sorted != step.key || dir != step.dir {
			t.Fatalf("after pressing %s: aria-sort %q on %q, want %q", step.key, dir, sorted, step.dir)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.model)
			if r.model == "beta" && (r.meets || r.energy != "—") {
				t.Errorf("beta's row meets %t with energy %q, want unmet with a dash", r.meets, r.energy)
			}
		}
		if len(got) != len(step.want) || got[0] != step.want[0] || got[1] != step.want[1] {
			t.Errorf("sorted by %s %s: rows %v, want %v", step.key, step.dir, got, step.want)
		}
	}
}
