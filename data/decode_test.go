//go:build !wasm

// The tests here compare goccy/go-json, which the wasm build does not link,
// with encoding/json.

package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"
)

// TestDecodersAgree decodes the whole embedded dataset with goccy/go-json
// (native builds), unmarshalDirect (the browser build) and encoding/json,
// and checks the results are identical.
func TestDecodersAgree(t *testing.T) {
	goccy, err := decode(Files(), unmarshalGoccy, true)
	if err != nil {
		t.Fatalf("goccy/go-json: %v", err)
	}
	std, err := decode(Files(), unmarshalStd, true)
	if err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	direct, err := decode(Files(), unmarshalDirect, true)
	if err != nil {
		t.Fatalf("unmarshalDirect: %v", err)
	}
	if !reflect.DeepEqual(goccy, std) {
		t.Error("goccy/go-json and encoding/json gave different datasets")
	}
	if !reflect.DeepEqual(direct, std) {
		t.Error("unmarshalDirect and encoding/json gave different datasets")
	}
	// DeepEqual must see a difference in one figure.
	std.TokenWorkloads[0].Models[0].Configurations[0].JoulesPerOutputToken = std.TokenWorkloads[0].Models[0].Configurations[0].JoulesPerOutputToken.Add(decimal.New(1, -7))
	if reflect.DeepEqual(goccy, std) {
		t.Error("DeepEqual missed a changed figure")
	}
}

// TestBrowserLoadAgrees checks that what Load does in the browser build,
// unmarshalDirect without the cross-checks, gives exactly the dataset the
// validated decode gives, and that it still refuses a figure that does not
// parse or a model file that is missing.
func TestBrowserLoadAgrees(t *testing.T) {
	want, err := Decode(Files())
	if err != nil {
		t.Fatal(err)
	}
	got, err := decode(Files(), unmarshalDirect, false)
	if err != nil {
		t.Fatalf("browser decode: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the browser's decode and the validated decode gave different datasets")
	}

	files := copyFiles(t)
	edit(t, files, qwenFile, func(doc map[string]any) { config(doc, 0)["p90_itl_ms"] = json.Number("1e400") })
	if _, err := decode(files, unmarshalDirect, false); err == nil || !strings.Contains(err.Error(), "p90_itl_ms") {
		t.Errorf("browser decode of an out-of-range p90_itl_ms: got %v, want an error naming the field", err)
	}
	files = copyFiles(t)
	delete(files, qwenFile)
	if _, err := decode(files, unmarshalDirect, false); err == nil || !strings.Contains(err.Error(), qwenFile) {
		t.Errorf("browser decode without %s: got %v, want an error naming it", qwenFile, err)
	}
}

const (
	qwenFile = "lm-arena-chat/qwen-3-235b-a22b-instruct.json"
	qwenSlug = "qwen-3-235b-a22b-instruct"
	qwenRow1 = "qwen-3-235b-a22b-instruct/B200/4/8" // its first configuration
)

// copyFiles copies the embedded dataset into a map file system tests can break.
func copyFiles(t *testing.T) fstest.MapFS { return copyFilesF(t) }

func copyFilesF(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Files(), path)
		m[path] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// edit decodes a file as generic JSON (numbers kept as their text), lets
// change alter it, and writes it back.
func edit(t testing.TB, files fstest.MapFS, name string, change func(doc map[string]any)) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(files[name].Data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	files[name].Data = b
}

// config returns configuration i of a model file's document.
func config(doc map[string]any, i int) map[string]any {
	return doc["configurations"].([]any)[i].(map[string]any)
}

// indexModel returns the Qwen entry of index.json's document.
func indexModel(doc map[string]any) map[string]any {
	for _, m := range doc["workloads"].([]any)[0].(map[string]any)["models"].([]any) {
		if m := m.(map[string]any); m["slug"] == qwenSlug {
			return m
		}
	}
	panic("no Qwen in index.json")
}

// TestDecodeBroken breaks one thing in a copy of the real dataset and checks
// Decode refuses it, naming where.
func TestDecodeBroken(t *testing.T) {
	qwen := func(change func(doc map[string]any)) func(*testing.T, fstest.MapFS) {
		return func(t *testing.T, files fstest.MapFS) { edit(t, files, qwenFile, change) }
	}
	row1 := func(field string, value any) func(*testing.T, fstest.MapFS) {
		return qwen(func(doc map[string]any) { config(doc, 0)[field] = value })
	}
	tests := []struct {
		name   string
		break_ func(*testing.T, fstest.MapFS)
		want   Error // Err unset; its message must contain msg
		msg    string
	}{
		{"zero energy", row1("joules_per_output_token", json.Number("0")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "joules_per_output_token"}, "is 0, want a positive number"},
		{"negative throughput", row1("tokens_per_second", json.Number("-396.8")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "tokens_per_second"}, "is -396.8, want a positive number"},
		{"zero power", row1("gpu_power_watts_total", json.Number("0")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "gpu_power_watts_total"}, "want a positive number"},
		{"infinite throughput", row1("tokens_per_second", json.Number("1e999")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "tokens_per_second"}, "is 1e999, beyond float64's range"},
		{"percentiles out of order", row1("p95_itl_ms", json.Number("20.0")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "p95_itl_ms"}, "is 20, below p90_itl_ms 20.3"},
		{"p99 below p95", row1("p99_itl_ms", json.Number("20.4")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "p99_itl_ms"}, "is 20.4, below p95_itl_ms 20.5"},
		{"missing precision", qwen(func(doc map[string]any) { delete(config(doc, 0), "precision") }),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "precision"}, `is "", want one of [BF16 FP8 MXFP4]`},
		{"missing row id", qwen(func(doc map[string]any) { delete(config(doc, 0), "row_id") }),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: "configuration 1", Field: "row_id"}, `is "", want "qwen-3-235b-a22b-instruct/B200/4/8"`},
		{"missing model name", qwen(func(doc map[string]any) { delete(doc, "name") }),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "name"}, `is "", but index.json has "Qwen 3 235B A22B Instruct"`},
		{"wrong Wh figure", row1("wh_per_million_output_tokens", json.Number("1793.56")),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "wh_per_million_output_tokens"}, "joules_per_output_token 6.4567701 makes 1793.55"},
		{"deadline flag wrong", row1("under_itl_deadline", false),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "under_itl_deadline"}, "is false, but median_itl_ms is 19.7"},
		{"duplicate row id", qwen(func(doc map[string]any) {
			cs := doc["configurations"].([]any)
			cs[1] = cs[0]
		}), Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "row_id"}, "not unique"},
		{"configurations out of order", qwen(func(doc map[string]any) {
			cs := doc["configurations"].([]any)
			cs[0], cs[1] = cs[1], cs[0]
		}), Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "row_id"}, "must be sorted"},
		{"best not the minimum", qwen(func(doc map[string]any) { doc["best"].(map[string]any)["B200"] = config(doc, 0) }),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "best"}, "B200 row is not the lowest-energy configuration within 500 ms, qwen-3-235b-a22b-instruct/B200/4/4096"},
		{"best missing", qwen(func(doc map[string]any) { delete(doc["best"].(map[string]any), "H100") }),
			Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "best"}, "has no H100 row; want qwen-3-235b-a22b-instruct/H100/8/256"},
		{"index best not the minimum", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) {
				var q map[string]any
				edit(t, files, qwenFile, func(m map[string]any) { q = config(m, 0) })
				indexModel(doc)["best"].(map[string]any)["B200"] = q
			})
		}, Error{File: "index.json", Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "best"}, "B200 row is not the lowest-energy"},
		{"best differs from its configuration", qwen(func(doc map[string]any) {
			doc["best"].(map[string]any)["B200"].(map[string]any)["tokens_per_second"] = json.Number("13303.4")
		}), Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: "qwen-3-235b-a22b-instruct/B200/4/4096", Field: "best"}, "B200 row differs from that configuration"},
		{"source differs from the workload's", qwen(func(doc map[string]any) {
			doc["source"].(map[string]any)["data_url"] = "https://example.com/gpqa.json"
		}), Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "source"}, "differs from the workload's source block"},
		{"configuration count wrong", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) { indexModel(doc)["configuration_count"] = 30 })
		}, Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "configurations"}, "has 31, but index.json counts 30"},
		{"workload count wrong", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) {
				w := doc["workloads"].([]any)[1].(map[string]any)
				w["configuration_count"] = 188
				s := w["source"].(map[string]any)
				s["configurations"] = strings.Replace(s["configurations"].(string), "187", "188", 1)
			})
			for name := range files {
				if strings.HasPrefix(name, "gpqa/") {
					edit(t, files, name, func(doc map[string]any) {
						s := doc["source"].(map[string]any)
						s["configurations"] = strings.Replace(s["configurations"].(string), "187", "188", 1)
					})
				}
			}
		}, Error{File: "index.json", Workload: "gpqa", Field: "configuration_count"}, "is 188, but its models have 187 configurations"},
		{"source count not the workload's", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) {
				doc["workloads"].([]any)[1].(map[string]any)["configuration_count"] = 188
			})
		}, Error{File: "index.json", Workload: "gpqa", Field: "source.configurations"}, "does not start with the workload's configuration_count 188"},
		{"parameters beyond float64's range", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) { indexModel(doc)["params_b"] = json.Number("1e999") })
			edit(t, files, qwenFile, func(doc map[string]any) { doc["params_b"] = json.Number("1e999") })
		}, Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "params_b"}, "not a number within float64's range"},
		{"more active parameters than in all", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) { indexModel(doc)["active_params_b"] = json.Number("236.0") })
			edit(t, files, qwenFile, func(doc map[string]any) { doc["active_params_b"] = json.Number("236.0") })
		}, Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Field: "active_params_b"}, "236.0 active of 235.0 total"},
		{"missing caveat", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) { delete(doc, "caveat") })
		}, Error{File: "index.json", Field: "caveat"}, "missing"},
		{"unknown field", row1("joules_per_token", json.Number("1")),
			Error{File: qwenFile}, "unknown field"},
		{"number as a string", row1("joules_per_output_token", "NaN"),
			Error{File: qwenFile}, "decode"},
		{"malformed JSON", func(t *testing.T, files fstest.MapFS) { files[qwenFile].Data = files[qwenFile].Data[:100] },
			Error{File: qwenFile}, "decode"},
		{"missing model file", func(t *testing.T, files fstest.MapFS) { delete(files, qwenFile) },
			Error{File: qwenFile}, "file does not exist"},
		{"grid of another data version", gridDoc(func(doc map[string]any) { doc["data_version"] = "2026-01-01" }),
			Error{File: "grid.json", Field: "data_version"}, `is "2026-01-01", but index.json has "2026-10-19"`},
		{"grid intensity over the bound", gridRow("DEU", "gco2e_per_kwh", json.Number("2001")),
			Error{File: "grid.json", Row: "DEU", Field: "gco2e_per_kwh"}, "is 2001, want 0 to 2000"},
		{"grid intensity negative", gridRow("DEU", "gco2e_per_kwh", json.Number("-0.5")),
			Error{File: "grid.json", Row: "DEU", Field: "gco2e_per_kwh"}, "is -0.5, want 0 to 2000"},
		{"grid intensity with too many decimals", gridRow("DEU", "gco2e_per_kwh", json.Number("342.0600000000001")),
			Error{File: "grid.json", Row: "DEU", Field: "gco2e_per_kwh"}, "more than 12 decimals"},
		{"grid intensity missing", gridRowDelete("DEU", "gco2e_per_kwh"),
			Error{File: "grid.json", Row: "DEU", Field: "gco2e_per_kwh"}, "missing"},
		{"grid name missing", gridRowDelete("DEU", "name"),
			Error{File: "grid.json", Row: "DEU", Field: "name"}, "missing"},
		{"grid year missing", gridRowDelete("DEU", "year"),
			Error{File: "grid.json", Row: "DEU", Field: "year"}, "is 0, want a year from 1990 to 2100"},
		{"grid code given twice", gridDoc(func(doc map[string]any) {
			rows := doc["intensities"].([]any)
			i := gridIndex(doc, "DEU")
			rows[i+1] = rows[i]
		}), Error{File: "grid.json", Row: "DEU", Field: "code"}, `not after "DEU": rows must be sorted by code, each once`},
		{"grid code with a line break", gridRow("DEU", "code", "DE\nU"),
			Error{File: "grid.json", Row: "DE\nU", Field: "code"}, "want letters, digits and single spaces"},
		{"grid attribution missing", gridDoc(func(doc map[string]any) { delete(doc["source"].(map[string]any), "attribution") }),
			Error{File: "grid.json", Field: "source"}, "attribution: missing"},
		{"grid unit changed", gridDoc(func(doc map[string]any) { doc["unit"] = "gCO2 per kWh" }),
			Error{File: "grid.json", Field: "unit"}, `want "gCO2e per kWh"`},
		{"grid without rows", gridDoc(func(doc map[string]any) { doc["intensities"] = []any{} }),
			Error{File: "grid.json", Field: "intensities"}, "missing"},
		{"grid intensity NaN as a string", gridRow("DEU", "gco2e_per_kwh", "NaN"),
			Error{File: "grid.json"}, "decode"},
		{"grid unknown field", gridRow("DEU", "month", 5),
			Error{File: "grid.json"}, "unknown field"},
		{"grid missing", func(t *testing.T, files fstest.MapFS) { delete(files, "grid.json") },
			Error{File: "grid.json"}, "file does not exist"},
		{"diffusion: GPUs not Ulysses × ring", fluxRow(0, "ring_degree", 2),
			Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Row: "flux-1-dev/B200/1/u1xr1/b1", Field: "num_gpus"}, "is 1, but ulysses_degree 1 × ring_degree 2 is 2"},
		{"diffusion: row id not as derived", fluxRow(0, "row_id", "flux-1-dev/B200/1/1"),
			Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Row: "flux-1-dev/B200/1/1", Field: "row_id"}, `want "flux-1-dev/B200/1/u1xr1/b1"`},
		{"diffusion: zero energy", fluxRow(3, "joules_per_request", json.Number("0")),
			Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Row: "flux-1-dev/B200/1/u1xr1/b8", Field: "joules_per_request"}, "want a positive number"},
		{"diffusion: caveat not the model's", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, fluxFile, func(doc map[string]any) { doc["caveat"] = "GPU energy only." })
		}, Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Field: "caveat"}, "measured generating 1024 × 1024 images with 50 inference steps"},
		{"diffusion: the token files' unit", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, fluxFile, func(doc map[string]any) { doc["unit"] = "Wh per million output tokens" })
		}, Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Field: "unit"}, `is "Wh per million output tokens", want "J per image"`},
		{"diffusion: an inter-token latency ceiling", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, fluxFile, func(doc map[string]any) { doc["itl_deadline_ms"] = json.Number("500") })
		}, Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Field: "itl_deadline_ms"}, `is "500", want "0"`},
		{"diffusion: an image with frames", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) {
				w := doc["diffusion_workloads"].([]any)[0].(map[string]any)
				w["models"].([]any)[0].(map[string]any)["generation"].(map[string]any)["frames"] = 81
			})
		}, Error{File: "index.json", Workload: "text-to-image", Model: "flux-1-dev", Field: "generation"}, "frames: is 81, but an image has none"},
		{"diffusion: out of curve order", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, fluxFile, func(doc map[string]any) {
				rows := doc["configurations"].([]any)
				rows[0], rows[1] = rows[1], rows[0]
			})
		}, Error{File: fluxFile, Workload: "text-to-image", Model: "flux-1-dev", Row: "flux-1-dev/B200/1/u1xr1/b1", Field: "row_id"}, "not after \"flux-1-dev/B200/1/u1xr1/b2\""},
		{"file name outside the dataset", func(t *testing.T, files fstest.MapFS) {
			edit(t, files, "index.json", func(doc map[string]any) { indexModel(doc)["file"] = "../secret.json" })
		}, Error{File: "index.json", Workload: "lm-arena-chat", Model: qwenSlug, Field: "file"}, `want "lm-arena-chat/qwen-3-235b-a22b-instruct.json"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := copyFiles(t)
			tt.break_(t, files)
			refused(t, func(unmarshal func([]byte, any) error) error {
				_, err := decode(files, unmarshal, true)
				return err
			}, tt.want, tt.msg)
		})
	}
}

// refused checks that decoding with each of the three decoders fails with
// an *Error located as want (Err unset) whose message contains msg.
func refused(t *testing.T, decode func(unmarshal func([]byte, any) error) error, want Error, msg string) {
	t.Helper()
	for name, unmarshal := range map[string]func([]byte, any) error{"goccy": unmarshalGoccy, "std": unmarshalStd, "direct": unmarshalDirect} {
		err := decode(unmarshal)
		t.Logf("%s: %v", name, err)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: got %v, want an *Error", name, err)
		}
		got := *e
		got.Err = nil
		if got != want {
			t.Errorf("%s: got %+v, want %+v", name, got, want)
		}
		if !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: got %q, want it to contain %q", name, err, msg)
		}
	}
}

// gridDoc breaks grid.json with change.
func gridDoc(change func(doc map[string]any)) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, files fstest.MapFS) { edit(t, files, "grid.json", change) }
}

// gridIndex returns the index of the row of code in grid.json's document.
func gridIndex(doc map[string]any, code string) int {
	for i, r := range doc["intensities"].([]any) {
		if r.(map[string]any)["code"] == code {
			return i
		}
	}
	panic("no " + code + " in grid.json")
}

// gridRow sets field of the row of code in grid.json to value.
func gridRow(code, field string, value any) func(*testing.T, fstest.MapFS) {
	return gridDoc(func(doc map[string]any) {
		doc["intensities"].([]any)[gridIndex(doc, code)].(map[string]any)[field] = value
	})
}

// gridRowDelete deletes field of the row of code in grid.json.
func gridRowDelete(code, field string) func(*testing.T, fstest.MapFS) {
	return gridDoc(func(doc map[string]any) {
		delete(doc["intensities"].([]any)[gridIndex(doc, code)].(map[string]any), field)
	})
}

// TestDecodePublishedBroken breaks one thing in a copy of published.json and
// checks that each decoder's load refuses it, naming where.
func TestDecodePublishedBroken(t *testing.T) {
	figure := func(i int, field string, value any) func(doc map[string]any) {
		return func(doc map[string]any) { doc["figures"].([]any)[i].(map[string]any)[field] = value }
	}
	const google, openai, mistral = "google-2025-comprehensive", "openai-2025-average-query", "mistral-2025-lca"
	tests := []struct {
		name   string
		change func(doc map[string]any)
		want   Error // Err unset; its message must contain msg
		msg    string
	}{
		{"no scope", func(doc map[string]any) { delete(doc["figures"].([]any)[0].(map[string]any), "scope") },
			Error{File: "published.json", Row: google, Field: "scope"}, "missing"},
		{"a scope that is not a sentence", figure(2, "scope", "not disclosed"),
			Error{File: "published.json", Row: openai, Field: "scope"}, "want a full stop"},
		{"aligned with an unknown line", figure(0, "aligns_with", "google"),
			Error{File: "published.json", Row: google, Field: "aligns_with"}, `is "google", want one of [gpu-only google-2025 none]`},
		{"no alignment", figure(0, "aligns_with", ""),
			Error{File: "published.json", Row: google, Field: "aligns_with"}, `is ""`},
		{"an id given twice", figure(1, "id", google),
			Error{File: "published.json", Row: google, Field: "id"}, "given twice"},
		{"an id with capitals", figure(0, "id", "Google"),
			Error{File: "published.json", Row: "Google", Field: "id"}, "want lower-case letters"},
		{"a zero value", figure(0, "wh_per_prompt", json.Number("0")),
			Error{File: "published.json", Row: google, Field: "wh_per_prompt"}, "is 0, want a positive number"},
		{"a negative value", figure(0, "wh_per_prompt", json.Number("-0.24")),
			Error{File: "published.json", Row: google, Field: "wh_per_prompt"}, "want a positive number"},
		{"a huge value", figure(0, "wh_per_prompt", json.Number("1e6")),
			Error{File: "published.json", Row: google, Field: "wh_per_prompt"}, "want 0 to 1000"},
		{"no value", func(doc map[string]any) { delete(doc["figures"].([]any)[2].(map[string]any), "wh_per_prompt") },
			Error{File: "published.json", Row: openai, Field: "wh_per_prompt"}, "missing"},
		{"a zero carbon", figure(0, "gco2e_per_prompt", json.Number("0")), Error{File: "published.json", Row: google, Field: "gco2e_per_prompt"}, "want a positive"},
		{"a huge water figure", figure(4, "water_ml_per_prompt", json.Number("1e6")), Error{File: "published.json", Row: mistral, Field: "water_ml_per_prompt"}, "want 0 to"},
		{"carbon NaN as a string", figure(4, "gco2e_per_prompt", "NaN"),
			Error{File: "published.json"}, "decode"},
		{"carbon without its scope", func(doc map[string]any) { delete(doc["figures"].([]any)[4].(map[string]any), "carbon_scope") },
			Error{File: "published.json", Row: mistral, Field: "carbon_scope"}, "missing"},
		{"a water scope that is not a sentence", figure(0, "water_scope", "on site"),
			Error{File: "published.json", Row: google, Field: "water_scope"}, "want a full stop"},
		{"a carbon scope for no carbon", figure(2, "carbon_scope", "Market-based."),
			Error{File: "published.json", Row: openai, Field: "carbon_scope"}, "is given for no figure"},
		{"water aligned with an unknown line", figure(0, "water_aligns_with", "offsite"),
			Error{File: "published.json", Row: google, Field: "water_aligns_with"}, `is "offsite", want one of [onsite none]`},
		{"water without its basis", func(doc map[string]any) { delete(doc["figures"].([]any)[4].(map[string]any), "basis") },
			Error{File: "published.json", Row: mistral, Field: "basis"}, "missing"},
		{"a month 13", figure(0, "date", "2025-13"),
			Error{File: "published.json", Row: google, Field: "date"}, `is "2025-13", want YYYY-MM or YYYY-MM-DD`},
		{"a date in words", figure(0, "date", "May 2025"),
			Error{File: "published.json", Row: google, Field: "date"}, "want YYYY-MM"},
		{"a plain http URL", figure(0, "url", "http://arxiv.org/abs/2508.15734"),
			Error{File: "published.json", Row: google, Field: "url"}, "want an https URL"},
		{"no publisher", figure(0, "publisher", ""),
			Error{File: "published.json", Row: google, Field: "publisher"}, "missing"},
		{"a direction mark in a subject", figure(0, "subject", "median‮ prompt"),
			Error{File: "published.json", Row: google, Field: "subject"}, "control or formatting character"},
		{"no note", func(doc map[string]any) { delete(doc, "note") },
			Error{File: "published.json", Field: "note"}, "missing"},
		{"another format version", func(doc map[string]any) { doc["version"] = "2" },
			Error{File: "published.json", Field: "version"}, `is "2", want format version "1"`},
		{"no figures", func(doc map[string]any) { doc["figures"] = []any{} },
			Error{File: "published.json", Field: "figures"}, "missing"},
		{"a null figure", func(doc map[string]any) { doc["figures"].([]any)[1] = nil },
			Error{File: "published.json", Field: "figures"}, "figure 2 is null"},
		{"a value NaN as a string", figure(0, "wh_per_prompt", "NaN"),
			Error{File: "published.json"}, "decode"},
		{"an unknown field", figure(0, "verified", true),
			Error{File: "published.json"}, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{"published.json": &fstest.MapFile{Data: publishedJSON}}
			edit(t, files, "published.json", tt.change)
			refused(t, func(unmarshal func([]byte, any) error) error {
				_, _, err := decodePublished(files["published.json"].Data, unmarshal, true)
				return err
			}, tt.want, tt.msg)
		})
	}
}

// TestErrorMessage checks how an Error reads.
func TestErrorMessage(t *testing.T) {
	err := &Error{File: qwenFile, Workload: "lm-arena-chat", Model: qwenSlug, Row: qwenRow1, Field: "p95_itl_ms",
		Err: errors.New("is 20, below p90_itl_ms 20.3")}
	want := `dataset: file "lm-arena-chat/qwen-3-235b-a22b-instruct.json": workload "lm-arena-chat": model "qwen-3-235b-a22b-instruct": ` +
		`row "qwen-3-235b-a22b-instruct/B200/4/8": field "p95_itl_ms": is 20, below p90_itl_ms 20.3`
	if got := err.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestDecodeEquivalentsBroken breaks one thing in a copy of
// equivalents.json and checks that each decoder's load refuses it, naming
// where.
func TestDecodeEquivalentsBroken(t *testing.T) {
	entry := func(i int, field string, value any) func(doc map[string]any) {
		return func(doc map[string]any) { doc["equivalents"].([]any)[i].(map[string]any)[field] = value }
	}
	const led, us = "led-10w-hour", "us-home-month"
	tests := []struct {
		name   string
		change func(doc map[string]any)
		want   Error // Err unset; its message must contain msg
		msg    string
	}{
		{"a zero energy", entry(0, "wh_per_unit", json.Number("0")),
			Error{File: "equivalents.json", Row: led, Field: "wh_per_unit"}, "is 0, want a positive number"},
		{"a negative energy", entry(2, "wh_per_unit", json.Number("-893000")),
			Error{File: "equivalents.json", Row: us, Field: "wh_per_unit"}, "want a positive number"},
		{"no energy", func(doc map[string]any) { delete(doc["equivalents"].([]any)[0].(map[string]any), "wh_per_unit") },
			Error{File: "equivalents.json", Row: led, Field: "wh_per_unit"}, "missing"},
		{"a plain http URL", entry(2, "url", "http://www.eia.gov/tools/faqs/faq.php?id=97&t=3"),
			Error{File: "equivalents.json", Row: us, Field: "url"}, "want an https URL"},
		{"no URL", entry(2, "url", ""),
			Error{File: "equivalents.json", Row: us, Field: "url"}, "want an https URL"},
		{"a year out of range", entry(2, "year", json.Number("20")),
			Error{File: "equivalents.json", Row: us, Field: "year"}, "is 20, want 1990 to 2100, or 0"},
		{"no basis", entry(2, "basis", " "),
			Error{File: "equivalents.json", Row: us, Field: "basis"}, "missing"},
		{"no verification", func(doc map[string]any) { delete(doc["equivalents"].([]any)[2].(map[string]any), "verification") },
			Error{File: "equivalents.json", Row: us, Field: "verification"}, "missing"},
		{"no source", entry(2, "source", ""),
			Error{File: "equivalents.json", Row: us, Field: "source"}, "missing"},
		{"an id given twice", entry(1, "id", led),
			Error{File: "equivalents.json", Row: led, Field: "id"}, "given twice"},
		{"another format version", func(doc map[string]any) { doc["version"] = "2" },
			Error{File: "equivalents.json", Field: "version"}, `is "2", want format version "1"`},
		{"no equivalents", func(doc map[string]any) { doc["equivalents"] = []any{} },
			Error{File: "equivalents.json", Field: "equivalents"}, "missing"},
		{"a null equivalent", func(doc map[string]any) { doc["equivalents"].([]any)[1] = nil },
			Error{File: "equivalents.json", Field: "equivalents"}, "equivalent 2 is null"},
		{"an unknown field", entry(0, "co2_per_unit", 1),
			Error{File: "equivalents.json"}, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{"equivalents.json": &fstest.MapFile{Data: equivalentsJSON}}
			edit(t, files, "equivalents.json", tt.change)
			refused(t, func(unmarshal func([]byte, any) error) error {
				_, err := decodeEquivalents(files["equivalents.json"].Data, unmarshal, true)
				return err
			}, tt.want, tt.msg)
		})
	}
}

// fluxFile is FLUX.1-dev's text-to-image model file.
const fluxFile = "text-to-image/flux-1-dev.json"

// fluxRow sets field of FLUX.1-dev's configuration i to v.
func fluxRow(i int, field string, v any) func(*testing.T, fstest.MapFS) {
	return func(t *testing.T, files fstest.MapFS) {
		edit(t, files, fluxFile, func(doc map[string]any) {
			doc["configurations"].([]any)[i].(map[string]any)[field] = v
		})
	}
}

// TestWorkloadsDecodedOnNeed: the browser's start (decodeParts, with the
// browser's reader and no checks) lists every workload, token or diffusion,
// without its models; decoding one workload's models decodes that
// workload's alone; an id the index does not list decodes nothing; and
// decoding the rest later, in any order, gives the dataset a single decode
// gives.
func TestWorkloadsDecodedOnNeed(t *testing.T) {
	d, models, err := decodeParts(Files(), unmarshalDirect, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.TokenWorkloads) != 5 || len(d.DiffusionWorkloads) != 2 {
		t.Fatalf("%d token and %d diffusion workloads listed at start, want 5 and 2", len(d.TokenWorkloads), len(d.DiffusionWorkloads))
	}
	withModels := func() (ids []string) {
		for _, w := range d.AllWorkloads() {
			if len(w.Models) > 0 {
				ids = append(ids, w.ID)
			}
		}
		return ids
	}
	if got := withModels(); got != nil {
		t.Errorf("workloads with models at start: %v, want none", got)
	}
	if err := models("no-such-workload"); err != nil {
		t.Errorf("decoding an unlisted workload: %v, want nil", err)
	}
	for _, step := range []struct {
		id   string
		want []string
	}{
		{"gpqa", []string{"gpqa"}},
		{"gpqa", []string{"gpqa"}},
		{"text-to-video", []string{"gpqa", "text-to-video"}},
	} {
		if err := models(step.id); err != nil {
			t.Fatalf("decoding %s: %v", step.id, err)
		}
		if got := withModels(); !reflect.DeepEqual(got, step.want) {
			t.Errorf("after decoding %s, workloads with models: %v, want %v", step.id, got, step.want)
		}
	}
	all := d.AllWorkloads()
	for i := len(all) - 1; i >= 0; i-- {
		if err := models(all[i].ID); err != nil {
			t.Fatalf("decoding %s: %v", all[i].ID, err)
		}
	}
	whole, err := decode(Files(), unmarshalDirect, false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, whole) {
		t.Error("decoding the workloads' models one by one gave another dataset than decoding at once")
	}
}

// TestWorkloadDecodeFails: a broken model file fails the decoding of its
// workload alone, on each call, and leaves that workload without models;
// the other workloads still decode.
func TestWorkloadDecodeFails(t *testing.T) {
	files := copyFiles(t)
	delete(files, fluxFile)
	d, models, err := decodeParts(files, unmarshalDirect, false)
	if err != nil {
		t.Fatalf("the start reads no model file, yet failed: %v", err)
	}
	for range 2 {
		if err := models("text-to-image"); err == nil || !strings.Contains(err.Error(), fluxFile) {
			t.Errorf("decoding text-to-image without %s: got %v, want an error naming it", fluxFile, err)
		}
	}
	if n := len(d.DiffusionWorkload("text-to-image").Models); n != 0 {
		t.Errorf("text-to-image has %d models after its decoding failed, want none", n)
	}
	if err := models("text-to-video"); err != nil {
		t.Errorf("decoding text-to-video: %v", err)
	}
	if _, err := decode(files, unmarshalDirect, false); err == nil || !strings.Contains(err.Error(), fluxFile) {
		t.Errorf("a whole decode without %s: got %v, want an error naming it", fluxFile, err)
	}
}
