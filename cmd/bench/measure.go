package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"energyfloor/app/e2e"
	"energyfloor/app/ui"
)

// Measure runs the benchmark: Runs rounds, each with one cold and warm run
// of every target, the targets' order reversed every other round so that
// neither is always measured first.
func Measure(ctx context.Context, o Options) (*Report, error) {
	chromium, err := e2e.ChromiumPath()
	if err != nil {
		return nil, err
	}
	if o.Page == "" {
		o.Page = "/"
	}
	rep := &Report{Started: time.Now().UTC(), Runs: o.Runs, Page: o.Page, Go: runtime.Version(), CPUs: runtime.NumCPU()}
	if v, err := exec.CommandContext(ctx, chromium, "--version").Output(); err == nil {
		rep.Chromium = strings.TrimSpace(string(v))
	}
	targets, stop, err := startTargets(ctx, o)
	defer stop()
	if err != nil {
		return nil, err
	}
	rep.LoadAvgStart = loadavg()
	samples := make([]map[string][]float64, len(targets))
	for i, t := range targets {
		rep.Targets = append(rep.Targets, &TargetReport{Target: t})
		if samples[i], err = measureBytes(ctx, chromium, t); err != nil {
			return nil, err
		}
	}
	for round := 0; round < o.Runs; round++ {
		for k := range targets {
			i := k
			if round%2 == 1 {
				i = len(targets) - 1 - k
			}
			if err := measureRun(ctx, chromium, rep.Targets[i], o, round, samples[i]); err != nil {
				return nil, err
			}
		}
	}
	rep.LoadAvgEnd = loadavg()
	for i, t := range rep.Targets {
		for _, s := range figureSpecs {
			target := s.target
			if t.Name == "floor" {
				target = "" // the targets are the app's
			}
			t.Figures = append(t.Figures, summarize(s.name, s.unit, target, samples[i][s.name]))
		}
	}
	rep.Ratios = ratios(rep.Targets)
	return rep, nil
}

// logf writes a progress line to o.Log, if any.
func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, "bench: "+format+"\n", args...)
	}
}

// startTargets starts the sites to measure: a server for each of
// o.Targets that names a binary, or, when there are none, go-app's floor
// page and the app, built afresh. stop stops whatever it started, even
// when err is set.
func startTargets(ctx context.Context, o Options) (targets []Target, stop func(), err error) {
	var stops []func()
	stop = func() {
		for _, s := range slices.Backward(stops) {
			s()
		}
	}
	targets = slices.Clone(o.Targets)
	for i, t := range targets {
		if t.Bin == "" {
			continue
		}
		srv, err := e2e.StartServer(ctx, t.Bin)
		if err != nil {
			return nil, stop, fmt.Errorf("%s: %w", t.Name, err)
		}
		stops = append(stops, func() { srv.Stop() })
		targets[i].URL = srv.URL + "/"
	}
	if len(targets) > 0 {
		return targets, stop, nil
	}
	dir, err := os.MkdirTemp("", "energyfloor-bench-*")
	if err != nil {
		return nil, stop, err
	}
	stops = append(stops, func() { os.RemoveAll(dir) })
	root, err := e2e.Root()
	if err != nil {
		return nil, stop, err
	}
	o.logf("building go-app's floor page and the app (make build)")
	floor, stopFloor, err := startFloorPage(ctx, root, dir)
	if err != nil {
		return nil, stop, fmt.Errorf("go-app's floor page: %w", err)
	}
	stops = append(stops, stopFloor)
	app, stopApp, err := startApp(ctx, root, dir)
	if err != nil {
		return nil, stop, err
	}
	stops = append(stops, stopApp)
	return []Target{{Name: "floor", URL: floor}, {Name: "app", URL: app}}, stop, nil
}

// measureBytes returns target t's samples with its byte counts: app.wasm
// gzipped, and a first visit's bytes.
func measureBytes(ctx context.Context, chromium string, t Target) (map[string][]float64, error) {
	gz, err := gzipBytes(ctx, strings.TrimSuffix(t.URL, "/")+"/web/app.wasm")
	if err != nil {
		return nil, err
	}
	fv, err := firstVisitBytes(ctx, chromium, t.URL)
	if err != nil {
		return nil, fmt.Errorf("%s: first visit: %w", t.Name, err)
	}
	return map[string][]float64{"bytes_wasm_gzip": {float64(gz)}, "bytes_first_visit": {float64(fv)}}, nil
}

// measureRun runs round's cold and warm run of target t (and, but on
// go-app's floor page, which has no embed, its embed run), adding its
// figures to samples. A run's figures count only if the whole run
// succeeds; a run that fails (a browser hiccup over a long benchmark) is
// run again once, and the report says so.
func measureRun(ctx context.Context, chromium string, t *TargetReport, o Options, round int, samples map[string][]float64) error {
	both := func(run map[string][]float64, pieces map[string]string) error {
		if err := oneRun(ctx, chromium, t, o, run, pieces); err != nil {
			return err
		}
		if t.Name == "floor" {
			return nil
		}
		return embedRun(ctx, chromium, t.URL, o, run)
	}
	run, pieces := map[string][]float64{}, map[string]string{}
	err := both(run, pieces)
	if err != nil {
		o.logf("%s run %d/%d failed, running it again: %v", t.Name, round+1, o.Runs, err)
		t.Repeated = append(t.Repeated, fmt.Sprintf("run %d: %v", round+1, err))
		run, pieces = map[string][]float64{}, map[string]string{}
		err = both(run, pieces)
	}
	if err != nil {
		return fmt.Errorf("%s, run %d: %w", t.Name, round+1, err)
	}
	for name, v := range run {
		samples[name] = append(samples[name], v...)
	}
	for kind, piece := range pieces {
		if t.LongestTaskIn == nil {
			t.LongestTaskIn = map[string][]string{}
		}
		t.LongestTaskIn[kind] = append(t.LongestTaskIn[kind], piece)
	}
	o.logf("%s run %d/%d: interactive cold %.0f ms, warm %.0f ms; embed's first edit %.0f ms", t.Name, round+1, o.Runs,
		last(samples["interactive_cold"]), last(samples["interactive_warm"]), last(samples["embed_first_edit"]))
	return nil
}

// last returns the last of xs, or -1 when there is none.
func last(xs []float64) float64 {
	if len(xs) == 0 {
		return -1
	}
	return xs[len(xs)-1]
}

// oneRun loads the target's page cold in a fresh profile, times updates,
// then loads it warm in the same profile, adding to samples; pieces gets
// the piece of the start-up ("cold", "warm") that was the longest task.
func oneRun(ctx context.Context, chromium string, t *TargetReport, o Options, samples map[string][]float64, pieces map[string]string) error {
	url := t.URL
	if t.Name != "floor" {
		url = strings.TrimSuffix(t.URL, "/") + o.Page
	}
	b, err := e2e.NewBrowser(ctx, e2e.BrowserOptions{Chromium: chromium})
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.AddScriptOnNewDocument(probeJS); err != nil {
		return err
	}

	// The browser process is up (about:blank) but the profile is fresh: no
	// HTTP cache, no service worker, no compiled code.
	if err := b.Navigate("about:blank"); err != nil {
		return err
	}
	time.Sleep(o.Settle)
	cold, coldBreakdown, err := load(b, url)
	if err != nil {
		return fmt.Errorf("cold load: %w", err)
	}
	reqs := b.Requests()
	addBytes(samples, reqs)
	for _, r := range reqs {
		if kind(r) == "wasm" {
			t.WasmEncoding = r.ContentEncoding
		}
	}

	times, err := e2e.Eval[[]float64](b, fmt.Sprintf(`window.__efUpdates(%d)`, o.Updates))
	if err != nil {
		return fmt.Errorf("timing updates: %w", err)
	}
	samples["update"] = append(samples["update"], times...)

	// Warm: the service worker has cached the app and the browser has
	// compiled the wasm once; come back in the same profile.
	if _, err := e2e.Poll[bool](b, e2e.WorkerActivated, 60*time.Second); err != nil {
		return fmt.Errorf("waiting for the service worker: %w", err)
	}
	// The app registers its worker once it has started, so the worker
	// activates after the breakdown above was read.
	if coldBreakdown.Worker, err = e2e.Eval[float64](b, `window.__ef.worker`); err != nil {
		return fmt.Errorf("reading the service worker's activation: %w", err)
	}
	time.Sleep(o.Revisit)
	if err := b.Navigate("about:blank"); err != nil {
		return err
	}
	warm, warmBreakdown, err := load(b, url)
	if err != nil {
		return fmt.Errorf("warm load: %w", err)
	}
	recordLoads(samples, pieces, cold, warm, coldBreakdown, warmBreakdown)
	if errs := b.ConsoleErrors(); len(errs) > 0 {
		return fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
	}
	return nil
}

// recordLoads adds the figures of a run's cold and warm loads, with their
// start-up breakdowns, to samples; pieces gets the piece of each start-up
// ("cold", "warm") that was the longest task.
func recordLoads(samples map[string][]float64, pieces map[string]string, cold, warm timings, coldBreakdown, warmBreakdown breakdown) {
	for _, p := range []struct {
		suffix string
		bd     breakdown
		at     float64
	}{{"_cold", coldBreakdown, cold.Interactive}, {"_warm", warmBreakdown, warm.Interactive}} {
		for name, v := range p.bd.phases(p.at) {
			samples["phase_"+name+p.suffix] = append(samples["phase_"+name+p.suffix], v)
		}
		if _, piece := p.bd.longestTask(p.at); piece != "" {
			pieces[strings.TrimPrefix(p.suffix, "_")] = piece
		}
	}
	if coldBreakdown.Worker >= 0 {
		samples["worker_active_cold"] = append(samples["worker_active_cold"], coldBreakdown.Worker)
	}
	// Nothing is visible before the first contentful paint.
	cold.Visible, warm.Visible = max(cold.Visible, cold.FCP), max(warm.Visible, warm.FCP)
	for _, p := range []struct {
		name string
		v    float64
	}{
		{"fcp_cold", cold.FCP}, {"results_visible_cold", cold.Visible}, {"wasm_started_cold", cold.Wasm}, {"interactive_cold", cold.Interactive},
		{"fcp_warm", warm.FCP}, {"results_visible_warm", warm.Visible}, {"wasm_started_warm", warm.Wasm}, {"interactive_warm", warm.Interactive},
	} {
		if p.v >= 0 {
			samples[p.name] = append(samples[p.name], p.v)
		}
	}
}

// timings is what the probe records, in ms from the navigation's start.
type timings struct {
	FCP         float64 `json:"fcp"`
	Visible     float64 `json:"visible"`
	Wasm        float64 `json:"wasm"`
	Interactive float64 `json:"interactive"`
}

// readBreakdown reads the page's start-up breakdown once a second has
// passed since interactive (the ms the probe gave), the span whose long
// tasks count, and the tasks begun in it have ended.
func readBreakdown(b *e2e.Browser, interactive float64) (breakdown, error) {
	if _, err := e2e.Poll[bool](b, fmt.Sprintf(`performance.now() > %f`, interactive+1000), 10*time.Second); err != nil {
		return breakdown{}, err
	}
	time.Sleep(300 * time.Millisecond)
	bd, err := e2e.Eval[breakdown](b, `window.__efBreakdown()`)
	maps.DeleteFunc(bd.Marks, func(name string, _ float64) bool { return !slices.Contains(ui.Marks, name) })
	return bd, err
}

// load navigates to url, waits until the probe has seen the page become
// interactive (or 60 s pass), and reads its timings and the breakdown of its
// start-up.
func load(b *e2e.Browser, url string) (timings, breakdown, error) {
	b.ResetRequests()
	if err := b.Navigate(url); err != nil {
		return timings{}, breakdown{}, err
	}
	if _, err := e2e.Poll[bool](b, `window.__ef && window.__ef.interactive >= 0 && window.__ef.visible >= 0 && window.__ef.fcp >= 0`, 60*time.Second); err != nil {
		t, _ := e2e.Eval[timings](b, `window.__ef`)
		return t, breakdown{}, fmt.Errorf("the page never became interactive with its results visible (probe: %+v): %w", t, err)
	}
	t, err := e2e.Eval[timings](b, `window.__ef`)
	if err != nil {
		return t, breakdown{}, err
	}
	bd, err := readBreakdown(b, t.Interactive)
	return t, bd, err
}
