package main

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"strings"
	"testing"
	"time"

	"energyfloor/app/e2e"
)

// TestMeasureProducesEveryFigure runs the benchmark as make bench does, for
// one short round: it builds go-app's floor page and the app, measures both,
// and must produce every figure of each and print the app's ratios to the
// floor (not how fast anything is).
func TestMeasureProducesEveryFigure(t *testing.T) {
	if _, err := e2e.ChromiumPath(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true and %v", err)
		}
		t.Skipf("skipping the browser benchmark: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	rep, err := Measure(ctx, Options{Runs: 1, Updates: 3, Settle: 200 * time.Millisecond, Revisit: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 2 || rep.Targets[0].Name != "floor" || rep.Targets[1].Name != "app" {
		t.Fatalf("got targets %+v, want floor and app", rep.Targets)
	}
	for _, target := range rep.Targets {
		got := map[string]Figure{}
		for _, f := range target.Figures {
			got[f.Name] = f
		}
		for _, s := range figureSpecs {
			f, ok := got[s.name]
			if !ok {
				t.Errorf("%s: no figure %s", target.Name, s.name)
				continue
			}
			// go-app's floor page sets no ef: marks; a warm load reads
			// app.wasm from the worker's cache, with no download.
			if strings.HasPrefix(s.name, "phase_") && s.name != "phase_longest_task_cold" && s.name != "phase_longest_task_warm" &&
				(target.Name == "floor" || s.name == "phase_download_warm") {
				continue
			}
			wantN := 1
			if s.name == "update" {
				wantN = 3
			}
			if f.N != wantN || f.Min < 0 || f.Median < f.Min || f.Max < f.Median {
				t.Errorf("%s: %s: n=%d median=%v min=%v max=%v, want %d sample(s) with min ≤ median ≤ max", target.Name, s.name, f.N, f.Median, f.Min, f.Max, wantN)
			}
		}
		for _, name := range []string{"bytes_document", "bytes_wasm", "bytes_wasm_gzip", "bytes_script", "bytes_total", "bytes_first_visit", "fcp_cold", "results_visible_cold", "interactive_cold", "interactive_warm"} {
			if got[name].Median <= 0 {
				t.Errorf("%s: %s = %v, want > 0", target.Name, name, got[name].Median)
			}
		}
	}
	if rep.LoadAvgStart == "" || rep.LoadAvgEnd == "" || rep.Chromium == "" {
		t.Errorf("report lacks the load average or the browser: %+v", rep)
	}
	// The app names each load's longest task by the piece of the start-up it
	// falls in, when it falls in one: which task is longest depends on the
	// machine's load, so a run may have no name. The floor, which sets no
	// marks, names none.
	for load, names := range rep.Targets[1].LongestTaskIn {
		if len(names) != 1 || !strings.Contains(names[0], "ef:") {
			t.Errorf("the app's longest %s task is named %q, want one piece of the start-up", load, names)
		}
	}
	if floor := rep.Targets[0].LongestTaskIn; len(floor) != 0 {
		t.Errorf("the floor's longest tasks are named %v, want none", floor)
	}
	table := rep.Table()
	for _, want := range []string{"interactive_cold       app / floor = ", "interactive_warm       app / floor = ", "≤ 1.3 × floor"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table lacks %q:\n%s", want, table)
		}
	}
	for _, s := range figureSpecs {
		if strings.Count(table, s.name) < 2 {
			t.Errorf("the table lacks a row %s for each target:\n%s", s.name, table)
		}
	}
	if _, err := json.Marshal(rep); err != nil {
		t.Error(err)
	}
	t.Logf("\n%s", table)
}

// TestProbeIdleOffTheApp checks that the probe does nothing on about:blank,
// where each new browser settles before the cold load: no window.__ef, so no
// animation-frame loop and no timer competing with the load it measures.
func TestProbeIdleOffTheApp(t *testing.T) {
	chromium, err := e2e.ChromiumPath()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true and %v", err)
		}
		t.Skipf("skipping: %v", err)
	}
	b, err := e2e.NewBrowser(context.Background(), e2e.BrowserOptions{Chromium: chromium})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.AddScriptOnNewDocument(probeJS); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate("about:blank"); err != nil {
		t.Fatal(err)
	}
	if defined, err := e2e.Eval[bool](b, `"__ef" in window`); err != nil || defined {
		t.Errorf("on about:blank the probe set window.__ef (%v, err %v), want it idle", defined, err)
	}
}

func TestPhasesAnswer(t *testing.T) {
	marks := map[string]float64{"ef:wasm-requested": 200, "ef:wasm-compiled": 500, "ef:instantiated": 510,
		"ef:main": 600, "ef:nav": 640, "ef:decoded": 690, "ef:rendered": 850}
	for _, tt := range []struct {
		name                string
		interactive, answer float64
	}{
		{"typed after the first page", 871.5, 21.5},
		{"typed while the app started: on the first page", 820, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := breakdown{Marks: marks, WasmEnd: 450}.phases(tt.interactive)
			want := map[string]float64{"wait": 200, "download": 250, "compile": 50, "instantiate": 10, "go_init": 90,
				"goapp_init": 40, "decode": 50, "render": 160, "answer": tt.answer, "longest_task": 0}
			if !maps.Equal(got, want) {
				t.Errorf("phases = %v, want %v", got, want)
			}
		})
	}
}

func TestLongestTask(t *testing.T) {
	marks := map[string]float64{"ef:main": 600, "ef:nav": 640, "ef:decoded": 690, "ef:rendered": 850, "ef:live": 905}
	for _, tt := range []struct {
		name        string
		marks       map[string]float64
		tasks       [][2]float64
		interactive float64
		ms          float64
		piece       string
	}{
		{"marks set in it, in order", marks, [][2]float64{{600, 30}, {630, 95}, {900, 60}}, 860, 95, "ef:nav ef:decoded"},
		{"a mark at its very end counts", marks, [][2]float64{{630, 10}, {790, 60}}, 860, 60, "ef:rendered"},
		{"none in it: the last before it", marks, [][2]float64{{700, 80}, {910, 120}}, 860, 120, "after ef:live"},
		{"a tie keeps the first", marks, [][2]float64{{630, 50}, {860, 50}}, 860, 50, "ef:nav"},
		{"a second after interactive at most", marks, [][2]float64{{630, 50}, {1861, 200}}, 860, 50, "ef:nav"},
		{"before any mark", marks, [][2]float64{{100, 70}}, 860, 70, "before ef:main"},
		{"a page without marks", nil, [][2]float64{{100, 70}}, 860, 70, ""},
		{"no long task", marks, nil, 860, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ms, piece := breakdown{Marks: tt.marks, Tasks: tt.tasks}.longestTask(tt.interactive)
			if ms != tt.ms || piece != tt.piece {
				t.Errorf("longestTask = %v, %q; want %v, %q", ms, piece, tt.ms, tt.piece)
			}
		})
	}
}

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
