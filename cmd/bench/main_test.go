package main

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"energyfloor/app/e2e"
)

// TestMeasureProducesEveryFigure runs the benchmark as make bench does, for
// one short round: it builds go-app's floor page and the app, measures both
// on the default page and on an image page (-page),
// and must produce every figure of each and print the app's ratios to the
// floor (not how fast anything is). Building and loading both pages is
// slow, so it runs when asked, as make bench asks (EF_BENCH=1).
func TestMeasureProducesEveryFigure(t *testing.T) {
	if os.Getenv("EF_BENCH") == "" {
		t.Skip("the benchmark's smoke test runs with EF_BENCH=1, as make bench sets")
	}
	if _, err := e2e.ChromiumPath(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true and %v", err)
		}
		t.Skipf("skipping the browser benchmark: %v", err)
	}
	// The default page, and an image page, whose monthly volume is a
	// number of images (-page).
	for _, page := range []string{"/", "/?workload=text-to-image"} {
		t.Run(page, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			rep, err := Measure(ctx, Options{Page: page, Runs: 1, Updates: 3, Settle: 200 * time.Millisecond, Revisit: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Page != page {
				t.Errorf("the report names the page %q, want %q", rep.Page, page)
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
					// go-app's floor page has no embed.
					if strings.HasPrefix(s.name, "embed_") && target.Name == "floor" {
						continue
					}
					if strings.HasPrefix(s.name, "phase_") && s.name != "phase_"+longestTaskPhase+"_cold" && s.name != "phase_"+longestTaskPhase+"_warm" &&
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
			for _, want := range []string{`interactive_cold +app / floor = `, `interactive_warm +app / floor = `, `≤ 1\.3 × floor`} {
				if !regexp.MustCompile(want).MatchString(table) {
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
		})
	}
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
