package ui

import (
	"math"
	"strconv"
	"time"
	"unicode/utf16"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Browser-only helpers. On the server go-app's JavaScript stubs make these
// calls no-ops, so they need no build tags.

// download offers content to the user as a file named name, through a blob
// URL on a detached <a download> (go-app does not intercept download links).
func download(name, mime, content string) {
	if app.IsServer {
		return
	}
	win := app.Window()
	blob := win.Get("Blob").New([]any{content}, map[string]any{"type": mime + ";charset=utf-8"})
	href := win.Get("URL").Call("createObjectURL", blob)
	a := win.Get("document").Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Call("click")
	// Revoke later: the download reads the blob after click returns.
	var revoke app.Func
	revoke = app.FuncOf(func(this app.Value, args []app.Value) any {
		win.Get("URL").Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	win.Call("setTimeout", revoke, 10000)
}

// copyText writes text to the clipboard and calls done(true) when it worked,
// done(false) when the browser refused (no permission, insecure context).
func copyText(text string, done func(ok bool)) {
	if app.IsServer {
		return
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		done(false)
		return
	}
	var ok, fail app.Func
	release := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(this app.Value, args []app.Value) any { release(); done(true); return nil })
	fail = app.FuncOf(func(this app.Value, args []app.Value) any { release(); done(false); return nil })
	clip.Call("writeText", text).Call("then", ok, fail)
}

// heightObserver watches the embed's content and posts its height to the
// parent window: {type: "energyfloor:height", height}.
var (
	heightObserver app.Value
	heightFunc     app.Func
	lastHeight     int
)

// startHeightPosting observes #calculator with a ResizeObserver and posts the
// height whenever it changes (the observer also fires once at the start).
func startHeightPosting(ctx app.Context) {
	if app.IsServer || heightFunc != nil {
		return
	}
	win := app.Window()
	ro := win.Get("ResizeObserver")
	if !ro.Truthy() {
		return
	}
	heightFunc = app.FuncOf(func(this app.Value, args []app.Value) any {
		postHeight()
		return nil
	})
	heightObserver = ro.New(heightFunc)
	ctx.Defer(func(ctx app.Context) {
		if el := win.GetElementByID("calculator"); el.Truthy() {
			heightObserver.Call("observe", el)
		}
	})
}

// postHeight posts the content height when it changed since the last post.
func postHeight() {
	win := app.Window()
	el := win.GetElementByID("calculator")
	if !el.Truthy() {
		return
	}
	h := int(math.Ceil(el.Call("getBoundingClientRect").Get("height").Float()))
	if h == lastHeight {
		return
	}
	lastHeight = h
	win.Get("parent").Call("postMessage", map[string]any{"type": "energyfloor:height", "height": h}, "*")
}

// stopHeightPosting disconnects the observer.
func stopHeightPosting() {
	if heightObserver != nil {
		heightObserver.Call("disconnect")
		heightObserver = nil
	}
	if heightFunc != nil {
		heightFunc.Release()
		heightFunc = nil
	}
	lastHeight = 0
}

// writeHeadline writes the two headline figures straight into the DOM, from
// the input handler, so the result changes at once. go-app v10 renders in
// frames (at most 120 a second, app.RunWhenOnBrowser's engine), so its own
// update lands up to 8.3 ms after an input event; it then finds these
// values in place. It changes the existing text nodes and attributes only,
// never replaces nodes, so go-app's tree stays valid.
func writeHeadline(whReq, whMonth string) {
	if app.IsServer {
		return
	}
	win := app.Window()
	for _, f := range []struct{ id, wh string }{{"energy-per-request", whReq}, {"energy-per-month", whMonth}} {
		el := win.GetElementByID(f.id)
		if !el.Truthy() {
			continue
		}
		if f.wh == "" {
			el.Call("removeAttribute", "data-wh")
		} else {
			el.Call("setAttribute", "data-wh", f.wh)
		}
		if t := el.Get("firstChild"); t.Truthy() {
			t.Set("nodeValue", headlineText(f.wh))
		}
	}
}

// prerenderRead is set once the prerendered form has been read: later
// mounts find go-app's own tree, not the prerendered page.
var prerenderRead bool

// prerenderedEdits returns what the visitor changed in the prerendered form
// before the wasm started, in the order the calculator applies edits (a
// workload before its model; the output length before the monthly volume it
// links; the slider before the latency field), and the id of the field that
// has the focus. A control counts as changed when its value differs from the
// prerendered one (defaultValue, or the option marked selected): a page the
// service worker served for another query holds other values, and there the
// URL's values stand unless the visitor changed them. It reads the page once.
func prerenderedEdits() (edits []textEdit, focus string) {
	if app.IsServer || prerenderRead {
		return nil, ""
	}
	prerenderRead = true
	doc := app.Window().Get("document")
	for _, id := range []string{"workload", "model", "percentile", "gpu"} {
		el := doc.Call("getElementById", id)
		if !el.Truthy() || el.Get("tagName").String() != "SELECT" {
			continue
		}
		opts := el.Get("options")
		i, def := el.Get("selectedIndex").Int(), 0
		for j := opts.Length() - 1; j >= 0; j-- {
			if opts.Index(j).Get("defaultSelected").Bool() {
				def = j
			}
		}
		if i < 0 || i == def {
			continue
		}
		// go-app drops an empty value attribute: no attribute means "".
		v := ""
		if a := opts.Index(i).Call("getAttribute", "value"); a.Truthy() {
			v = a.String()
		}
		edits = append(edits, textEdit{Field: id, Text: v})
	}
	for _, id := range []string{fieldOutput, fieldTokens, fieldRequests, "itl-range", fieldITL} {
		el := doc.Call("getElementById", id)
		if !el.Truthy() || el.Get("tagName").String() != "INPUT" {
			continue
		}
		v := el.Get("value").String()
		if v == el.Get("defaultValue").String() {
			continue
		}
		if id == "itl-range" {
			pos, err := strconv.Atoi(v)
			if err != nil {
				continue
			}
			id, v = fieldITL, sliderMs(pos)
		}
		edits = append(edits, textEdit{Field: id, Text: v})
	}
	if el := doc.Get("activeElement"); el.Truthy() {
		switch id := el.Get("id").String(); id {
		case "workload", "model", "percentile", "gpu", fieldOutput, fieldTokens, fieldRequests, "itl-range", fieldITL:
			focus = id
		}
	}
	return edits, focus
}

// refocus gives the focus back to the form control with id, with the caret
// at the end of its text, as the visitor left it in the prerendered page.
func refocus(id string) {
	if app.IsServer {
		return
	}
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return
	}
	el.Call("focus")
	if el.Get("type").String() == "text" {
		n := len(utf16.Encode([]rune(el.Get("value").String()))) // the range counts UTF-16 units
		el.Call("setSelectionRange", n, n)
	}
}

// lowerSections selects, in the prerendered page, the sections the
// calculator's renderBelow draws, in its order.
var lowerSections = []string{"#calculator > #ranking", "#calculator > .chart-panel", "#calculator > #embed-this", "#calculator > .site-footer"}

// prerenderedBelow returns the HTML of the prerendered page's lower sections
// (lowerSections), for the first page to show as they are, or nil when the
// page lacks one or holds figures for another query (the service worker
// marks such a page <html data-stale-prerender>). Call it before go-app
// replaces the prerendered body (OnInit).
func prerenderedBelow() []string {
	if app.IsServer {
		return nil
	}
	doc := app.Window().Get("document")
	if doc.Get("documentElement").Call("hasAttribute", "data-stale-prerender").Bool() {
		return nil
	}
	html := make([]string, len(lowerSections))
	for i, sel := range lowerSections {
		el := doc.Call("querySelector", sel)
		if !el.Truthy() {
			return nil
		}
		html[i] = el.Get("outerHTML").String()
	}
	return html
}

// whenIdle runs fn in go-app's loop once the browser is idle, or after
// timeout at the latest (requestIdleCallback; where that is missing, after
// 50 ms), so that work the first page can wait for does not delay the
// browser's answer to the visitor's first input.
func whenIdle(ctx app.Context, timeout time.Duration, fn func(app.Context)) {
	if app.IsServer {
		return
	}
	win := app.Window()
	if !win.Get("requestIdleCallback").Truthy() {
		ctx.After(50*time.Millisecond, fn)
		return
	}
	var cb app.Func
	cb = app.FuncOf(func(this app.Value, args []app.Value) any {
		cb.Release()
		ctx.Dispatch(fn)
		return nil
	})
	win.Call("requestIdleCallback", cb, map[string]any{"timeout": timeout.Milliseconds()})
}
