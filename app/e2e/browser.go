package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
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
	// In, when set, opens the browser in that running Chromium (a
	// Process) instead of starting one; Chromium, UserDataDir and
	// BaselineWasm are then unused.
	In *Process
	// BaselineWasm has V8 compile WebAssembly with its baseline compiler
	// (Liftoff) only, never with its optimising one: the same program
	// runs, with the same DOM, events and timers, for less CPU per app
	// start, where the tests' time goes. For tests of what the app does;
	// left off for what a visitor's browser costs (cmd/bench) and for the
	// browser suite's Chromiums with a profile on disk (onDisk), as a
	// visitor's.
	BaselineWasm bool
}

// Process is one headless Chromium in which NewBrowser opens browsers
// (BrowserOptions.In), each in a browser context of its own: as with a fresh
// profile, it starts with no cache, storage, cookies or service worker, and
// shares none with another, and it has its own tab and recording proxy.
// Opening a browser then costs a tab, not a Chromium start.
type Process struct {
	// chromium is the Chromium's first tab, through which contexts are
	// made, with the proxy that refuses Chromium's own traffic, outside
	// every browser context.
	chromium *Browser
}

// StartProcess starts a headless Chromium for NewBrowser's In, as o's
// Chromium and BaselineWasm say.
func StartProcess(parent context.Context, o BrowserOptions) (*Process, error) {
	o.Width, o.Height, o.UserDataDir = 1280, 900, ""
	return startAgain(parent, func() (*Process, error) {
		b := &Browser{}
		if err := b.startChromium(parent, o); err != nil {
			b.Close()
			return nil, err
		}
		return &Process{chromium: b}, nil
	})
}

// Alive reports whether the Chromium is still running.
func (p *Process) Alive() bool { return p.chromium.Ctx.Err() == nil }

// Close stops the Chromium and removes its profile.
func (p *Process) Close() { p.chromium.Close() }

// Browser is one headless Chromium, or one browser context in a Process,
// with one tab, recording every request the tab makes, every console message
// and exception, and every request that tried to leave the machine (through a
// recording proxy that answers 403).
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
	// proxy is the page's. WebUIOmniboxPopup and WebUIOmniboxAimPopup:
	// Chromium 156 preloads two omnibox popups, WebUI pages, in a renderer
	// of their own in every window and browser context it opens; headless,
	// they are never shown, and their renderer's CPU is taken from the page
	// under test (TestBrowsersOpenNoBrowserUI).
	chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,CertificateTransparencyComponentUpdater,AutofillServerCommunication,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
	chromedp.Flag("no-pings", true),
	chromedp.Flag("disable-domain-reliability", true),
}

// startTries is how many times NewBrowser starts Chromium before it gives
// up: Debian's Chromium now and then crashes before it opens its DevTools
// port ("chrome failed to start"), and a test must not fail for that.
const startTries = 3

// NewBrowser starts a headless Chromium, or opens a browser context in o.In,
// and opens its tab. A Chromium that exits before it is up is started again
// (startTries).
func NewBrowser(parent context.Context, o BrowserOptions) (*Browser, error) {
	return startAgain(parent, func() (*Browser, error) { return startBrowser(parent, o) })
}

// startAgain calls start until it succeeds, fails otherwise than as a
// Chromium that exits before it is up, or has been called startTries times.
func startAgain[T any](parent context.Context, start func() (T, error)) (T, error) {
	for try := 1; ; try++ {
		v, err := start()
		if err == nil || try == startTries || !strings.Contains(err.Error(), "chrome failed to start") || parent.Err() != nil {
			return v, err
		}
	}
}

func startBrowser(parent context.Context, o BrowserOptions) (*Browser, error) {
	if o.Width == 0 {
		o.Width, o.Height = 1280, 900
	}
	b := &Browser{byID: map[network.RequestID]*Request{}}
	if o.In == nil {
		if err := b.startChromium(parent, o); err != nil {
			b.Close()
			return nil, err
		}
	} else {
		proxyAddr, err := b.startProxy()
		if err != nil {
			return nil, err
		}
		ctx, cancel := chromedp.NewContext(o.In.chromium.Ctx, chromedp.WithNewBrowserContext(func(p *target.CreateBrowserContextParams) {
			p.ProxyServer = "http://" + proxyAddr
		}))
		b.Ctx, b.cancel = ctx, []context.CancelFunc{cancel}
		if err := chromedp.Do(ctx); err != nil {
			b.Close()
			return nil, fmt.Errorf("opening a browser context: %w", err)
		}
		// Its tab is one of the Chromium's windows, not always the focused
		// one: it behaves as focused, as a fresh Chromium's only tab is.
		if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
			b.Close()
			return nil, fmt.Errorf("emulating focus: %w", err)
		}
	}
	ctx := b.Ctx
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

// startChromium starts b as o's headless Chromium, with o's window and
// profile (UserDataDir "" makes a fresh one, removed on Close), whose every
// request that would leave the machine goes to b's recording proxy.
func (b *Browser) startChromium(parent context.Context, o BrowserOptions) error {
	chromium, dir := o.Chromium, o.UserDataDir
	if chromium == "" {
		p, err := ChromiumPath()
		if err != nil {
			return err
		}
		chromium = p
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "e2e-chromium-*")
		if err != nil {
			return fmt.Errorf("making a profile: %w", err)
		}
		b.tmpDir, dir = d, d
	}
	proxyAddr, err := b.startProxy()
	if err != nil {
		return err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], baseFlags...)
	opts = append(opts,
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(o.Width, o.Height),
		// Loopback goes direct (Chromium's implicit bypass); anything else
		// goes to the recording proxy, which refuses it.
		chromedp.ProxyServer("http://"+proxyAddr),
	)
	if o.BaselineWasm {
		opts = append(opts, chromedp.Flag("js-flags", "--liftoff-only"))
	}
	actx, acancel := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b.Ctx, b.cancel = ctx, []context.CancelFunc{acancel, cancel}
	if err := chromedp.Do(ctx); err != nil {
		return fmt.Errorf("starting %s: %w", chromium, err)
	}
	return nil
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

// Close stops the browser (a browser context in a Process: closes it, with
// its tab, cache and storage) and the proxy, and removes a fresh profile.
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

// AddScriptOnNewDocument runs src in every document the tab loads from now
// on, before the page's own scripts.
func (b *Browser) AddScriptOnNewDocument(src string) error {
	_, err := chromedp.Call(b.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
	return err
}

// ErrTimeout reports that something did not happen in time.
var ErrTimeout = errors.New("timed out")
