package floor

// A report on an image or video workload (text-to-image, text-to-video)
// writes its inputs, results, traffic figures and configurations in the
// shapes below: the same keys as a token report where they mean the same,
// and in place of the token-only ones (output tokens, inter-token latency
// and its percentile, joules per output token, Wh per million output
// tokens, tensor, data and expert parallelism, max_num_seqs, repeat) its
// own: requests_per_month, latency_target_s, reachable_latency_s,
// requests_per_second, ulysses_degree, ring_degree, batch_size,
// batch_latency_s and the model's generation settings. Report.JSON and
// Report.CSV write the shape the report's kind gives (family.report); its
// CSV's columns come from these types as a token report's come from its
// own.

// diffusionReport is a Report on a diffusion workload as its JSON and CSV
// write it.
type diffusionReport struct {
	Inputs diffusionInputs `json:"inputs"`
	reportAbout
	Results []diffusionResult `json:"results"`
}

// newDiffusionReport returns r, a report on a diffusion workload, in the
// diffusion shapes.
func newDiffusionReport(r *Report) *diffusionReport {
	in := r.Inputs
	d := &diffusionReport{
		Inputs:      diffusionInputs{Workload: in.Workload, RequestsPerMonth: in.RequestsPerMonth, TargetLatencyS: in.TargetLatencyS, reportScope: in.reportScope},
		reportAbout: r.reportAbout, Results: make([]diffusionResult, len(r.Results)),
	}
	for i, rr := range r.Results {
		res := diffusionResult{resultHead: rr.resultHead, ReachableLatencyS: rr.ReachableITLMs,
			Configuration: diffusionConfigurationOf(rr.Configuration), resultCounts: rr.resultCounts, resultFigures: rr.resultFigures}
		if t := rr.Traffic; t != nil {
			res.Traffic = &diffusionTraffic{RequestsPerSecond: t.PerSecond, JPerRequest: t.JPerRequest, trafficFigures: t.trafficFigures,
				Configuration: diffusionConfigurationOf(t.Configuration), Estimate: t.Estimate}
			if n := t.NextStep; n != nil {
				res.Traffic.NextStep = &diffusionNextStep{FromRequestsPerMonth: n.From, TimesFloor: n.TimesFloor}
			}
		}
		d.Results[i] = res
	}
	return d
}

// diffusionConfigurationOf returns c, a diffusion configuration, in its shape.
func diffusionConfigurationOf(c ReportConfiguration) diffusionConfiguration {
	d := diffusionConfiguration{RowID: c.RowID, DiffusionSetup: DiffusionSetup{GPU: c.GPU, NumGPUs: c.NumGPUs, UlyssesDegree: c.UlyssesDegree,
		RingDegree: c.RingDegree, Precision: c.Precision, BatchSize: c.BatchSize}, BatchLatencyS: c.BatchLatencyS,
		RequestsPerSecond: c.RequestsPerSecond, GPUPowerWatts: c.GPUPowerWatts, Generation: *c.Generation}
	return d
}

type diffusionInputs struct {
	Workload         string `json:"workload"`
	RequestsPerMonth Number `json:"requests_per_month"`
	TargetLatencyS   Number `json:"latency_target_s"`
	reportScope
}

type diffusionResult struct {
	resultHead
	ReachableLatencyS *Number                `json:"reachable_latency_s"`
	Configuration     diffusionConfiguration `json:"configuration"`
	resultCounts
	resultFigures
	Traffic *diffusionTraffic `json:"traffic"`
}

type diffusionTraffic struct {
	RequestsPerSecond Number `json:"requests_per_second"`
	JPerRequest       Number `json:"joules_per_request"`
	trafficFigures
	Configuration diffusionConfiguration `json:"configuration"`
	Estimate      *ReportEstimate        `json:"estimate"`
	NextStep      *diffusionNextStep     `json:"next_step"`
}

type diffusionNextStep struct {
	FromRequestsPerMonth Number `json:"from_requests_per_month"`
	TimesFloor           Number `json:"times_floor"`
}

type diffusionConfiguration struct {
	RowID string `json:"row_id"`
	DiffusionSetup
	BatchLatencyS     Number     `json:"batch_latency_s"`
	RequestsPerSecond Number     `json:"requests_per_second"`
	GPUPowerWatts     Number     `json:"gpu_power_watts_total"`
	Generation        Generation `json:"generation"`
}
