package server

import (
	"errors"
	"regexp"
)

// wasmFetchCall is how go-app v10.1.11's app.js fetches app.wasm:
//
//	instantiateStreaming(fetchWithProgress("/web/app.wasm", showProgress), …)
//
// fetchWithProgress counts the bytes for the loader's percentage by copying
// the response into new Response(new ReadableStream(…)). A response built in
// JavaScript has no URL and comes from no cache, so Chromium can neither
// store the compiled module in its code cache nor load it from there: every
// visit, warm ones included, compiled all of app.wasm again, on a main-thread
// pump of the stream.
var wasmFetchCall = regexp.MustCompile(`fetchWithProgress\(("[^"\\]*"), showProgress\)`)

// wasmFetchDirect replaces wasmFetchCall: the network's (or the service
// worker's) own response goes to WebAssembly.instantiateStreaming, which
// compiles while it downloads and uses the compiled-code cache.
const wasmFetchDirect = `fetch($1)`

// fetchWasmDirectly rewrites go-app's app.js to fetch app.wasm directly (see
// wasmFetchCall). The loader then shows the Handler's LoadingLabel, with no
// percentage, until the wasm runs, and is removed as before. An app.js
// without exactly one such call (another go-app version) is an error, so
// that a change of go-app cannot silently undo this.
func fetchWasmDirectly(js []byte) ([]byte, error) {
	if n := len(wasmFetchCall.FindAllIndex(js, -1)); n != 1 {
		return nil, errors.New("app.js: go-app's fetch of app.wasm (fetchWithProgress(…, showProgress)) was not found exactly once: has go-app changed?")
	}
	return wasmFetchCall.ReplaceAll(js, []byte(wasmFetchDirect)), nil
}
