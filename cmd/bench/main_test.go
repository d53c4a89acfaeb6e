package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"energyfloor/app/e2e"
)

// TestMeasureProducesEveryFigure runs the benchmark for one short run and
// checks that it produces every figure (not how fast they are).
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
	got := map[string]Figure{}
	for _, f := range rep.Figures {
		got[f.Name] = f
	}
	for _, s := range figureSpecs {
		f, ok := got[s.name]
		if !ok {
			t.Errorf("no figure %s", s.name)
			continue
		}
		wantN := 1
		if s.name == "update" {
			wantN = 3
		}
		if f.N != wantN || f.Min < 0 || f.Median < f.Min || f.Max < f.Median {
			t.Errorf("%s: n=%d median=%v min=%v max=%v, want %d sample(s) with min ≤ median ≤ max", s.name, f.N, f.Median, f.Min, f.Max, wantN)
		}
	}
	for _, name := range []string{"bytes_document", "bytes_wasm", "bytes_wasm_gzip", "bytes_script", "bytes_total", "bytes_first_visit", "fcp_cold", "results_visible_cold", "interactive_cold", "interactive_warm"} {
		if got[name].Median <= 0 {
			t.Errorf("%s = %v, want > 0", name, got[name].Median)
		}
	}
	if rep.LoadAvgStart == "" || rep.LoadAvgEnd == "" || rep.Chromium == "" {
		t.Errorf("report lacks the load average or the browser: %+v", rep)
	}
	table := rep.Table()
	for _, s := range figureSpecs {
		if !strings.Contains(table, s.name) {
			t.Errorf("the table has no row %s:\n%s", s.name, table)
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
