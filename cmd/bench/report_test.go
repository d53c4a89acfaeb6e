package main

import (
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
