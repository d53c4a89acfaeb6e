// Command bench measures Energy Floor in a real browser, headless Debian
// Chromium on 127.0.0.1, against go-app's own floor in the same run.
//
// Usage:
//
//	go run ./cmd/bench [-runs 5] [-updates 20] [-settle 2s] [-revisit 3s] [-json FILE] [-url [name=]URL]...
//
// Without -url (what `make bench` runs, after the Go benchmarks) it builds
// two sites and measures both: "floor", a go-app v10 page with one input and
// one computed output (testdata/floorpage), built and served the way go-app's
// documentation does it; and "app", Energy Floor as users get it (make build).
// With -url it measures running sites instead: give two builds to compare
// them (an A/B), the first being the base of the ratios.
//
// # Method
//
// The sites are measured in alternating rounds: each round runs every site
// once, in reverse order every other round, so that a slow phase of the
// machine falls on all of them. A run starts a new Chromium with a fresh
// profile and lets it settle (-settle) on about:blank, where a new browser
// loads its own pages for a second or two; then it loads the page cold (no
// HTTP cache, no service worker, no compiled code), times -updates updates,
// waits until the service worker is active and -revisit more, and loads the
// page warm in the same profile (everything from the worker's cache). A warm
// load compiles app.wasm again: Chromium writes no compiled-code cache for it
// in visits this short, so a warm start includes compiling each wasm
// function the start-up calls. The browser records the requests without
// keeping their bodies (see e2e.NewBrowser), as a visitor's browser does.
//
// An in-page probe (probe.js, injected before the page's scripts) times,
// from the navigation's start: the first contentful paint; results visible,
// the earlier of the first paint of #energy-per-month's text that Element
// Timing reports and the first animation frame in which it holds a number,
// inside the viewport and uncovered, never before the first contentful
// paint; wasm started, when go-app's Go side has replaced its JavaScript
// stubs; interactive, when a value typed into #tokens-per-month has changed
// #energy-per-month's data-wh; and each update, from the input event to the
// changed data-wh. Until DOMContentLoaded the probe only observes, so that it
// adds no work to the parsing and first paint it measures, and on pages
// other than the site's (about:blank) it does nothing.
//
// The start-up breakdown comes from performance marks that web/boot.js and
// the wasm set (ef:wasm-requested, ef:wasm-compiled, ef:instantiated,
// ef:main, ef:nav, ef:decoded, ef:mount-paused, ef:rendered, ef:live,
// ef:complete), app.wasm's resource timing and the page's long tasks (the
// Long Tasks API): phase_wait, until app.wasm is requested; phase_download,
// until its response ends (cold loads only: a warm one reads it from the
// service worker's cache); phase_compile, until the module is compiled;
// phase_instantiate, until it is instantiated (waiting for go-app's scripts
// and a yield to the browser included); phase_go_init, the Go runtime's and
// the packages' initialisation, until main (with the yields that split it);
// phase_goapp_init, until the calculator's first navigation; phase_decode,
// the first dataset's decode; phase_render, the first render and the
// replacement of the prerendered body (the mount pauses once, at
// ef:mount-paused); phase_answer, until a typed value changed the results (0
// when the first page showed it: a value typed while the app started); and
// phase_longest_task, the longest main-thread task until a second after
// that. Each run's longest task is also named by the piece of the start-up
// it was: the ef: marks set during it, or the last one before it, or the
// first for a task before any (ef:live marks the lower sections going
// live, ef:complete the whole dataset's decode). worker_active_cold is when
// the service worker of a first visit is active, its install done.
//
// Bytes are what the cold load's requests moved over the wire, by type
// (Network.loadingFinished's encodedDataLength); bytes_first_visit is the
// body bytes the server sends a whole first visit until its service worker
// is active, the worker's install included (counted behind a proxy, in one
// extra visit); bytes_wasm_gzip is app.wasm as a client that accepts only
// gzip gets it.
//
// It prints, per site, each figure's median, min and max over the runs with
// the app's targets, then the ratios of the second site's medians to the
// first's (app / floor) for interactive cold and warm, results visible and
// wasm started, and the load average at the start and the end; then the
// same as JSON. Absolute times drift between sessions on a shared machine:
// compare sites measured in the same run.
//
// Flags:
//
//	-runs     alternating rounds: cold+warm runs per site (default 5)
//	-updates  updates timed per run (default 20)
//	-settle   idle time of a new browser before the cold load (default 2s)
//	-revisit  time between the service worker's activation and the warm load (default 3s)
//	-json     also write the JSON report to this file
//	-url      measure this running site (repeat to compare; name=URL names it)
package main

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"energyfloor/app/e2e"
	"energyfloor/app/ui"
)

//go:embed probe.js
var probeJS string

func main() {
	runs := flag.Int("runs", 5, "cold+warm runs per target")
	updates := flag.Int("updates", 20, "updates timed per run")
	settle := flag.Duration("settle", 2*time.Second, "idle time of a new browser before the cold load")
	revisit := flag.Duration("revisit", 3*time.Second, "time between the service worker's activation and the warm load")
	jsonFile := flag.String("json", "", "also write the JSON report to this file")
	var urls urlList
	flag.Var(&urls, "url", "measure this running server instead of building the app and the floor page (repeat to compare, `name=URL` or URL; the first is the base of the ratios)")
	flag.Parse()
	if *runs < 1 || *updates < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	rep, err := Measure(ctx, Options{Runs: *runs, Updates: *updates, Settle: *settle, Revisit: *revisit, Targets: urls, Log: os.Stderr})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	fmt.Print(rep.Table())
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	fmt.Println(string(js))
	if *jsonFile != "" {
		if err := os.WriteFile(*jsonFile, append(js, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
}

// Target is a site to measure.
type Target struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// urlList collects -url flags: "name=URL" or a URL, named after its
// position ("a", "b", …).
type urlList []Target

func (l *urlList) String() string { return fmt.Sprint(*l) }

func (l *urlList) Set(v string) error {
	name, u, ok := strings.Cut(v, "=")
	if !ok || strings.Contains(name, "/") {
		name, u = string(rune('a'+len(*l))), v
	}
	if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
		return fmt.Errorf("%q is not an http(s) URL", u)
	}
	*l = append(*l, Target{Name: name, URL: u})
	return nil
}

// Options configure a measurement.
type Options struct {
	Runs    int
	Updates int
	// Settle is how long a new browser idles before the cold load; Revisit
	// how long after the service worker's activation the warm load comes.
	Settle, Revisit time.Duration
	// Targets are running sites to measure, the first the base of the
	// ratios; none builds and starts go-app's floor page and the app.
	Targets []Target
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Figure is one measured quantity over the runs.
type Figure struct {
	Name    string    `json:"name"`
	Unit    string    `json:"unit"`
	Median  float64   `json:"median"`
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	N       int       `json:"n"`
	Target  string    `json:"target,omitempty"`
	Samples []float64 `json:"samples"`
}

// Report is the benchmark's result: the figures of each target, measured in
// alternating rounds, and the ratios of every other target's medians to the
// first's.
type Report struct {
	Started      time.Time       `json:"started"`
	Runs         int             `json:"runs"`
	Chromium     string          `json:"chromium"`
	Go           string          `json:"go"`
	CPUs         int             `json:"cpus"`
	LoadAvgStart string          `json:"loadavg_start"`
	LoadAvgEnd   string          `json:"loadavg_end"`
	Targets      []*TargetReport `json:"targets"`
	Ratios       []Ratio         `json:"ratios"`
}

// TargetReport is one target's figures.
type TargetReport struct {
	Target
	// WasmEncoding is app.wasm's Content-Encoding on the cold loads.
	WasmEncoding string `json:"wasm_encoding"`
	// Repeated lists the runs that failed once and were run again, with
	// the error: a run that fails twice ends the benchmark.
	Repeated []string `json:"repeated_runs,omitempty"`
	Figures  []Figure `json:"figures"`
	// LongestTaskIn names, for "cold" and "warm", the piece of the
	// start-up each run's longest task was (see breakdown.longestTask), in
	// the order of the runs; none for a page that sets no ef: marks.
	LongestTaskIn map[string][]string `json:"longest_task_in,omitempty"`
}

// Ratio is a target's median of one figure over the base target's.
type Ratio struct {
	Figure string  `json:"figure"`
	Of     string  `json:"of"`
	To     string  `json:"to"`
	Ratio  float64 `json:"ratio"`
	Target string  `json:"target,omitempty"`
}

// ratioSpecs are the figures compared across targets, with the targets of
// the app against go-app's floor.
var ratioSpecs = []struct{ name, target string }{
	{"interactive_cold", "≤ 1.3 × floor"},
	{"interactive_warm", "≤ 1.2 × floor"},
	{"results_visible_cold", ""},
	{"wasm_started_cold", ""},
	{"wasm_started_warm", ""},
}

// figureSpec is a figure the table prints, with its unit and the app's
// target ("" for none).
type figureSpec struct{ name, unit, target string }

// The figures, in the order the table prints them: the loads' figures, then
// the start-up breakdown (phaseSpecs).
var figureSpecs = append([]figureSpec{
	{"bytes_document", "bytes", ""},
	{"bytes_script", "bytes", ""},
	{"bytes_wasm", "bytes", "≤ 1.7 MB br"},
	{"bytes_wasm_gzip", "bytes", ""},
	{"bytes_css", "bytes", ""},
	{"bytes_other", "bytes", ""},
	{"bytes_total", "bytes", ""},
	{"bytes_first_visit", "bytes", ""},
	{"fcp_cold", "ms", ""},
	{"results_visible_cold", "ms", "≤ 150 ms"},
	{"wasm_started_cold", "ms", ""},
	{"interactive_cold", "ms", ""},
	{"fcp_warm", "ms", ""},
	{"results_visible_warm", "ms", ""},
	{"wasm_started_warm", "ms", ""},
	{"interactive_warm", "ms", ""},
	{"update", "ms", "≤ 8 ms"},
	{"worker_active_cold", "ms", ""},
}, phaseSpecs()...)

// phaseSpecs returns the start-up breakdown's figures, cold then warm:
// phase_<name>_cold, …_warm.
func phaseSpecs() []figureSpec {
	var specs []figureSpec
	for _, suffix := range []string{"_cold", "_warm"} {
		for _, name := range phaseNames {
			target := ""
			if name == "longest_task" {
				target = "≤ 150 ms"
			}
			specs = append(specs, figureSpec{"phase_" + name + suffix, "ms", target})
		}
	}
	return specs
}

// Measure runs the benchmark: Runs rounds, each with one cold and warm run
// of every target, the targets' order reversed every other round so that
// neither is always measured first.
func Measure(ctx context.Context, o Options) (*Report, error) {
	logf := func(format string, args ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, "bench: "+format+"\n", args...)
		}
	}
	chromium, err := e2e.ChromiumPath()
	if err != nil {
		return nil, err
	}
	rep := &Report{Started: time.Now().UTC(), Runs: o.Runs, Go: runtime.Version(), CPUs: runtime.NumCPU()}
	if v, err := exec.CommandContext(ctx, chromium, "--version").Output(); err == nil {
		rep.Chromium = strings.TrimSpace(string(v))
	}
	targets := o.Targets
	if len(targets) == 0 {
		dir, err := os.MkdirTemp("", "energyfloor-bench-*")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		root, err := e2e.Root()
		if err != nil {
			return nil, err
		}
		logf("building go-app's floor page and the app (make build)")
		floor, stopFloor, err := startFloorPage(ctx, root, dir)
		if err != nil {
			return nil, fmt.Errorf("go-app's floor page: %w", err)
		}
		defer stopFloor()
		app, stopApp, err := startApp(ctx, root, dir)
		if err != nil {
			return nil, err
		}
		defer stopApp()
		targets = []Target{{"floor", floor}, {"app", app}}
	}
	rep.LoadAvgStart = loadavg()
	samples := make([]map[string][]float64, len(targets))
	for i, t := range targets {
		rep.Targets = append(rep.Targets, &TargetReport{Target: t})
		samples[i] = map[string][]float64{}
		gz, err := gzipBytes(ctx, strings.TrimSuffix(t.URL, "/")+"/web/app.wasm")
		if err != nil {
			return nil, err
		}
		samples[i]["bytes_wasm_gzip"] = []float64{float64(gz)}
		fv, err := firstVisitBytes(ctx, chromium, t.URL)
		if err != nil {
			return nil, fmt.Errorf("%s: first visit: %w", t.Name, err)
		}
		samples[i]["bytes_first_visit"] = []float64{float64(fv)}
	}
	for round := 0; round < o.Runs; round++ {
		for k := range targets {
			i := k
			if round%2 == 1 {
				i = len(targets) - 1 - k
			}
			// A run's figures count only if the whole run succeeds; a run
			// that fails (a browser hiccup over a long benchmark) is run
			// again once, and the report says so.
			run, pieces := map[string][]float64{}, map[string]string{}
			err := oneRun(ctx, chromium, rep.Targets[i], o, run, pieces)
			if err != nil {
				logf("%s run %d/%d failed, running it again: %v", targets[i].Name, round+1, o.Runs, err)
				rep.Targets[i].Repeated = append(rep.Targets[i].Repeated, fmt.Sprintf("run %d: %v", round+1, err))
				run, pieces = map[string][]float64{}, map[string]string{}
				err = oneRun(ctx, chromium, rep.Targets[i], o, run, pieces)
			}
			if err != nil {
				return nil, fmt.Errorf("%s, run %d: %w", targets[i].Name, round+1, err)
			}
			for name, v := range run {
				samples[i][name] = append(samples[i][name], v...)
			}
			for kind, piece := range pieces {
				if rep.Targets[i].LongestTaskIn == nil {
					rep.Targets[i].LongestTaskIn = map[string][]string{}
				}
				rep.Targets[i].LongestTaskIn[kind] = append(rep.Targets[i].LongestTaskIn[kind], piece)
			}
			logf("%s run %d/%d: interactive cold %.0f ms, warm %.0f ms", targets[i].Name, round+1, o.Runs,
				last(samples[i]["interactive_cold"]), last(samples[i]["interactive_warm"]))
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
	for _, t := range rep.Targets[1:] {
		for _, s := range ratioSpecs {
			of, to := t.figure(s.name), rep.Targets[0].figure(s.name)
			if of.Median > 0 && to.Median > 0 {
				target := ""
				if rep.Targets[0].Name == "floor" {
					target = s.target
				}
				rep.Ratios = append(rep.Ratios, Ratio{Figure: s.name, Of: t.Name, To: rep.Targets[0].Name, Ratio: of.Median / to.Median, Target: target})
			}
		}
	}
	return rep, nil
}

// figure returns the target's figure called name.
func (t *TargetReport) figure(name string) Figure {
	for _, f := range t.Figures {
		if f.Name == name {
			return f
		}
	}
	return Figure{Median: -1}
}

// startApp builds the app of the checkout at root the way users get it
// (make build) into dir and starts its server.
func startApp(ctx context.Context, root, dir string) (url string, stop func(), err error) {
	bin := filepath.Join(dir, "server")
	if err := e2e.BuildServer(ctx, root, bin); err != nil {
		return "", nil, err
	}
	srv, err := e2e.StartServer(ctx, bin)
	if err != nil {
		return "", nil, err
	}
	return srv.URL + "/", func() { srv.Stop() }, nil
}

// startFloorPage builds go-app's floor page (testdata/floorpage) into
// dir/floor and starts it there.
func startFloorPage(ctx context.Context, root, dir string) (url string, stop func(), err error) {
	floor := filepath.Join(dir, "floor")
	if err := buildFloorPage(ctx, root, floor); err != nil {
		return "", nil, err
	}
	srv, err := e2e.StartServerIn(ctx, floor, filepath.Join(floor, "floorpage"))
	if err != nil {
		return "", nil, err
	}
	return srv.URL + "/", func() { srv.Stop() }, nil
}

// buildFloorPage builds the floor page of the checkout at root into dir as
// go-app's documentation builds an app: dir/web/app.wasm (GOOS=js
// GOARCH=wasm, -ldflags "-s -w") and the server dir/floorpage, with the
// app's web/icon-192.png and web/icon.svg as its icons.
func buildFloorPage(ctx context.Context, root, dir string) error {
	const pkg = "./cmd/bench/testdata/floorpage"
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		return err
	}
	wasm := exec.CommandContext(ctx, "go", "build", "-ldflags", "-s -w", "-o", filepath.Join(dir, "web", "app.wasm"), pkg)
	wasm.Dir, wasm.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := wasm.CombinedOutput(); err != nil {
		return fmt.Errorf("building the floor page's wasm: %w\n%s", err, out)
	}
	if err := e2e.BuildBinary(ctx, root, pkg, filepath.Join(dir, "floorpage")); err != nil {
		return err
	}
	for from, to := range map[string]string{"icon-192.png": "icon.png", "icon.svg": "icon.svg"} {
		b, err := os.ReadFile(filepath.Join(root, "web", from))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "web", to), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func last(xs []float64) float64 {
	if len(xs) == 0 {
		return -1
	}
	return xs[len(xs)-1]
}

// timings is what the probe records, in ms from the navigation's start.
type timings struct {
	FCP         float64 `json:"fcp"`
	Visible     float64 `json:"visible"`
	Wasm        float64 `json:"wasm"`
	Interactive float64 `json:"interactive"`
}

// breakdown is what __efBreakdown returns: the ef: marks, the end of
// app.wasm's response (-1 when none came over the network), the long tasks
// ([start, duration], ms) and the service worker's activation (-1: none).
type breakdown struct {
	Marks   map[string]float64 `json:"marks"`
	WasmEnd float64            `json:"wasmEnd"`
	Tasks   [][2]float64       `json:"tasks"`
	Worker  float64            `json:"worker"`
}

// phases splits a start-up into its phases, in ms, by the ef: marks (see
// the package doc); a phase whose marks are missing is left out (go-app's
// floor page sets none).
func (bd breakdown) phases(interactive float64) map[string]float64 {
	m := bd.Marks
	out := map[string]float64{}
	span := func(name, from, to string) {
		a, okA := m[from]
		b, okB := m[to]
		if from == "" {
			a, okA = 0, true
		}
		if to == "interactive" {
			b, okB = interactive, interactive >= 0
		}
		if okA && okB && b >= a {
			out[name] = b - a
		}
	}
	span("wait", "", ui.MarkWasmRequested)
	if req, ok := m[ui.MarkWasmRequested]; ok && bd.WasmEnd >= req {
		out["download"] = bd.WasmEnd - req
		if c, ok := m[ui.MarkWasmCompiled]; ok && c >= bd.WasmEnd {
			out["compile"] = c - bd.WasmEnd
		}
	} else {
		span("compile", ui.MarkWasmRequested, ui.MarkWasmCompiled) // from the worker's cache: reading and compiling
	}
	span("instantiate", ui.MarkWasmCompiled, ui.MarkInstantiated)
	span("go_init", ui.MarkInstantiated, ui.MarkMain)
	span("goapp_init", ui.MarkMain, ui.MarkNav)
	span("decode", ui.MarkNav, ui.MarkDecoded)
	span("render", ui.MarkDecoded, ui.MarkRendered)
	// A value typed while the app started is on the first page already:
	// interactive then comes before ef:rendered (marked when go-app's frame
	// is done), and the answer takes no time of its own.
	if r, ok := m[ui.MarkRendered]; ok && interactive >= 0 {
		out["answer"] = max(0, interactive-r)
	}
	out["longest_task"], _ = bd.longestTask(interactive)
	return out
}

// longestTask returns the longest main-thread task that started by a second
// after interactive (0 when none), and the piece of the start-up it was:
// the ef: marks set during it, in order ("ef:nav ef:decoded"), or "after"
// the last one set before it, or "before" the first; "" when the page set
// none (go-app's floor).
func (bd breakdown) longestTask(interactive float64) (ms float64, piece string) {
	var start float64
	for _, t := range bd.Tasks {
		if t[0] <= interactive+1000 && t[1] > ms {
			start, ms = t[0], t[1]
		}
	}
	if ms == 0 {
		return 0, ""
	}
	names := slices.Collect(maps.Keys(bd.Marks))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(bd.Marks[a], bd.Marks[b]), cmp.Compare(a, b)) })
	var in []string
	before := ""
	for _, name := range names {
		switch at := bd.Marks[name]; {
		case at < start:
			before = name
		case at <= start+ms:
			in = append(in, name)
		}
	}
	if len(in) > 0 {
		return ms, strings.Join(in, " ")
	}
	if before != "" {
		return ms, "after " + before
	}
	if len(names) > 0 {
		return ms, "before " + names[0]
	}
	return ms, ""
}

// phaseNames are the start-up phases, in order.
var phaseNames = []string{"wait", "download", "compile", "instantiate", "go_init", "goapp_init", "decode", "render", "answer", "longest_task"}

// oneRun loads the target's page cold in a fresh profile, times updates,
// then loads it warm in the same profile, adding to samples; pieces gets
// the piece of the start-up ("cold", "warm") that was the longest task.
func oneRun(ctx context.Context, chromium string, t *TargetReport, o Options, samples map[string][]float64, pieces map[string]string) error {
	url := t.URL
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
	cold, err := load(b, url)
	if err != nil {
		return fmt.Errorf("cold load: %w", err)
	}
	coldBreakdown, err := readBreakdown(b, cold.Interactive)
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
	warm, err := load(b, url)
	if err != nil {
		return fmt.Errorf("warm load: %w", err)
	}
	warmBreakdown, err := readBreakdown(b, warm.Interactive)
	if err != nil {
		return fmt.Errorf("warm load: %w", err)
	}
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
	if errs := b.ConsoleErrors(); len(errs) > 0 {
		return fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
	}
	return nil
}

// readBreakdown reads the page's start-up breakdown once a second has
// passed since interactive (the ms the probe gave), the span whose long
// tasks count, and the tasks begun in it have ended.
func readBreakdown(b *e2e.Browser, interactive float64) (breakdown, error) {
	if _, err := e2e.Poll[bool](b, fmt.Sprintf(`performance.now() > %f`, interactive+1000), 10*time.Second); err != nil {
		return breakdown{}, err
	}
	time.Sleep(300 * time.Millisecond)
	return e2e.Eval[breakdown](b, `window.__efBreakdown()`)
}

// load navigates to url and waits until the probe has seen the page become
// interactive (or 60 s pass).
func load(b *e2e.Browser, url string) (timings, error) {
	b.ResetRequests()
	if err := b.Navigate(url); err != nil {
		return timings{}, err
	}
	if _, err := e2e.Poll[bool](b, `window.__ef && window.__ef.interactive >= 0 && window.__ef.visible >= 0 && window.__ef.fcp >= 0`, 60*time.Second); err != nil {
		t, _ := e2e.Eval[timings](b, `window.__ef`)
		return t, fmt.Errorf("the page never became interactive with its results visible (probe: %+v): %w", t, err)
	}
	return e2e.Eval[timings](b, `window.__ef`)
}

// gzipBytes fetches url with "Accept-Encoding: gzip" only and returns the
// length of the body as sent, compressed or not (Go's transport does not
// decompress a response to a request that set Accept-Encoding itself).
func gzipBytes(ctx context.Context, url string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("GET %s with Accept-Encoding gzip: %s", url, resp.Status)
	}
	return n, nil
}

// firstVisitBytes loads target once in a fresh profile through a counting
// proxy and returns the body bytes the server sent until the service worker
// was active: the page's requests and the worker's install alike, which the
// page's own figures (bytes_total) do not see.
func firstVisitBytes(ctx context.Context, chromium, target string) (int64, error) {
	u, err := url.Parse(target)
	if err != nil {
		return 0, err
	}
	proxy, err := e2e.StartCountingProxy(target)
	if err != nil {
		return 0, err
	}
	defer proxy.Close()
	b, err := e2e.NewBrowser(ctx, e2e.BrowserOptions{Chromium: chromium})
	if err != nil {
		return 0, err
	}
	defer b.Close()
	if err := b.Navigate(proxy.URL + u.RequestURI()); err != nil {
		return 0, err
	}
	if _, err := e2e.Poll[bool](b, e2e.WorkerActivated, 60*time.Second); err != nil {
		return 0, fmt.Errorf("waiting for the service worker: %w", err)
	}
	if err := b.WaitIdle(500*time.Millisecond, 30*time.Second); err != nil {
		return 0, err
	}
	var n int64
	for _, sizes := range proxy.Bodies() {
		for _, size := range sizes {
			n += int64(size)
		}
	}
	return n, nil
}

// kind sorts a request into document, script, wasm, css or other.
func kind(r e2e.Request) string {
	switch {
	case r.Type == "Document":
		return "document"
	case strings.HasSuffix(strings.SplitN(r.URL, "?", 2)[0], ".wasm") || r.MimeType == "application/wasm":
		return "wasm"
	case r.Type == "Script" || strings.Contains(r.MimeType, "javascript"):
		return "script"
	case r.Type == "Stylesheet" || r.MimeType == "text/css":
		return "css"
	}
	return "other"
}

// addBytes adds one sample per resource type (and a total): what the
// cold load's requests of that type moved over the wire.
func addBytes(samples map[string][]float64, reqs []e2e.Request) {
	sums := map[string]float64{"document": 0, "script": 0, "wasm": 0, "css": 0, "other": 0}
	total := 0.0
	for _, r := range reqs {
		if r.EncodedBytes < 0 {
			continue
		}
		sums[kind(r)] += r.EncodedBytes
		total += r.EncodedBytes
	}
	for k, v := range sums {
		samples["bytes_"+k] = append(samples["bytes_"+k], v)
	}
	samples["bytes_total"] = append(samples["bytes_total"], total)
}

// summarize computes median, min and max.
func summarize(name, unit, target string, xs []float64) Figure {
	// Samples to 0.1 ms (or whole bytes): the clocks give no more.
	rounded := make([]float64, len(xs))
	for i, x := range xs {
		rounded[i] = math.Round(x*10) / 10
	}
	f := Figure{Name: name, Unit: unit, Target: target, N: len(xs), Samples: rounded}
	if len(xs) == 0 {
		f.Median, f.Min, f.Max = -1, -1, -1
		return f
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	f.Min, f.Max = s[0], s[len(s)-1]
	if n := len(s); n%2 == 1 {
		f.Median = s[n/2]
	} else {
		f.Median = (s[n/2-1] + s[n/2]) / 2
	}
	return f
}

// loadavg returns /proc/loadavg, trimmed.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// Table formats the report for people: each target's figures, then the
// ratios.
func (r *Report) Table() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Energy Floor browser benchmark: %d alternating rounds, %s, %s, %d CPUs\n", r.Runs, r.Chromium, r.Go, r.CPUs)
	fmt.Fprintf(&sb, "load average: start %s; end %s\n", r.LoadAvgStart, r.LoadAvgEnd)
	for _, t := range r.Targets {
		fmt.Fprintf(&sb, "\n%s: %s (app.wasm Content-Encoding %q)\n", t.Name, t.URL, t.WasmEncoding)
		for _, r := range t.Repeated {
			fmt.Fprintf(&sb, "repeated after an error: %s\n", r)
		}
		fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4s  %s\n", "figure", "median", "min", "max", "n", "target")
		for _, f := range t.Figures {
			fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4d  %s\n", f.Name, format(f.Median, f.Unit), format(f.Min, f.Unit), format(f.Max, f.Unit), f.N, f.Target)
		}
	}
	var longest []string
	for _, t := range r.Targets {
		for _, kind := range []string{"cold", "warm"} {
			if pieces := t.LongestTaskIn[kind]; len(pieces) > 0 {
				longest = append(longest, fmt.Sprintf("%s %s: %s\n", t.Name, kind, tally(pieces)))
			}
		}
	}
	if len(longest) > 0 {
		sb.WriteString("\nthe longest task's piece of the start-up: the ef: marks set in it, or the one it came after (or before)\n")
		sb.WriteString(strings.Join(longest, ""))
	}
	if len(r.Ratios) > 0 {
		sb.WriteString("\nratios of medians\n")
		for _, q := range r.Ratios {
			fmt.Fprintf(&sb, "%-22s %s / %s = %.2f  %s\n", q.Figure, q.Of, q.To, q.Ratio, q.Target)
		}
	}
	sb.WriteString("\n")
	return sb.String()
}

// tally counts the pieces, most frequent first (then by name): "ef:live ×5,
// after ef:main ×4".
func tally(pieces []string) string {
	n := map[string]int{}
	for _, p := range pieces {
		n[p]++
	}
	names := slices.Collect(maps.Keys(n))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(n[b], n[a]), cmp.Compare(a, b)) })
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s ×%d", name, n[name])
	}
	return strings.Join(parts, ", ")
}

func format(v float64, unit string) string {
	if v < 0 {
		return "—"
	}
	if unit == "bytes" {
		return fmt.Sprintf("%.0f B", v)
	}
	return fmt.Sprintf("%.1f %s", v, unit)
}
