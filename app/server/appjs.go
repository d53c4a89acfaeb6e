package server

import (
	"errors"
	"regexp"
)

// wasmFetchCall is how go-app v10.1.11's app.js fetches and compiles
// app.wasm:
//
//	instantiateStreaming(fetchWithProgress("/web/app.wasm", showProgress), go.importObject)
//
// fetchWithProgress counts the bytes for the loader's percentage by copying
// the response into new Response(new ReadableStream(…)). A response built in
// JavaScript has no URL and comes from no cache, so Chromium can neither
// store the compiled module in its code cache nor load it from there: every
// visit, warm ones included, compiled all of app.wasm again, on a main-thread
// pump of the stream. And app.js is deferred: it starts only after the page
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
const wasmFetchDirect = `(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))($1, go.importObject)`

// fetchWasmDirectly rewrites go-app's app.js to compile app.wasm from its
// own response, started early (see wasmFetchCall). The loader then shows the Handler's LoadingLabel, with no
// percentage, until the wasm runs, and is removed as before. An app.js
// without exactly one such call (another go-app version) is an error, so
// that a change of go-app cannot silently undo this.
func fetchWasmDirectly(js []byte) ([]byte, error) {
	if n := len(wasmFetchCall.FindAllIndex(js, -1)); n != 1 {
		return nil, errors.New("app.js: go-app's compile of app.wasm (instantiateStreaming(fetchWithProgress(…, showProgress), go.importObject)) was not found exactly once: has go-app changed?")
	}
	return wasmFetchCall.ReplaceAll(js, []byte(wasmFetchDirect)), nil
}
