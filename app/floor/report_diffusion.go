package floor

// A report on a diffusion workload (text-to-image, text-to-video) writes
// its inputs, results, traffic figures and configurations in the shapes
// below: the same keys as a token report where they mean the same, and in
// place of the token-only ones (output tokens, inter-token latency and its
// percentile, joules per output token, Wh per million output tokens,
// tensor, data and expert parallelism, max_num_seqs, repeat) the diffusion
// ones: requests_per_month, latency_target_s, reachable_latency_s,
// requests_per_second, ulysses_degree, ring_degree, batch_size,
// batch_latency_s and the model's generation settings. A token report is
// written as before, byte for byte. Report.JSON and Report.CSV write
// diffusionReport when the report has one; its CSV's columns come from
// these types as a token report's come from its own.

// diffusionReport is a Report on a diffusion workload as its JSON and CSV
// write it.
type diffusionReport struct {
	Inputs         diffusionInputs    `json:"inputs"`
	DataVersion    string             `json:"data_version"`
	AppVersion     string             `json:"app_version"`
	HoursPerMonth  int                `json:"hours_per_month"`
	Caveat         string             `json:"caveat"`
	Citation       string             `json:"citation"`
	CitationURL    string             `json:"citation_url"`
	Source         ReportSource       `json:"source"`
	GridSource     *ReportGridSource  `json:"grid_source"`
	Statement      string             `json:"statement"`
	StatementShort string             `json:"statement_short"`
	Equivalents    []ReportEquivalent `json:"equivalents"`
	Results        []diffusionResult  `json:"results"`
}

// newDiffusionReport returns r, a report on a diffusion workload, in the
// diffusion shapes.
func newDiffusionReport(r *Report) *diffusionReport {
	in := r.Inputs
	d := &diffusionReport{
		Inputs: diffusionInputs{Workload: in.Workload, RequestsPerMonth: in.RequestsPerMonth, TargetLatencyS: in.TargetLatencyS,
			GPU: in.GPU, Model: in.Model, SelectedModel: in.SelectedModel, HostOverhead: in.HostOverhead, IdleOverhead: in.IdleOverhead,
			PUE: in.PUE, Grid: in.Grid, GridYear: in.GridYear, GridGCO2ePerKWh: in.GridGCO2ePerKWh, PricePerKWh: in.PricePerKWh,
			Currency: in.Currency},
		DataVersion: r.DataVersion, AppVersion: r.AppVersion, HoursPerMonth: r.HoursPerMonth, Caveat: r.Caveat, Citation: r.Citation,
		CitationURL: r.CitationURL, Source: r.Source, GridSource: r.GridSource, Statement: r.Statement, StatementShort: r.StatementShort,
		Equivalents: r.Equivalents, Results: make([]diffusionResult, len(r.Results)),
	}
	for i, rr := range r.Results {
		res := diffusionResult{Rank: rr.Rank, ModelID: rr.ModelID, Model: rr.Model, Slug: rr.Slug, Name: rr.Name, GPU: rr.GPU,
			Selected: rr.Selected, MeetsTarget: rr.MeetsTarget, RowID: rr.RowID, ReachableLatencyS: rr.ReachableLatencyS,
			Configuration: diffusionConfigurationOf(rr.Configuration), Qualifying: rr.Qualifying, Measured: rr.Measured, Spread: rr.Spread,
			JPerRequest: rr.JPerRequest, WhPerRequest: rr.WhPerRequest, KWhPerMonth: rr.KWhPerMonth, KWhPerYear: rr.KWhPerYear,
			Requests: rr.Requests, GPUHours: rr.GPUHours, Replicas: rr.Replicas, GPUsNeeded: rr.GPUsNeeded, AvgGPUPower: rr.AvgGPUPower,
			Estimate: rr.Estimate}
		if t := rr.Traffic; t != nil {
			res.Traffic = &diffusionTraffic{RequestsPerSecond: t.RequestsPerSecond, JPerRequest: t.JPerRequest, WhPerRequest: t.WhPerRequest,
				KWhPerMonth: t.KWhPerMonth, RowID: t.RowID, Utilisation: t.Utilisation, TimesFloor: t.TimesFloor,
				Configuration: diffusionConfigurationOf(t.Configuration), Estimate: t.Estimate}
			if n := t.NextStep; n != nil {
				res.Traffic.NextStep = &diffusionNextStep{FromRequestsPerMonth: n.FromRequestsPerMonth, TimesFloor: n.TimesFloor}
			}
		}
		d.Results[i] = res
	}
	return d
}

// diffusionConfigurationOf returns c, a diffusion configuration, in its shape.
func diffusionConfigurationOf(c ReportConfiguration) diffusionConfiguration {
	d := diffusionConfiguration{RowID: c.RowID, GPU: c.GPU, NumGPUs: c.NumGPUs, UlyssesDegree: c.UlyssesDegree,
		RingDegree: c.RingDegree, Precision: c.Precision, BatchSize: c.BatchSize, BatchLatencyS: c.BatchLatencyS,
		RequestsPerSecond: c.RequestsPerSecond, GPUPowerWatts: c.GPUPowerWatts}
	if c.Generation != nil {
		d.Generation = *c.Generation
	}
	return d
}

type diffusionInputs struct {
	Workload         string  `json:"workload"`
	RequestsPerMonth Number  `json:"requests_per_month"`
	TargetLatencyS   Number  `json:"latency_target_s"`
	GPU              *string `json:"gpu"`
	Model            *string `json:"model"`
	SelectedModel    *string `json:"selected_model,omitempty"`
	HostOverhead     Number  `json:"host_overhead"`
	IdleOverhead     Number  `json:"idle_overhead"`
	PUE              Number  `json:"pue"`
	Grid             *string `json:"grid"`
	GridYear         *int    `json:"grid_year"`
	GridGCO2ePerKWh  *Number `json:"grid_gco2e_per_kwh"`
	PricePerKWh      *Number `json:"price_per_kwh"`
	Currency         string  `json:"currency"`
}

type diffusionResult struct {
	Rank              int                    `json:"rank"`
	ModelID           string                 `json:"model_id"`
	Model             string                 `json:"model"`
	Slug              string                 `json:"slug"`
	Name              string                 `json:"name"`
	GPU               string                 `json:"gpu"`
	Selected          *bool                  `json:"selected,omitempty"`
	MeetsTarget       bool                   `json:"meets_target"`
	RowID             *string                `json:"row_id"`
	ReachableLatencyS *Number                `json:"reachable_latency_s"`
	Configuration     diffusionConfiguration `json:"configuration"`
	Qualifying        int                    `json:"qualifying_configurations"`
	Measured          int                    `json:"measured_configurations"`
	Spread            *ReportSpread          `json:"spread"`
	JPerRequest       Number                 `json:"joules_per_request"`
	WhPerRequest      Number                 `json:"wh_per_request"`
	KWhPerMonth       Number                 `json:"kwh_per_month"`
	KWhPerYear        Number                 `json:"kwh_per_year"`
	Requests          Number                 `json:"requests_per_month"`
	GPUHours          Number                 `json:"gpu_hours_per_month"`
	Replicas          int64                  `json:"replicas"`
	GPUsNeeded        int64                  `json:"gpus_needed"`
	AvgGPUPower       Number                 `json:"avg_gpu_power_watts"`
	Estimate          *ReportEstimate        `json:"estimate"`
	Traffic           *diffusionTraffic      `json:"traffic"`
}

type diffusionTraffic struct {
	RequestsPerSecond Number                 `json:"requests_per_second"`
	JPerRequest       Number                 `json:"joules_per_request"`
	WhPerRequest      Number                 `json:"wh_per_request"`
	KWhPerMonth       Number                 `json:"kwh_per_month"`
	RowID             string                 `json:"row_id"`
	Utilisation       Number                 `json:"utilisation"`
	TimesFloor        Number                 `json:"times_floor"`
	Configuration     diffusionConfiguration `json:"configuration"`
	Estimate          *ReportEstimate        `json:"estimate"`
	NextStep          *diffusionNextStep     `json:"next_step"`
}

type diffusionNextStep struct {
	FromRequestsPerMonth Number `json:"from_requests_per_month"`
	TimesFloor           Number `json:"times_floor"`
}

type diffusionConfiguration struct {
	RowID             string     `json:"row_id"`
	GPU               string     `json:"gpu"`
	NumGPUs           int        `json:"num_gpus"`
	UlyssesDegree     int        `json:"ulysses_degree"`
	RingDegree        int        `json:"ring_degree"`
	Precision         string     `json:"precision"`
	BatchSize         int        `json:"batch_size"`
	BatchLatencyS     Number     `json:"batch_latency_s"`
	RequestsPerSecond Number     `json:"requests_per_second"`
	GPUPowerWatts     Number     `json:"gpu_power_watts_total"`
	Generation        Generation `json:"generation"`
}
