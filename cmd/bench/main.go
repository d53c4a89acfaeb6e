// Command bench measures Energy Floor in a real browser, headless Debian
// Chromium on 127.0.0.1, against go-app's own floor in the same run.
//
// Usage:
//
//	go run ./cmd/bench [-runs 5] [-updates 20] [-settle 2s] [-revisit 3s] [-json FILE] [-page /PATH?QUERY] [-url [name=]URL]... [-bin [name=]PATH]...
//
// Without -url (what `make bench` runs, after the Go benchmarks) it builds
// two sites and measures both: "floor", a go-app v10 page with one input and
// one computed output (testdata/floorpage), built and served the way go-app's
// documentation does it; and "app", Energy Floor as users get it (make build).
// With -url it measures running sites instead, and with -bin server binaries
// (make build's bin/energyfloor-server) that it starts: give two builds to
// compare them (an A/B), the first being the base of the ratios.
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
// The start-up breakdown (phases.go) comes from the performance marks that
// web/boot.js and the wasm set (ui.Marks), app.wasm's resource timing and the page's long tasks (the
// Long Tasks API): phase_wait, until app.wasm is requested; phase_download,
// until its response ends (cold loads only: a warm one reads it from the
// service worker's cache); phase_compile, until the module is compiled;
// phase_instantiate, until it is instantiated (waiting for go-app's scripts
// included); phase_go_init, the Go runtime's and
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
// live). worker_active_cold is when
// the service worker of a first visit is active, its install done.
//
// The embed (/embed), whose app starts only on the reader's first use, is
// measured on its own page in a fresh profile of each run of every target
// but go-app's floor page (see embedRun): embed_bytes_before_use, what it
// moves over the wire before any use, and embed_first_edit, the first edit
// answered after the first use: from the mouse press of a click into
// #tokens-per-month, a value typed at once, to the first frame in which the
// app's page shows #energy-per-month for it (app.wasm's download, compile
// and start included).
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
// first's (app / floor, or B / A) for interactive cold and warm, results
// visible, wasm started, the longest task and an update, each with both
// medians and their ranges, and the load average at the start and the end; then the
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
//	-page     the app's page to load, a path and query (default /; /?workload=text-to-image for an image page)
//	-url      measure this running site (repeat to compare; name=URL names it)
//	-bin      start this server binary and measure it (repeat to compare; name=PATH names it)
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

//go:embed probe.js
var probeJS string

func main() {
	runs := flag.Int("runs", 5, "cold+warm runs per target")
	updates := flag.Int("updates", 20, "updates timed per run")
	settle := flag.Duration("settle", 2*time.Second, "idle time of a new browser before the cold load")
	revisit := flag.Duration("revisit", 3*time.Second, "time between the service worker's activation and the warm load")
	jsonFile := flag.String("json", "", "also write the JSON report to this file")
	page := flag.String("page", "/", "the app's page to load cold and warm, a path and query (`/?workload=text-to-image` times an image page); go-app's floor page is always loaded at /")
	var urls urlList
	flag.Var(&urls, "url", "measure this running server instead of building the app and the floor page (repeat to compare, `name=URL` or URL; the first is the base of the ratios)")
	flag.Var(binList{&urls}, "bin", "start this server binary (make build's) and measure it, as -url does a running one (`name=PATH` or PATH)")
	flag.Parse()
	if *runs < 1 || *updates < 1 || flag.NArg() > 0 || !strings.HasPrefix(*page, "/") {
		flag.Usage()
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	rep, err := Measure(ctx, Options{Runs: *runs, Updates: *updates, Settle: *settle, Revisit: *revisit, Page: *page, Targets: urls, Log: os.Stderr})
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

// Target is a site to measure: running at URL, or the server binary Bin,
// which Measure starts.
type Target struct {
	Name string `json:"name"`
	URL  string `json:"url"`
	Bin  string `json:"bin,omitempty"`
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

// binList adds -bin flags to the same list: "name=PATH" or a PATH.
type binList struct{ l *urlList }

func (b binList) String() string { return "" }

func (b binList) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok || strings.Contains(name, "/") {
		name, path = string(rune('a'+len(*b.l))), v
	}
	if _, err := os.Stat(path); err != nil {
		return err
	}
	*b.l = append(*b.l, Target{Name: name, Bin: path})
	return nil
}

// Options configure a measurement.
type Options struct {
	Runs    int
	Updates int
	// Settle is how long a new browser idles before the cold load; Revisit
	// how long after the service worker's activation the warm load comes.
	Settle, Revisit time.Duration
	// Page is the app's page the cold and warm loads open, a path and
	// query ("" or "/" for the default page); the floor page opens at /.
	Page string
	// Targets are running sites to measure, the first the base of the
	// ratios; none builds and starts go-app's floor page and the app.
	Targets []Target
	// Log receives progress lines; nil discards them.
	Log io.Writer
}
