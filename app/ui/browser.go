package ui

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Browser-only helpers. On the server go-app's JavaScript stubs make these
// calls no-ops, so they need no build tags.

// download offers content to the user as a file named name, through a blob
// URL on a detached <a download> (go-app does not intercept download links).
// A browser API that throws (a Blob refused, a broken polyfill) comes back
// as a panic of syscall/js, recovered here into the error returned.
func download(name, mime, content string) (err error) {
	if app.IsServer {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused the file (%v)", r)
		}
	}()
	win := app.Window()
	blob := win.Get("Blob").New([]any{content}, map[string]any{"type": mime + ";charset=utf-8"})
	href := win.Get("URL").Call("createObjectURL", blob)
	a := win.Get("document").Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Call("click")
	// Revoke later: the download reads the blob after click returns.
	win.Call("setTimeout", funcOnce(func() { win.Get("URL").Call("revokeObjectURL", href) }), 10000)
	return nil
}

// funcOnce returns fn as a JavaScript function to be called once, which
// releases itself when it is.
func funcOnce(fn func()) app.Func {
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		f.Release()
		fn()
		return nil
	})
	return f
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

// serviceWorkerAllowed reports whether the page may use a service worker
// (and so keep itself for offline use). In a frame with an opaque origin
// (sandbox without allow-same-origin, as WordPress embeds), reading
// navigator.serviceWorker throws a SecurityError, as do caches and
// localStorage. A getter that throws cannot be read with Get (wasm_exec.js
// does not catch it), so it is read with Reflect.get, a call, whose
// exception comes back as a panic, recovered here.
func serviceWorkerAllowed() (ok bool) {
	if app.IsServer {
		return true
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	win := app.Window()
	return win.Get("Reflect").Call("get", win.Get("navigator"), "serviceWorker").Truthy()
}

// YieldToBrowser lets the browser run what it has queued (input, a frame)
// before the caller goes on: the caller blocks until a zero timeout fires,
// so that the Go side, all its goroutines waiting, ends the current task.
// The start-up calls it between its pieces, so that none of them holds the
// main thread long. On the server it does nothing.
func YieldToBrowser() {
	if app.IsServer {
		return
	}
	done := make(chan struct{})
	app.Window().Call("setTimeout", funcOnce(func() { close(done) }), 0)
	<-done
}

// Mark records a performance mark in the browser (one of Marks): they time
// the start-up's phases for the benchmark (cmd/bench), and signal nothing.
func Mark(name string) {
	if app.IsClient {
		app.Window().Get("performance").Call("mark", name)
	}
}

// callJS calls the global function name (one of names.go's JS names) where
// the page defines it: a page without web/boot.js does not.
func callJS(name string) {
	if app.IsServer {
		return
	}
	if f := app.Window().Get(name); f.Truthy() {
		app.Window().Call(name)
	}
}

// copyWithStatus copies text and sets *status, a component's field, to kind
// when it worked or to "failed" when the browser refused, and back to ""
// three seconds later.
func copyWithStatus(ctx app.Context, text, kind string, status *string) {
	copyText(text, func(ok bool) {
		ctx.Dispatch(func(ctx app.Context) {
			*status = kind
			if !ok {
				*status = "failed"
			}
		})
		ctx.After(3*time.Second, func(ctx app.Context) { *status = "" })
	})
}

// writeHeadline writes the two headline figures straight into the DOM, from
// the input handler, so the result changes at once. go-app v10 renders in
// frames (at most 120 a second, app.RunWhenOnBrowser's engine), so its own
// update lands up to 8.3 ms after an input event; it then finds these
// values in place. It changes the existing text nodes and attributes only,
// never replaces nodes, so go-app's tree stays valid.
func writeHeadline(whReq, whMonth whFigure) {
	if app.IsServer {
		return
	}
	win := app.Window()
	for _, f := range []struct {
		id string
		wh whFigure
	}{{"energy-per-request", whReq}, {"energy-per-month", whMonth}} {
		el := win.GetElementByID(f.id)
		if !el.Truthy() {
			continue
		}
		if !f.wh.ok {
			el.Call("removeAttribute", "data-wh")
		} else {
			el.Call("setAttribute", "data-wh", f.wh.attr())
		}
		if t := el.Get("firstChild"); t.Truthy() {
			t.Set("nodeValue", f.wh.text())
		}
	}
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
	win.Call("requestIdleCallback", funcOnce(func() { ctx.Dispatch(fn) }), map[string]any{"timeout": timeout.Milliseconds()})
}

// selectContents selects the text of the element with DOM id id, for the
// user to copy where the clipboard API is missing or refuses.
func selectContents(id string) {
	if app.IsServer {
		return
	}
	doc := app.Window().Get("document")
	el := doc.Call("getElementById", id)
	sel := app.Window().Call("getSelection")
	if !el.Truthy() || !sel.Truthy() {
		return
	}
	r := doc.Call("createRange")
	r.Call("selectNodeContents", el)
	sel.Call("removeAllRanges")
	sel.Call("addRange", r)
}
