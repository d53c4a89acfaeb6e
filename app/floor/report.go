package floor

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"

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

// csvColumns are the CSV's columns, named by their path in the JSON report
// ("inputs.workload", "configuration.num_gpus"): one row per result, each
// carrying the inputs, versions, caveat and citation, so that any row quoted
// alone keeps them. An empty cell is JSON's null.
var csvColumns = []struct {
	name  string
	value func(r *Report, x *ReportResult) string
}{
	{"inputs.workload", func(r *Report, x *ReportResult) string { return r.Inputs.Workload }},
	{"inputs.output_tokens_per_month", func(r *Report, x *ReportResult) string { return r.Inputs.OutputTokensPerMonth.String() }},
	{"inputs.output_tokens_per_request", func(r *Report, x *ReportResult) string { return r.Inputs.OutputTokensPerRequest.String() }},
	{"inputs.itl_target_ms", func(r *Report, x *ReportResult) string { return r.Inputs.TargetITLMs.String() }},
	{"inputs.percentile", func(r *Report, x *ReportResult) string { return r.Inputs.Percentile }},
	{"inputs.gpu", func(r *Report, x *ReportResult) string { return text(r.Inputs.GPU) }},
	{"inputs.model", func(r *Report, x *ReportResult) string { return text(r.Inputs.Model) }},
	{"inputs.selected_model", func(r *Report, x *ReportResult) string { return text(r.Inputs.SelectedModel) }},
	{"inputs.host_overhead", func(r *Report, x *ReportResult) string { return r.Inputs.HostOverhead.String() }},
	{"inputs.idle_overhead", func(r *Report, x *ReportResult) string { return r.Inputs.IdleOverhead.String() }},
	{"inputs.pue", func(r *Report, x *ReportResult) string { return r.Inputs.PUE.String() }},
	{"inputs.grid", func(r *Report, x *ReportResult) string { return text(r.Inputs.Grid) }},
	{"inputs.grid_year", func(r *Report, x *ReportResult) string { return integer(r.Inputs.GridYear) }},
	{"inputs.grid_gco2e_per_kwh", func(r *Report, x *ReportResult) string { return numberText(r.Inputs.GridGCO2ePerKWh) }},
	{"inputs.price_per_kwh", func(r *Report, x *ReportResult) string { return numberText(r.Inputs.PricePerKWh) }},
	{"inputs.currency", func(r *Report, x *ReportResult) string { return r.Inputs.Currency }},
	{"rank", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Rank) }},
	{"model_id", func(r *Report, x *ReportResult) string { return x.ModelID }},
	{"slug", func(r *Report, x *ReportResult) string { return x.Slug }},
	{"name", func(r *Report, x *ReportResult) string { return x.Name }},
	{"gpu", func(r *Report, x *ReportResult) string { return x.GPU }},
	{"selected", func(r *Report, x *ReportResult) string { return flag(x.Selected) }},
	{"meets_target", func(r *Report, x *ReportResult) string { return strconv.FormatBool(x.MeetsTarget) }},
	{"row_id", func(r *Report, x *ReportResult) string { return text(x.RowID) }},
	{"reachable_itl_ms", func(r *Report, x *ReportResult) string { return numberText(x.ReachableITLMs) }},
	{"configuration.row_id", func(r *Report, x *ReportResult) string { return x.Configuration.RowID }},
	{"configuration.gpu", func(r *Report, x *ReportResult) string { return x.Configuration.GPU }},
	{"configuration.num_gpus", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.NumGPUs) }},
	{"configuration.tensor_parallel", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.TensorParallel) }},
	{"configuration.data_parallel", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.DataParallel) }},
	{"configuration.expert_parallel", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.ExpertParallel) }},
	{"configuration.precision", func(r *Report, x *ReportResult) string { return x.Configuration.Precision }},
	{"configuration.max_num_seqs", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.MaxNumSeqs) }},
	{"configuration.repeat", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Configuration.Repeat) }},
	{"configuration.median_itl_ms", func(r *Report, x *ReportResult) string { return x.Configuration.MedianITLMs.String() }},
	{"configuration.p90_itl_ms", func(r *Report, x *ReportResult) string { return x.Configuration.P90ITLMs.String() }},
	{"configuration.p95_itl_ms", func(r *Report, x *ReportResult) string { return x.Configuration.P95ITLMs.String() }},
	{"configuration.p99_itl_ms", func(r *Report, x *ReportResult) string { return x.Configuration.P99ITLMs.String() }},
	{"configuration.tokens_per_second", func(r *Report, x *ReportResult) string { return x.Configuration.TokensPerSecond.String() }},
	{"configuration.gpu_power_watts_total", func(r *Report, x *ReportResult) string { return x.Configuration.GPUPowerWatts.String() }},
	{"qualifying_configurations", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Qualifying) }},
	{"measured_configurations", func(r *Report, x *ReportResult) string { return strconv.Itoa(x.Measured) }},
	{"spread.floor", func(r *Report, x *ReportResult) string {
		return spread(x, func(s *ReportSpread) Number { return s.Floor })
	}},
	{"spread.median", func(r *Report, x *ReportResult) string {
		return spread(x, func(s *ReportSpread) Number { return s.Median })
	}},
	{"spread.highest", func(r *Report, x *ReportResult) string {
		return spread(x, func(s *ReportSpread) Number { return s.Highest })
	}},
	{"joules_per_output_token", func(r *Report, x *ReportResult) string { return x.JPerToken.String() }},
	{"wh_per_million_output_tokens", func(r *Report, x *ReportResult) string { return x.WhPerMillion.String() }},
	{"joules_per_request", func(r *Report, x *ReportResult) string { return x.JPerRequest.String() }},
	{"wh_per_request", func(r *Report, x *ReportResult) string { return x.WhPerRequest.String() }},
	{"kwh_per_month", func(r *Report, x *ReportResult) string { return x.KWhPerMonth.String() }},
	{"kwh_per_year", func(r *Report, x *ReportResult) string { return x.KWhPerYear.String() }},
	{"requests_per_month", func(r *Report, x *ReportResult) string { return x.Requests.String() }},
	{"gpu_hours_per_month", func(r *Report, x *ReportResult) string { return x.GPUHours.String() }},
	{"replicas", func(r *Report, x *ReportResult) string { return strconv.FormatInt(x.Replicas, 10) }},
	{"gpus_needed", func(r *Report, x *ReportResult) string { return strconv.FormatInt(x.GPUsNeeded, 10) }},
	{"avg_gpu_power_watts", func(r *Report, x *ReportResult) string { return x.AvgGPUPower.String() }},
	{"estimate.wh_per_request", func(r *Report, x *ReportResult) string {
		return estimate(x, func(e *ReportEstimate) *Number { return &e.WhPerRequest })
	}},
	{"estimate.kwh_per_month", func(r *Report, x *ReportResult) string {
		return estimate(x, func(e *ReportEstimate) *Number { return &e.KWhPerMonth })
	}},
	{"estimate.g_co2e_per_request", func(r *Report, x *ReportResult) string {
		return estimate(x, func(e *ReportEstimate) *Number { return e.GCO2ePerRequest })
	}},
	{"estimate.kg_co2e_per_month", func(r *Report, x *ReportResult) string {
		return estimate(x, func(e *ReportEstimate) *Number { return e.KgCO2ePerMonth })
	}},
	{"estimate.cost_per_month", func(r *Report, x *ReportResult) string {
		return estimate(x, func(e *ReportEstimate) *Number { return e.CostPerMonth })
	}},
	{"hours_per_month", func(r *Report, x *ReportResult) string { return strconv.Itoa(r.HoursPerMonth) }},
	{"data_version", func(r *Report, x *ReportResult) string { return r.DataVersion }},
	{"app_version", func(r *Report, x *ReportResult) string { return r.AppVersion }},
	{"caveat", func(r *Report, x *ReportResult) string { return r.Caveat }},
	{"citation", func(r *Report, x *ReportResult) string { return r.Citation }},
	{"citation_url", func(r *Report, x *ReportResult) string { return r.CitationURL }},
	{"source.name", func(r *Report, x *ReportResult) string { return r.Source.Name }},
	{"source.url", func(r *Report, x *ReportResult) string { return r.Source.URL }},
	{"source.data_url", func(r *Report, x *ReportResult) string { return r.Source.DataURL }},
	{"source.version", func(r *Report, x *ReportResult) string { return r.Source.Version }},
	{"source.retrieved", func(r *Report, x *ReportResult) string { return r.Source.Retrieved }},
	{"source.licence", func(r *Report, x *ReportResult) string { return r.Source.Licence }},
	{"grid_source.name", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.Name })
	}},
	{"grid_source.attribution", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.Attribution })
	}},
	{"grid_source.url", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.URL })
	}},
	{"grid_source.data_url", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.DataURL })
	}},
	{"grid_source.commit", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.Commit })
	}},
	{"grid_source.updated", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.Updated })
	}},
	{"grid_source.licence", func(r *Report, x *ReportResult) string {
		return gridSource(r, func(g *ReportGridSource) string { return g.Licence })
	}},
}

// CSV returns the report as CSV: a header of csvColumns' names, then one
// row per result.
func (r *Report) CSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	row := make([]string, len(csvColumns))
	for i, c := range csvColumns {
		row[i] = c.name
	}
	w.Write(row) // writes to a bytes.Buffer do not fail
	for k := range r.Results {
		for i, c := range csvColumns {
			row[i] = c.value(r, &r.Results[k])
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes()
}

func text(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func flag(b *bool) string {
	if b == nil {
		return ""
	}
	return strconv.FormatBool(*b)
}

func numberText(n *Number) string {
	if n == nil {
		return ""
	}
	return n.String()
}

func spread(x *ReportResult, f func(*ReportSpread) Number) string {
	if x.Spread == nil {
		return ""
	}
	return f(x.Spread).String()
}

func integer(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

func estimate(x *ReportResult, f func(*ReportEstimate) *Number) string {
	if x.Estimate == nil {
		return ""
	}
	return numberText(f(x.Estimate))
}

func gridSource(r *Report, f func(*ReportGridSource) string) string {
	if r.GridSource == nil {
		return ""
	}
	return f(r.GridSource)
}
