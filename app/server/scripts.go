package server

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"

	json "github.com/goccy/go-json"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
)

// dropGoappScripts removes, from a page go-app wrote for a site under
// prefix, go-app's deferred tags for wasm_exec.js and app.js: web/boot.js
// adds those two scripts itself, on a first visit only once the prerendered
// page has painted (see web/boot.js and the page head in app.Handler). Each
// tag must be there exactly once, so that a change of go-app cannot leave a
// page loading them twice or not at all.
func dropGoappScripts(page []byte, prefix string) ([]byte, error) {
	for _, name := range []string{"/wasm_exec.js", "/app.js"} {
		var err error
		tag := `<script defer src="` + prefix + name + `"></script>`
		if page, err = replaceOnce(page, tag, "", patchScripts, "go-app's tag for "+prefix+name); err != nil {
			return nil, err
		}
	}
	return page, nil
}

// wasmFetchCall is how go-app v10.1.11's app.js fetches and compiles
// app.wasm:
//
//	instantiateStreaming(fetchWithProgress("/web/app.wasm", showProgress), go.importObject)
//
// fetchWithProgress counts the bytes for the loader's percentage by copying
// the response into new Response(new ReadableStream(…)). A response built in
// JavaScript has no URL and comes from no cache, so Chromium can neither
// store the compiled module in its code cache nor load it from there: every
// visit, warm ones included, would compile all of app.wasm again, on a
// main-thread pump of the stream. And app.js is deferred: it starts only after the page
// has been parsed.
var wasmFetchCall = regexp.MustCompile(`instantiateStreaming\(\s*fetchWithProgress\(("[^"\\]*"), showProgress\),\s*go\.importObject\s*\)`)

// wasmFetchDirect replaces wasmFetchCall. It takes the module web/boot.js
// started compiling (efInstantiate; boot.js also adds app.js to the page);
// when there is none (a browser without WebAssembly.compileStreaming, or an
// app.js loaded without boot.js), it sets efInstantiate to null, so a later
// boot.js does nothing, and hands the network's (or the service worker's)
// own response to WebAssembly.instantiateStreaming. Both compile while the
// bytes arrive and can use the compiled-code cache (when Chromium has one:
// see cmd/bench).
const wasmFetchDirect = `(self.` + ui.JSInstantiate + ` || (self.` + ui.JSInstantiate + ` = null, (url, imports) => instantiateStreaming(fetch(url), imports)))($1, go.importObject)`

// fetchWasmDirectly rewrites go-app's app.js to compile app.wasm from its
// own response, started early (see wasmFetchCall). The loader then shows the
// handler's LoadingLabel, with no percentage, until the wasm runs, and is
// then removed. An app.js
// without exactly one such call (another go-app version) is an error, so
// that a change of go-app cannot silently undo this.
func fetchWasmDirectly(js []byte) ([]byte, error) {
	if n := len(wasmFetchCall.FindAllIndex(js, -1)); n != 1 {
		return nil, fmt.Errorf("patch %q: app.js: go-app's compile of app.wasm (instantiateStreaming(fetchWithProgress(…, showProgress), go.importObject)) was not found exactly once: has go-app changed?", patchAppJS)
	}
	return wasmFetchCall.ReplaceAll(js, []byte(wasmFetchDirect)), nil
}

// workerCall is go-app v10.1.11's app.js registering the service worker, as
// soon as app.js runs: on a first visit, the worker's install (which reads
// all of app.wasm into its cache, the files it lists too) then competes with
// the page's own download, compile and start of app.wasm.
const workerCall = "\ngoappInitServiceWorker();\n"

// workerLater replaces workerCall: web/boot.js's efAfterStart registers the
// worker once the app has drawn its first page (or failed to start). An
// app.js without boot.js registers it at once, as go-app does.
const workerLater = "\n(self." + ui.JSAfterStart + " || ((register) => register()))(goappInitServiceWorker);\n"

// goRunCall is go-app v10.1.11's app.js starting the Go program; it drops
// the promise go.run returns, which settles only when the program ends (a
// panic, or an exception thrown into it).
const goRunCall = "\n    go.run(wasm.instance);\n"

// goRunWatched replaces goRunCall: the promise goes to web/boot.js's efRun,
// which says on the page that the calculator stopped when it settles. An
// app.js without boot.js drops it, as go-app does.
const goRunWatched = "\n    (self." + ui.JSRun + " || ((running) => running))(go.run(wasm.instance));\n"

// rewriteAppJS applies the app.js patches: fetchWasmDirectly, the service
// worker registered after the app's start (workerLater), and the end of
// the Go program reported to boot.js (goRunWatched).
func rewriteAppJS(js []byte) ([]byte, error) {
	js, err := fetchWasmDirectly(js)
	if err != nil {
		return nil, err
	}
	if js, err = replaceOnce(js, goRunCall, goRunWatched, patchAppJS, "go-app's start of the Go program (go.run(wasm.instance);)"); err != nil {
		return nil, err
	}
	return replaceOnce(js, workerCall, workerLater, patchAppJS, "go-app's call registering the service worker (goappInitServiceWorker();)")
}

// serviceWorkerJS is the template of the app's service worker (app-worker.js),
// go-app's DefaultAppWorkerJS with the changes listed at the top of
// worker.js: offline permalinks and sub-paths, and updates that never mix
// two versions. go-app fills in {{.Version}} and {{.ResourcesToCache}};
// handler fills in {{.ExtraPages}}.
//
//go:embed worker.js
var serviceWorkerJS string

// defaultWorkerSum starts the SHA-256 of go-app v10.1.11's DefaultAppWorkerJS,
// which worker.js starts from: a test fails when go-app's changes.
const defaultWorkerSum = "fb64efe18fb6e1f3"

// workerTemplate fills in the pages other than the root, which go-app
// does not know about, in the service worker's template.
func workerTemplate(resources app.ResourceResolver) string {
	extra := []string{}
	for _, p := range ui.Pages {
		if p != "/" {
			extra = append(extra, resources.Resolve(p))
		}
	}
	list, _ := json.Marshal(extra) // a []string always encodes
	return strings.ReplaceAll(serviceWorkerJS, "{{.ExtraPages}}", string(list))
}
