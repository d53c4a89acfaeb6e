package floor_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// TestReportCSVIsTheJSON checks that every CSV column is the JSON report's
// field of the same path, with the same value (null as an empty cell), for a
// ranking in which some results meet the target and some do not, with a
// selected model: without factors (estimate and grid source null), with the
// Google preset on a bundled grid and a price (every column filled), and
// with a custom intensity (no grid source, no cost).
func TestReportCSVIsTheJSON(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	deu, _ := ds.GridIntensity("DEU")
	p, _ := floor.PresetByID(floor.PresetGoogle2025)
	for _, tc := range []struct {
		name    string
		factors floor.Factors
		empty   []string // the columns empty on every row; every other column has a value on some row
	}{
		{"no factors", floor.Factors{}, append([]string{"inputs.gpu", "inputs.model", "inputs.grid", "inputs.grid_year", "inputs.grid_gco2e_per_kwh",
			"inputs.price_per_kwh", "inputs.currency", "estimate.wh_per_request", "estimate.kwh_per_month", "estimate.g_co2e_per_request",
			"estimate.kg_co2e_per_month", "estimate.cost_per_month", "estimate.cost_per_request", "traffic.estimate.cost_per_request", "traffic.estimate.wh_per_request", "traffic.estimate.kwh_per_month",
			"traffic.estimate.g_co2e_per_request", "traffic.estimate.kg_co2e_per_month", "traffic.estimate.cost_per_month", "grid_source.name", "grid_source.attribution", "grid_source.url",
			"grid_source.data_url", "grid_source.commit", "grid_source.updated", "grid_source.licence", "estimate.gpu_seconds_per_request",
			"traffic.estimate.gpu_seconds_per_request"}, noFootprint...)},
		{"Google preset on DEU with a price and the full footprint", floor.Factors{Host: p.Host, Idle: p.Idle, PUE: p.PUE, Grid: deu,
			PricePerKWh: decimal.NewNullDecimal(decimal.RequireFromString("0.30")), Currency: "EUR", Footprint: fullFootprint(ds)},
			[]string{"inputs.gpu", "inputs.model"}},
		{"a custom intensity", floor.Factors{Grid: deu, CustomGCO2ePerKWh: decimal.NewNullDecimal(decimal.NewFromInt(400))},
			append([]string{"inputs.gpu", "inputs.model", "inputs.grid", "inputs.grid_year", "inputs.price_per_kwh", "inputs.currency",
				"estimate.cost_per_month", "traffic.estimate.cost_per_month", "estimate.cost_per_request", "traffic.estimate.cost_per_request", "grid_source.name", "grid_source.attribution", "grid_source.url", "grid_source.data_url",
				"grid_source.commit", "grid_source.updated", "grid_source.licence"}, noFootprint...)},
	} {
		t.Run(tc.name, func(t *testing.T) { checkCSVIsTheJSON(t, ds, tc.factors, tc.empty) })
	}
}

// noFootprint are the report's columns empty without footprint factors.
var noFootprint = []string{"inputs.embodied", "inputs.service_life_years", "inputs.server_kg", "inputs.wue_l_per_kwh", "inputs.offsite_water_l_per_kwh",
	"estimate.embodied_kg_per_gpu", "estimate.embodied_g_per_request", "estimate.embodied_kg_per_month",
	"estimate.water_onsite_ml_per_request", "estimate.water_offsite_ml_per_request", "estimate.water_ml_per_request", "estimate.water_l_per_month",
	"traffic.estimate.embodied_kg_per_gpu", "traffic.estimate.embodied_g_per_request", "traffic.estimate.embodied_kg_per_month",
	"traffic.estimate.water_onsite_ml_per_request", "traffic.estimate.water_offsite_ml_per_request",
	"traffic.estimate.water_ml_per_request", "traffic.estimate.water_l_per_month"}

// fullFootprint sets every footprint factor: each GPU's bundled embodied
// value, a server, Microsoft's WUE and 3.1 L/kWh off site.
func fullFootprint(ds *floor.Dataset) floor.Footprint {
	return floor.Footprint{Bundled: true, ServerKg: decimal.NewNullDecimal(decimal.NewFromInt(2_500)),
		WUE: decimal.NewNullDecimal(decimal.RequireFromString("0.27")), OffsiteLPerKWh: decimal.NewNullDecimal(decimal.RequireFromString("3.1")),
		Sources: &ds.Footprint}
}

func checkCSVIsTheJSON(t *testing.T, ds *floor.Dataset, factors floor.Factors, empty []string) {
	w := ds.TokenWorkload("lm-arena-chat")
	in := floor.DefaultInputs()
	in.Model = ""
	in.TargetITLMs = decimal.NewFromInt(20)
	in.Factors = factors
	rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	in.Model = "qwen-3-8b"
	rep.Select(ds, w, in)

	js, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	b, err := rep.CSV()
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	results := doc["results"].([]any)
	if len(records) != len(results)+1 {
		t.Fatalf("got %d CSV rows, want a header and %d", len(records), len(results))
	}
	meets, misses := 0, 0
	filled := map[string]bool{}
	for i, res := range results {
		res := res.(map[string]any)
		if res["meets_target"] == true {
			meets++
		} else {
			misses++
		}
		for j, name := range records[0] {
			// A path names a field of the result, or else of the report.
			keys := strings.Split(name, ".")
			var v any = res
			if _, ok := res[keys[0]]; !ok {
				v = doc
			}
			for _, key := range keys {
				m, ok := v.(map[string]any)
				if !ok {
					break // a null object: its fields are null too
				}
				if v, ok = m[key]; !ok {
					t.Fatalf("column %q: the JSON report has no such field", name)
				}
			}
			want := ""
			switch v := v.(type) {
			case nil:
			case string:
				want = v
			case json.Number:
				want = v.String()
			case bool:
				want = map[bool]string{true: "true", false: "false"}[v]
			case []any:
				// A list (the report's equivalents) is one cell: its JSON.
				js, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				want = string(js)
			default:
				t.Fatalf("column %q: the JSON value is %T, not a scalar or a list", name, v)
			}
			if got := records[i+1][j]; got != want {
				t.Errorf("result %d, column %q: CSV %q, JSON %q", i+1, name, got, want)
			}
			filled[name] = filled[name] || want != ""
		}
	}
	if meets == 0 || misses == 0 {
		t.Errorf("want results that meet the target and results that do not; got %d and %d", meets, misses)
	}
	for _, name := range records[0] {
		if want := !slices.Contains(empty, name); filled[name] != want {
			t.Errorf("column %q has a value on some row: %t, want %t", name, filled[name], want)
		}
	}
}

// TestReportEstimate checks the report's inputs, caveat, grid source and
// estimates with factors set: the figures are Factors.Estimate's of each
// result, as plain decimals.
func TestReportEstimate(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.TokenWorkload("lm-arena-chat")
	in := floor.DefaultInputs()
	p, _ := floor.PresetByID(floor.PresetGoogle2025)
	in.Factors = floor.Factors{Host: p.Host, Idle: p.Idle, PUE: p.PUE, PricePerKWh: decimal.NewNullDecimal(decimal.RequireFromString("0.30")), Currency: "EUR"}
	in.Factors.Grid, _ = ds.GridIntensity("DEU")
	results := floor.Rank(w, in)
	rep := floor.NewReport(ds, w, in, results, "test")
	ri := rep.Inputs
	if ri.HostOverhead.String() != "0.43" || ri.IdleOverhead.String() != "0.17" || ri.PUE.String() != "1.09" || ri.Grid == nil || *ri.Grid != "DEU" ||
		ri.GridYear == nil || *ri.GridYear != 2024 || ri.GridGCO2ePerKWh == nil || ri.GridGCO2ePerKWh.String() != "342.06" ||
		ri.PricePerKWh == nil || ri.PricePerKWh.String() != "0.3" || ri.Currency != "EUR" {
		t.Errorf("inputs %+v", ri)
	}
	if rep.GridSource == nil || rep.GridSource.Attribution != ds.GridSource.Attribution || rep.GridSource.Commit != ds.GridSource.Commit {
		t.Errorf("grid source %+v", rep.GridSource)
	}
	if want := ds.Caveat + " " + floor.ScopeWords(in.Factors) + " " + floor.CaveatNote(in.Factors, ds.GridSource); rep.Caveat != want {
		t.Errorf("caveat %q, want %q", rep.Caveat, want)
	}
	for i, res := range results {
		e, got := in.Factors.Estimate(res.Figures), rep.Results[i].Estimate
		if got == nil || got.WhPerRequest.String() != e.WhPerRequest.String() || got.KWhPerMonth.String() != e.KWhPerMonth.String() ||
			got.GCO2ePerRequest == nil || got.GCO2ePerRequest.String() != e.GCO2ePerRequest.Decimal.String() ||
			got.KgCO2ePerMonth == nil || got.KgCO2ePerMonth.String() != e.KgCO2ePerMonth.Decimal.String() ||
			got.CostPerMonth == nil || got.CostPerMonth.String() != e.CostPerMonth.Decimal.String() {
			t.Fatalf("result %d: estimate %+v, want %+v", i+1, got, e)
		}
		if rep.Results[i].WhPerRequest.String() != res.Figures.WhPerRequest.String() {
			t.Fatalf("result %d: the floor's wh_per_request %s is not the floor's %s", i+1, rep.Results[i].WhPerRequest, res.Figures.WhPerRequest)
		}
	}

	// No factor: the estimate is null, the defaults are written, the caveat is the dataset's.
	in.Factors = floor.Factors{Currency: "EUR"}
	rep = floor.NewReport(ds, w, in, results, "test")
	if rep.Results[0].Estimate != nil || rep.GridSource != nil || rep.Caveat != ds.Caveat+" "+floor.ScopeWords(floor.Factors{}) || rep.Inputs.PUE.String() != "1" ||
		rep.Inputs.HostOverhead.String() != "0" || rep.Inputs.Grid != nil || rep.Inputs.GridGCO2ePerKWh != nil || rep.Inputs.PricePerKWh != nil {
		t.Errorf("without factors: estimate %+v, grid source %+v, caveat %q, inputs %+v", rep.Results[0].Estimate, rep.GridSource, rep.Caveat, rep.Inputs)
	}
}

// decodeJSON returns the report's JSON, decoded with numbers as json.Number.
func decodeJSON(t *testing.T, rep *floor.Report) map[string]any {
	t.Helper()
	js, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// readCSV returns the report's CSV records.
func readCSV(t *testing.T, rep *floor.Report) [][]string {
	t.Helper()
	b, err := rep.CSV()
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return records
}

// leafPaths adds the paths of v's scalar values under prefix to paths; a
// null may be an object's, so it adds none.
func leafPaths(paths map[string]bool, prefix string, v any) {
	if v == nil {
		return
	}
	m, ok := v.(map[string]any)
	if !ok {
		paths[strings.TrimSuffix(prefix, ".")] = true
		return
	}
	for k, x := range m {
		leafPaths(paths, prefix+k+".", x)
	}
}

// TestReportCSVHasEveryJSONField checks that every value of a fully populated
// report's JSON (factors, a bundled grid, a price, a selected model, results
// that meet the target and results that do not) has its CSV column.
func TestReportCSVHasEveryJSONField(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.TokenWorkload("lm-arena-chat")
	in := floor.DefaultInputs()
	in.Model = ""
	in.GPU = "H100"
	in.TargetITLMs = decimal.NewFromInt(20)
	p, _ := floor.PresetByID(floor.PresetGoogle2025)
	in.Factors = floor.Factors{Host: p.Host, Idle: p.Idle, PUE: p.PUE, PricePerKWh: decimal.NewNullDecimal(decimal.RequireFromString("0.30")), Currency: "EUR",
		Footprint: fullFootprint(ds)}
	in.Factors.Grid, _ = ds.GridIntensity("DEU")
	rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	in.Model = "qwen-3-8b"
	rep.Select(ds, w, in)
	rep.Inputs.Model = rep.Inputs.SelectedModel

	doc := decodeJSON(t, rep)
	paths := map[string]bool{}
	for k, v := range doc {
		if k != "results" {
			leafPaths(paths, k+".", v)
		}
	}
	for _, res := range doc["results"].([]any) {
		leafPaths(paths, "", res)
	}
	for _, want := range []string{"traffic.estimate.cost_per_month", "spread.median", "reachable_itl_ms", "grid_source.licence", "inputs.selected_model"} {
		if !paths[want] {
			t.Fatalf("the report is not fully populated: no %q in its JSON", want)
		}
	}
	header := readCSV(t, rep)[0]
	for path := range paths {
		if !slices.Contains(header, path) {
			t.Errorf("JSON field %q has no CSV column", path)
		}
	}
	if len(header) != len(paths) {
		t.Errorf("got %d CSV columns, want one per JSON field (%d)", len(header), len(paths))
	}
}

// TestReportCSVFormulas checks that a currency a spreadsheet would read as a
// formula is neutralised in the CSV and written as it is in the JSON.
func TestReportCSVFormulas(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.TokenWorkload("lm-arena-chat")
	for _, cur := range []string{"=1+2", "@A1", "+1", "-1", "\t1", "\r1"} {
		in := floor.DefaultInputs()
		in.Factors = floor.Factors{PricePerKWh: decimal.NewNullDecimal(decimal.RequireFromString("0.30")), Currency: cur}
		rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
		if got := decodeJSON(t, rep)["inputs"].(map[string]any)["currency"]; got != cur {
			t.Errorf("currency %q: JSON %q, want it as it is", cur, got)
		}
		records := readCSV(t, rep)
		i := slices.Index(records[0], "inputs.currency")
		for _, row := range records[1:] {
			if got, want := row[i], "'"+cur; got != want {
				t.Fatalf("currency %q: CSV cell %q, want %q", cur, got, want)
			}
			for j, cell := range row {
				if _, err := decimal.NewFromString(cell); err != nil && strings.ContainsAny(cell[:min(1, len(cell))], "=+-@\t\r") {
					t.Errorf("currency %q: column %q, cell %q is neither a number nor neutralised", cur, records[0][j], cell)
				}
			}
		}
	}
}

// TestDiffusionReportCSVHasEveryJSONField: a diffusion report's CSV has a
// column for every field of its JSON (the diffusion shapes), no more, and
// the JSON marks the selected model, as the app's downloads do.
func TestDiffusionReportCSVHasEveryJSONField(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.DiffusionWorkload("text-to-video")
	// Within 100 s HunyuanVideo meets nothing on B200; within 1,800 s
	// CogVideoX 2B's figure at your traffic has a next step.
	paths := map[string]bool{}
	var header []string
	for _, s := range []int64{100, 1800} {
		in := floor.Inputs{Workload: w.ID, ImagesOrVideosPerMonth: decimal.NewFromInt(10_000), TargetLatencyS: decimal.NewFromInt(s), GPU: "B200",
			Model: "cogvideox-2b", Factors: floor.Factors{PUE: decimal.RequireFromString("1.2"), PricePerKWh: decimal.NewNullDecimal(decimal.RequireFromString("0.3")),
				Footprint: fullFootprint(ds)}}
		in.Factors.Grid, _ = ds.GridIntensity("DEU")
		rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
		rep.Select(ds, w, in)
		doc := decodeJSON(t, rep)
		for k, v := range doc {
			if k != "results" {
				leafPaths(paths, k+".", v)
			}
		}
		for _, res := range doc["results"].([]any) {
			leafPaths(paths, "", res)
		}
		header = readCSV(t, rep)[0]
	}
	for _, want := range []string{"traffic.requests_per_second", "configuration.generation.frames", "reachable_latency_s",
		"inputs.latency_target_s", "selected", "traffic.estimate.cost_per_month", "traffic.next_step.from_requests_per_month"} {
		if !paths[want] {
			t.Fatalf("the report is not fully populated: no %q in its JSON", want)
		}
	}
	for path := range paths {
		if !slices.Contains(header, path) {
			t.Errorf("JSON field %q has no CSV column", path)
		}
	}
	for _, h := range header {
		if !paths[h] {
			t.Errorf("CSV column %q has no JSON field", h)
		}
	}
}

// TestReportSelectStatesTheModel: the app's download covers every model,
// and its statements and equivalents are for the model the page shows, as
// the CLI's -json gives them for that model (-model), not the default's.
func TestReportSelectStatesTheModel(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.TokenWorkload("lm-arena-chat")
	in := floor.DefaultInputs()
	in.GPU, in.OutputTokensPerMonth = "H100", decimal.NewFromInt(3e12)
	in.Model = ""
	rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	in.Model = "qwen-3-8b"
	rep.Select(ds, w, in)
	cli := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	const want = "Qwen 3 8B needs at least 0.0100 Wh per request for text conversation within a 100 ms median inter-token latency target, " +
		"and 0.0100 Wh per request at 3 trillion output tokens a month (GPU energy only; ML.ENERGY Leaderboard v3)."
	if rep.StatementShort != want {
		t.Errorf("the download's short statement:\n%s\nwant\n%s", rep.StatementShort, want)
	}
	if rep.Statement != cli.Statement || !strings.HasPrefix(rep.Statement, "Serving 3,000,000,000,000 output tokens a month of 500 output tokens a request with Qwen 3 8B ") {
		t.Errorf("the download's statement:\n%s\nthe CLI's for -model qwen-3-8b:\n%s", rep.Statement, cli.Statement)
	}
	if len(rep.Equivalents) == 0 || !reflect.DeepEqual(rep.Equivalents, cli.Equivalents) {
		t.Errorf("the download's equivalents %+v, the CLI's for -model qwen-3-8b %+v", rep.Equivalents, cli.Equivalents)
	}
	if n := len(rep.Results); n < 10 {
		t.Errorf("the download has %d results, want every model's", n)
	}
}
