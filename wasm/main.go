// Command wasm is Energy Floor's browser main, compiled to web/app.wasm.
//
// It only registers the app's routes and starts go-app in the browser. It
// links no server code, which keeps app.wasm small; the server (cmd/server)
// registers the same routes to prerender the same pages.
//
// Usage (what `make wasm` runs, before precompressing the result):
//
//	GOOS=js GOARCH=wasm go build -trimpath -gcflags=all=-l -ldflags "-s -w" -o web/app.wasm ./wasm
package main

import (
	"runtime/debug"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
)

func main() {
	ui.Mark(ui.MarkMain)
	// Start-up allocates the decoded dataset and the first page's tree in
	// one go, on a small live heap, where Go's default GOGC of 100 would
	// collect during it. At 400 the collector waits until the heap is five
	// times what survived the last collection.
	debug.SetGCPercent(400)
	// The later packages' initialisation ran in this task (the earlier ones
	// before package inityield's yield); let the browser answer what is
	// queued before go-app starts.
	ui.YieldToBrowser()
	ui.Routes()
	app.RunWhenOnBrowser()
}
