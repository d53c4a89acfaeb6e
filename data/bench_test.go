package data

import "testing"

// BenchmarkLoad decodes the whole embedded dataset as Load does: with
// goccy/go-json and every check natively, with unmarshalDirect and no checks
// in the browser build (GOOS=js GOARCH=wasm, run by node through
// go_js_wasm_exec).
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Decode(Files()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadDirect decodes and validates the whole embedded dataset with
// unmarshalDirect, the browser build's decoder (natively; the wasm build has
// no checks).
func BenchmarkLoadDirect(b *testing.B) {
	for b.Loop() {
		if _, err := decode(Files(), unmarshalDirect, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBrowser decodes the whole embedded dataset as Load does in the
// browser build: unmarshalDirect, without the checks.
func BenchmarkLoadBrowser(b *testing.B) {
	for b.Loop() {
		if _, err := decode(Files(), unmarshalDirect, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBrowserStd decodes the whole embedded dataset as
// BenchmarkLoadBrowser does, with encoding/json in place of unmarshalDirect.
func BenchmarkLoadBrowserStd(b *testing.B) {
	for b.Loop() {
		if _, err := decode(Files(), unmarshalStd, false); err != nil {
			b.Fatal(err)
		}
	}
}
