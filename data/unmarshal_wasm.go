//go:build wasm

package data

// In the browser the dataset decodes with encoding/json: goccy/go-json would
// add about 0.28 MB brotli to app.wasm, whose budget is 1.6 MB
// (GOAPP-NOTES.md); see unmarshal_native.go.
var unmarshal = unmarshalStd
