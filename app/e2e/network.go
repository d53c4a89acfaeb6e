package e2e

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Request is one request the page made, as Chromium reported it.
type Request struct {
	ID     network.RequestID
	URL    string
	Method string
	// Type is Chromium's resource type (Document, Script, Fetch, …).
	Type network.ResourceType
	// MimeType is the response's type ("" until the response arrives).
	MimeType string
	Status   int64
	// ContentEncoding is the response's Content-Encoding ("br", "gzip", "").
	ContentEncoding string
	// FromServiceWorker is true when the service worker answered it.
	FromServiceWorker bool
	// EncodedBytes is what came over the wire for it (headers included),
	// from Network.loadingFinished; -1 until it finished.
	EncodedBytes float64
	Failed       string
}

// browserOwnHosts are hosts Chromium itself talks to even with the flags
// above (its component updater and sign-in check), seen with a blank page:
// they are not the page's requests, so the proxy does not report them.
var browserOwnHosts = map[string]bool{
	"update.googleapis.com": true,
	"accounts.google.com":   true,
	"clients2.google.com":   true,
	// Some Chromium versions also reach these with a blank page.
	"www.google.com":             true,
	"android.clients.google.com": true,
}

// startProxy starts the recording proxy and returns its address.
func (b *Browser) startProxy() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("starting the recording proxy: %w", err)
	}
	b.proxy = &http.Server{
		ReadHeaderTimeout: 5 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			target := r.URL.String()
			if r.Method == http.MethodConnect {
				target = "https://" + r.Host
			}
			if host, _, err := net.SplitHostPort(r.Host); (err == nil && browserOwnHosts[host]) || browserOwnHosts[r.Host] {
				http.Error(w, "e2e: no network", http.StatusForbidden)
				return
			}
			b.mu.Lock()
			b.escaped = append(b.escaped, r.Method+" "+target)
			b.mu.Unlock()
			http.Error(w, "e2e: requests may not leave 127.0.0.1", http.StatusForbidden)
		}),
	}
	go func() { _ = b.proxy.Serve(l) }()
	return l.Addr().String(), nil
}

// onEvent runs in the tab's event loop: it only records.
func (b *Browser) onEvent(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		r := &Request{ID: ev.RequestID, URL: ev.Request.URL, Method: ev.Request.Method, Type: ev.Type, EncodedBytes: -1}
		b.reqs = append(b.reqs, r)
		b.byID[ev.RequestID] = r
	case *network.EventResponseReceived:
		if r := b.byID[ev.RequestID]; r != nil && ev.Response != nil {
			r.MimeType = ev.Response.MimeType
			r.Status = ev.Response.Status
			r.FromServiceWorker = ev.Response.FromServiceWorker
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "Content-Encoding") {
					r.ContentEncoding = fmt.Sprint(v)
				}
			}
		}
	case *network.EventLoadingFinished:
		if r := b.byID[ev.RequestID]; r != nil {
			r.EncodedBytes = ev.EncodedDataLength
		}
	case *network.EventLoadingFailed:
		if r := b.byID[ev.RequestID]; r != nil {
			r.Failed = ev.ErrorText
		}
	}
}

// Requests returns a copy of every request recorded so far.
func (b *Browser) Requests() []Request {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Request, len(b.reqs))
	for i, r := range b.reqs {
		out[i] = *r
	}
	return out
}

// WaitIdle waits until the page's network has been quiet for quiet: every
// request recorded so far has finished or failed and no new one started.
func (b *Browser) WaitIdle(quiet, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	n, since := -1, time.Now()
	for time.Now().Before(deadline) {
		reqs := b.Requests()
		busy := false
		for _, r := range reqs {
			if r.EncodedBytes < 0 && r.Failed == "" {
				busy = true
			}
		}
		if busy || len(reqs) != n {
			n, since = len(reqs), time.Now()
		} else if time.Since(since) >= quiet {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("the network was not quiet for %v within %v: %w", quiet, timeout, ErrTimeout)
}

// ResetRequests forgets the requests recorded so far.
func (b *Browser) ResetRequests() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reqs, b.byID = nil, map[network.RequestID]*Request{}
}

// Forget forgets everything recorded so far: the requests, the console
// messages and exceptions, and what reached the recording proxy; what
// happens next is recorded as in a new browser.
func (b *Browser) Forget() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reqs, b.byID, b.console, b.escaped = nil, map[network.RequestID]*Request{}, nil, nil
}

// OffOrigin returns every request that went neither to one of the allowed
// origins (such as "http://127.0.0.1:8000") nor to data:, blob: or about:
// URLs, plus every request that reached the recording proxy.
func (b *Browser) OffOrigin(allowed ...string) []string {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[Origin(a)] = true
	}
	var out []string
	for _, r := range b.Requests() {
		u, err := url.Parse(r.URL)
		if err != nil {
			out = append(out, "unparsable "+r.URL)
			continue
		}
		switch u.Scheme {
		case "data", "blob", "about":
			continue
		}
		if !ok[Origin(r.URL)] {
			out = append(out, string(r.Type)+" "+r.URL)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.escaped {
		out = append(out, "left the machine: "+e)
	}
	return out
}

// Origin returns the scheme://host[:port] of a URL.
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

// emulateNetworkConditions is the DevTools command that
// Network.emulateNetworkConditionsByRule replaced (deprecated, and gone from
// cdproto), for the Chromium versions whose ByRule form refuses SetOffline's
// parameters.
var emulateNetworkConditions = cdp.Command[emulateNetworkConditionsParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

type emulateNetworkConditionsParams struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// SetOffline turns the network off (or on) for the tab and its service
// worker, as DevTools' "Offline" does.
func (b *Browser) SetOffline(offline bool) error {
	if !b.legacyConditions {
		conds := []*network.Conditions{{Offline: offline, DownloadThroughput: -1, UploadThroughput: -1}}
		if !offline {
			conds = []*network.Conditions{}
		}
		_, err := chromedp.Call(b.Ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &offline,
			MatchedNetworkConditions:    conds,
		})
		// Older Chromiums refuse these parameters ("Invalid parameters"); they
		// have the command this one replaced, which cdproto does not list.
		b.legacyConditions = err != nil
	}
	if b.legacyConditions {
		_, err := chromedp.Call(b.Ctx, emulateNetworkConditions, emulateNetworkConditionsParams{
			Offline: offline, DownloadThroughput: -1, UploadThroughput: -1,
		})
		if err != nil {
			return fmt.Errorf("setting offline=%v with Network.emulateNetworkConditions (the browser refused emulateNetworkConditionsByRule): %w", offline, err)
		}
	}
	_, err := chromedp.Call(b.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: offline, DownloadThroughput: -1, UploadThroughput: -1,
	})
	if err != nil {
		return fmt.Errorf("setting navigator.onLine=%v: %w", !offline, err)
	}
	return nil
}
