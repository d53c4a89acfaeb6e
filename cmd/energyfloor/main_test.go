package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCLI runs the command with args and returns its exit status and output.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"default.txt", nil},
		{"tight-target.txt", []string{"-itl-ms", "12"}},
		{"p99-h100.txt", []string{"-percentile", "p99", "-itl-ms", "30", "-gpu", "H100"}},
		{"qwen-20ms.json", []string{"-json", "-model", "qwen-3-235b-a22b-instruct", "-itl-ms", "20"}},
		{"list.txt", []string{"-list"}},
		{"google-deu-b200.txt", []string{"-gpu", "B200", "-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09",
			"-grid", "DEU", "-price-per-kwh", "0.30", "-currency", "EUR"}},
		{"deu-30b-b200-tonnes.txt", []string{"-tokens", "30B", "-grid", "DEU", "-gpu", "B200"}},
		{"gpqa-own-intensity.txt", []string{"-workload", "gpqa", "-gpu", "H100", "-pue", "1.2", "-grid", "world", "-gco2-per-kwh", "400"}},
		{"statement.txt", []string{"-statement"}},
		{"statement-short.txt", []string{"-statement", "-short"}},
		{"statement-short-grid.txt", []string{"-itl-ms", "80", "-grid", "DEU", "-statement", "-short"}},
		{"statement-short-price.txt", []string{"-itl-ms", "80", "-price-per-kwh", "0.30", "-currency", "EUR", "-statement", "-short"}},
		{"statement-short-origin-llama-factors.txt", []string{"-short", "-origin", "https://example.org/energy", "-model", "llama-3-1-8b-instruct",
			"-tokens", "20M", "-output-tokens", "200", "-itl-ms", "150", "-host-overhead", "0.4", "-pue", "1.2", "-grid", "USA", "-price-per-kwh", "0.15", "-currency", "USD"}},
		// The footprint follows carbon into the one sentence: for both figures, then, with a price
		// too, for the figure at your traffic alone, the price giving way to stay within 60 words.
		{"statement-short-footprint.txt", []string{"-itl-ms", "80", "-grid", "DEU", "-embodied-kg", "nvidia", "-wue", "1.15",
			"-offsite-water", "2", "-statement", "-short", "-origin", "https://example.org"}},
		{"statement-short-footprint-price.txt", []string{"-itl-ms", "80", "-grid", "DEU", "-embodied-kg", "nvidia", "-wue", "1.15",
			"-price-per-kwh", "0.30", "-currency", "EUR", "-statement", "-short", "-origin", "https://example.org"}},
		{"statement-short-footprint-images.txt", []string{"-workload", "text-to-image", "-requests", "2M", "-latency-s", "20",
			"-embodied-kg", "164", "-life-years", "5", "-wue", "0.27", "-statement", "-short"}},
		{"qwen-default-next-step.json", []string{"-json", "-model", "qwen-3-235b-a22b-instruct"}},
		{"llama-at-the-floor-no-next-step.json", []string{"-json", "-model", "llama-3-1-8b-instruct", "-tokens", "1e11", "-gpu", "B200"}},
		{"statement-origin-h100-google.txt", []string{"-statement", "-origin", "https://example.org/energy/", "-gpu", "H100",
			"-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU", "-price-per-kwh", "0.30", "-currency", "EUR"}},
		{"statement-nothing-meets.txt", []string{"-statement", "-workload", "gpqa", "-itl-ms", "1"}},
		{"qwen-industry-world.json", []string{"-json", "-model", "qwen-3-235b-a22b-instruct", "-host-overhead", "0.43", "-idle-overhead", "0.17",
			"-pue", "1.56", "-grid", "World", "-price-per-kwh", "0.12", "-currency", "USD"}},
		{"images-default.txt", []string{"-workload", "text-to-image"}},
		{"images-h100-1s.txt", []string{"-workload", "text-to-image", "-requests", "2M", "-latency-s", "1", "-gpu", "h100"}},
		{"videos-default.txt", []string{"-workload", "text-to-video"}},
		{"flux-20s.json", []string{"-json", "-workload", "text-to-image", "-requests", "2M", "-latency-s", "20", "-model", "flux-1-dev"}},
		{"cogvideox-2b-factors.json", []string{"-json", "-workload", "text-to-video", "-model", "cogvideox-2b", "-pue", "1.2", "-grid", "DEU"}},
		{"flux-statement-origin.txt", []string{"-statement", "-workload", "text-to-image", "-model", "flux-1-dev", "-requests", "2M",
			"-latency-s", "20", "-origin", "https://example.org"}},
		{"hunyuan-statement-short-nothing.txt", []string{"-statement", "-short", "-workload", "text-to-video", "-model", "hunyuanvideo", "-latency-s", "100"}},
		{"footprint-google-deu.txt", []string{"-gpu", "B200", "-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU",
			"-embodied-kg", "nvidia", "-wue", "1.15", "-offsite-water", "3.1"}},
		{"footprint-own-life-server.txt", []string{"-model", "qwen-3-8b", "-embodied-kg", "200", "-life-years", "3", "-server-kg", "2500"}},
		{"footprint-statement.txt", []string{"-statement", "-embodied-kg", "nvidia", "-wue", "0.27"}},
		{"footprint-qwen.json", []string{"-json", "-model", "qwen-3-235b-a22b-instruct", "-embodied-kg", "NVIDIA", "-server-kg", "2500",
			"-wue", "1.15", "-offsite-water", "3.1", "-grid", "DEU"}},
		{"footprint-flux.json", []string{"-json", "-workload", "text-to-image", "-model", "flux-1-dev", "-embodied-kg", "nvidia", "-wue", "0.27"}},
		{"footprint-videos.txt", []string{"-workload", "text-to-video", "-embodied-kg", "nvidia", "-life-years", "4", "-offsite-water", "2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden(t, tc.name, stdout)
		})
	}
}

// cliJSON is the part of the -json contract the tests read; numbers stay as written.
type cliJSON struct {
	Inputs struct {
		Workload               string      `json:"workload"`
		OutputTokensPerMonth   json.Number `json:"output_tokens_per_month"`
		OutputTokensPerRequest json.Number `json:"output_tokens_per_request"`
		TargetITLMs            json.Number `json:"itl_target_ms"`
		Percentile             string      `json:"percentile"`
		GPU                    *string     `json:"gpu"`
		Model                  *string     `json:"model"`
	} `json:"inputs"`
	DataVersion string `json:"data_version"`
	AppVersion  string `json:"app_version"`
	Caveat      string `json:"caveat"`
	Citation    string `json:"citation"`
	Results     []struct {
		ModelID        string       `json:"model_id"`
		Model          string       `json:"model"`
		GPU            string       `json:"gpu"`
		MeetsTarget    bool         `json:"meets_target"`
		RowID          *string      `json:"row_id"`
		ReachableITLMs *json.Number `json:"reachable_itl_ms"`
		Configuration  struct {
			RowID      string `json:"row_id"`
			NumGPUs    int    `json:"num_gpus"`
			MaxNumSeqs int    `json:"max_num_seqs"`
		} `json:"configuration"`
		JoulesPerOutputToken json.Number `json:"joules_per_output_token"`
		WhPerRequest         json.Number `json:"wh_per_request"`
		KWhPerMonth          json.Number `json:"kwh_per_month"`
	} `json:"results"`
}

func decodeJSON(t *testing.T, s string) cliJSON {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v cliJSON
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding -json output: %v\n%s", err, s)
	}
	return v
}

func TestJSON(t *testing.T) {
	// Worked by hand from the dataset: Qwen 3 235B A22B Instruct within 20 ms
	// (median) runs on 8×B200 at max_num_seqs 16, 5.5810838 J/token; × 500
	// tokens / 3600 = 0.775150527777… Wh a request; × 1e9 / 3.6e6 =
	// 1550.30105555… kWh a month. No H100 configuration reaches 20 ms: the
	// fastest, 8×H100 at 8, reaches 20.2 ms at 7.2925891 J/token.
	code, stdout, stderr := runCLI("-json", "-model", "Qwen/Qwen3-235B-A22B-Instruct-2507", "-itl-ms", "20", "-tokens", "1e9", "-output-tokens", "500")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	v := decodeJSON(t, stdout)
	if v.Inputs.Workload != "lm-arena-chat" || v.Inputs.OutputTokensPerMonth != "1000000000" || v.Inputs.TargetITLMs != "20" ||
		v.Inputs.Percentile != "median" || v.Inputs.GPU != nil || v.Inputs.Model == nil || *v.Inputs.Model != "qwen-3-235b-a22b-instruct" {
		t.Errorf("inputs = %+v", v.Inputs)
	}
	if v.DataVersion != "2026-10-19" || v.AppVersion != "dev" || !strings.Contains(v.Caveat, "GPU energy only") || !strings.Contains(v.Citation, "arXiv 2505.06371") {
		t.Errorf("data_version %q, app_version %q, caveat %q, citation %q", v.DataVersion, v.AppVersion, v.Caveat, v.Citation)
	}
	if len(v.Results) != 2 {
		t.Fatalf("%d results, want 2 (B200, H100)", len(v.Results))
	}
	b200, h100 := v.Results[0], v.Results[1]
	if b200.GPU != "B200" || !b200.MeetsTarget || b200.RowID == nil || *b200.RowID != "qwen-3-235b-a22b-instruct/B200/8/16" ||
		b200.JoulesPerOutputToken != "5.5810838" || b200.WhPerRequest != "0.775150527777777778" || b200.KWhPerMonth != "1550.30105555555556" ||
		b200.ReachableITLMs != nil || b200.ModelID != "Qwen/Qwen3-235B-A22B-Instruct-2507" || b200.Model != "qwen-3-235b-a22b-instruct" {
		t.Errorf("B200 result = %+v", b200)
	}
	if h100.GPU != "H100" || h100.MeetsTarget || h100.RowID != nil || h100.ReachableITLMs == nil || *h100.ReachableITLMs != "20.2" ||
		h100.Configuration.RowID != "qwen-3-235b-a22b-instruct/H100/8/8" || h100.JoulesPerOutputToken != "7.2925891" {
		t.Errorf("H100 result = %+v", h100)
	}
	plainNumbers(t, stdout)
}

// plainNumbers checks that every number in the JSON document s is written
// without an exponent.
func plainNumbers(t *testing.T, s string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	numbers := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if n, ok := tok.(json.Number); ok {
			numbers++
			if strings.ContainsAny(string(n), "eE") {
				t.Errorf("number %s has an exponent", n)
			}
		}
	}
	if numbers == 0 {
		t.Error("no numbers in the JSON")
	}
}

func TestJSONHugeVolumeHasNoExponent(t *testing.T) {
	code, stdout, stderr := runCLI("-json", "-tokens", "1e18", "-output-tokens", "0.5", "-gpu", "B200", "-model", "deepseek-v3-1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	v := decodeJSON(t, stdout)
	if len(v.Results) != 1 || v.Inputs.OutputTokensPerMonth != "1000000000000000000" || v.Inputs.OutputTokensPerRequest != "0.5" {
		t.Fatalf("results %d, inputs %+v", len(v.Results), v.Inputs)
	}
	plainNumbers(t, stdout)
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string // lines or fragments of stderr
	}{
		{"tokens not a number", []string{"-tokens", "lots"}, []string{`energyfloor: -tokens "lots": Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6.`}},
		{"tokens with a decimal comma", []string{"-tokens", "1.500.000,5"}, []string{`energyfloor: -tokens "1.500.000,5": The comma is not read as a decimal point: type 1,500,000.5 if that is the number.`}},
		{"tokens in a plural word", []string{"-tokens", "3 billions"}, []string{`energyfloor: -tokens "3 billions": Write "billion" after a number, not "billions".`}},
		{"tokens zero", []string{"-tokens", "0"}, []string{`energyfloor: -tokens "0": Must be more than zero.`}},
		{"tokens beyond the bound", []string{"-tokens", "1e19"}, []string{`energyfloor: -tokens "1e19": Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month.`}},
		{"tokens hexadecimal", []string{"-tokens", "0x10"}, []string{`-tokens "0x10": Enter a decimal number`}},
		{"output tokens negative", []string{"-output-tokens", "-500"}, []string{`energyfloor: -output-tokens "-500": Must be more than zero.`}},
		{"output tokens too many", []string{"-output-tokens", "2M"}, []string{`energyfloor: -output-tokens "2M": Must be at most 1,000,000 output tokens per request.`}},
		{"itl NaN", []string{"-itl-ms", "NaN"}, []string{`energyfloor: -itl-ms "NaN": Enter a finite number, such as 100.`}},
		{"output tokens not a number", []string{"-output-tokens", "lots"}, []string{`energyfloor: -output-tokens "lots": Enter a number such as 1500, 1,500, 1.5k or 1.5e3.`}},
		{"a 10 KB value cut to 40 characters", []string{"-tokens", strings.Repeat("x", 10<<10)},
			[]string{"energyfloor: -tokens \"" + strings.Repeat("x", 40) + "…\": Too long: enter at most 100 characters.\n"}},
		{"control and direction characters escaped", []string{"-model", "\u202eevil\x1b[31m"},
			[]string{`energyfloor: -model "\u202eevil\x1b[31m": No such model in lm-arena-chat: see energyfloor -list.` + "\n"}},
		{"itl beyond a minute", []string{"-itl-ms", "61000"}, []string{`energyfloor: -itl-ms "61000": Must be at most 60,000 ms.`}},
		{"percentile", []string{"-percentile", "p50"}, []string{`energyfloor: -percentile "p50": Choose median, p90, p95 or p99, not "p50".`}},
		{"gpu", []string{"-gpu", "A100"}, []string{`energyfloor: -gpu "A100": Choose H100 or B200, or leave it out for either.`}},
		{"workload", []string{"-workload", "chat"}, []string{`energyfloor: -workload "chat": Unknown workload: choose one of lm-arena-chat, gpqa, sourcegraph-fim, image-chat, video-chat, text-to-image, text-to-video.`}},
		{"model", []string{"-model", "gpt-5"}, []string{`energyfloor: -model "gpt-5": No such model in lm-arena-chat: see energyfloor -list.`}},
		{"every problem at once", []string{"-tokens", "x", "-itl-ms", "0"}, []string{`-tokens "x"`, `-itl-ms "0": Must be more than zero.`}},
		{"unknown flag", []string{"-fast"}, []string{"flag provided but not defined: -fast", "Usage: energyfloor [flags]"}},
		{"flag without its value", []string{"-tokens"}, []string{"flag needs an argument: -tokens"}},
		{"positional argument", []string{"qwen"}, []string{`energyfloor: unexpected argument "qwen": every input is a flag (see -h)`}},
		{"bad boolean", []string{"-json=maybe"}, []string{`invalid boolean value "maybe" for -json`}},
		{"host overhead beyond the bound", []string{"-host-overhead", "6"}, []string{`energyfloor: -host-overhead "6": Must be between 0 and 5: a fraction of GPU energy, such as 0.43.`}},
		{"idle overhead as a percentage", []string{"-idle-overhead", "17%"}, []string{`energyfloor: -idle-overhead "17%": Enter a fraction of GPU energy, not a percentage: 0.43 for 43%.`}},
		{"pue below 1", []string{"-pue", "0.9"}, []string{`energyfloor: -pue "0.9": Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09.`}},
		{"pue empty", []string{"-pue", ""}, []string{`energyfloor: -pue "": Enter a number, such as 1.09.`}},
		{"pue not a number", []string{"-pue", "abc"}, []string{`energyfloor: -pue "abc": Enter a number such as 1.09.`}},
		{"unknown grid", []string{"-grid", "Atlantis"}, []string{`energyfloor: -grid "Atlantis": Unknown grid: use an ISO 3166-1 alpha-3 country code such as DEU, USA or IND, or a region: ` +
			`ASEAN, Africa, Asia, EU, Europe, G20, G7, Latin America and Caribbean, Middle East, North America, OECD, Oceania, World.`}},
		{"grid code of two letters", []string{"-grid", "DE"}, []string{`energyfloor: -grid "DE": Unknown grid`}},
		{"intensity beyond the bound", []string{"-gco2-per-kwh", "2001"}, []string{`energyfloor: -gco2-per-kwh "2001": Must be between 0 and 2,000 gCO2e/kWh.`}},
		{"negative price", []string{"-price-per-kwh", "-0.1"}, []string{`energyfloor: -price-per-kwh "-0.1": Must be between 0 and 1,000 per kWh.`}},
		{"price not a number", []string{"-price-per-kwh", "cheap"}, []string{`energyfloor: -price-per-kwh "cheap": Enter a number such as 0.12.`}},
		{"embodied not a number nor nvidia", []string{"-embodied-kg", "lots"},
			[]string{`energyfloor: -embodied-kg "lots": Enter a number of kgCO2e per GPU such as 164, or nvidia for NVIDIA's figure of each GPU.`}},
		{"currency too long", []string{"-currency", "Euro cents"}, []string{`energyfloor: -currency "Euro cents": Too long: enter at most 8 characters, such as EUR or US$.`}},
		{"currency with a line break", []string{"-currency", "EU\nR"}, []string{`energyfloor: -currency "EU\nR": Use letters, digits and signs only`}},
		{"origin not http", []string{"-origin", "ftp://example.org"}, []string{`energyfloor: -origin "ftp://example.org": Give the app's public URL`}},
		{"origin with a query", []string{"-statement", "-origin", "https://example.org/?a=1"}, []string{`-origin "https://example.org/?a=1"`}},
		{"every factor problem at once", []string{"-pue", "4", "-grid", "XYZ", "-host-overhead", "x"}, []string{`-pue "4"`, `-grid "XYZ"`, `-host-overhead "x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
		})
	}
}

// TestStatementIsTheJSONs checks that -statement prints the -json report's
// statement, for the model -model names and otherwise the default model, and
// that its link opens the same inputs in the app's parameters.
func TestStatementIsTheJSONs(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"-model", "qwen-3-8b", "-gpu", "h100", "-itl-ms", "30", "-percentile", "p90"},
		{"-workload", "image-chat", "-pue", "1.5", "-origin", "https://example.org"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			_, text, _ := runCLI(append([]string{"-statement"}, args...)...)
			_, js, _ := runCLI(append([]string{"-json"}, args...)...)
			var rep struct {
				Statement string `json:"statement"`
			}
			if err := json.Unmarshal([]byte(js), &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Statement == "" || text != rep.Statement+"\n" {
				t.Errorf("-statement printed\n%s\n-json's statement is\n%s", text, rep.Statement)
			}
		})
	}
}

func TestOtherCommands(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"version", []string{"-version"}, []string{"energyfloor dev, data version 2026-10-19\n"}},
		{"list as JSON", []string{"-list", "-json"}, []string{`"data_version": "2026-10-19"`, `"id": "lm-arena-chat"`, `"slug": "qwen-3-235b-a22b-instruct"`, `"id": "video-chat"`}},
		{"model by slug, either case", []string{"-model", "QWEN-3-8B"}, []string{"Qwen 3 8B  ", "B200", "H100", "Caveat: GPU energy only"}},
		{"gpu in lower case", []string{"-gpu", "b200", "-model", "qwen-3-8b"}, []string{"B200 only", "1×B200, max_num_seqs 1536"}},
		{"gpqa", []string{"-workload", "gpqa", "-percentile", "p95", "-itl-ms", "200"}, []string{"(gpqa)", "p95 inter-token latency within 200 ms", "P95 ITL"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
	if code, _, stderr := runCLI("-h"); code != 0 || !strings.Contains(stderr, "-itl-ms ms") {
		t.Errorf("-h: exit %d, stderr %q", code, stderr)
	}
}

// TestHelpDefaults: -h gives each flag's defaults once, as a new page has
// them, written in for the marks: a flag whose help states its defaults
// per workload has no default of its own besides (the flag package would
// add `(default "2M")`).
func TestHelpDefaults(t *testing.T) {
	usage := helpUsage(t)
	for name, u := range usage {
		if n := strings.Count(u, "(default"); n > 1 {
			t.Errorf("-%s states %d defaults: %s", name, n, u)
		}
		if strings.ContainsAny(u, "{}") {
			t.Errorf("-%s's help keeps a mark: %s", name, u)
		}
	}
	for name, want := range map[string]string{
		"requests":  "the images or videos a month (default -tokens over -output-tokens; 1M images; 10k videos)",
		"latency-s": "0.1 to 100,000 (default 30 for images, 1,800 for videos)",
		"tokens":    `(default "1B")`,
	} {
		if !strings.Contains(usage[name], want) {
			t.Errorf("-%s's help lacks %q: %s", name, want, usage[name])
		}
	}
}

// helpUsage returns each flag's help as -h prints it, by name.
func helpUsage(t *testing.T) map[string]string {
	t.Helper()
	code, _, help := runCLI("-h")
	if code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	// Each flag is a line "  -name arg" and its help on the next.
	lines := strings.Split(help, "\n")
	usage := map[string]string{}
	for i, l := range lines {
		if name, ok := strings.CutPrefix(l, "  -"); ok && i+1 < len(lines) {
			name, _, _ = strings.Cut(name, " ")
			usage[name] = strings.TrimSpace(lines[i+1])
		}
	}
	return usage
}

// docNumber is a number in prose: 500, 0.1, 100,000, 2.5M, 1e9; not the
// digits inside a name such as p90, H100 or qwen-3-8b.
var docNumber = regexp.MustCompile(`(?:^|[\s("'])(\d[\d,]*(?:\.\d+)?(?:e\d+)?[kKMBT]?)\b`)

// TestDocFlags: every number the package doc's list of flags gives for a
// flag (a default, a bound, an example) is in that flag's -h help, which
// takes its defaults and ranges from the parsers' constants; a number typed
// into the doc fails here when its constant changes.
func TestDocFlags(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	usage := helpUsage(t)
	// The list: lines "//\t-name arg   text", each continued on lines
	// "//\t      text", from "// Flags:" to the next paragraph.
	_, list, _ := strings.Cut(string(src), "// Flags:\n//\n")
	list, _, _ = strings.Cut(list, "\n//\n")
	doc := map[string]string{}
	var name string
	for _, l := range strings.Split(list, "\n") {
		l = strings.TrimPrefix(l, "//\t")
		if flag, ok := strings.CutPrefix(l, "-"); ok {
			name, _, _ = strings.Cut(flag, " ")
		}
		doc[name] += " " + l
	}
	if len(doc) != len(usage) {
		t.Errorf("the doc lists %d flags, -h %d", len(doc), len(usage))
	}
	for name, text := range doc {
		help, ok := usage[name]
		if !ok {
			t.Errorf("the doc lists -%s, which -h does not", name)
			continue
		}
		for _, m := range docNumber.FindAllStringSubmatch(text, -1) {
			n := strings.TrimRight(m[1], ",")
			if !containsNumber(help, n) {
				t.Errorf("the doc gives -%s %q, which its help does not: %s", name, n, help)
			}
		}
		// A default the doc states is the one -h states, not just a
		// number the help has elsewhere (as "0 to 5" has 0).
		for _, m := range docDefault.FindAllStringSubmatch(text, -1) {
			if !strings.Contains(help, `(default "`+m[1]+`")`) && !strings.Contains(help, "(default "+m[1]) {
				t.Errorf("the doc gives -%s the default %q, which its help does not: %s", name, m[1], help)
			}
		}
	}
}

// docDefault is a default the doc states: "(default 0)", "(default 1B)".
var docDefault = regexp.MustCompile(`\(default ([^)\s,;]+)`)

// containsNumber reports whether text has the number n among its numbers.
func containsNumber(text, n string) bool {
	for _, m := range docNumber.FindAllStringSubmatch(text, -1) {
		if strings.TrimRight(m[1], ",") == n {
			return true
		}
	}
	return false
}

// TestSpellings: the spellings a link takes give the output of the
// canonical ones: a GPU in any case or "either", a model's Hugging Face id,
// a grid code in any case.
func TestSpellings(t *testing.T) {
	for _, tc := range []struct {
		name            string
		args, canonical []string
	}{
		{"GPU in lower case", []string{"-gpu", "h100"}, []string{"-gpu", "H100"}},
		{"either GPU", []string{"-gpu", "either"}, nil},
		{"either GPU in capitals", []string{"-gpu", "EITHER"}, nil},
		{"model by Hugging Face id", []string{"-model", "meta-llama/Llama-3.1-8B-Instruct"}, []string{"-model", "llama-3-1-8b-instruct"}},
		{"grid in lower case", []string{"-grid", "deu", "-json"}, []string{"-grid", "DEU", "-json"}},
		{"tokens in words", []string{"-tokens", "3 billion", "-json"}, []string{"-tokens", "3B", "-json"}},
		{"tokens as bn", []string{"-tokens", "3bn", "-json"}, []string{"-tokens", "3B", "-json"}},
		{"tokens grouped with dots", []string{"-tokens", "3.000.000.000", "-json"}, []string{"-tokens", "3B", "-json"}},
		{"requests in thousands", []string{"-requests", "250 thousand", "-json"}, []string{"-requests", "250k", "-json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, got, stderr := runCLI(tc.args...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if _, want, _ := runCLI(tc.canonical...); got != want {
				t.Errorf("energyfloor %s differs from energyfloor %s:\n%s", strings.Join(tc.args, " "), strings.Join(tc.canonical, " "), got)
			}
		})
	}
}

// TestBinary builds the command and runs it as a user would.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "energyfloor")
	build := exec.Command("go", "build", "-ldflags", "-X main.version=test-1", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	out, err := exec.Command(bin, "-json", "-model", "qwen-3-235b-a22b-instruct", "-gpu", "B200", "-itl-ms", "500").Output()
	if err != nil {
		t.Fatalf("energyfloor -json: %v", err)
	}
	v := decodeJSON(t, string(out))
	if v.AppVersion != "test-1" || len(v.Results) != 1 || v.Results[0].RowID == nil || *v.Results[0].RowID != "qwen-3-235b-a22b-instruct/B200/4/4096" ||
		v.Results[0].JoulesPerOutputToken != "0.2402453" {
		t.Errorf("app_version %q, results %+v", v.AppVersion, v.Results)
	}

	cmd := exec.Command(bin, "-tokens", "a lot")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("energyfloor -tokens 'a lot': %v, want exit status 2", err)
	}
	if want := `energyfloor: -tokens "a lot": Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6.`; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr = %q, want %q", stderr.String(), want)
	}
}

// TestDefaultFactors checks that the factors at their defaults (and a
// currency alone, which is not a factor) leave the table and the JSON as
// they are without them.
func TestDefaultFactors(t *testing.T) {
	defaults := []string{"-host-overhead", "0", "-idle-overhead", "0.0", "-pue", "1", "-currency", "EUR"}
	for _, args := range [][]string{nil, {"-json"}} {
		_, want, _ := runCLI(args...)
		code, got, stderr := runCLI(append(args, defaults...)...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
		if args == nil && got != want {
			t.Errorf("the table with the default factors differs from the table without them:\n%s", got)
		}
		if args != nil && strings.Replace(got, `"currency": "EUR"`, `"currency": ""`, 1) != want {
			t.Errorf("the JSON with the default factors differs from the JSON without them but for the currency:\n%s", got)
		}
	}
}

// TestJSONEstimate checks -json's estimate against figures worked with
// Python's decimal module at 50 digits: Qwen 3 235B A22B Instruct on 4×B200
// at 4096 (0.2402453 J per output token; 500 tokens a request, 10^9 a month)
// with the industry-average factors, k = (1 + 0.43 + 0.17) × 1.56 = 2.496,
// on World (472.94 gCO2e/kWh, 2024) at 0.12 USD a kWh:
//
//	Wh per request   0.2402453 × 500 / 3600 × 2.496 = 0.0832850373333…
//	kWh per month    0.2402453 × 10^9 / 3,600,000 × 2.496 = 166.570074666…
//	g per request    0.0832850373333… × 472.94 / 1000 = 0.0393888255564266…
//	kg per month     166.570074666… × 472.94 / 1000 = 78.7776511128533…
//	cost per month   166.570074666… × 0.12 = 19.98840896
//
// The H100 result has no bundled-grid carbon without a grid: with
// -gco2-per-kwh the grid is null and its source too.
func TestJSONEstimate(t *testing.T) {
	code, stdout, stderr := runCLI("-json", "-model", "qwen-3-235b-a22b-instruct", "-gpu", "B200", "-host-overhead", "0.43", "-idle-overhead", "0.17",
		"-pue", "1.56", "-grid", "World", "-price-per-kwh", "0.12", "-currency", "USD")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v struct {
		Inputs struct {
			Host     json.Number  `json:"host_overhead"`
			Idle     json.Number  `json:"idle_overhead"`
			PUE      json.Number  `json:"pue"`
			Grid     *string      `json:"grid"`
			Year     *int         `json:"grid_year"`
			GCO2     *json.Number `json:"grid_gco2e_per_kwh"`
			Price    *json.Number `json:"price_per_kwh"`
			Currency string       `json:"currency"`
		} `json:"inputs"`
		Caveat     string `json:"caveat"`
		GridSource *struct {
			Attribution string `json:"attribution"`
		} `json:"grid_source"`
		Results []struct {
			WhPerRequest json.Number `json:"wh_per_request"`
			Estimate     *struct {
				Wh   json.Number  `json:"wh_per_request"`
				KWh  json.Number  `json:"kwh_per_month"`
				G    *json.Number `json:"g_co2e_per_request"`
				Kg   *json.Number `json:"kg_co2e_per_month"`
				Cost *json.Number `json:"cost_per_month"`
			} `json:"estimate"`
		} `json:"results"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	in := v.Inputs
	if in.Host != "0.43" || in.Idle != "0.17" || in.PUE != "1.56" || in.Grid == nil || *in.Grid != "World" || in.Year == nil || *in.Year != 2024 ||
		in.GCO2 == nil || *in.GCO2 != "472.94" || in.Price == nil || *in.Price != "0.12" || in.Currency != "USD" {
		t.Errorf("inputs %+v", in)
	}
	if v.GridSource == nil || v.GridSource.Attribution != "Carbon intensity: Ember, yearly electricity data, via CO2.js (Green Web Foundation)" ||
		!strings.Contains(v.Caveat, "World's 472.94 gCO2e/kWh for 2024") || !strings.Contains(v.Caveat, "Industry-average facility") {
		t.Errorf("grid source %+v, caveat %q", v.GridSource, v.Caveat)
	}
	if len(v.Results) != 1 || v.Results[0].Estimate == nil {
		t.Fatalf("results %+v", v.Results)
	}
	e := v.Results[0].Estimate
	for _, c := range []struct {
		name string
		got  *json.Number
		want string
	}{
		{"wh_per_request", &e.Wh, "0.083285037333333333333"},
		{"kwh_per_month", &e.KWh, "166.57007466666666666667"},
		{"g_co2e_per_request", e.G, "0.039388825556426666667"},
		{"kg_co2e_per_month", e.Kg, "78.777651112853333333"},
		{"cost_per_month", e.Cost, "19.98840896"},
	} {
		if c.got == nil || !agree(string(*c.got), c.want) {
			t.Errorf("%s = %v, want %s to 15 significant digits", c.name, c.got, c.want)
		}
	}
	if v.Results[0].WhPerRequest != "0.0333674027777777778" {
		t.Errorf("the floor's wh_per_request is %s, want 0.0333674027777777778 as without factors", v.Results[0].WhPerRequest)
	}
	plainNumbers(t, stdout)

	_, stdout, _ = runCLI("-json", "-model", "qwen-3-235b-a22b-instruct", "-gpu", "H100", "-grid", "DEU", "-gco2-per-kwh", "0")
	v.GridSource, v.Inputs.Grid = nil, nil
	dec = json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if v.Inputs.Grid != nil || v.GridSource != nil || v.Inputs.GCO2 == nil || *v.Inputs.GCO2 != "0" || v.Results[0].Estimate == nil ||
		v.Results[0].Estimate.G == nil || *v.Results[0].Estimate.G != "0" || v.Results[0].Estimate.Cost != nil {
		t.Errorf("a custom zero intensity over DEU: inputs %+v, grid source %+v, estimate %+v", v.Inputs, v.GridSource, v.Results[0].Estimate)
	}
}

// agree reports whether the decimal texts got and want agree to 15
// significant digits.
func agree(got, want string) bool {
	g, err := decimal.NewFromString(got)
	if err != nil {
		return false
	}
	w := decimal.RequireFromString(want)
	return g.Sub(w).Abs().LessThanOrEqual(w.Abs().Shift(-15))
}

func TestVersionJSON(t *testing.T) {
	code, stdout, stderr := runCLI("-version", "-json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("-version -json printed %q, not JSON: %v", stdout, err)
	}
	want := map[string]any{"app_version": "dev", "data_version": "2026-10-19"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("-version -json = %v, want %v", got, want)
	}
}

// TestFactorsLineUnsetPUE: a factor given without -pue states PUE 1, the
// PUE the estimate uses, as the statement and the page's caveat do, not
// the unset field's zero.
func TestFactorsLineUnsetPUE(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-gco2-per-kwh", "300", "-model", "qwen-3-8b"},
			"Estimate beyond the floor: × 1, from host 0, idle 0 and PUE 1 (GPU only); carbon at your own 300 gCO2e/kWh.\n"},
		{[]string{"-host-overhead", "0.2", "-price-per-kwh", "0.3", "-currency", "EUR"},
			"Estimate beyond the floor: × 1.2, from host 0.2, idle 0 and PUE 1; cost at 0.3 EUR per kWh.\n"},
	} {
		code, out, stderr := runCLI(tc.args...)
		if code != 0 || !strings.Contains(out, "\n"+tc.want) {
			t.Errorf("%v: exit %d, stderr %q, prints\n%s\nwant the line\n%s", tc.args, code, stderr, out, tc.want)
		}
	}
}
