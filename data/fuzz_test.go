//go:build !wasm

package data

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"energyfloor/app/floor"
)

// FuzzDecode feeds Decode a one-model dataset whose model file is the
// fuzzer's bytes: it must return a dataset or an error, never panic, and
// goccy/go-json and encoding/json must agree on which. unmarshalDirect, the
// browser's decoder, may refuse more (keys in another case or given twice,
// invalid UTF-8), but what it accepts encoding/json accepts too, as the same
// dataset.
func FuzzDecode(f *testing.F) {
	files := oneModel(f)
	f.Add(files[qwenFile].Data)
	f.Add([]byte(`{"version":"1","configurations":[{"joules_per_output_token":1e999}],"best":{"H100":null}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		broken := fstest.MapFS{"index.json": files["index.json"], "grid.json": files["grid.json"], qwenFile: &fstest.MapFile{Data: b}}
		var got []*floor.Dataset
		for _, unmarshal := range []func([]byte, any) error{unmarshalGoccy, unmarshalStd, unmarshalDirect} {
			d, err := decode(broken, unmarshal, true)
			if (d == nil) == (err == nil) {
				t.Fatalf("got dataset %v and error %v, want exactly one", d != nil, err)
			}
			got = append(got, d)
		}
		goccy, std, direct := got[0], got[1], got[2]
		if (goccy == nil) != (std == nil) {
			t.Errorf("goccy/go-json accepted: %t, encoding/json accepted: %t", goccy != nil, std != nil)
		}
		if direct != nil && !reflect.DeepEqual(direct, std) {
			t.Errorf("unmarshalDirect accepted a file encoding/json decodes differently (or refuses: %t)", std == nil)
		}
	})
}

// FuzzDecodeGrid feeds the one-model dataset the fuzzer's bytes as
// grid.json, and decodePublished the same bytes as published.json: the
// decoders return a result or an error, never panic; goccy/go-json and
// encoding/json agree on which; what unmarshalDirect accepts, encoding/json
// accepts as the same.
func FuzzDecodeGrid(f *testing.F) {
	files := oneModel(f)
	f.Add(files["grid.json"].Data)
	f.Add(publishedJSON)
	f.Add([]byte(`{"version":"1","intensities":[{"code":"DEU","gco2e_per_kwh":1e999}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		broken := fstest.MapFS{"index.json": files["index.json"], "grid.json": &fstest.MapFile{Data: b}, qwenFile: files[qwenFile]}
		var grids []*floor.Dataset
		var published [][]floor.PublishedFigure
		for _, unmarshal := range []func([]byte, any) error{unmarshalGoccy, unmarshalStd, unmarshalDirect} {
			d, err := decode(broken, unmarshal, true)
			if (d == nil) == (err == nil) {
				t.Fatalf("grid: got dataset %v and error %v, want exactly one", d != nil, err)
			}
			grids = append(grids, d)
			p, _, err := decodePublished(b, unmarshal, true)
			if (p == nil) == (err == nil) {
				t.Fatalf("published: got figures %v and error %v, want exactly one", p != nil, err)
			}
			published = append(published, p)
		}
		if (grids[0] == nil) != (grids[1] == nil) {
			t.Errorf("grid: goccy/go-json accepted: %t, encoding/json accepted: %t", grids[0] != nil, grids[1] != nil)
		}
		if grids[2] != nil && !reflect.DeepEqual(grids[2], grids[1]) {
			t.Errorf("grid: unmarshalDirect accepted a file encoding/json decodes differently (or refuses: %t)", grids[1] == nil)
		}
		if (published[0] == nil) != (published[1] == nil) {
			t.Errorf("published: goccy/go-json accepted: %t, encoding/json accepted: %t", published[0] != nil, published[1] != nil)
		}
		if published[2] != nil && !reflect.DeepEqual(published[2], published[1]) {
			t.Errorf("published: unmarshalDirect accepted a file encoding/json decodes differently (or refuses: %t)", published[1] == nil)
		}
	})
}

// FuzzDecodeFootprint feeds decodeFootprint the fuzzer's bytes as
// footprint.json: it returns values or an error, never panics; goccy/go-json
// and encoding/json agree on which; what unmarshalDirect accepts,
// encoding/json accepts as the same.
func FuzzDecodeFootprint(f *testing.F) {
	f.Add(footprintJSON)
	f.Add([]byte(`{"version":"1","embodied_kgco2e_per_gpu":[{"gpu":"H100","id":"a","value":1e999}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var got []*floor.FootprintSources
		for _, unmarshal := range []func([]byte, any) error{unmarshalGoccy, unmarshalStd, unmarshalDirect} {
			fp, err := decodeFootprint(b, unmarshal, true)
			var p *floor.FootprintSources
			if err == nil {
				p = &fp
			}
			got = append(got, p)
		}
		goccy, std, direct := got[0], got[1], got[2]
		if (goccy == nil) != (std == nil) {
			t.Errorf("goccy/go-json accepted: %t, encoding/json accepted: %t", goccy != nil, std != nil)
		}
		if direct != nil && !reflect.DeepEqual(direct, std) {
			t.Errorf("unmarshalDirect accepted a file encoding/json decodes differently (or refuses: %t)", std == nil)
		}
	})
}

// oneModel is a valid dataset of one workload with one model, Qwen 3 235B
// A22B Instruct, no diffusion workload and three grid intensities, small
// enough to fuzz quickly.
func oneModel(t testing.TB) fstest.MapFS {
	all := copyFilesF(t)
	files := fstest.MapFS{"index.json": all["index.json"], "grid.json": all["grid.json"], qwenFile: all[qwenFile]}
	const count, text = "328 stable configurations", "31 stable configurations"
	edit(t, files, "index.json", func(doc map[string]any) {
		w := doc["workloads"].([]any)[0].(map[string]any)
		w["models"] = []any{indexModel(doc)}
		w["model_count"] = 1
		w["configuration_count"] = 31
		s := w["source"].(map[string]any)
		s["configurations"] = strings.Replace(s["configurations"].(string), count, text, 1)
		doc["workloads"] = []any{w}
		delete(doc, "diffusion_workloads")
	})
	edit(t, files, qwenFile, func(doc map[string]any) {
		s := doc["source"].(map[string]any)
		s["configurations"] = strings.Replace(s["configurations"].(string), count, text, 1)
	})
	edit(t, files, "grid.json", func(doc map[string]any) {
		doc["intensities"] = doc["intensities"].([]any)[:3]
	})
	if _, err := Decode(files); err != nil {
		t.Fatalf("the one-model dataset: %v", err)
	}
	return files
}
