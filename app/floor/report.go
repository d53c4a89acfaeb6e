package floor

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Report is a ranking with everything that travels with its figures: the
// inputs, the versions, the caveat and the citation. It is the one schema of
// `energyfloor -json` (whose documented contract, in cmd/energyfloor, it
// keeps: fields may be added, none renamed) and of the app's JSON and CSV
// downloads.
//
// Every figure is a JSON number written as a plain decimal and is not
// rounded for display.
type Report struct {
	Inputs        ReportInputs `json:"inputs"`
	DataVersion   string       `json:"data_version"`
	AppVersion    string       `json:"app_version"`
	HoursPerMonth int          `json:"hours_per_month"`
	// Caveat is the dataset's, with CaveatNote's sentence when a factor is set.
	Caveat      string       `json:"caveat"`
	Citation    string       `json:"citation"`
	CitationURL string       `json:"citation_url"`
	Source      ReportSource `json:"source"`
	// GridSource is the bundled grid data's source when the carbon figures
	// use a bundled grid, else null.
	GridSource *ReportGridSource `json:"grid_source"`
	// Statement is Statement's paragraph, without a link, for the model
	// StatementFloor picks: the one the results are limited to, else the
	// default model; "" when the workload has none.
	Statement string `json:"statement"`
	// StatementShort is ShortStatement's sentence for the same model,
	// without a link; "" when the workload has none.
	StatementShort string `json:"statement_short"`
	// Equivalents restate the statement's floor, per request and per
	// month, in everyday energies (Equivalents); empty when it has no floor.
	Equivalents []ReportEquivalent `json:"equivalents"`
	Results     []ReportResult     `json:"results"`
}

// ReportEquivalent is one figure restated as a count of one equivalent: Of
// names the figure by the page's id of it ("energy-per-request",
// "energy-per-month"), and Count is its Wh ÷ WhPerUnit, unrounded.
type ReportEquivalent struct {
	Of           string `json:"of"`
	ID           string `json:"id"`
	Name         string `json:"name"`
	Unit         string `json:"unit"`
	WhPerUnit    Number `json:"wh_per_unit"`
	Count        Number `json:"count"`
	Source       string `json:"source"`
	URL          string `json:"url"`
	Year         *int   `json:"year"`
	Basis        string `json:"basis"`
	Verification string `json:"verification"`
}

// The ids of the figures an equivalent restates (ReportEquivalent.Of): the
// page's ids of the floor per request and per month.
const (
	OfEnergyPerRequest = "energy-per-request"
	OfEnergyPerMonth   = "energy-per-month"
)

// reportEquivalents restates the floor of r, per request and per month, as
// counts of ds's equivalents; none when r meets nothing.
func reportEquivalents(ds *Dataset, r Result) []ReportEquivalent {
	out := []ReportEquivalent{}
	if !r.Meets() {
		return out
	}
	for _, fig := range []struct {
		of string
		wh decimal.Decimal
	}{{OfEnergyPerRequest, r.Figures.WhPerRequest}, {OfEnergyPerMonth, r.Figures.KWhPerMonth.Shift(3)}} {
		for _, c := range Equivalents(ds, fig.wh) {
			e := c.Equivalent
			re := ReportEquivalent{Of: fig.of, ID: e.ID, Name: e.Name, Unit: e.Unit, WhPerUnit: Number(e.WhPerUnit), Count: Number(c.Count),
				Source: e.Source, URL: e.URL, Basis: e.Basis, Verification: e.Verification}
			if e.Year != 0 {
				year := e.Year
				re.Year = &year
			}
			out = append(out, re)
		}
	}
	return out
}

// ReportInputs are the inputs the results are for.
type ReportInputs struct {
	Workload               string  `json:"workload"`
	OutputTokensPerMonth   Number  `json:"output_tokens_per_month"`
	OutputTokensPerRequest Number  `json:"output_tokens_per_request"`
	TargetITLMs            Number  `json:"itl_target_ms"`
	Percentile             string  `json:"percentile"`
	GPU                    *string `json:"gpu"`
	// Model is the one model the results are limited to, or null when they
	// cover every model.
	Model *string `json:"model"`
	// SelectedModel, in the app's downloads only, is the model the page
	// showed; the results still cover every model.
	SelectedModel *string `json:"selected_model,omitempty"`
	// The estimate's factors (Factors): host and idle energy as fractions
	// of GPU energy, and PUE; 0, 0 and 1 when none is set.
	HostOverhead Number `json:"host_overhead"`
	IdleOverhead Number `json:"idle_overhead"`
	PUE          Number `json:"pue"`
	// Grid is the code of the bundled grid the carbon figures use, and
	// GridYear the year of its figure; both null for none or a custom
	// intensity.
	Grid     *string `json:"grid"`
	GridYear *int    `json:"grid_year"`
	// GridGCO2ePerKWh is the intensity the carbon figures use (gCO2e per
	// kWh), bundled or custom, or null for none.
	GridGCO2ePerKWh *Number `json:"grid_gco2e_per_kwh"`
	// PricePerKWh is the price of a kWh in Currency, or null for none.
	PricePerKWh *Number `json:"price_per_kwh"`
	Currency    string  `json:"currency"`
}

// ReportGridSource is the provenance of a bundled grid intensity.
type ReportGridSource struct {
	Name        string `json:"name"`
	Attribution string `json:"attribution"`
	URL         string `json:"url"`
	DataURL     string `json:"data_url"`
	Commit      string `json:"commit"`
	Updated     string `json:"updated"`
	Licence     string `json:"licence"`
}

// ReportEstimate is a result's Estimate: energy at the estimate, carbon (null
// without a grid intensity) and cost (null without a price, in the inputs'
// currency).
type ReportEstimate struct {
	WhPerRequest    Number  `json:"wh_per_request"`
	KWhPerMonth     Number  `json:"kwh_per_month"`
	GCO2ePerRequest *Number `json:"g_co2e_per_request"`
	KgCO2ePerMonth  *Number `json:"kg_co2e_per_month"`
	CostPerMonth    *Number `json:"cost_per_month"`
}

// ReportSource is the provenance of the figures.
type ReportSource struct {
	Name      string `json:"name"`
	URL       string `json:"url"`
	DataURL   string `json:"data_url"`
	Version   string `json:"version"`
	Retrieved string `json:"retrieved"`
	Licence   string `json:"licence"`
}

// ReportResult is one model on one GPU. Its figures are for Configuration:
// the chosen configuration, or the fastest when nothing meets the target.
type ReportResult struct {
	Rank    int    `json:"rank"`
	ModelID string `json:"model_id"`
	// Model and Slug are both the model's slug.
	Model string `json:"model"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	GPU   string `json:"gpu"`
	// Selected, in the app's downloads only, marks the model the page showed.
	Selected    *bool   `json:"selected,omitempty"`
	MeetsTarget bool    `json:"meets_target"`
	RowID       *string `json:"row_id"`
	// ReachableITLMs, set when nothing meets the target, is the lowest
	// latency of the target's statistic the model reaches on this GPU.
	ReachableITLMs *Number             `json:"reachable_itl_ms"`
	Configuration  ReportConfiguration `json:"configuration"`
	Qualifying     int                 `json:"qualifying_configurations"`
	Measured       int                 `json:"measured_configurations"`
	Spread         *ReportSpread       `json:"spread"`
	JPerToken      Number              `json:"joules_per_output_token"`
	WhPerMillion   Number              `json:"wh_per_million_output_tokens"`
	JPerRequest    Number              `json:"joules_per_request"`
	WhPerRequest   Number              `json:"wh_per_request"`
	KWhPerMonth    Number              `json:"kwh_per_month"`
	KWhPerYear     Number              `json:"kwh_per_year"`
	Requests       Number              `json:"requests_per_month"`
	GPUHours       Number              `json:"gpu_hours_per_month"`
	Replicas       int64               `json:"replicas"`
	GPUsNeeded     int64               `json:"gpus_needed"`
	AvgGPUPower    Number              `json:"avg_gpu_power_watts"`
	// Estimate is null when the inputs set no factor (Factors.IsZero).
	Estimate *ReportEstimate `json:"estimate"`
	// Traffic is the floor the monthly volume can reach over the same
	// model and GPU (Traffic), or null when nothing meets the target.
	Traffic *ReportTraffic `json:"traffic"`
}

// ReportTraffic is a result's Traffic: the configuration the traffic floor
// is at, its figures, the monthly volume's average rate, how busy it keeps
// that configuration, and how many times the floor it is.
type ReportTraffic struct {
	OutputTokensPerSecond Number              `json:"output_tokens_per_second"`
	JPerToken             Number              `json:"joules_per_output_token"`
	WhPerRequest          Number              `json:"wh_per_request"`
	KWhPerMonth           Number              `json:"kwh_per_month"`
	RowID                 string              `json:"row_id"`
	Utilisation           Number              `json:"utilisation"`
	TimesFloor            Number              `json:"times_floor"`
	Configuration         ReportConfiguration `json:"configuration"`
	// Estimate is the traffic floor times the factors; null without them.
	Estimate *ReportEstimate `json:"estimate"`
	// NextStep is where the traffic floor next falls as the volume grows
	// (Traffic.NextStep), or null when it is the floor already.
	NextStep *ReportNextStep `json:"next_step"`
}

// ReportNextStep is a Traffic.NextStep: from which monthly volume the
// traffic floor is lower, and how many times the floor it is from there.
type ReportNextStep struct {
	FromTokensPerMonth Number `json:"from_tokens_per_month"`
	TimesFloor         Number `json:"times_floor"`
}

// ReportConfiguration is the measured configuration a result's figures are for.
type ReportConfiguration struct {
	RowID           string `json:"row_id"`
	GPU             string `json:"gpu"`
	NumGPUs         int    `json:"num_gpus"`
	TensorParallel  int    `json:"tensor_parallel"`
	DataParallel    int    `json:"data_parallel"`
	ExpertParallel  int    `json:"expert_parallel"`
	Precision       string `json:"precision"`
	MaxNumSeqs      int    `json:"max_num_seqs"`
	Repeat          int    `json:"repeat"`
	MedianITLMs     Number `json:"median_itl_ms"`
	P90ITLMs        Number `json:"p90_itl_ms"`
	P95ITLMs        Number `json:"p95_itl_ms"`
	P99ITLMs        Number `json:"p99_itl_ms"`
	TokensPerSecond Number `json:"tokens_per_second"`
	GPUPowerWatts   Number `json:"gpu_power_watts_total"`
}

// ReportSpread is Spread in joules per output token.
type ReportSpread struct {
	Floor   Number `json:"floor"`
	Median  Number `json:"median"`
	Highest Number `json:"highest"`
}

// Number is a decimal written as a plain JSON number: no quotes, no exponent.
type Number decimal.Decimal

// MarshalJSON writes the decimal's plain digits.
func (n Number) MarshalJSON() ([]byte, error) { return []byte(decimal.Decimal(n).String()), nil }

// String returns the decimal's plain digits.
func (n Number) String() string { return decimal.Decimal(n).String() }

// NewReport builds the report of results (as Rank returns them, in ranking
// order) for inputs in on workload w of ds. in.Model is the model the
// results are limited to ("" for every model).
func NewReport(ds *Dataset, w *Workload, in Inputs, results []Result, appVersion string) *Report {
	src := w.Source
	factors := in.Factors
	rep := &Report{
		Inputs: ReportInputs{
			Workload: w.ID, OutputTokensPerMonth: Number(in.OutputTokensPerMonth), OutputTokensPerRequest: Number(in.OutputTokensPerRequest),
			TargetITLMs: Number(in.TargetITLMs), Percentile: string(in.Statistic), GPU: optional(in.GPU), Model: optional(in.Model),
			HostOverhead: Number(factors.Host), IdleOverhead: Number(factors.Idle), PUE: Number(factors.pue()),
			PricePerKWh: optionalNumber(factors.PricePerKWh), Currency: factors.Currency,
		},
		DataVersion: ds.DataVersion, AppVersion: appVersion, HoursPerMonth: HoursPerMonth,
		Caveat: Caveat(ds, factors), Citation: src.Cite, CitationURL: src.CiteURL,
		Source:  ReportSource{Name: src.Name, URL: src.URL, DataURL: src.DataURL, Version: src.Version, Retrieved: src.Retrieved, Licence: src.Licence},
		Results: make([]ReportResult, len(results)),
	}
	if g, ok := factors.GCO2ePerKWh(); ok {
		rep.Inputs.GridGCO2ePerKWh = optionalNumber(decimal.NewNullDecimal(g))
	}
	if g, ok := factors.GridUsed(); ok {
		gs := ds.GridSource
		rep.Inputs.Grid, rep.Inputs.GridYear = &g.Code, &g.Year
		rep.GridSource = &ReportGridSource{Name: gs.Name, Attribution: gs.Attribution, URL: gs.URL, DataURL: gs.DataURL,
			Commit: gs.Commit, Updated: gs.Updated, Licence: gs.Licence}
	}
	if sin, sr, ok := StatementFloor(w, in); ok {
		rep.Statement = Statement(ds, w, sin, sr, "")
		rep.StatementShort = ShortStatement(w, sin, sr, "")
		rep.Equivalents = reportEquivalents(ds, sr)
	} else {
		rep.Equivalents = []ReportEquivalent{}
	}
	for i, res := range results {
		f := res.Figures
		c := res.Chosen
		rr := ReportResult{Rank: i + 1, ModelID: res.Model.ModelID, Model: res.Model.Slug, Slug: res.Model.Slug, Name: res.Model.Name, GPU: res.GPU,
			MeetsTarget: res.Meets(), Qualifying: res.Qualifying, Measured: res.Measured,
			JPerToken: Number(f.JoulesPerOutputToken), WhPerMillion: Number(f.WhPerMillionOutputTokens), JPerRequest: Number(f.JoulesPerRequest),
			WhPerRequest: Number(f.WhPerRequest), KWhPerMonth: Number(f.KWhPerMonth), KWhPerYear: Number(f.KWhPerYear),
			Requests: Number(f.RequestsPerMonth), GPUHours: Number(f.GPUHoursPerMonth), Replicas: f.Replicas, GPUsNeeded: f.GPUsNeeded,
			AvgGPUPower: Number(f.AvgGPUPowerWatts),
		}
		if c != nil {
			rr.RowID = &c.RowID
			rr.Spread = &ReportSpread{Floor: Number(res.Spread.Floor), Median: Number(res.Spread.Median), Highest: Number(res.Spread.Highest)}
		} else {
			c = res.Fastest
			reach := Number(c.ITL(in.Statistic))
			rr.ReachableITLMs = &reach
		}
		rr.Estimate = reportEstimate(factors, f)
		rr.Configuration = reportConfiguration(c)
		if t := res.Traffic; t != nil {
			rr.Traffic = &ReportTraffic{OutputTokensPerSecond: Number(t.OutputTokensPerSecond), JPerToken: Number(t.Figures.JoulesPerOutputToken),
				WhPerRequest: Number(t.Figures.WhPerRequest), KWhPerMonth: Number(t.Figures.KWhPerMonth), RowID: t.Config.RowID,
				Utilisation: Number(t.Utilisation), TimesFloor: Number(t.TimesFloor), Configuration: reportConfiguration(t.Config),
				Estimate: reportEstimate(factors, t.Figures)}
			if n := t.NextStep(); n != nil {
				rr.Traffic.NextStep = &ReportNextStep{FromTokensPerMonth: Number(n.FromOutputTokensPerMonth), TimesFloor: Number(n.TimesFloor)}
			}
		}
		rep.Results[i] = rr
	}
	return rep
}

// reportEstimate returns the estimate of figures f with factors, or nil
// when no factor is set.
func reportEstimate(factors Factors, f Figures) *ReportEstimate {
	if factors.IsZero() {
		return nil
	}
	e := factors.Estimate(f)
	return &ReportEstimate{WhPerRequest: Number(e.WhPerRequest), KWhPerMonth: Number(e.KWhPerMonth),
		GCO2ePerRequest: optionalNumber(e.GCO2ePerRequest), KgCO2ePerMonth: optionalNumber(e.KgCO2ePerMonth),
		CostPerMonth: optionalNumber(e.CostPerMonth)}
}

// reportConfiguration returns configuration c as the report writes it.
func reportConfiguration(c *Configuration) ReportConfiguration {
	return ReportConfiguration{
		RowID: c.RowID, GPU: c.GPU, NumGPUs: c.NumGPUs, TensorParallel: c.TensorParallel, DataParallel: c.DataParallel,
		ExpertParallel: c.ExpertParallel, Precision: c.Precision, MaxNumSeqs: c.MaxNumSeqs, Repeat: c.Repeat,
		MedianITLMs: Number(c.MedianITLMs), P90ITLMs: Number(c.P90ITLMs), P95ITLMs: Number(c.P95ITLMs), P99ITLMs: Number(c.P99ITLMs),
		TokensPerSecond: Number(c.TokensPerSecond), GPUPowerWatts: Number(c.GPUPowerWattsTotal),
	}
}

// Select records, for the app's downloads, the model the page showed: the
// results cover every model, and those of slug are marked selected.
func (r *Report) Select(slug string) {
	r.Inputs.SelectedModel = optional(slug)
	for i := range r.Results {
		selected := r.Results[i].Slug == slug
		r.Results[i].Selected = &selected
	}
}

// optional returns nil for "", else a pointer to s (JSON null or a string).
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// optionalNumber returns nil for an invalid d, else a pointer to its value
// (JSON null or a number).
func optionalNumber(d decimal.NullDecimal) *Number {
	if !d.Valid {
		return nil
	}
	n := Number(d.Decimal)
	return &n
}

// JSON returns the report as indented JSON with a final newline, leaving
// <, > and & as they are.
func (r *Report) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// CSV returns the report as CSV: one row per result, each carrying the
// report's other fields, so that any row quoted alone keeps its inputs,
// versions, caveat and citation. Each column is named by its path in the JSON
// report ("inputs.workload", "configuration.num_gpus"), and each cell is the
// JSON's value there: an empty cell is JSON's null, or an absent or null
// object. The columns are the report's inputs, then the result's fields, then
// the report's other fields, each in the JSON's order.
func (r *Report) CSV() ([]byte, error) { return jsonCSV(r) }

// jsonCSV writes rep, a struct whose JSON has an "inputs" object and a
// "results" array of objects, as CSV (Report.CSV). The columns come from
// rep's type, so every row has the same header whichever objects are null.
func jsonCSV[R any](rep *R) ([]byte, error) {
	var inputs, results, rest []string
	for _, f := range jsonFields(reflect.TypeFor[R]()) {
		switch {
		case f.name == "results" && f.typ.Kind() == reflect.Slice:
			results = jsonPaths(f.typ.Elem(), "")
		case f.name == "inputs":
			inputs = jsonPaths(f.typ, "inputs.")
		default:
			rest = append(rest, jsonPaths(f.typ, f.name+".")...)
		}
	}
	js, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := slices.Concat(inputs, results, rest)
	w.Write(header) // writes to a bytes.Buffer do not fail
	row := make([]string, len(header))
	resultRows, _ := doc["results"].([]any)
	for _, res := range resultRows {
		for i, path := range header {
			if i >= len(inputs) && i < len(inputs)+len(results) {
				row[i] = csvCell(res, path)
			} else {
				row[i] = csvCell(doc, path)
			}
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// jsonField is a field as encoding/json writes it: its key and Go type.
type jsonField struct {
	name  string
	typ   reflect.Type
	depth int // of embedding
}

// jsonFields returns the fields encoding/json writes for struct type t, in
// its order: exported fields under their json keys, those of embedded
// structs in place, and of fields with one key the shallowest.
func jsonFields(t reflect.Type) []jsonField {
	var all []jsonField
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for _, f := range reflect.VisibleFields(t) {
			if len(f.Index) != 1 { // VisibleFields also lists promoted fields; walk handles them in place
				continue
			}
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			ft := f.Type
			if f.Anonymous && name == "" {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, depth+1)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			all = append(all, jsonField{name: name, typ: ft, depth: depth})
		}
	}
	walk(t, 0)
	shallowest := map[string]int{}
	for _, f := range all {
		if d, ok := shallowest[f.name]; !ok || f.depth < d {
			shallowest[f.name] = f.depth
		}
	}
	return slices.DeleteFunc(all, func(f jsonField) bool { return f.depth != shallowest[f.name] })
}

// marshaler is the interface of types that write their own JSON.
var marshaler = reflect.TypeFor[json.Marshaler]()

// jsonPaths returns the paths of the JSON values of type t under prefix
// (which ends with "." or is empty): one for a value, and those of each field
// for an object, a pointer to a struct included.
func jsonPaths(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer && !t.Implements(marshaler) {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
		return []string{strings.TrimSuffix(prefix, ".")}
	}
	var paths []string
	for _, f := range jsonFields(t) {
		paths = append(paths, jsonPaths(f.typ, prefix+f.name+".")...)
	}
	return paths
}

// csvCell returns the value at path in the decoded JSON v as a CSV cell:
// "" for null or absent, a number's digits, true or false, and text
// neutralised (csvText).
func csvCell(v any, path string) string {
	for key := range strings.SplitSeq(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return "" // under a null object
		}
		v = m[key]
	}
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return csvText(v)
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	}
	b, _ := json.Marshal(v) // an array or object at a leaf: its JSON
	return csvText(string(b))
}

// csvText neutralises text a spreadsheet would read as a formula: text that
// starts with =, +, -, @, a tab or a carriage return gets a leading single
// quote, as OWASP's guidance on CSV injection advises. Numbers are written
// as they are.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
