package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"energyfloor/app/e2e"
)

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
