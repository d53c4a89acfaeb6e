package data

import (
	"io/fs"
	"testing"
)

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

// BenchmarkUnmarshalDirect reads every file of the embedded dataset into the
// format's types with unmarshalDirect alone: the reader's share of
// BenchmarkLoadBrowser, without the conversion to package floor's types.
func BenchmarkUnmarshalDirect(b *testing.B) {
	type doc struct {
		json []byte
		new  func() any
	}
	read := func(name string) []byte {
		data, err := fs.ReadFile(Files(), name)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	var idx Index
	if err := unmarshalDirect(read("index.json"), &idx); err != nil {
		b.Fatal(err)
	}
	docs := []doc{
		{read("index.json"), func() any { return new(Index) }},
		{read("grid.json"), func() any { return new(GridFile) }},
		{publishedJSON, func() any { return new(PublishedFile) }},
		{equivalentsJSON, func() any { return new(EquivalentsFile) }},
		{footprintJSON, func() any { return new(FootprintFile) }},
	}
	for _, w := range idx.Workloads {
		for _, m := range w.Models {
			docs = append(docs, doc{read(m.File), func() any { return new(ModelFile) }})
		}
	}
	for _, w := range idx.DiffusionWorkloads {
		for _, m := range w.Models {
			docs = append(docs, doc{read(m.File), func() any { return new(DiffusionModelFile) }})
		}
	}
	for b.Loop() {
		for _, d := range docs {
			if err := unmarshalDirect(d.json, d.new()); err != nil {
				b.Fatal(err)
			}
		}
	}
}
