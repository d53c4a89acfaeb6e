package floor

import (
	"bytes"
	"encoding/json"

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
	Inputs ReportInputs `json:"inputs"`
	reportAbout
	Results []ReportResult `json:"results"`
	// kind is the workload's: an image or video report's JSON and CSV write
	// it in the diffusion shapes (report_diffusion.go).
	kind Kind
}

// reportAbout is what a report, token or diffusion, writes between its
// inputs and its results: the versions, the caveat, the citation, the
// provenance, the statement and its equivalents. Embedded untagged, its
// fields are the report's own in JSON and CSV.
type reportAbout struct {
	DataVersion   string `json:"data_version"`
	AppVersion    string `json:"app_version"`
	HoursPerMonth int    `json:"hours_per_month"`
	// Caveat is the dataset's, with CaveatNote's sentence when a factor is set.
	Caveat      string       `json:"caveat"`
	Citation    string       `json:"citation"`
	CitationURL string       `json:"citation_url"`
	Source      ReportSource `json:"source"`
	// GridSource is the bundled grid data's source when the carbon figures
	// use a bundled grid, else null.
	GridSource *ReportGridSource `json:"grid_source"`
	// FootprintSources are the bundled footprint values the figures use
	// (each GPU's embodied value, the default service life, a WUE preset's
	// value), with their sources; empty when none is used.
	FootprintSources []ReportFootprintSource `json:"footprint_sources"`
	// Statement is Statement's paragraph, without a link, for the model
	// StatementFloor picks: the one the results are limited to, else the
	// default model; in the app's downloads, the model the page showed
	// (Select). "" when the workload has none.
	Statement string `json:"statement"`
	// StatementShort is ShortStatement's sentence for the same model,
	// without a link; "" when the workload has none.
	StatementShort string `json:"statement_short"`
	// Equivalents restate the statement's floor, per request and per
	// month, in everyday energies (Equivalents), then its figure at your
	// traffic (Of says which); empty when it has no floor.
	Equivalents []ReportEquivalent `json:"equivalents"`
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
// page's ids of the floor and of the figure at your traffic, per request
// and per month.
const (
	OfEnergyPerRequest  = "energy-per-request"
	OfEnergyPerMonth    = "energy-per-month"
	OfTrafficPerRequest = "traffic-per-request"
	OfTrafficPerMonth   = "traffic-per-month"
)

// reportEquivalents restates the floor of r, per request and per month, as
// counts of ds's equivalents, then the figure at your traffic when r has
// one; none when r meets nothing.
func reportEquivalents(ds *Dataset, r Result) []ReportEquivalent {
	out := []ReportEquivalent{}
	if !r.Meets() {
		return out
	}
	type figure struct {
		of string
		wh decimal.Decimal
	}
	figs := []figure{{OfEnergyPerRequest, r.Figures.WhPerRequest}, {OfEnergyPerMonth, r.Figures.KWhPerMonth.Shift(3)}}
	if t := r.Traffic; t != nil {
		figs = append(figs, figure{OfTrafficPerRequest, t.Figures.WhPerRequest}, figure{OfTrafficPerMonth, t.Figures.KWhPerMonth.Shift(3)})
	}
	for _, fig := range figs {
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
	Workload               string `json:"workload"`
	OutputTokensPerMonth   Number `json:"output_tokens_per_month"`
	OutputTokensPerRequest Number `json:"output_tokens_per_request"`
	TargetITLMs            Number `json:"itl_target_ms"`
	Percentile             string `json:"percentile"`
	reportScope
	// RequestsPerMonth and TargetLatencyS are a diffusion report's volume
	// and target, which it writes in place of the token inputs
	// (report_diffusion.go).
	RequestsPerMonth Number `json:"-"`
	TargetLatencyS   Number `json:"-"`
}

// reportScope is the inputs a token and a diffusion report share, after
// the workload and its volume and target: the GPU, the model, the factors,
// the grid and the price. Embedded untagged, its fields are the inputs' own.
type reportScope struct {
	GPU *string `json:"gpu"`
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
	// The footprint's inputs (Footprint), each null when unset: Embodied
	// is "nvidia" when each row's GPU takes its bundled value, else the
	// user's own kgCO2e per GPU as a number; ServiceLifeYears the life
	// manufacture is spread over (the user's or the default), null when
	// manufacture is not counted; ServerKg the rest of an 8-GPU server's
	// kgCO2e; WUE on-site litres per kWh of IT energy; OffsiteWater litres
	// consumed generating a kWh.
	Embodied         any     `json:"embodied"`
	ServiceLifeYears *Number `json:"service_life_years"`
	ServerKg         *Number `json:"server_kg"`
	WUE              *Number `json:"wue_l_per_kwh"`
	OffsiteWater     *Number `json:"offsite_water_l_per_kwh"`
}

// ReportFootprintSource is a bundled footprint value the figures use, with
// its source: For names what it is ("embodied H100", "service life",
// "wue").
type ReportFootprintSource struct {
	For       string `json:"for"`
	ID        string `json:"id"`
	Label     string `json:"label"`
	Value     Number `json:"value"`
	Figure    string `json:"figure"`
	Basis     string `json:"basis"`
	Scope     string `json:"scope"`
	Source    string `json:"source"`
	URL       string `json:"url"`
	Date      string `json:"date"`
	Retrieved string `json:"retrieved"`
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
	CostPerRequest  *Number `json:"cost_per_request"`
	// GPUSecondsPerRequest is the GPU time of a request at the
	// configuration. The manufacture figures (null unless an embodied or
	// server value is set) charge EmbodiedKgPerGPU, the E of the
	// configuration's GPU: at the floor by those GPU-seconds, at your
	// traffic for every GPU of the copies of the configuration the month
	// keeps reserved, busy or idle.
	GPUSecondsPerRequest Number  `json:"gpu_seconds_per_request"`
	EmbodiedKgPerGPU     *Number `json:"embodied_kg_per_gpu"`
	EmbodiedGPerRequest  *Number `json:"embodied_g_per_request"`
	EmbodiedKgPerMonth   *Number `json:"embodied_kg_per_month"`
	// The water figures: on site (null without a WUE), off site (null
	// without its L/kWh), their sum per request and in litres a month
	// (null without either).
	WaterOnsiteMLPerRequest  *Number `json:"water_onsite_ml_per_request"`
	WaterOffsiteMLPerRequest *Number `json:"water_offsite_ml_per_request"`
	WaterMLPerRequest        *Number `json:"water_ml_per_request"`
	WaterLPerMonth           *Number `json:"water_l_per_month"`
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
	resultHead
	// ReachableITLMs, set when nothing meets the target, is the lowest
	// latency of the target's statistic the model reaches on this GPU (for
	// images or videos the batch latency, in seconds, which their JSON
	// writes as reachable_latency_s).
	ReachableITLMs *Number             `json:"reachable_itl_ms"`
	Configuration  ReportConfiguration `json:"configuration"`
	resultCounts
	JPerToken    Number `json:"joules_per_output_token"`
	WhPerMillion Number `json:"wh_per_million_output_tokens"`
	resultFigures
	// Traffic is the floor the monthly volume can reach over the same
	// model and GPU (Traffic), or null when nothing meets the target.
	Traffic *ReportTraffic `json:"traffic"`
}

// resultHead, resultCounts and resultFigures are the fields a token and a
// diffusion result share, in three runs around those that differ. Embedded
// untagged, their fields are the result's own.
type resultHead struct {
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
}

type resultCounts struct {
	Qualifying int           `json:"qualifying_configurations"`
	Measured   int           `json:"measured_configurations"`
	Spread     *ReportSpread `json:"spread"`
}

type resultFigures struct {
	JPerRequest  Number `json:"joules_per_request"`
	WhPerRequest Number `json:"wh_per_request"`
	KWhPerMonth  Number `json:"kwh_per_month"`
	KWhPerYear   Number `json:"kwh_per_year"`
	Requests     Number `json:"requests_per_month"`
	GPUHours     Number `json:"gpu_hours_per_month"`
	Replicas     int64  `json:"replicas"`
	GPUsNeeded   int64  `json:"gpus_needed"`
	AvgGPUPower  Number `json:"avg_gpu_power_watts"`
	// Estimate is null when the inputs set no factor (Factors.IsZero).
	Estimate *ReportEstimate `json:"estimate"`
}

// ReportTraffic is a result's Traffic: the configuration the traffic floor
// is at, its figures, the monthly volume's average rate, how busy it keeps
// that configuration, and how many times the floor it is.
type ReportTraffic struct {
	// PerSecond is the monthly volume's average rate in the kind's units
	// (Traffic.PerSecond); an image or video report writes it as
	// requests_per_second.
	PerSecond Number `json:"output_tokens_per_second"`
	JPerToken Number `json:"joules_per_output_token"`
	trafficFigures
	Configuration ReportConfiguration `json:"configuration"`
	// Estimate is the traffic floor times the factors; null without them.
	Estimate *ReportEstimate `json:"estimate"`
	// NextStep is where the traffic floor next falls as the volume grows
	// (Traffic.NextStep), or null when it is the floor already.
	NextStep *ReportNextStep `json:"next_step"`
	// JPerRequest is an image's or video's energy, which an image or video
	// report writes instead of the per-token one.
	JPerRequest Number `json:"-"`
}

// trafficFigures is the traffic figures a token and a diffusion report
// share. Embedded untagged, its fields are the traffic's own.
type trafficFigures struct {
	WhPerRequest Number `json:"wh_per_request"`
	KWhPerMonth  Number `json:"kwh_per_month"`
	RowID        string `json:"row_id"`
	Utilisation  Number `json:"utilisation"`
	TimesFloor   Number `json:"times_floor"`
}

// ReportNextStep is a Traffic.NextStep: from which monthly volume the
// traffic floor is lower, and how many times the floor it is from there.
type ReportNextStep struct {
	// From is the monthly volume in the kind's units (NextStep.From); an
	// image or video report writes it as from_requests_per_month.
	From       Number `json:"from_tokens_per_month"`
	TimesFloor Number `json:"times_floor"`
}

// ReportConfiguration is the measured configuration a result's figures are for.
type ReportConfiguration struct {
	RowID string `json:"row_id"`
	TokenSetup
	Repeat          int    `json:"repeat"`
	MedianITLMs     Number `json:"median_itl_ms"`
	P90ITLMs        Number `json:"p90_itl_ms"`
	P95ITLMs        Number `json:"p95_itl_ms"`
	P99ITLMs        Number `json:"p99_itl_ms"`
	TokensPerSecond Number `json:"tokens_per_second"`
	GPUPowerWatts   Number `json:"gpu_power_watts_total"`
	// A diffusion configuration's setup (its GPU and precision in
	// TokenSetup's), figures and model's generation settings (nil for a
	// token configuration), which its JSON writes instead of the token ones.
	UlyssesDegree     int         `json:"-"`
	RingDegree        int         `json:"-"`
	BatchSize         int         `json:"-"`
	BatchLatencyS     Number      `json:"-"`
	RequestsPerSecond Number      `json:"-"`
	Generation        *Generation `json:"-"`
}

// ReportSpread is Spread, in joules per output token, image or video.
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

// JSON returns the report as indented JSON with a final newline, leaving
// <, > and & as they are.
func (r *Report) JSON() ([]byte, error) {
	v := r.kind.spec().family.report(r)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
