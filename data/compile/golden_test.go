package compile

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed data/compiled from the upstream files")

const (
	// upstreamDir is ../shared/mlenergy-leaderboard/data beside the checkout.
	upstreamDir = "../../../shared/mlenergy-leaderboard/data"
	// gridFile is the CO2.js grid intensities beside the checkout.
	gridFile      = "../../../shared/grid-intensity/average-intensities.json"
	referenceFile = "../../../shared/reference/qwen-3-235b-a22b-instruct.json"
	// committedDir is the compiled dataset the data package embeds.
	committedDir = "../compiled"
)

// shared is the compiler's input from ../shared.
var shared = Input{Upstream: upstreamDir, Grid: gridFile}

// needShared skips the test when ../shared is not beside the checkout.
func needShared(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("skipped: %s is absent (the team's ../shared folder beside the checkout): %v", path, err)
	}
}

// TestGoldenTree compiles the real upstream and grid intensities and
// compares every byte with the committed data/compiled. With -update it
// rewrites data/compiled instead.
func TestGoldenTree(t *testing.T) {
	needShared(t, upstreamDir)
	needShared(t, gridFile)
	if *update {
		if _, err := Compile(shared, committedDir, Default); err != nil {
			t.Fatalf("Compile: %v", err)
		}
	}
	out := filepath.Join(t.TempDir(), "compiled")
	sum, err := Compile(shared, out, Default)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	got, want := readTree(t, out), readTree(t, committedDir)
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: committed but not compiled", name)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: compiled bytes differ from the committed file (run go test ./data/compile -run GoldenTree -update, or make data, and review the diff)", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: compiled but not committed", name)
		}
	}
	// The same input gives the same bytes, every time.
	files, _, err := Build(shared, Default)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	for name, b := range files {
		if !bytes.Equal(b, got[name]) {
			t.Errorf("%s: a second compilation gave different bytes", name)
		}
	}
	for _, w := range sum.Workloads {
		t.Logf("%-16s %3d models %4d configurations", w.ID, w.Models, w.Configurations)
	}
	t.Logf("grid %d countries and regions", sum.GridRows)
}

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGoldenReference checks the compiled Qwen 3 235B A22B Instruct file on
// lm-arena-chat against the reference: same keys in the same order, same
// values (numbers as numbers), same configuration order.
func TestGoldenReference(t *testing.T) {
	needShared(t, upstreamDir)
	needShared(t, referenceFile)
	needShared(t, gridFile)
	files, _, err := Build(shared, Default)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	got, ok := files["lm-arena-chat/qwen-3-235b-a22b-instruct.json"]
	if !ok {
		t.Fatal("no lm-arena-chat/qwen-3-235b-a22b-instruct.json compiled")
	}
	want, err := os.ReadFile(referenceFile)
	if err != nil {
		t.Fatal(err)
	}
	g, err := decodeOrdered(got)
	if err != nil {
		t.Fatalf("compiled file: %v", err)
	}
	w, err := decodeOrdered(want)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	if diff := compareOrdered("", g, w); diff != "" {
		t.Error(diff)
	}
}

// object is a JSON object with its keys in order.
type object struct {
	keys []string
	vals []any
}

// decodeOrdered decodes JSON keeping object key order, and numbers as their
// text (json.Number).
func decodeOrdered(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the top-level value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := &object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			o.keys = append(o.keys, k.(string))
			o.vals = append(o.vals, v)
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}

// compareOrdered describes the first difference between got and want at
// path, or returns "".
func compareOrdered(path string, got, want any) string {
	switch w := want.(type) {
	case *object:
		g, ok := got.(*object)
		if !ok {
			return fmt.Sprintf("%s: got %v, want an object", path, got)
		}
		if strings.Join(g.keys, ",") != strings.Join(w.keys, ",") {
			return fmt.Sprintf("%s: got keys %v, want %v", path, g.keys, w.keys)
		}
		for i, k := range w.keys {
			if d := compareOrdered(path+"/"+k, g.vals[i], w.vals[i]); d != "" {
				return d
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %v, want an array of %d", path, got, len(w))
		}
		for i := range w {
			if d := compareOrdered(path+"/"+strconv.Itoa(i), g[i], w[i]); d != "" {
				return d
			}
		}
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || rat(string(g)).Cmp(rat(string(w))) != 0 {
			return fmt.Sprintf("%s: got %v, want %s", path, got, w)
		}
	default:
		if got != want {
			return fmt.Sprintf("%s: got %#v, want %#v", path, got, want)
		}
	}
	return ""
}

// rat is a JSON number's exact value; it panics on text that is not one.
func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("not a number: " + s)
	}
	return r
}

// roundHalfUp rounds positive x to n decimals, half up, exactly.
func roundHalfUp(x *big.Rat, n int) *big.Rat {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	scaled := new(big.Rat).Mul(x, new(big.Rat).SetInt(scale))
	// floor(scaled + 1/2) = (2·num + den) div (2·den)
	num := new(big.Int).Add(new(big.Int).Mul(scaled.Num(), big.NewInt(2)), scaled.Denom())
	q := new(big.Int).Quo(num, new(big.Int).Mul(scaled.Denom(), big.NewInt(2)))
	return new(big.Rat).SetFrac(q, scale)
}

// TestDerivation re-derives every compiled figure of every model of every
// workload from the upstream task files, independently of the compiler's
// code: its own decoding (encoding/json), slugs, exact rounding (math/big),
// sort, repeats and best selection, and checks the committed files.
func TestDerivation(t *testing.T) {
	needShared(t, upstreamDir)
	workloads := []struct{ id, name string }{
		{"lm-arena-chat", "Text Conversation"},
		{"gpqa", "Problem Solving"},
		{"sourcegraph-fim", "Code Completion"},
		{"image-chat", "Image Chat"},
		{"video-chat", "Video Chat"},
	}
	precision := map[string]string{"bfloat16": "BF16", "fp8": "FP8", "mxfp4": "MXFP4"}
	nonSlug := regexp.MustCompile(`[^a-z0-9]+`)

	var index struct {
		Workloads []struct {
			ID                 string `json:"id"`
			Name               string `json:"name"`
			ModelCount         int    `json:"model_count"`
			ConfigurationCount int    `json:"configuration_count"`
			Models             []struct {
				Slug string `json:"slug"`
				File string `json:"file"`
				Best map[string]struct {
					RowID string `json:"row_id"`
				} `json:"best"`
			} `json:"models"`
		} `json:"workloads"`
	}
	readJSONFile(t, filepath.Join(committedDir, "index.json"), &index)
	if len(index.Workloads) != len(workloads) {
		t.Fatalf("index.json lists %d workloads, want %d", len(index.Workloads), len(workloads))
	}
	files := 2 // index.json and grid.json
	for wi, wl := range workloads {
		t.Run(wl.id, func(t *testing.T) {
			var task struct {
				Configurations []map[string]any `json:"configurations"`
			}
			b, err := os.ReadFile(filepath.Join(upstreamDir, "tasks", wl.id+".json"))
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.UseNumber()
			if err := dec.Decode(&task); err != nil {
				t.Fatal(err)
			}
			byModel := map[string][]map[string]any{}
			var ids []string
			for _, c := range task.Configurations {
				id := c["model_id"].(string)
				if byModel[id] == nil {
					ids = append(ids, id)
				}
				byModel[id] = append(byModel[id], c)
			}
			iw := index.Workloads[wi]
			if iw.ID != wl.id || iw.Name != wl.name || iw.ModelCount != len(ids) || iw.ConfigurationCount != len(task.Configurations) {
				t.Errorf("index: got %s %q with %d models, %d configurations; want %s %q with %d, %d",
					iw.ID, iw.Name, iw.ModelCount, iw.ConfigurationCount, wl.id, wl.name, len(ids), len(task.Configurations))
			}
			indexBest := map[string]map[string]string{}
			for _, m := range iw.Models {
				indexBest[m.Slug] = map[string]string{}
				for gpu, r := range m.Best {
					indexBest[m.Slug][gpu] = r.RowID
				}
			}
			entries, err := os.ReadDir(filepath.Join(committedDir, wl.id))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(ids) {
				t.Errorf("%d files in %s, want one per model, %d", len(entries), wl.id, len(ids))
			}
			files += len(entries)
			t.Logf("%s: %d models, %d configurations", wl.id, len(ids), len(task.Configurations))
			for _, id := range ids {
				rows := byModel[id]
				first := rows[0]
				slug := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(first["nickname"].(string)), "-"), "-")
				checkModelFile(t, wl.id, wl.name, slug, rows, len(task.Configurations), precision, indexBest[slug])
			}
		})
	}
	files += checkDiffusionDerivation(t, nonSlug)
	if got := len(readTree(t, committedDir)); got != files {
		t.Errorf("data/compiled holds %d files, want index.json, grid.json and one per model, %d", got, files)
	}
}

// checkDiffusionDerivation re-derives every diffusion model file from the
// upstream task files, independently of the compiler's code (as
// TestDerivation does for tokens), and returns the number of model files.
func checkDiffusionDerivation(t *testing.T, nonSlug *regexp.Regexp) int {
	files := 0
	for _, wl := range []struct{ id, request, energy, throughput, width, height string }{
		{"text-to-image", "image", "energy_per_image_joules", "throughput_images_per_sec", "image_width", "image_height"},
		{"text-to-video", "video", "energy_per_video_joules", "throughput_videos_per_sec", "video_width", "video_height"},
	} {
		t.Run(wl.id, func(t *testing.T) {
			var task struct {
				Configurations []map[string]any `json:"configurations"`
			}
			b, err := os.ReadFile(filepath.Join(upstreamDir, "tasks", wl.id+".json"))
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.UseNumber()
			if err := dec.Decode(&task); err != nil {
				t.Fatal(err)
			}
			num := func(c map[string]any, k string) string { return c[k].(json.Number).String() }
			// Every upstream row, as the compiled row it must become.
			want := map[string]map[string]string{} // slug → row id → row
			for _, c := range task.Configurations {
				slug := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(c["nickname"].(string)), "-"), "-")
				id := fmt.Sprintf("%s/%s/%s/u%sxr%s/b%s", slug, c["gpu_model"], num(c, "num_gpus"), num(c, "ulysses_degree"),
					num(c, "ring_degree"), num(c, "batch_size"))
				if want[slug] == nil {
					want[slug] = map[string]string{}
				}
				gen := fmt.Sprintf(`{"width":%s,"height":%s,"inference_steps":%s`, num(c, wl.width), num(c, wl.height), num(c, "inference_steps"))
				if wl.request == "video" {
					gen += fmt.Sprintf(`,"frames":%s,"fps":%s`, num(c, "num_frames"), num(c, "fps"))
				}
				want[slug][id] = fmt.Sprintf("%s %s %s %s %s %s BF16 %s", gen+"}", c["gpu_model"],
					roundHalfUp(rat(num(c, wl.energy)), 4).FloatString(4), roundHalfUp(rat(num(c, "batch_latency_s")), 7).FloatString(7),
					roundHalfUp(rat(num(c, wl.throughput)), 10).FloatString(10), roundHalfUp(rat(num(c, "avg_power_watts")), 0).FloatString(0),
					num(c, "batch_size"))
			}
			entries, err := os.ReadDir(filepath.Join(committedDir, wl.id))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(want) {
				t.Errorf("%d files in %s, want one per model, %d", len(entries), wl.id, len(want))
			}
			files += len(entries)
			rows := 0
			for slug, byID := range want {
				var f struct {
					Caveat         string          `json:"caveat"`
					Generation     json.RawMessage `json:"generation"`
					Configurations []struct {
						RowID     string      `json:"row_id"`
						GPU       string      `json:"gpu"`
						Precision string      `json:"precision"`
						Batch     int         `json:"batch_size"`
						J         json.Number `json:"joules_per_request"`
						S         json.Number `json:"batch_latency_s"`
						RPS       json.Number `json:"requests_per_second"`
						W         json.Number `json:"gpu_power_watts_total"`
					} `json:"configurations"`
				}
				readJSONFile(t, filepath.Join(committedDir, wl.id, slug+".json"), &f)
				if len(f.Configurations) != len(byID) {
					t.Errorf("%s: %d configurations, want %d", slug, len(f.Configurations), len(byID))
				}
				for _, r := range f.Configurations {
					rows++
					// Written figures equal the exact half-up roundings (trailing zeros dropped).
					fix := func(n json.Number, d int) string { return rat(n.String()).FloatString(d) }
					got := fmt.Sprintf("%s %s %s %s %s %s %s %d", string(f.Generation), r.GPU, fix(r.J, 4), fix(r.S, 7), fix(r.RPS, 10),
						fix(r.W, 0), r.Precision, r.Batch)
					if got != byID[r.RowID] {
						t.Errorf("%s: got\n%s\nwant\n%s", r.RowID, got, byID[r.RowID])
					}
				}
				lo, hi := 0, 0
				for _, r := range f.Configurations {
					if lo == 0 || r.Batch < lo {
						lo = r.Batch
					}
					hi = max(hi, r.Batch)
				}
				if want := fmt.Sprintf("in batches of %d to %d on a busy server", lo, hi); !strings.Contains(f.Caveat, want) || !strings.HasPrefix(f.Caveat, "GPU energy only") {
					t.Errorf("%s: caveat %q lacks %q", slug, f.Caveat, want)
				}
			}
			if rows != len(task.Configurations) {
				t.Errorf("%d configurations written, want %d", rows, len(task.Configurations))
			}
			t.Logf("%s: %d models, %d configurations", wl.id, len(want), rows)
		})
	}
	return files
}

// checkModelFile checks one committed model file against its upstream rows.
func checkModelFile(t *testing.T, workload, name, slug string, rows []map[string]any, taskRows int, precision map[string]string, indexBest map[string]string) {
	t.Helper()
	var f struct {
		Slug, Name     string
		ModelID        string      `json:"model_id"`
		ParamsB        json.Number `json:"params_b"`
		ActiveParamsB  json.Number `json:"active_params_b"`
		Architecture   string
		GPUs           []string
		Configurations []map[string]any
		Best           map[string]map[string]any
		Source         struct {
			Workload       string
			DataURL        string `json:"data_url"`
			Method         string
			Configurations string
		}
	}
	path := filepath.Join(committedDir, workload, slug+".json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s: %v", slug, err)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	first := rows[0]
	errorf := func(format string, args ...any) {
		t.Errorf("%s/%s: "+format, append([]any{workload, slug}, args...)...)
	}
	if f.Slug != slug || f.Name != first["nickname"] || f.ModelID != first["model_id"] || f.Architecture != first["architecture"] ||
		rat(string(f.ParamsB)).Cmp(rat(first["total_params_billions"].(json.Number).String())) != 0 ||
		rat(string(f.ActiveParamsB)).Cmp(rat(first["activated_params_billions"].(json.Number).String())) != 0 {
		errorf("metadata %q %q %q %q %s %s differs from upstream", f.Slug, f.Name, f.ModelID, f.Architecture, f.ParamsB, f.ActiveParamsB)
	}
	if f.Source.Workload != name+" ("+workload+")" ||
		f.Source.DataURL != "https://raw.githubusercontent.com/ml-energy/leaderboard/master/public/data/tasks/"+workload+".json" ||
		!strings.HasPrefix(f.Source.Configurations, strconv.Itoa(taskRows)+" stable configurations: ") {
		errorf("source block %q, %q, %q is not this workload's", f.Source.Workload, f.Source.DataURL, f.Source.Configurations)
	}
	input := map[string]string{"image-chat": "including the image input", "video-chat": "including the video input"}[workload]
	if !strings.Contains(f.Source.Method, "Prompt processing") || !strings.Contains(f.Source.Method, input) {
		errorf("method %q does not say what prompt processing covers here", f.Source.Method)
	}

	// Sort stably like the leaderboard lists them: gpu, num_gpus, max_num_seqs.
	sorted := append([]map[string]any(nil), rows...)
	num := func(r map[string]any, k string) *big.Rat { return rat(r[k].(json.Number).String()) }
	integer := func(r map[string]any, k string) int64 {
		n, _ := strconv.ParseInt(r[k].(json.Number).String(), 10, 64)
		return n
	}
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a["gpu_model"] != b["gpu_model"] {
			return a["gpu_model"].(string) < b["gpu_model"].(string)
		}
		if integer(a, "num_gpus") != integer(b, "num_gpus") {
			return integer(a, "num_gpus") < integer(b, "num_gpus")
		}
		return integer(a, "max_num_seqs") < integer(b, "max_num_seqs")
	})
	if len(f.Configurations) != len(sorted) {
		errorf("%d configurations, want %d", len(f.Configurations), len(sorted))
		return
	}
	seen := map[string]int{}
	type cand struct {
		id         string
		joules, ms *big.Rat
		gpus       int64
	}
	best := map[string]*cand{}
	var gpus []string
	for i, u := range sorted {
		c := f.Configurations[i]
		gpu := u["gpu_model"].(string)
		base := fmt.Sprintf("%s/%s/%d/%d", slug, gpu, integer(u, "num_gpus"), integer(u, "max_num_seqs"))
		seen[base]++
		id := base
		if seen[base] > 1 {
			id += "/r" + strconv.Itoa(seen[base])
		}
		if len(gpus) == 0 || gpus[len(gpus)-1] != gpu {
			gpus = append(gpus, gpu)
		}
		joules := roundHalfUp(num(u, "energy_per_token_joules"), 7)
		median := roundHalfUp(num(u, "median_itl_ms"), 1)
		under := median.Cmp(big.NewRat(500, 1)) <= 0
		want := map[string]any{
			"gpu":                          gpu,
			"num_gpus":                     num(u, "num_gpus"),
			"tensor_parallel":              num(u, "tensor_parallel"),
			"data_parallel":                num(u, "data_parallel"),
			"expert_parallel":              num(u, "expert_parallel"),
			"precision":                    precision[u["weight_precision"].(string)],
			"max_num_seqs":                 num(u, "max_num_seqs"),
			"avg_requests_in_flight":       roundHalfUp(num(u, "avg_batch_size"), 1),
			"wh_per_million_output_tokens": roundHalfUp(new(big.Rat).Mul(num(u, "energy_per_token_joules"), big.NewRat(1_000_000, 3600)), 2),
			"joules_per_output_token":      joules,
			"median_itl_ms":                median,
			"p90_itl_ms":                   roundHalfUp(num(u, "p90_itl_ms"), 1),
			"p99_itl_ms":                   roundHalfUp(num(u, "p99_itl_ms"), 1),
			"tokens_per_second":            roundHalfUp(num(u, "output_throughput_tokens_per_sec"), 1),
			"gpu_power_watts_total":        roundHalfUp(num(u, "avg_power_watts"), 0),
			"avg_output_tokens":            roundHalfUp(num(u, "avg_output_len"), 0),
			"under_itl_deadline":           under,
			"avg_running_batch":            roundHalfUp(num(u, "avg_batch_size"), 1),
			"p95_itl_ms":                   roundHalfUp(num(u, "p95_itl_ms"), 1),
			"row_id":                       id,
			"repeat":                       big.NewRat(int64(seen[base]), 1),
		}
		if len(c) != len(want) {
			errorf("row %s has %d fields, want %d", id, len(c), len(want))
		}
		for k, w := range want {
			g := c[k]
			ok := false
			switch w := w.(type) {
			case *big.Rat:
				n, isNum := g.(json.Number)
				ok = isNum && rat(n.String()).Cmp(w) == 0
				if ok && w.IsInt() && !strings.Contains(k, "_ms") && !strings.Contains(k, "batch") && !strings.Contains(k, "in_flight") && !strings.Contains(k, "tokens_per_second") && !strings.Contains(k, "joules") && !strings.Contains(k, "wh_") {
					ok = !strings.ContainsAny(n.String(), ".eE") // counts and integer figures are written as integers
				}
			default:
				ok = g == w
			}
			if !ok {
				errorf("row %s: %s is %v, want %v", id, k, g, w)
			}
		}
		if under {
			n := &cand{id, joules, median, integer(u, "num_gpus")}
			if b := best[gpu]; b == nil || n.joules.Cmp(b.joules) < 0 ||
				n.joules.Cmp(b.joules) == 0 && (n.ms.Cmp(b.ms) < 0 || n.ms.Cmp(b.ms) == 0 && (n.gpus < b.gpus || n.gpus == b.gpus && n.id < b.id)) {
				best[gpu] = n
			}
		}
	}
	if strings.Join(f.GPUs, ",") != strings.Join(gpus, ",") {
		errorf("gpus %v, want %v", f.GPUs, gpus)
	}
	if len(f.Best) != len(best) || len(indexBest) != len(best) {
		errorf("best has %d GPUs (index.json %d), want %d", len(f.Best), len(indexBest), len(best))
	}
	for gpu, b := range best {
		if got := f.Best[gpu]["row_id"]; got != b.id {
			errorf("best %s is %v, want %s", gpu, got, b.id)
		}
		if got := indexBest[gpu]; got != b.id {
			errorf("index.json best %s is %v, want %s", gpu, got, b.id)
		}
	}
}

// TestGridDerivation re-derives the committed grid.json from CO2.js's file
// independently of the compiler's code (encoding/json, math/big): one row
// per entry, none more, with the entry's key as code, its name and year, and
// its intensity as the same number; rows sorted by code.
func TestGridDerivation(t *testing.T) {
	needShared(t, gridFile)
	var input map[string]struct {
		CountryCode string      `json:"country_code"`
		Name        string      `json:"country_or_region"`
		Year        int         `json:"year"`
		Intensity   json.Number `json:"emissions_intensity_gco2_per_kwh"`
	}
	b, err := os.ReadFile(gridFile)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil {
		t.Fatal(err)
	}
	var compiled struct {
		Intensities []struct {
			Code        string      `json:"code"`
			Name        string      `json:"name"`
			Year        int         `json:"year"`
			GCO2ePerKWh json.Number `json:"gco2e_per_kwh"`
		} `json:"intensities"`
	}
	readJSONFile(t, filepath.Join(committedDir, "grid.json"), &compiled)
	if len(input) != 222 || len(compiled.Intensities) != len(input) {
		t.Fatalf("%d rows compiled from %d entries, want 222 of each", len(compiled.Intensities), len(input))
	}
	for i, r := range compiled.Intensities {
		e, ok := input[r.Code]
		switch {
		case !ok:
			t.Errorf("row %q is not in the input", r.Code)
		case r.Name != e.Name || r.Year != e.Year || rat(string(r.GCO2ePerKWh)).Cmp(rat(string(e.Intensity))) != 0:
			t.Errorf("row %q is %q %d %s, want %q %d %s", r.Code, r.Name, r.Year, r.GCO2ePerKWh, e.Name, e.Year, e.Intensity)
		case e.CountryCode != "" && e.CountryCode != r.Code:
			t.Errorf("row %q: the input's country_code is %q", r.Code, e.CountryCode)
		}
		if i > 0 && compiled.Intensities[i-1].Code >= r.Code {
			t.Errorf("row %q is not after %q", r.Code, compiled.Intensities[i-1].Code)
		}
	}
}
