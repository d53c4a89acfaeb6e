package main

import (
	"math"
	"strings"
	"testing"
)

func TestTableTalliesTheLongestTasks(t *testing.T) {
	r := &Report{Targets: []*TargetReport{
		{Target: Target{Name: "floor"}},
		{Target: Target{Name: "app"}, LongestTaskIn: map[string][]string{
			"cold": {"ef:live", "ef:nav ef:decoded", "ef:live", "after ef:main"},
			"warm": {"ef:nav ef:decoded"},
		}},
	}}
	want := "\nthe longest task's piece of the start-up: the ef: marks set in it, or the one it came after (or before)\n" +
		"app cold: ef:live ×2, after ef:main ×1, ef:nav ef:decoded ×1\n" +
		"app warm: ef:nav ef:decoded ×1\n"
	if got := r.Table(); !strings.Contains(got, want) {
		t.Errorf("the table lacks\n%s\nin\n%s", want, got)
	}
}

// TestRatiosOfAnAB checks an A/B's ratios: each figure of ratioSpecs that
// both builds have, B's median over A's, with both medians and ranges in
// the table; a figure a build lacks (median -1) has no ratio.
func TestRatiosOfAnAB(t *testing.T) {
	a := &TargetReport{Target: Target{Name: "A"}, Figures: []Figure{
		summarize("interactive_cold", "ms", "", []float64{900, 700, 800}),
		summarize("phase_longest_task_warm", "ms", "", []float64{40, 60, 50, 70}),
		summarize("update", "ms", "", []float64{2, 4}),
		summarize("interactive_warm", "ms", "", nil),
	}}
	b := &TargetReport{Target: Target{Name: "B"}, Figures: []Figure{
		summarize("interactive_cold", "ms", "", []float64{1000, 880, 950}),
		summarize("phase_longest_task_warm", "ms", "", []float64{30, 90, 66, 55}),
		summarize("update", "ms", "", []float64{3}),
		summarize("interactive_warm", "ms", "", []float64{500}),
	}}
	got := ratios([]*TargetReport{a, b})
	// Medians: interactive_cold A 800, B 950; longest task A (50+60)/2 = 55,
	// B (55+66)/2 = 60.5; update A 3, B 3; interactive_warm A has none.
	want := []struct {
		figure string
		ratio  float64
	}{{"interactive_cold", 950.0 / 800}, {"phase_longest_task_warm", 60.5 / 55}, {"update", 1}}
	if len(got) != len(want) {
		t.Fatalf("got %d ratios %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		if g := got[i]; g.Figure != w.figure || g.Of != "B" || g.To != "A" || math.Abs(g.Ratio-w.ratio) > 1e-12 || g.Target != "" {
			t.Errorf("ratio %d: got %+v, want %s B / A = %v", i, g, w.figure, w.ratio)
		}
	}
	table := (&Report{Targets: []*TargetReport{a, b}, Ratios: got}).Table()
	line := "phase_longest_task_warm    B / A = 1.10  (B 60.5 ms [30.0–90.0 ms] n=4; A 55.0 ms [40.0–70.0 ms] n=4)"
	if !strings.Contains(table, line) {
		t.Errorf("the table lacks\n%s\nin\n%s", line, table)
	}
}
