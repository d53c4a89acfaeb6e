package compile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree is a tiny upstream folder, with a tiny grid file beside it (grid.json
// in the same folder), written by write. Values are marshalled with
// encoding/json; a json.RawMessage value is written as is.
type tree struct {
	index map[string]any
	tasks map[string]map[string]any
	grid  map[string]any
	// raw replaces a file's whole text (by path relative to the tree).
	raw map[string]string
}

// co2js returns the entry of code in the tree's grid, to change in place.
func co2js(tr *tree, code string) map[string]any { return tr.grid[code].(map[string]any) }

// co2jsEntry is an entry of CO2.js's average-intensities.json.
func co2jsEntry(code, name string, year int, g any) map[string]any {
	return map[string]any{"country_code": code, "country_or_region": name, "year": year, "emissions_intensity_gco2_per_kwh": g}
}

// urow is one upstream configuration with every field the compiler reads.
func urow(model, nickname, gpu string, gpus, seqs int, joules, median float64) map[string]any {
	return map[string]any{
		"activated_params_billions":        3.0,
		"architecture":                     "MoE",
		"avg_batch_size":                   float64(seqs) - 0.25,
		"avg_output_len":                   600.5,
		"avg_power_watts":                  700.5,
		"data_parallel":                    1,
		"energy_per_request_joules":        joules * 600.5,
		"energy_per_token_joules":          joules,
		"expert_parallel":                  1,
		"gpu_model":                        gpu,
		"max_num_seqs":                     seqs,
		"median_itl_ms":                    median,
		"model_id":                         model,
		"nickname":                         nickname,
		"num_gpus":                         gpus,
		"output_throughput_tokens_per_sec": 1000.05,
		"p90_itl_ms":                       median + 1,
		"p95_itl_ms":                       median + 2,
		"p99_itl_ms":                       median + 3,
		"tensor_parallel":                  gpus,
		"total_params_billions":            30.0,
		"weight_precision":                 "bfloat16",
	}
}

// drow is an upstream text-to-image configuration of FLUX.1-dev.
func drow(gpu string, gpus, ulysses, ring, batch int, joules, latency, throughput float64) map[string]any {
	return map[string]any{
		"activated_params_billions": 12.0,
		"avg_power_watts":           joules * throughput,
		"batch_latency_s":           latency,
		"batch_size":                batch,
		"energy_per_image_joules":   joules,
		"gpu_model":                 gpu,
		"image_height":              1024,
		"image_width":               1024,
		"inference_steps":           50,
		"model_id":                  "black-forest-labs/FLUX.1-dev",
		"nickname":                  "FLUX.1 Dev",
		"num_gpus":                  gpus,
		"ring_degree":               ring,
		"throughput_images_per_sec": throughput,
		"total_params_billions":     12.0,
		"ulysses_degree":            ulysses,
		"weight_precision":          "bfloat16",
	}
}

// newTree is a valid upstream with one token workload, lm-arena-chat, of
// two models, and one diffusion workload, text-to-image, of one model.
func newTree() *tree {
	return &tree{
		index: map[string]any{
			"architectures": map[string]any{"llm": []string{"lm-arena-chat"}, "diffusion": []string{"text-to-image"}},
			"last_updated":  "2026-02-16",
			"tasks":         []string{"lm-arena-chat", "text-to-image"},
		},
		tasks: map[string]map[string]any{
			"lm-arena-chat": {
				"task":              "lm-arena-chat",
				"task_display_name": "LLM Chat (LM Arena)",
				"configurations": []any{
					urow("org/Small-Model", "Small Model 3B", "H100", 1, 64, 0.5, 20),
					urow("org/Small-Model", "Small Model 3B", "B200", 1, 64, 0.25, 10),
					urow("org/Big-Model-FP8", "Big Model 70B (FP8)", "H100", 8, 128, 2.5, 60),
				},
			},
			"text-to-image": {
				"task":              "text-to-image",
				"task_display_name": "Text to Image",
				"configurations": []any{
					drow("H100", 2, 1, 2, 4, 4310.123456789, 18.25, 0.219178),
					drow("H100", 2, 1, 2, 1, 4500.5, 4.75, 0.2105263157894737),
					drow("B200", 1, 1, 1, 1, 3000.25, 3.5, 0.2857142857142857),
				},
			},
		},
		grid: map[string]any{
			"DEU":   co2jsEntry("DEU", "Germany", 2024, json.RawMessage("342.06")),
			"World": co2jsEntry("", "World", 2024, json.RawMessage("472.940")),
			"CAF":   co2jsEntry("CAF", "Central African Republic", 2022, 0),
		},
		raw: map[string]string{},
	}
}

// rows returns the configurations of task id, to change in place.
func (tr *tree) rows(id string) []any { return tr.tasks[id]["configurations"].([]any) }

// row returns configuration i of lm-arena-chat, to change in place.
func (tr *tree) row(i int) map[string]any { return tr.rows("lm-arena-chat")[i].(map[string]any) }

func (tr *tree) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]any{"index.json": tr.index, "grid.json": tr.grid}
	for id, task := range tr.tasks {
		files["tasks/"+id+".json"] = task
	}
	for name, v := range files {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), b)
	}
	for name, text := range tr.raw {
		writeFile(t, filepath.Join(dir, name), []byte(text))
	}
	return dir
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tinySettings compile only lm-arena-chat and text-to-image, and take the grid file in dir as
// the one the settings describe.
func tinySettings(t *testing.T, dir string) Settings {
	t.Helper()
	s := Default
	s.Workloads = Default.Workloads[:1]
	s.DiffusionWorkloads = Default.DiffusionWorkloads[:1]
	if b, err := os.ReadFile(filepath.Join(dir, "grid.json")); err == nil {
		sum := sha256.Sum256(b)
		s.Grid.SHA256 = hex.EncodeToString(sum[:])
	}
	return s
}

// input names the tiny tree's files in dir.
func input(dir string) Input { return Input{Upstream: dir, Grid: filepath.Join(dir, "grid.json")} }

// TestCompileBadInput checks that each kind of bad upstream or grid input
// stops the compiler with an error naming its file, model and field (for the
// grid, the code at fault), and leaves the output folder as it was.
func TestCompileBadInput(t *testing.T) {
	const task = "tasks/lm-arena-chat.json"
	tests := []struct {
		name   string
		change func(tr *tree)
		file   string // relative to the upstream folder
		model  string
		field  string
		msg    string // a part of the message
	}{
		{"missing index", func(tr *tree) { tr.index = nil; tr.raw["index.json"] = "" }, "index.json", "", "", "malformed JSON"},
		{"missing task file", func(tr *tree) { delete(tr.tasks, "lm-arena-chat") }, task, "", "", "no such file"},
		{"unreadable task file", func(tr *tree) {
			delete(tr.tasks, "lm-arena-chat")
			tr.raw[task+"/x"] = "a folder where the file should be"
		}, task, "", "", "is a directory"},
		{"malformed JSON", func(tr *tree) {
			delete(tr.tasks, "lm-arena-chat")
			tr.raw[task] = `{"task": "lm-arena-chat", "configurations": [`
		}, task, "", "", "malformed JSON"},
		{"bare NaN as Python writes it", func(tr *tree) {
			delete(tr.tasks, "lm-arena-chat")
			tr.raw[task] = `{"task": "lm-arena-chat", "task_display_name": "x", "configurations": [{"energy_per_token_joules": NaN}]}`
		}, task, "", "", "malformed JSON at line 1, column 100: invalid character 'N'"},
		{"missing field", func(tr *tree) { delete(tr.row(2), "energy_per_token_joules") }, task, "org/Big-Model-FP8", "energy_per_token_joules", "missing"},
		{"diffusion: GPUs not Ulysses × ring", func(tr *tree) { tr.rows("text-to-image")[0].(map[string]any)["ring_degree"] = 1 },
			"tasks/text-to-image.json", "black-forest-labs/FLUX.1-dev", "num_gpus", "is 2, but ulysses_degree 1 × ring_degree 1 is 1"},
		{"diffusion: too few significant digits", func(tr *tree) { tr.rows("text-to-image")[1].(map[string]any)["batch_latency_s"] = 0.05 },
			"tasks/text-to-image.json", "black-forest-labs/FLUX.1-dev", "batch_latency_s", "rounded to 7 decimals with 6 significant digits, fewer than 7"},
		{"diffusion: missing energy", func(tr *tree) { delete(tr.rows("text-to-image")[2].(map[string]any), "energy_per_image_joules") },
			"tasks/text-to-image.json", "black-forest-labs/FLUX.1-dev", "energy_per_image_joules", "missing"},
		{"diffusion: another resolution in one model", func(tr *tree) { tr.rows("text-to-image")[2].(map[string]any)["image_width"] = 512 },
			"tasks/text-to-image.json", "black-forest-labs/FLUX.1-dev", "image_width", "is 512, but the model's first configuration has 1024"},
		{"missing model_id", func(tr *tree) { delete(tr.row(0), "model_id") }, task, "", "model_id", "missing"},
		{"null energy", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = nil }, task, "org/Small-Model", "energy_per_token_joules", "is null, want a number"},
		{"negative energy", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = -0.5 }, task, "org/Small-Model", "energy_per_token_joules", "is -0.5, want a positive number"},
		{"zero energy", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = 0 }, task, "org/Small-Model", "energy_per_token_joules", "is 0, want a positive number"},
		{"NaN energy as a string", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = "NaN" }, task, "org/Small-Model", "energy_per_token_joules", `is "NaN", want a number`},
		{"infinite energy", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = json.RawMessage("1e999") }, task, "org/Small-Model", "energy_per_token_joules", "is 1e999, beyond float64's range (infinite)"},
		{"energy that rounds to zero", func(tr *tree) { tr.row(1)["energy_per_token_joules"] = 1e-9 }, task, "org/Small-Model", "energy_per_token_joules", "rounds to zero"},
		{"negative latency", func(tr *tree) { tr.row(0)["median_itl_ms"] = -20 }, task, "org/Small-Model", "median_itl_ms", "is -20, want a positive number"},
		{"zero latency", func(tr *tree) { tr.row(0)["p99_itl_ms"] = 0 }, task, "org/Small-Model", "p99_itl_ms", "is 0, want a positive number"},
		{"infinite latency as a string", func(tr *tree) { tr.row(0)["p95_itl_ms"] = "Infinity" }, task, "org/Small-Model", "p95_itl_ms", `is "Infinity", want a number`},
		{"infinite latency", func(tr *tree) { tr.row(0)["p90_itl_ms"] = json.RawMessage("-1e999") }, task, "org/Small-Model", "p90_itl_ms", "beyond float64's range (infinite)"},
		{"latency percentiles out of order", func(tr *tree) { tr.row(0)["p95_itl_ms"] = 20.5 }, task, "org/Small-Model", "p95_itl_ms", "below p90_itl_ms 21"},
		{"unknown precision", func(tr *tree) { tr.row(2)["weight_precision"] = "int4" }, task, "org/Big-Model-FP8", "weight_precision", `is "int4", an unknown precision`},
		{"unknown GPU", func(tr *tree) { tr.row(2)["gpu_model"] = "A100" }, task, "org/Big-Model-FP8", "gpu_model", `is "A100", not one of the known GPUs`},
		{"fractional GPU count", func(tr *tree) { tr.row(2)["num_gpus"] = 1.5 }, task, "org/Big-Model-FP8", "num_gpus", "is 1.5, want a whole number"},
		{"string where a string is wanted", func(tr *tree) { tr.row(2)["nickname"] = 7 }, task, "org/Big-Model-FP8", "nickname", "is 7, want a string"},
		{"nickname differs within a model", func(tr *tree) { tr.row(1)["nickname"] = "Other" }, task, "org/Small-Model", "nickname", `is "Other", but the model's first configuration has "Small Model 3B"`},
		{"task with no configurations", func(tr *tree) { tr.tasks["lm-arena-chat"]["configurations"] = []any{} }, task, "", "configurations", "the task has no configurations"},
		{"configurations missing", func(tr *tree) { delete(tr.tasks["lm-arena-chat"], "configurations") }, task, "", "configurations", "missing"},
		{"task named wrongly", func(tr *tree) { tr.tasks["lm-arena-chat"]["task"] = "gpqa" }, task, "", "task", `is "gpqa", want "lm-arena-chat"`},
		{"upstream recompiled", func(tr *tree) { tr.index["last_updated"] = "2026-03-01" }, "index.json", "", "last_updated", `is "2026-03-01" but the settings' compiled date is "2026-02-16"`},
		{"a new token-based task upstream", func(tr *tree) {
			tr.index["architectures"] = map[string]any{"llm": []string{"lm-arena-chat", "new-task"}}
		}, "index.json", "", "architectures", "lists the token-based (llm, mllm) tasks [lm-arena-chat new-task]"},
		{"slug collision", func(tr *tree) {
			tr.tasks["lm-arena-chat"]["configurations"] = append(tr.rows("lm-arena-chat"), urow("org/Small-Model-2", "Small Model: 3B", "H100", 1, 8, 1, 10))
		}, task, "org/Small-Model-2", "nickname", `gives slug "small-model-3b", already taken`},
		{"grid: not an object", func(tr *tree) { tr.raw["grid.json"] = `[1, 2]` }, "grid.json", "", "", "want an object of countries and regions"},
		{"grid: malformed JSON", func(tr *tree) { tr.raw["grid.json"] = `{"DEU": {"year": 2024,` }, "grid.json", "", "DEU", "malformed entry"},
		{"grid: text after the object", func(tr *tree) { tr.raw["grid.json"] = `{} {}` }, "grid.json", "", "", "text after the object"},
		{"grid: a code given twice", func(tr *tree) {
			tr.raw["grid.json"] = `{"DEU": {"country_code": "DEU", "country_or_region": "Germany", "year": 2024, "emissions_intensity_gco2_per_kwh": 342.06},` +
				` "DEU": {"country_code": "DEU", "country_or_region": "Germany", "year": 2023, "emissions_intensity_gco2_per_kwh": 380}}`
		}, "grid.json", "", "DEU", "given twice"},
		{"grid: a field missing", func(tr *tree) { delete(co2js(tr, "DEU"), "year") }, "grid.json", "", "DEU", "year: missing"},
		{"grid: an unknown field", func(tr *tree) { co2js(tr, "DEU")["month"] = 5 }, "grid.json", "", "DEU", `unknown field "month"`},
		{"grid: a year that is not whole", func(tr *tree) { co2js(tr, "DEU")["year"] = 2024.5 }, "grid.json", "", "DEU", "year: is 2024.5, want a whole number"},
		{"grid: a year out of bounds", func(tr *tree) { co2js(tr, "DEU")["year"] = 1066 }, "grid.json", "", "DEU", "year: is 1066, want a year from 1990 to 2100"},
		{"grid: an intensity as a string", func(tr *tree) { co2js(tr, "DEU")["emissions_intensity_gco2_per_kwh"] = "342" }, "grid.json", "", "DEU", `emissions_intensity_gco2_per_kwh: is "342", want a number`},
		{"grid: a null intensity", func(tr *tree) { co2js(tr, "DEU")["emissions_intensity_gco2_per_kwh"] = nil }, "grid.json", "", "DEU", "emissions_intensity_gco2_per_kwh: is null, want a number"},
		{"grid: a negative intensity", func(tr *tree) { co2js(tr, "DEU")["emissions_intensity_gco2_per_kwh"] = -1 }, "grid.json", "", "DEU", "gco2e_per_kwh: is -1, want 0 to 2000"},
		{"grid: an intensity over the bound", func(tr *tree) { co2js(tr, "World")["emissions_intensity_gco2_per_kwh"] = 2000.01 }, "grid.json", "", "World", "is 2000.01, want 0 to 2000"},
		{"grid: an infinite intensity", func(tr *tree) { co2js(tr, "World")["emissions_intensity_gco2_per_kwh"] = json.RawMessage("1e999") }, "grid.json", "", "World", "is 1e999, beyond float64's range"},
		{"grid: a country code not the key", func(tr *tree) { co2js(tr, "DEU")["country_code"] = "DEN" }, "grid.json", "", "DEU", `country_code: is "DEN", want the key`},
		{"grid: a country code not alpha-3", func(tr *tree) {
			tr.grid["De"] = co2jsEntry("De", "Germany", 2024, 342)
		}, "grid.json", "", "De", `country_code: is "De"`},
		{"grid: an empty name", func(tr *tree) { co2js(tr, "DEU")["country_or_region"] = " " }, "grid.json", "", "DEU", "name: missing"},
		{"grid: a control character in a name", func(tr *tree) { co2js(tr, "DEU")["country_or_region"] = "Germ\u0000any" }, "grid.json", "", "DEU", "control or formatting character"},
		{"grid: a code with punctuation", func(tr *tree) { tr.grid["World!"] = co2jsEntry("", "World", 2024, 470) }, "grid.json", "", "World!", "want letters, digits and single spaces"},
		{"grid: an empty code", func(tr *tree) { tr.grid[""] = co2jsEntry("", "Nowhere", 2024, 470) }, "grid.json", "", "row 1", "code: missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := newTree()
			tt.change(tr)
			dir := tr.write(t)
			out := filepath.Join(t.TempDir(), "compiled")
			writeFile(t, filepath.Join(out, "index.json"), []byte("previous\n"))

			_, err := Compile(input(dir), out, tinySettings(t, dir))

			t.Log(err)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got error %v, want an *InputError", err)
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ie.File != want || ie.Model != tt.model || ie.Field != tt.field {
				t.Errorf("got file %q, model %q, field %q; want %q, %q, %q", ie.File, ie.Model, ie.Field, want, tt.model, tt.field)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("got message %q, want it to contain %q", err, tt.msg)
			}
			for _, part := range []string{tt.model, tt.field} {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("got message %q, want it to name %q", err, part)
				}
			}
			assertTree(t, out, map[string]string{"index.json": "previous\n"})
		})
	}
}

// assertTree checks that folder dir holds exactly files, and nothing else
// sits beside it.
func assertTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, files) {
		t.Errorf("got files %v, want %v", keys(got), keys(files))
	}
	siblings, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(siblings) != 1 {
		var names []string
		for _, s := range siblings {
			names = append(names, s.Name())
		}
		t.Errorf("got %v beside the output, want only %s", names, filepath.Base(dir))
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestCompileTiny compiles the tiny upstream and checks its ids, order,
// rounding, repeats and best rows by hand.
func TestCompileTiny(t *testing.T) {
	tr := newTree()
	// A repeated run of Small Model's H100/1/64, and one over the deadline.
	repeat := urow("org/Small-Model", "Small Model 3B", "H100", 1, 64, 0.4, 30)
	slow := urow("org/Small-Model", "Small Model 3B", "H100", 1, 512, 0.1, 500.05) // 500.1 ms as written: over
	at := urow("org/Small-Model", "Small Model 3B", "H100", 1, 256, 0.2, 500.04)   // 500.0 ms as written: within
	slow["p90_itl_ms"], slow["p95_itl_ms"], slow["p99_itl_ms"] = 600, 700, 800
	tr.tasks["lm-arena-chat"]["configurations"] = append(tr.rows("lm-arena-chat"), repeat, slow, at)
	// Rounding half up on the decimal text: 383.25 → 383.3 (Python's round gives 383.2).
	tr.row(0)["avg_batch_size"] = 383.25
	// 0.00009 J: 0.025 Wh per million tokens exactly, half up to 0.03.
	tr.row(2)["energy_per_token_joules"] = 0.00009
	dir := tr.write(t)
	out := filepath.Join(t.TempDir(), "compiled")

	sum, err := Compile(input(dir), out, tinySettings(t, dir))
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	if want := (Summary{[]WorkloadSummary{{"lm-arena-chat", 2, 6}, {"text-to-image", 1, 3}}, 3}); !equalSummary(sum, want) {
		t.Errorf("got summary %+v, want %+v", sum, want)
	}

	var small struct {
		GPUs           []string `json:"gpus"`
		Configurations []struct {
			RowID           string      `json:"row_id"`
			Repeat          int         `json:"repeat"`
			Joules          json.Number `json:"joules_per_output_token"`
			Batch           json.Number `json:"avg_running_batch"`
			Median          json.Number `json:"median_itl_ms"`
			UnderITL        bool        `json:"under_itl_deadline"`
			TokensPerSecond json.Number `json:"tokens_per_second"`
			Watts           json.Number `json:"gpu_power_watts_total"`
			OutputTokens    json.Number `json:"avg_output_tokens"`
		} `json:"configurations"`
		Best map[string]struct {
			RowID string `json:"row_id"`
		} `json:"best"`
		Source struct{ Selection, Configurations string } `json:"source"`
	}
	readJSONFile(t, filepath.Join(out, "lm-arena-chat", "small-model-3b.json"), &small)
	type c struct {
		row, joules, batch, median string
		repeat                     int
		under                      bool
	}
	want := []c{
		{"small-model-3b/B200/1/64", "0.25", "63.8", "10.0", 1, true},
		{"small-model-3b/H100/1/64", "0.5", "383.3", "20.0", 1, true},
		{"small-model-3b/H100/1/64/r2", "0.4", "63.8", "30.0", 2, true},
		{"small-model-3b/H100/1/256", "0.2", "255.8", "500.0", 1, true},
		{"small-model-3b/H100/1/512", "0.1", "511.8", "500.1", 1, false},
	}
	var got []c
	for _, r := range small.Configurations {
		got = append(got, c{r.RowID, r.Joules.String(), r.Batch.String(), r.Median.String(), r.Repeat, r.UnderITL})
		if r.TokensPerSecond != "1000.1" || r.Watts != "701" || r.OutputTokens != "601" {
			t.Errorf("%s: got %s tokens/s, %s W, %s tokens; want 1000.1, 701, 601 (half up)", r.RowID, r.TokensPerSecond, r.Watts, r.OutputTokens)
		}
	}
	if !equalSlices(got, want) {
		t.Errorf("got configurations\n%v\nwant\n%v", got, want)
	}
	if g := small.Best["H100"].RowID; g != "small-model-3b/H100/1/256" {
		t.Errorf("got best H100 %q, want small-model-3b/H100/1/256 (the 500.1 ms row is over the ceiling)", g)
	}
	if g := strings.Join(small.GPUs, ","); g != "B200,H100" {
		t.Errorf("got gpus %s, want B200,H100", g)
	}
	wantSel := "Each index row is the lowest-energy configuration for its model and GPU whose median inter-token latency " +
		"does not exceed 500 ms, the leaderboard's own default ceiling; 1 of its 5 measured configurations exceeds it and is never chosen."
	if small.Source.Selection != wantSel {
		t.Errorf("got selection\n%q\nwant\n%q", small.Source.Selection, wantSel)
	}
	if want := "6 stable configurations: "; !strings.HasPrefix(small.Source.Configurations, want) {
		t.Errorf("got configurations text %q, want it to start %q", small.Source.Configurations, want)
	}

	var big struct {
		Configurations []struct {
			Wh        json.Number `json:"wh_per_million_output_tokens"`
			Precision string      `json:"precision"`
		} `json:"configurations"`
	}
	readJSONFile(t, filepath.Join(out, "lm-arena-chat", "big-model-70b-fp8.json"), &big)
	if g := big.Configurations[0]; g.Wh != "0.03" || g.Precision != "BF16" {
		t.Errorf("got %s Wh per million tokens, precision %s; want 0.03 (0.025 half up), BF16", g.Wh, g.Precision)
	}
	// Diffusion: sorted by GPU, GPU count, Ulysses, ring, batch; figures
	// rounded half up to 4 (J), 7 (s) and 10 (images/s) decimals, watts to
	// an integer; the caveat from the model's settings and batch range.
	var flux struct {
		Caveat         string           `json:"caveat"`
		Generation     map[string]int   `json:"generation"`
		Configurations []map[string]any `json:"configurations"`
	}
	readJSONFile(t, filepath.Join(out, "text-to-image", "flux-1-dev.json"), &flux)
	wantRows := []string{
		`B200/1/u1xr1/b1 3000.25 3.5 0.2857142857 857 BF16`,
		`H100/2/u1xr2/b1 4500.5 4.75 0.2105263158 947 BF16`,
		`H100/2/u1xr2/b4 4310.1235 18.25 0.219178 945 BF16`,
	}
	var gotRows []string
	for _, r := range flux.Configurations {
		gotRows = append(gotRows, fmt.Sprintf("%s %v %v %v %v %v", strings.TrimPrefix(r["row_id"].(string), "flux-1-dev/"),
			r["joules_per_request"], r["batch_latency_s"], r["requests_per_second"], r["gpu_power_watts_total"], r["precision"]))
	}
	if !equalSlices(gotRows, wantRows) {
		t.Errorf("got diffusion rows\n%v\nwant\n%v", gotRows, wantRows)
	}
	if g := fmt.Sprint(flux.Generation); g != "map[height:1024 inference_steps:50 width:1024]" {
		t.Errorf("got generation %s, want 1024 × 1024, 50 steps, no frames", g)
	}
	if want := "GPU energy only, measured generating 1024 × 1024 images with 50 inference steps, in batches of 1 to 4 on a busy server"; !strings.HasPrefix(flux.Caveat, want) {
		t.Errorf("got caveat %q, want it to start %q", flux.Caveat, want)
	}
}

// TestSelectionText checks the selection sentence for each situation.
func TestSelectionText(t *testing.T) {
	const rule = "Each index row is the lowest-energy configuration for its model and GPU whose median inter-token " +
		"latency does not exceed 500 ms, the leaderboard's own default ceiling"
	tests := []struct {
		name    string
		medians map[string][]float64 // per GPU
		want    string
	}{
		{"all under", map[string][]float64{"H100": {10, 20}}, rule + "; no measured configuration reaches it."},
		{"one at the ceiling", map[string][]float64{"H100": {10, 500}}, rule + "; no measured configuration exceeds it."},
		{"two over", map[string][]float64{"H100": {10, 501, 600}}, rule + "; 2 of its 3 measured configurations exceed it and are never chosen."},
		{"a GPU with none within", map[string][]float64{"B200": {10}, "H100": {501}},
			rule + "; 1 of its 2 measured configurations exceeds it and is never chosen; on H100 none is within it, so H100 has no index row."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := newTree()
			var rows []any
			for gpu, medians := range tt.medians {
				for i, m := range medians {
					rows = append(rows, urow("org/M", "M", gpu, 1, 8<<i, 1, m))
				}
			}
			tr.tasks["lm-arena-chat"]["configurations"] = rows
			dir := tr.write(t)
			files, _, err := Build(input(dir), tinySettings(t, dir))
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			var got struct {
				Source struct{ Selection string } `json:"source"`
				Best   map[string]any             `json:"best"`
			}
			if err := json.Unmarshal(files["lm-arena-chat/m.json"], &got); err != nil {
				t.Fatal(err)
			}
			if got.Source.Selection != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got.Source.Selection, tt.want)
			}
			for gpu, medians := range tt.medians {
				under := false
				for _, m := range medians {
					under = under || m <= 500
				}
				if _, ok := got.Best[gpu]; ok != under {
					t.Errorf("best has %s: %t, want %t", gpu, ok, under)
				}
			}
		})
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ nickname, want string }{
		{"Qwen 3 235B A22B Instruct", "qwen-3-235b-a22b-instruct"},
		{"DeepSeek V3.1", "deepseek-v3-1"},
		{"Big Model 70B (FP8)", "big-model-70b-fp8"},
		{"  --Odd__Name--  ", "odd-name"},
		{"PixArt-Σ", "pixart"},
	}
	for _, tt := range tests {
		t.Run(tt.nickname, func(t *testing.T) {
			if got := Slug(tt.nickname); got != tt.want {
				t.Errorf("Slug(%q) = %q, want %q", tt.nickname, got, tt.want)
			}
		})
	}
}

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func equalSummary(a, b Summary) bool {
	return equalSlices(a.Workloads, b.Workloads) && a.GridRows == b.GridRows
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCompileReplaces checks that compiling over an earlier output replaces
// it whole: stale files go, and no temporary folder is left beside it.
func TestCompileReplaces(t *testing.T) {
	dir := newTree().write(t)
	out := filepath.Join(t.TempDir(), "compiled")
	writeFile(t, filepath.Join(out, "stale", "old.json"), []byte("{}\n"))

	if _, err := Compile(input(dir), out, tinySettings(t, dir)); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	files, _, err := Build(input(dir), tinySettings(t, dir))
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	want := map[string]string{}
	for name, b := range files {
		want[name] = string(b)
	}
	assertTree(t, out, want)
	if len(want) != 5 {
		t.Errorf("got %d files, want index.json, grid.json and three model files", len(want))
	}
}

// TestCompileUnwritable checks that an output folder that cannot be made
// fails cleanly.
func TestCompileUnwritable(t *testing.T) {
	dir := newTree().write(t)
	parent := filepath.Join(t.TempDir(), "a-file")
	writeFile(t, parent, []byte("not a folder\n"))
	_, err := Compile(input(dir), filepath.Join(parent, "compiled"), tinySettings(t, dir))
	if err == nil || !strings.Contains(err.Error(), "write dataset") {
		t.Errorf("got %v, want a write dataset error", err)
	}
}

// TestCompileGrid checks the tiny grid as compiled: rows sorted by code
// (byte order: upper case first), every intensity its exact decimal
// (472.940 is 472.94), zero kept, the dataset's header and the settings'
// source block.
func TestCompileGrid(t *testing.T) {
	dir := newTree().write(t)
	files, sum, err := Build(input(dir), tinySettings(t, dir))
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	if sum.GridRows != 3 {
		t.Errorf("got %d grid rows, want 3", sum.GridRows)
	}
	want := `{
  "version": "1",
  "updated": "2026-10-19",
  "data_version": "2026-10-19",
  "unit": "gCO2e per kWh",
  "source": {
`
	got := string(files["grid.json"])
	if !strings.HasPrefix(got, want) {
		t.Errorf("grid.json starts\n%s\nwant\n%s", got[:min(len(got), len(want))], want)
	}
	rows := `  "intensities": [
    {"code":"CAF","name":"Central African Republic","year":2022,"gco2e_per_kwh":0},
    {"code":"DEU","name":"Germany","year":2024,"gco2e_per_kwh":342.06},
    {"code":"World","name":"World","year":2024,"gco2e_per_kwh":472.94}
  ]
}
`
	if !strings.HasSuffix(got, rows) {
		t.Errorf("grid.json ends\n%s\nwant\n%s", got[max(0, len(got)-len(rows)):], rows)
	}
	var g struct {
		Source struct {
			Attribution string `json:"attribution"`
			Commit      string `json:"commit"`
		} `json:"source"`
	}
	if err := json.Unmarshal(files["grid.json"], &g); err != nil {
		t.Fatal(err)
	}
	if g.Source.Attribution != "Carbon intensity: Ember, yearly electricity data, via CO2.js (Green Web Foundation)" ||
		g.Source.Commit != "27cbe8328aeaad0824fb07b3640dc45b72228c7b" {
		t.Errorf("source block %+v", g.Source)
	}
}

// TestCompileGridNotTheSettings checks that a grid file other than the one
// the settings describe stops the compiler, which then names both hashes.
func TestCompileGridNotTheSettings(t *testing.T) {
	dir := newTree().write(t)
	s := tinySettings(t, dir)
	writeFile(t, filepath.Join(dir, "grid.json"), []byte(`{}`))
	_, _, err := Build(input(dir), s)
	if err == nil || !strings.Contains(err.Error(), "but the settings describe "+s.Grid.SHA256) ||
		!strings.Contains(err.Error(), "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a") { // sha256("{}")
		t.Errorf("got %v, want the file's SHA-256 and the settings'", err)
	}
	if _, _, err := Build(Input{Upstream: dir, Grid: filepath.Join(dir, "none.json")}, s); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("a missing grid file: got %v", err)
	}
}
