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
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "energyfloor/app"
)

func main() {
	ui.Routes()
	app.RunWhenOnBrowser()
}
