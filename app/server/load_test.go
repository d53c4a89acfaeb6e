package server

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"energyfloor/data"
	"energyfloor/web"
)

var fullLoad = flag.Bool("load", false, "run the full load test: 400 clients × 25 rounds on the real embedded app.wasm")

// loadResult sums up a load run.
type loadResult struct {
	Requests, Errors int
	P50, P99, Max    time.Duration
	Elapsed          time.Duration
	FirstError       error
	// Stalled is set when the run stopped because no answer came for its
	// stall time.
	Stalled bool
}

func (r loadResult) RequestsPerSecond() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

func (r loadResult) String() string {
	return fmt.Sprintf("%d requests, %d errors, p50 %v, p99 %v, max %v, %.0f requests/s over %v",
		r.Requests, r.Errors, r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond),
		r.Max.Round(10*time.Microsecond), r.RequestsPerSecond(), r.Elapsed.Round(time.Millisecond))
}

// Query values the load clients combine into permalinks, including some the
// page must reject with a notice.
var (
	loadWorkloads = []string{"lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat", "nope"}
	loadTokens    = []string{"1e9", "2.5M", "1,000,000,000", "3T", "-1", "<b>x</b>"}
	loadPcts      = []string{"median", "p90", "p95", "p99"}
	loadGPUs      = []string{"", "H100", "B200"}
)

// runLoad starts clients at once; each makes rounds × (one page with a
// varied query string, then app.wasm with Accept-Encoding: br), checking
// every answer. It stops early, and says so (Stalled), when no answer has
// come for stall: a server that hangs fails the run, one that is slow
// because the machine is busy does not. A deadline on the whole run would
// fail the second: its CPU work is fixed (every page is prerendered anew)
// and its time is that work over the machine's share of CPU to spare.
func runLoad(base string, clients, rounds int, wantWasm int, stall time.Duration) loadResult {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var (
		mu    sync.Mutex
		lat   []time.Duration
		res   loadResult
		last  = time.Now() // of the last answer, under mu
		start = make(chan struct{})
		wg    sync.WaitGroup
	)
	go func() {
		for ctx.Err() == nil {
			time.Sleep(stall / 10)
			mu.Lock()
			if time.Since(last) > stall {
				res.Stalled = true
				cancel()
			}
			mu.Unlock()
		}
	}()
	fetch := func(u, accept string, check func(*http.Response, int64) error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
		req.Header.Set("Accept-Encoding", accept)
		t0 := time.Now()
		resp, err := client.Do(req)
		var n int64
		if err == nil {
			n, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if err == nil {
				err = check(resp, n)
			}
		}
		d := time.Since(t0)
		mu.Lock()
		defer mu.Unlock()
		last = time.Now()
		res.Requests++
		lat = append(lat, d)
		if err != nil {
			res.Errors++
			if res.FirstError == nil {
				res.FirstError = fmt.Errorf("%s: %w", u, err)
			}
		}
	}
	page := func(resp *http.Response, n int64) error {
		if resp.StatusCode != 200 || n < 1000 {
			return fmt.Errorf("page: status %d, %d bytes", resp.StatusCode, n)
		}
		return nil
	}
	wasm := func(resp *http.Response, n int64) error {
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || n != int64(wantWasm) {
			return fmt.Errorf("wasm: status %d, encoding %q, %d bytes (want %d)", resp.StatusCode, resp.Header.Get("Content-Encoding"), n, wantWasm)
		}
		return nil
	}
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(c), 1))
			pick := func(s []string) string { return s[rng.IntN(len(s))] }
			<-start
			for i := 0; i < rounds && ctx.Err() == nil; i++ {
				q := url.Values{
					"workload": {pick(loadWorkloads)}, "tokens": {pick(loadTokens)},
					"output": {fmt.Sprint(50 + rng.IntN(2000))}, "itl": {fmt.Sprint(10 + rng.IntN(500))},
					"pct": {pick(loadPcts)}, "gpu": {pick(loadGPUs)},
				}
				path := "/"
				if rng.IntN(4) == 0 {
					path = "/embed"
				}
				fetch(base+path+"?"+q.Encode(), "gzip, deflate, br", page)
				fetch(base+"/web/app.wasm", "gzip, deflate, br", wasm)
			}
		}()
	}
	t0 := time.Now()
	mu.Lock()
	last = t0
	mu.Unlock()
	close(start)
	wg.Wait()
	cancel()
	mu.Lock()
	defer mu.Unlock()
	res.Elapsed = time.Since(t0)
	slices.Sort(lat)
	if len(lat) > 0 {
		res.P50, res.P99, res.Max = lat[len(lat)*50/100], lat[len(lat)*99/100], lat[len(lat)-1]
	}
	return res
}

// TestLoad serves the real handler on 127.0.0.1 with the real timeouts and
// runs 200 concurrent clients against it: every answer comes, and is right.
// Its time is not checked: on a busy machine it grows with the work of the
// other processes, and only a stall (no answer for a minute) fails it. The
// full version (400 clients × 25 rounds on the real embedded app.wasm,
// after make wasm):
//
//	go test ./app/server -run TestLoad -v -args -load
func TestLoad(t *testing.T) {
	clients, rounds := 200, 2
	site := newTestSite(t)
	if *fullLoad {
		clients, rounds = 400, 25
		s, err := New(web.FS, data.Files())
		if err != nil {
			t.Fatalf("the full load test needs the built app.wasm: %v", err)
		}
		site = s
	}
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { _, err := Serve(ctx, ln, site, DefaultLimits); served <- err }()

	wantWasm := len(site.assets["/web/app.wasm"].forms["br"].body)
	const stall = time.Minute
	res := runLoad("http://"+ln.Addr().String(), clients, rounds, wantWasm, stall)
	stop()
	if err := <-served; err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	t.Logf("load, %d clients × %d rounds (page with a varied query + app.wasm br, %d bytes): %v", clients, rounds, wantWasm, res)
	if res.Stalled {
		t.Errorf("no answer came for %v: the server stalled", stall)
	}
	if res.Errors > 0 || res.Requests != clients*rounds*2 {
		t.Errorf("%d of %d requests failed (want %d requests, none failing); first: %v", res.Errors, res.Requests, clients*rounds*2, res.FirstError)
	}
}

// TestGracefulShutdown cancels the server while a request is in flight: the
// request completes and Serve returns nil.
func TestGracefulShutdown(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	arrived, release := make(chan struct{}), make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-release
		io.WriteString(w, "done")
	})
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { _, err := Serve(ctx, ln, slow, DefaultLimits); served <- err }()
	got := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-arrived
	stop()
	time.Sleep(50 * time.Millisecond)
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("a new request was accepted after shutdown began")
	}
	close(release)
	if body := <-got; body != "done" {
		t.Errorf("in-flight request got %q, want done", body)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve returned %v, want nil", err)
	}
}

// BenchmarkPage measures one prerendered page (the handler alone).
func BenchmarkPage(b *testing.B) {
	s := newTestSite(b)
	for b.Loop() {
		if w := get(b, s, "GET", "/?tokens=2.5B&output=500&itl=100&gpu=H100"); w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkWasm measures serving app.wasm with brotli (the handler alone).
func BenchmarkWasm(b *testing.B) {
	s := newTestSite(b)
	for b.Loop() {
		if w := get(b, s, "GET", "/web/app.wasm", "Accept-Encoding", "br"); w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}
