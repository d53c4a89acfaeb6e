// Command wasm is Energy Floor's browser main, compiled to web/app.wasm.
//
// It only registers the app's routes and starts go-app in the browser. It
// links no server code, which keeps app.wasm small; the server (cmd/server)
// registers the same routes to prerender the same pages.
//
// Usage (what `make wasm` runs, before precompressing the result):
//
//	go run ./cmd/wasmwork -out bin/wasmwork
//	GOWORK=$PWD/bin/wasmwork/go.work GOOS=js GOARCH=wasm go build -trimpath -gcflags='all=-l -d=variablemakethreshold=0' -ldflags "-s -w" -o web/app.wasm ./wasm
//
// The workspace cmd/wasmwork writes leaves go-app's server-only files, and
// with them net/http and crypto/tls, out of app.wasm.
//
// # Start-up
//
// What runs from the page's first byte to a live calculator, in order, with
// the file and function of each step. The performance marks (app/ui's
// Marks, which cmd/bench splits the start-up by) are set where each step
// says; TestStartupDoc holds this list to the files, functions, marks and
// globals it names.
//
//  1. app/server/patches.go, rewritePage: the page is go-app's prerendered
//     HTML with the figures for its query, its styles inlined (styles.go),
//     go-app's indentation and script tags dropped (markup.go, scripts.go),
//     the embed marked for boot.js (markEmbed), and an empty web/split.css
//     link before the lower sections (app/ui's splitLink), so that the
//     results paint first.
//  2. web/boot/start.js, start: on a first visit once the page has painted (at
//     most maxWait later), on a return visit at once, in the embed on the
//     reader's first focus, pointer down or key. It marks ef:wasm-requested,
//     compiles app.wasm as it streams in (from the service worker's cache,
//     fromWorkerCache, else from the network in slices, inSlices), marks
//     ef:wasm-compiled, defines efInstantiate, efAfterStart and efStarted,
//     and adds go-app's wasm_exec.js and app.js.
//  3. web/boot/start.js, efInstantiate: app.js, as app/server/scripts.go's
//     rewriteAppJS patches it, instantiates boot.js's module through it
//     (ef:instantiated) and runs Go; its registration of the service worker
//     waits for efAfterStart.
//  4. wasm/inityield/inityield.go, init: Go's package initialisation runs in
//     two main-thread tasks, split after unicode's init (TestInitYieldOrder
//     pins where).
//  5. wasm/main.go, main: marks ef:main, sets GOGC to 400, yields to the
//     browser (ui.YieldToBrowser), registers the routes (ui.Routes) and runs
//     go-app.
//  6. app/ui/adopt.go, calculator.start (the calculator's OnInit): it reads
//     the prerendered lower sections, the results' published figures and
//     equivalents (prerenderedBelow), and the URL; navigateFirst yields, marks
//     ef:nav, decodes the dataset without any workload's models
//     (app/ui/load.go, loadDataset) and the models of the workloads the page
//     needs, the default workload and the link's (calculator.loadPage,
//     pageWorkloads), marks ef:decoded and navigates; then it yields and
//     applies what the visitor typed meanwhile. Another workload's models
//     are decoded when a page first needs them (package data).
//  7. app/ui/adopt.go, calculator.pauseMount: in the middle of the first
//     page's mount (the results panel's OnInit), it marks ef:mount-paused,
//     yields, and reads the visitor's edits again.
//  8. app/ui/adopt.go, calculator.finishTakeOver (the calculator's OnNav):
//     it gives the focus back, applies the edits made during the pause,
//     schedules the lower sections to go live, and, once go-app has drawn the
//     page, marks ef:rendered and calls efStarted, on which web/boot.js
//     registers the service worker.
//  9. app/ui/adopt.go, calculator.goLive: when the browser is next idle (at
//     most goLiveWithin later), the live sections replace their prerendered
//     copies (ef:live); until then a copy whose figures are for other inputs
//     than the fields' is hidden (copyOf).
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
