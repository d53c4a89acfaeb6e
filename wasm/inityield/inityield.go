//go:build js && wasm

// Package inityield splits the Go program's initialisation in the browser
// into two main-thread tasks, so that neither blocks input for long: its
// init waits for a zero timeout, which ends the current task, and the
// remaining packages' init runs in the next one.
//
// Where the split falls is set by Go's initialisation order: of the
// packages whose imports are initialised, the one with the smallest import
// path goes first, and energyfloor/… sorts before github.com/…, net/… and
// most of the standard library. So this package runs as soon as its imports
// are initialised: after unicode, whose tables come early, and before
// go-app's and shopspring/decimal's init (TestInitYieldOrder in wasm/ pins
// this). That is also
// why it writes out the wait that ui.YieldToBrowser does: importing app/ui
// (and so go-app) would move it to the end of the initialisation.
package inityield

import (
	"syscall/js"
	_ "unicode" // for the order: the split falls after unicode's init
)

func init() {
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", f, 0)
	<-done
}
