package e2e

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BrowserOptions configure a browser.
type BrowserOptions struct {
	// Chromium is the browser binary; "" means ChromiumPath().
	Chromium string
	// Width and Height are the window size in CSS pixels (default 1280×900).
	Width, Height int
	// UserDataDir is the profile; "" makes a fresh one, removed on Close.
	UserDataDir string
}

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

// Browser is one headless Chromium with one tab, recording every request the
// tab makes, every console message and exception, and every request that
// tried to leave the machine (through a recording proxy that answers 403).
type Browser struct {
	Ctx context.Context

	cancel  []context.CancelFunc
	tmpDir  string
	proxy   *http.Server
	mu      sync.Mutex
	reqs    []*Request
	byID    map[network.RequestID]*Request
	console []chromedp.ConsoleMessage
	escaped []string
	// legacyConditions is set once the browser has refused
	// Network.emulateNetworkConditionsByRule: SetOffline then uses
	// Network.emulateNetworkConditions only, so that going back online
	// clears the same emulation that going offline set.
	legacyConditions bool
}

// The flags every browser gets (the brief's list), on top of chromedp's
// headless defaults.
var baseFlags = []chromedp.ExecAllocatorOption{
	chromedp.NoSandbox,
	chromedp.DisableGPU,
	chromedp.Flag("disable-background-networking", true),
	chromedp.Flag("disable-component-update", true),
	chromedp.NoFirstRun,
	// Quieten Chromium's own traffic, so that what reaches the recording
	// proxy is the page's.
	chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,CertificateTransparencyComponentUpdater,AutofillServerCommunication"),
	chromedp.Flag("no-pings", true),
	chromedp.Flag("disable-domain-reliability", true),
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

// startTries is how many times NewBrowser starts Chromium before it gives
// up: Debian's Chromium now and then crashes before it opens its DevTools
// port ("chrome failed to start"), and a test must not fail for that.
const startTries = 3

// NewBrowser starts a headless Chromium and opens its tab. A Chromium that
// exits before it is up is started again (startTries).
func NewBrowser(parent context.Context, o BrowserOptions) (*Browser, error) {
	for try := 1; ; try++ {
		b, err := startBrowser(parent, o)
		if err == nil || try == startTries || !strings.Contains(err.Error(), "chrome failed to start") || parent.Err() != nil {
			return b, err
		}
	}
}

func startBrowser(parent context.Context, o BrowserOptions) (*Browser, error) {
	if o.Chromium == "" {
		p, err := ChromiumPath()
		if err != nil {
			return nil, err
		}
		o.Chromium = p
	}
	if o.Width == 0 {
		o.Width, o.Height = 1280, 900
	}
	b := &Browser{byID: map[network.RequestID]*Request{}}
	if o.UserDataDir == "" {
		dir, err := os.MkdirTemp("", "e2e-chromium-*")
		if err != nil {
			return nil, fmt.Errorf("making a profile: %w", err)
		}
		b.tmpDir, o.UserDataDir = dir, dir
	}
	proxyAddr, err := b.startProxy()
	if err != nil {
		b.Close()
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], baseFlags...)
	opts = append(opts,
		chromedp.ExecPath(o.Chromium),
		chromedp.UserDataDir(o.UserDataDir),
		chromedp.WindowSize(o.Width, o.Height),
		// Loopback goes direct (Chromium's implicit bypass); anything else
		// goes to the recording proxy, which refuses it.
		chromedp.ProxyServer("http://"+proxyAddr),
	)
	actx, acancel := chromedp.NewExecAllocator(parent, opts...)
	b.cancel = append(b.cancel, acancel)
	ctx, cancel := chromedp.NewContext(actx)
	b.cancel = append(b.cancel, cancel)
	b.Ctx = ctx
	if err := chromedp.Do(ctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", o.Chromium, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(o.Width), int64(o.Height))); err != nil {
		b.Close()
		return nil, fmt.Errorf("setting the viewport: %w", err)
	}
	// The requests are recorded from the network events alone. By default
	// DevTools also keeps a copy of every response body, on the page's main
	// thread, which no visitor's browser does: for app.wasm, long tasks
	// around the end of its download, and a later compile.
	noBodies := int64(0)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{MaxTotalBufferSize: &noBodies, MaxResourceBufferSize: &noBodies}); err != nil {
		b.Close()
		return nil, fmt.Errorf("recording the network without its bodies: %w", err)
	}
	if err := chromedp.Listen(ctx, b.onEvent); err != nil {
		b.Close()
		return nil, err
	}
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m)
			b.mu.Unlock()
		}
	}()
	return b, nil
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

// Console returns a copy of every console message and exception so far.
func (b *Browser) Console() []chromedp.ConsoleMessage {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]chromedp.ConsoleMessage(nil), b.console...)
}

// ConsoleErrors returns the console errors and uncaught exceptions so far,
// as text with their source.
func (b *Browser) ConsoleErrors() []string {
	var out []string
	for _, m := range b.Console() {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
			out = append(out, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m, m.URL, m.Line+1))
		}
	}
	return out
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

// Close stops the browser and the proxy and removes a fresh profile.
func (b *Browser) Close() {
	for i := len(b.cancel) - 1; i >= 0; i-- {
		b.cancel[i]()
	}
	b.cancel = nil
	if b.proxy != nil {
		_ = b.proxy.Close()
	}
	if b.tmpDir != "" {
		_ = os.RemoveAll(b.tmpDir)
	}
}

// Navigate loads url and waits for its load event.
func (b *Browser) Navigate(url string) error {
	return chromedp.Do(b.Ctx, chromedp.Navigate(url))
}

// Reload reloads the page, as the browser's reload button does, and waits
// for its load event.
func (b *Browser) Reload() error {
	return chromedp.Do(b.Ctx, chromedp.Reload())
}

// Eval evaluates a JavaScript expression and decodes its value into T.
// Asked of a document the page has already replaced, it asks the current
// one: right after a navigation chromedp can still hold the old document's
// execution context, and nothing ran in it.
func Eval[T any](b *Browser, expr string) (T, error) {
	for tries := 0; ; tries++ {
		v, err := chromedp.Run(b.Ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
		if err == nil || tries == 10 || !contextGone(err, false) {
			return v, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Poll waits until the JavaScript expression is truthy, up to timeout, and
// returns its value. The expression must have no side effects: when the
// document it runs in goes away (a navigation, or chromedp still holding the
// previous document's context), it is polled again in the current one.
func Poll[T any](b *Browser, expr string, timeout time.Duration) (T, error) {
	deadline := time.Now().Add(timeout)
	for {
		v, err := chromedp.Run(b.Ctx, chromedp.Poll[T](expr,
			chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(10*time.Millisecond)))
		if err == nil {
			return v, nil
		}
		if !contextGone(err, true) || time.Until(deadline) < 20*time.Millisecond {
			return v, fmt.Errorf("waiting for %s: %w", expr, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// contextGone reports whether err says the document an evaluation was sent
// to no longer exists: never reached ("Cannot find context with specified
// id"), or, when destroyed is true, also ended by a navigation.
func contextGone(err error, destroyed bool) bool {
	var cdpErr *cdproto.Error
	if !errors.As(err, &cdpErr) {
		return false
	}
	switch cdpErr.Message {
	case "Cannot find context with specified id":
		return true
	case "Execution context was destroyed.", "Inspected target navigated or closed":
		return destroyed
	}
	return false
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&sb, "\\u%04x", r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// Type replaces the text of the input matching the CSS selector sel the way a
// user pasting does: click into it, select all (Ctrl+A), then insert text
// (or press Backspace when text is empty). TypeKeys types key by key. An
// input inside a closed <details> (the embed's folded inputs) is first
// revealed as a user does, by a click on the summary.
func (b *Browser) Type(sel, text string) error {
	if err := b.Unfold(sel); err != nil {
		return err
	}
	selectAll := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			p := input.DispatchKeyEventParams{Type: typ, Key: "a", Code: "KeyA", WindowsVirtualKeyCode: 65,
				NativeVirtualKeyCode: 65, Modifiers: 2 /* Ctrl */}
			if typ == input.DispatchKeyEventTypeRawKeyDown {
				p.Commands = []string{"selectAll"}
			}
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, p); err != nil {
				return err
			}
		}
		return nil
	})
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible),
		selectAll,
	}
	if text == "" {
		steps = append(steps, chromedp.KeyEvent("\b"))
	} else {
		// insertText enters any Unicode (full-width digits, RTL marks,
		// control characters) in one input event, as a paste or an input
		// method does.
		steps = append(steps, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
			return err
		}))
	}
	if err := chromedp.Do(b.Ctx, steps...); err != nil {
		return fmt.Errorf("typing %.40q into %s: %w", text, sel, err)
	}
	return nil
}

// Unfold clicks the summary of each closed <details> that holds the element
// matching sel, outermost first, so that the element is shown.
func (b *Browser) Unfold(sel string) error {
	_, err := Eval[bool](b, fmt.Sprintf(`(() => {
		const closed = [];
		for (let d = document.querySelector(%s)?.closest("details:not([open])"); d; d = d.parentElement?.closest("details:not([open])")) closed.unshift(d);
		for (const d of closed) d.querySelector(":scope > summary").click();
		return true;
	})()`, jsString(sel)))
	if err != nil {
		return fmt.Errorf("unfolding %s: %w", sel, err)
	}
	return nil
}

// TypeKeys is Type with real key events for every character (slower; for
// short plain text).
func (b *Browser) TypeKeys(sel, text string) error {
	if err := b.Type(sel, ""); err != nil {
		return err
	}
	if err := chromedp.Do(b.Ctx, chromedp.SendKeys(chromedp.CSS(sel), text)); err != nil {
		return fmt.Errorf("typing %q into %s: %w", text, sel, err)
	}
	return nil
}

// Select chooses the option with value v in the <select> matching sel, as a
// user's choice does: it focuses the element, sets the value and fires input
// and change events.
func (b *Browser) Select(sel, v string) error {
	expr := fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		if (!el) return "no element";
		if (![...el.options].some(o => o.value === %s)) return "no option " + %s + " in " + [...el.options].map(o => o.value).join(",");
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
		return "";
	})()`, jsString(sel), jsString(v), jsString(v), jsString(v))
	msg, err := Eval[string](b, expr)
	if err != nil {
		return fmt.Errorf("selecting %q in %s: %w", v, sel, err)
	}
	if msg != "" {
		return fmt.Errorf("selecting %q in %s: %s", v, sel, msg)
	}
	return nil
}

// Attr returns the attribute name of the first element matching sel, and
// whether the element and the attribute exist.
func (b *Browser) Attr(sel, name string) (string, bool, error) {
	v, err := Eval[*string](b, fmt.Sprintf(`document.querySelector(%s)?.getAttribute(%s) ?? null`, jsString(sel), jsString(name)))
	if err != nil || v == nil {
		return "", false, err
	}
	return *v, true, nil
}

// WaitAttrChange waits until the attribute name of sel exists and differs
// from old, and returns the new value.
func (b *Browser) WaitAttrChange(sel, name, old string, timeout time.Duration) (string, error) {
	expr := fmt.Sprintf(`(() => { const v = document.querySelector(%s)?.getAttribute(%s); return v != null && v !== %s ? v : null; })()`,
		jsString(sel), jsString(name), jsString(old))
	return Poll[string](b, expr, timeout)
}

// Screenshot captures the full page as PNG.
func (b *Browser) Screenshot() ([]byte, error) {
	return chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
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

// AddScriptOnNewDocument runs src in every document the tab loads from now
// on, before the page's own scripts.
func (b *Browser) AddScriptOnNewDocument(src string) error {
	_, err := chromedp.Call(b.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
	return err
}

// ErrTimeout reports that something did not happen in time.
var ErrTimeout = errors.New("timed out")
