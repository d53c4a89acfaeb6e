package floor

import "github.com/shopspring/decimal"

// NewReport builds the report of results (as Rank returns them, in ranking
// order) for inputs in on workload w of ds. in.Model is the model the
// results are limited to ("" for every model).
func NewReport(ds *Dataset, w *Workload, in Inputs, results []Result, appVersion string) *Report {
	src := w.Source
	factors := in.Factors
	rep := &Report{
		Inputs: ReportInputs{
			Workload: w.ID, OutputTokensPerMonth: Number(in.OutputTokensPerMonth), OutputTokensPerRequest: Number(in.OutputTokensPerRequest),
			TargetITLMs: Number(in.TargetITLMs), Percentile: string(in.Statistic),
			reportScope: reportScope{GPU: optional(in.GPU), Model: optional(in.Model),
				HostOverhead: Number(factors.Host), IdleOverhead: Number(factors.Idle), PUE: Number(factors.pue()),
				PricePerKWh: optionalNumber(factors.PricePerKWh), Currency: factors.Currency},
			RequestsPerMonth: Number(in.ImagesOrVideosPerMonth), TargetLatencyS: Number(in.TargetLatencyS),
		},
		reportAbout: reportAbout{DataVersion: ds.DataVersion, AppVersion: appVersion, HoursPerMonth: HoursPerMonth,
			Caveat: WorkloadCaveat(ds, w, in), Citation: src.Cite, CitationURL: src.CiteURL,
			Source: ReportSource{Name: src.Name, URL: src.URL, DataURL: src.DataURL, Version: src.Version, Retrieved: src.Retrieved, Licence: src.Licence}},
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
	rep.footprint(factors.Footprint)
	rep.state(ds, w, in)
	for i, res := range results {
		f := res.Figures
		c := res.Chosen
		rr := ReportResult{
			resultHead: resultHead{Rank: i + 1, ModelID: res.Model.ModelID, Model: res.Model.Slug, Slug: res.Model.Slug, Name: res.Model.Name,
				GPU: res.GPU, MeetsTarget: res.Meets()},
			resultCounts: resultCounts{Qualifying: res.Qualifying, Measured: res.Measured},
			JPerToken:    Number(f.JoulesPerOutputToken), WhPerMillion: Number(f.WhPerMillionOutputTokens),
			resultFigures: resultFigures{JPerRequest: Number(f.JoulesPerRequest), WhPerRequest: Number(f.WhPerRequest),
				KWhPerMonth: Number(f.KWhPerMonth), KWhPerYear: Number(f.KWhPerYear), Requests: Number(f.RequestsPerMonth),
				GPUHours: Number(f.GPUHoursPerMonth), Replicas: f.Replicas, GPUsNeeded: f.GPUsNeeded, AvgGPUPower: Number(f.AvgGPUPowerWatts)},
		}
		if c != nil {
			rr.RowID = &c.RowID
			rr.Spread = &ReportSpread{Floor: Number(res.Spread.Floor), Median: Number(res.Spread.Median), Highest: Number(res.Spread.Highest)}
		} else {
			c = res.Fastest
			reach := Number(c.Latency(in.Statistic))
			rr.ReachableITLMs = &reach // a diffusion report writes it as reachable_latency_s
		}
		rr.Estimate = reportEstimate(factors, func() Estimate { return factors.EstimateAt(c, in, f) })
		rr.Configuration = reportConfiguration(res.Model, c)
		if t := res.Traffic; t != nil {
			rr.Traffic = &ReportTraffic{PerSecond: Number(t.PerSecond), JPerToken: Number(t.Figures.JoulesPerOutputToken),
				trafficFigures: trafficFigures{WhPerRequest: Number(t.Figures.WhPerRequest), KWhPerMonth: Number(t.Figures.KWhPerMonth),
					RowID: t.Config.RowID, Utilisation: Number(t.Utilisation), TimesFloor: Number(t.TimesFloor)},
				Configuration: reportConfiguration(res.Model, t.Config),
				Estimate:      reportEstimate(factors, func() Estimate { return factors.TrafficEstimate(t) }), JPerRequest: Number(t.Figures.JoulesPerRequest)}
			if n := t.NextStep(); n != nil {
				rr.Traffic.NextStep = &ReportNextStep{From: Number(n.From), TimesFloor: Number(n.TimesFloor)}
			}
		}
		rep.Results[i] = rr
	}
	rep.kind = w.Kind
	return rep
}

// reportEstimate returns the estimate estimate gives with factors, or nil
// when no factor is set.
func reportEstimate(factors Factors, estimate func() Estimate) *ReportEstimate {
	if factors.IsZero() {
		return nil
	}
	e := estimate()
	return &ReportEstimate{WhPerRequest: Number(e.WhPerRequest), KWhPerMonth: Number(e.KWhPerMonth),
		GCO2ePerRequest: optionalNumber(e.GCO2ePerRequest), KgCO2ePerMonth: optionalNumber(e.KgCO2ePerMonth),
		CostPerMonth: optionalNumber(e.CostPerMonth), CostPerRequest: optionalNumber(e.CostPerRequest), GPUSecondsPerRequest: Number(e.GPUSecondsPerRequest),
		EmbodiedKgPerGPU: optionalNumber(e.EmbodiedKgPerGPU), EmbodiedGPerRequest: optionalNumber(e.EmbodiedGPerRequest),
		EmbodiedKgPerMonth:      optionalNumber(e.EmbodiedKgPerMonth),
		WaterOnsiteMLPerRequest: optionalNumber(e.WaterOnsiteML), WaterOffsiteMLPerRequest: optionalNumber(e.WaterOffsiteML),
		WaterMLPerRequest: optionalNumber(e.WaterML), WaterLPerMonth: optionalNumber(e.WaterLPerMonth)}
}

// footprint echoes the footprint's inputs p and the bundled values it uses.
func (r *Report) footprint(p Footprint) {
	r.FootprintSources = []ReportFootprintSource{}
	src := func(what string, v SourcedValue) {
		r.FootprintSources = append(r.FootprintSources, ReportFootprintSource{For: what, ID: v.ID, Label: v.Label, Value: Number(v.Value),
			Figure: v.Figure, Basis: v.Basis, Scope: v.Scope, Source: v.Source, URL: v.URL, Date: v.Date, Retrieved: v.Retrieved})
	}
	in := &r.Inputs
	switch {
	case p.Bundled:
		in.Embodied = EmbodiedNVIDIA
	case p.EmbodiedKg.Valid:
		in.Embodied = Number(p.EmbodiedKg.Decimal)
	}
	in.ServerKg, in.WUE, in.OffsiteWater = optionalNumber(p.ServerKg), optionalNumber(p.WUE), optionalNumber(p.OffsiteLPerKWh)
	if p.CountsEmbodied() {
		if p.Bundled && p.Sources != nil {
			for _, e := range p.Sources.Embodied {
				src("embodied "+e.GPU, e.SourcedValue)
			}
		}
		life, l, _ := p.Life()
		in.ServiceLifeYears = optionalNumber(decimal.NewNullDecimal(life))
		if l != nil {
			src("service life", *l)
		}
	}
	if w, ok := p.WUEPreset(); ok {
		src("water usage effectiveness", w)
	}
}

// reportConfiguration returns configuration c of model m as the report
// writes it: what every kind shares, and c's kind's own fields (those of
// the other kinds zero, and m.Generation nil for tokens); the kind's report
// shape writes its own.
func reportConfiguration(m *Model, c *Configuration) ReportConfiguration {
	rc := ReportConfiguration{RowID: c.RowID, TokenSetup: TokenSetup{GPU: c.GPU, NumGPUs: c.NumGPUs, Precision: c.Precision}, Repeat: c.Repeat,
		GPUPowerWatts: Number(c.GPUPowerWattsTotal), Generation: m.Generation}
	c.family().reportSettings(&rc, c)
	return rc
}

// reportTokenSettings writes token configuration c's own fields into rc.
func reportTokenSettings(rc *ReportConfiguration, c *Configuration) {
	rc.TensorParallel, rc.DataParallel, rc.ExpertParallel, rc.MaxNumSeqs = c.TensorParallel, c.DataParallel, c.ExpertParallel, c.MaxNumSeqs
	rc.MedianITLMs, rc.P90ITLMs, rc.P95ITLMs, rc.P99ITLMs = Number(c.MedianITLMs), Number(c.P90ITLMs), Number(c.P95ITLMs), Number(c.P99ITLMs)
	rc.TokensPerSecond = Number(c.TokensPerSecond)
}

// reportDiffusionSettings writes image or video configuration c's own
// fields into rc.
func reportDiffusionSettings(rc *ReportConfiguration, c *Configuration) {
	rc.UlyssesDegree, rc.RingDegree, rc.BatchSize = c.UlyssesDegree, c.RingDegree, c.BatchSize
	rc.BatchLatencyS, rc.RequestsPerSecond = Number(c.BatchLatencyS), Number(c.RequestsPerSecond)
}

// state gives the report the statements and equivalents of the model
// StatementFloor picks for inputs in on workload w of ds.
func (r *Report) state(ds *Dataset, w *Workload, in Inputs) {
	r.Statement, r.StatementShort, r.Equivalents = "", "", []ReportEquivalent{}
	if sin, sr, ok := StatementFloor(w, in); ok {
		r.Statement = Statement(ds, w, sin, sr, "")
		r.StatementShort = ShortStatement(w, sin, sr, "")
		r.Equivalents = reportEquivalents(ds, sr)
	}
}

// Select records, for the app's downloads, the model the page showed,
// in.Model, for the page's inputs in on workload w of ds: the results cover
// every model, those of in.Model are marked selected, and the statements
// and equivalents are the page's, for in.Model.
func (r *Report) Select(ds *Dataset, w *Workload, in Inputs) {
	r.Inputs.SelectedModel = optional(in.Model)
	for i := range r.Results {
		selected := r.Results[i].Slug == in.Model
		r.Results[i].Selected = &selected
	}
	r.state(ds, w, in)
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
