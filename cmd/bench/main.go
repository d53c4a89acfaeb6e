// Command bench measures Energy Floor in a real browser: it builds and starts
// the real server on 127.0.0.1, loads the calculator in headless Chromium
// (Debian's) N times with a fresh profile (cold) and once more per run with
// the same profile (warm: everything from the service worker's cache), and
// prints, as a table and then as JSON, each figure's median, min and max
// over the runs, with the machine's load average.
//
// A warm load compiles app.wasm again: Chromium keeps no compiled code of it
// between these visits. V8 writes a module's code cache only after it has
// optimised some of its code and then optimised nothing more for 2 s
// (--wasm-caching-timeout-ms); with Chromium 156 here that write never came,
// in visits of up to 20 s (wasm trace events: no v8.wasm.cachedModule), nor
// did a warm load on Chromium 148 hit a cache (no v8.wasm.moduleCacheHit). With
// --js-flags=--wasm-caching-timeout-ms=0 it comes at once, and a third visit
// loads the module from the cache (v8.wasm.moduleCacheHit); the second does
// not, because the first visit's cache belongs to the HTTP cache's copy of
// app.wasm and the second visit reads the service worker's cache (web/boot.js
// reads it directly). So a warm load's time to interactive includes
// compiling, on the main thread, each wasm function the start-up calls
// (Liftoff, lazily): about 150 ms of it with Chromium 156, against a Chromium
// that compiled every function in the background (--no-wasm-lazy-compilation);
// on Chromium 148, traced, 2,738 functions (2.0 MB) took 350 ms.
//
// Usage:
//
//	go run ./cmd/bench [-runs 5] [-updates 20] [-settle 2s] [-revisit 3s] [-json FILE] [-url URL]
//
// Figures: bytes over the wire by resource type (document, script, wasm,
// css, other; Network.loadingFinished's encodedDataLength, cold load); the
// body bytes the server sends a whole first visit until its service worker
// is active, the worker's install included (counted behind a proxy, one
// extra visit); first contentful paint; time until the results are visible
// (numbers in #energy-per-month, uncovered, and painted: never before the first
// contentful paint); time until interactive (a typed value has
// changed the results), cold and warm; update latency (input event to
// changed result, timed in the page with performance.now() and a
// MutationObserver). Times run from the navigation's start; wasm_started
// (go-app's Go side running) splits the time until interactive. `make bench`
// runs it after the Go benchmarks.
//
// Each run starts a new Chromium with a fresh profile and lets it settle
// (-settle) on about:blank before the cold load: in its first second or two
// a new Chromium loads its own pages (the omnibox popup's WebUI, among
// others) on the same two cores, which a visitor whose browser is already
// open does not pay for. The warm load comes -revisit after the service
// worker has activated, as a visitor's second visit comes later, not while
// V8 is still optimising the first visit's code in the background.
// bytes_wasm_gzip is app.wasm fetched from the server with
// "Accept-Encoding: gzip" only, as a browser without brotli gets it.
//
// Flags:
//
//	-runs     cold+warm runs (default 5)
//	-updates  updates timed per run (default 20)
//	-settle   idle time of a new browser before the cold load (default 2s)
//	-revisit  time between the service worker's activation and the warm load (default 3s)
//	-json     also write the JSON report to this file
//	-url      measure this running server instead of building one
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
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
)

//go:embed probe.js
var probeJS string

func main() {
	runs := flag.Int("runs", 5, "cold+warm runs")
	updates := flag.Int("updates", 20, "updates timed per run")
	settle := flag.Duration("settle", 2*time.Second, "idle time of a new browser before the cold load")
	revisit := flag.Duration("revisit", 3*time.Second, "time between the service worker's activation and the warm load")
	jsonFile := flag.String("json", "", "also write the JSON report to this file")
	url := flag.String("url", "", "measure this running server instead of building one")
	flag.Parse()
	if *runs < 1 || *updates < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	rep, err := Measure(ctx, Options{Runs: *runs, Updates: *updates, Settle: *settle, Revisit: *revisit, URL: *url, Log: os.Stderr})
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

// Options configure a measurement.
type Options struct {
	Runs    int
	Updates int
	// Settle is how long a new browser idles before the cold load; Revisit
	// how long after the service worker's activation the warm load comes.
	Settle, Revisit time.Duration
	// URL is a running server to measure; "" builds and starts one.
	URL string
	// Log receives progress lines; nil discards them.
	Log interface{ Write([]byte) (int, error) }
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

// Report is the benchmark's result.
type Report struct {
	Started      time.Time `json:"started"`
	URL          string    `json:"url"`
	Runs         int       `json:"runs"`
	Chromium     string    `json:"chromium"`
	Go           string    `json:"go"`
	CPUs         int       `json:"cpus"`
	WasmEncoding string    `json:"wasm_content_encoding"`
	LoadAvgStart string    `json:"loadavg_start"`
	LoadAvgEnd   string    `json:"loadavg_end"`
	Figures      []Figure  `json:"figures"`
}

// The figures, in the order the table prints them, with their targets.
var figureSpecs = []struct{ name, unit, target string }{
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
	{"interactive_cold", "ms", "≤ 1.2 s"},
	{"fcp_warm", "ms", ""},
	{"results_visible_warm", "ms", ""},
	{"wasm_started_warm", "ms", ""},
	{"interactive_warm", "ms", "≤ 0.5 s"},
	{"update", "ms", "≤ 8 ms"},
}

// Measure runs the benchmark.
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
	rep := &Report{Started: time.Now().UTC(), Runs: o.Runs, Go: runtime.Version(), CPUs: runtime.NumCPU(), URL: o.URL}
	if v, err := exec.CommandContext(ctx, chromium, "--version").Output(); err == nil {
		rep.Chromium = strings.TrimSpace(string(v))
	}
	if rep.URL == "" {
		root, err := e2e.Root()
		if err != nil {
			return nil, err
		}
		dir, err := os.MkdirTemp("", "energyfloor-bench-*")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		logf("building the server (make build)")
		bin := filepath.Join(dir, "server")
		if err := e2e.BuildServer(ctx, root, bin); err != nil {
			return nil, err
		}
		srv, err := e2e.StartServer(ctx, bin)
		if err != nil {
			return nil, err
		}
		defer srv.Stop()
		rep.URL = srv.URL + "/"
	}
	rep.LoadAvgStart = loadavg()
	samples := map[string][]float64{}
	gz, err := gzipBytes(ctx, rep.URL+"web/app.wasm")
	if err != nil {
		return nil, err
	}
	samples["bytes_wasm_gzip"] = []float64{float64(gz)}
	fv, err := firstVisitBytes(ctx, chromium, rep.URL)
	if err != nil {
		return nil, fmt.Errorf("first visit: %w", err)
	}
	samples["bytes_first_visit"] = []float64{float64(fv)}
	for i := 0; i < o.Runs; i++ {
		if err := oneRun(ctx, chromium, rep, o, samples); err != nil {
			return nil, fmt.Errorf("run %d: %w", i+1, err)
		}
		logf("run %d/%d: interactive cold %.0f ms, warm %.0f ms", i+1, o.Runs,
			last(samples["interactive_cold"]), last(samples["interactive_warm"]))
	}
	rep.LoadAvgEnd = loadavg()
	for _, s := range figureSpecs {
		rep.Figures = append(rep.Figures, summarize(s.name, s.unit, s.target, samples[s.name]))
	}
	return rep, nil
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

// oneRun loads the page cold in a fresh profile, times updates, then loads
// it warm in the same profile.
func oneRun(ctx context.Context, chromium string, rep *Report, o Options, samples map[string][]float64) error {
	url := rep.URL
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
	addBytes(samples, b.Requests())
	for _, r := range b.Requests() {
		if kind(r) == "wasm" {
			rep.WasmEncoding = r.ContentEncoding
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
	time.Sleep(o.Revisit)
	if err := b.Navigate("about:blank"); err != nil {
		return err
	}
	warm, err := load(b, url)
	if err != nil {
		return fmt.Errorf("warm load: %w", err)
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
// length of the body as sent (Go's transport does not decompress a response
// to a request that set Accept-Encoding itself).
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
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
		return 0, fmt.Errorf("GET %s with Accept-Encoding gzip: %s, Content-Encoding %q", url, resp.Status, resp.Header.Get("Content-Encoding"))
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

// Table formats the report for people.
func (r *Report) Table() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Energy Floor browser benchmark: %s, %d runs, %s, %s, %d CPUs\n", r.URL, r.Runs, r.Chromium, r.Go, r.CPUs)
	fmt.Fprintf(&sb, "load average: start %s; end %s\n", r.LoadAvgStart, r.LoadAvgEnd)
	fmt.Fprintf(&sb, "app.wasm Content-Encoding: %q\n\n", r.WasmEncoding)
	fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4s  %s\n", "figure", "median", "min", "max", "n", "target")
	for _, f := range r.Figures {
		fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4d  %s\n", f.Name, format(f.Median, f.Unit), format(f.Min, f.Unit), format(f.Max, f.Unit), f.N, f.Target)
	}
	sb.WriteString("\n")
	return sb.String()
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
