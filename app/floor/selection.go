package floor

import (
	"cmp"
	"strings"
)

// selection is a Floor before its figures: what was selected, and the ranks
// it is ordered by.
type selection struct {
	m   *Model
	gpu string
	// chosen meets the target; fastest, set only when chosen is nil, is the
	// configuration with the lowest latency.
	chosen, fastest *ranked
	qualifying      int
	measured        int
	// The qualifying configurations of least, middle and most energy: for an
	// even count, the median is the mean of midLow and midHigh.
	least, midLow, midHigh, most *ranked
	si                           int // the statistic's index
}

// selectFloor selects for im on gpu: configurations whose latency rank for
// statistic si is below within qualify.
func (x *index) selectFloor(im *indexedModel, gpu string, si int, within int32) selection {
	s := selection{m: im.m, gpu: gpu, si: si}
	g := im.gpu(gpu)
	if g == nil {
		return s
	}
	s.measured = len(g.byEnergy)
	for i := range g.byEnergy {
		r := &g.byEnergy[i]
		if r.latency[si] >= within {
			continue
		}
		s.qualifying++
		s.most = r
		// In order of energy, the first qualifying configuration is chosen
		// unless a later one of equal energy wins a tie.
		if s.chosen == nil {
			s.chosen, s.least = r, r
		} else if r.energy == s.chosen.energy && Preferred(r.c, s.chosen.c, Statistics[si]) {
			s.chosen = r
		}
	}
	if s.chosen == nil {
		for i := range g.byEnergy {
			if r := &g.byEnergy[i]; s.fastest == nil || faster(r, s.fastest, si) {
				s.fastest = r
			}
		}
		return s
	}
	// The middle of the qualifying configurations, in order of energy.
	lo, hi := (s.qualifying-1)/2, s.qualifying/2
	k := 0
	for i := range g.byEnergy {
		r := &g.byEnergy[i]
		if r.latency[si] >= within {
			continue
		}
		if k == lo {
			s.midLow = r
		}
		if k == hi {
			s.midHigh = r
			break
		}
		k++
	}
	return s
}

// spread returns the floor, median and highest joules per output token of
// s's qualifying configurations; zero when none qualifies.
func (s *selection) spread() Spread {
	if s.chosen == nil {
		return Spread{}
	}
	sp := Spread{Floor: s.least.c.JoulesPerUnit(), Median: s.midLow.c.JoulesPerUnit(), Highest: s.most.c.JoulesPerUnit()}
	if s.midHigh != s.midLow {
		sp.Median = mean(s.midLow.j, s.midHigh.j)
	}
	return sp
}

// faster reports whether a reaches a lower latency statistic si than b; ties:
// lower energy, then as Preferred chooses.
func faster(a, b *ranked, si int) bool {
	if a.latency[si] != b.latency[si] {
		return a.latency[si] < b.latency[si]
	}
	return Preferred(a.c, b.c, Statistics[si])
}

// result completes s with its figures for demand t.
func (s *selection) result(t *demand) Result {
	var r Result
	s.fill(&r, t)
	return r
}

// fill writes s's Result, with its figures for demand t, into r.
func (s *selection) fill(r *Result, t *demand) {
	r.Model, r.GPU, r.Qualifying, r.Measured = s.m, s.gpu, s.qualifying, s.measured
	r.Spread = s.spread()
	switch {
	case s.chosen != nil:
		r.Chosen = s.chosen.c
		t.fill(&r.Figures, s.chosen)
	case s.fastest != nil:
		r.Fastest = s.fastest.c
		t.fill(&r.Figures, s.fastest)
	}
}

// compareSelections orders selections of one index as Rank orders Results:
// those that meet the target first, by energy, latency statistic and GPU
// count; then those that meet nothing, by the latency statistic they can
// reach, energy and GPU count; then by model slug and GPU.
func compareSelections(a, b *selection) int {
	switch {
	case a.chosen != nil && b.chosen == nil:
		return -1
	case a.chosen == nil && b.chosen != nil:
		return 1
	case a.chosen != nil:
		if c := cmp.Or(
			cmp.Compare(a.chosen.energy, b.chosen.energy),
			cmp.Compare(a.chosen.latency[a.si], b.chosen.latency[b.si]),
			cmp.Compare(a.chosen.c.NumGPUs, b.chosen.c.NumGPUs),
		); c != 0 {
			return c
		}
	case a.fastest != nil && b.fastest != nil:
		if c := cmp.Or(
			cmp.Compare(a.fastest.latency[a.si], b.fastest.latency[b.si]),
			cmp.Compare(a.fastest.energy, b.fastest.energy),
			cmp.Compare(a.fastest.c.NumGPUs, b.fastest.c.NumGPUs),
		); c != 0 {
			return c
		}
	}
	return cmp.Or(strings.Compare(a.m.Slug, b.m.Slug), strings.Compare(a.gpu, b.gpu))
}
