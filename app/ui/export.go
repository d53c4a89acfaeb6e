package ui

import (
	"bytes"
	"encoding/csv"
	"encoding/json"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// exportSnapshot is what an export holds: the inputs, the versions, the
// provenance and the ranking.
type exportSnapshot struct {
	In          floor.Inputs
	Selected    string
	AppVersion  string
	DataVersion string
	Caveat      string
	Citation    string
	SourceURL   string
	Results     []floor.Result
}

// exportData snapshots the calculator for an export.
func (c *calculator) exportData() exportSnapshot {
	w := c.ds.Workload(c.form.In.Workload)
	return exportSnapshot{
		In: c.form.In, Selected: c.form.In.Model,
		AppVersion: app.Getenv("GOAPP_VERSION"), DataVersion: c.ds.DataVersion,
		Caveat: c.ds.Caveat, Citation: citationText(&w.Source, c.ds.DataVersion), SourceURL: w.Source.URL,
		Results: floor.Rank(w, c.form.In),
	}
}

// exportRow is one result as exported: plain decimal strings, full precision.
type exportRow struct {
	ModelID, Slug, Model, GPU, RowID       string
	Meets, Selected                        bool
	NumGPUs, MaxNumSeqs                    int
	ITLMs, JoulesPerOutputToken            string
	WhPerRequest, KWhPerMonth, KWhPerYear  string
	GPUHoursPerMonth, GPUsNeeded, Replicas string
}

func exportRows(s exportSnapshot) []exportRow {
	rows := make([]exportRow, 0, len(s.Results))
	for i := range s.Results {
		r := &s.Results[i]
		row := exportRow{ModelID: r.Model.ModelID, Slug: r.Model.Slug, Model: r.Model.Name, GPU: r.GPU,
			Meets: r.Meets(), Selected: r.Model.Slug == s.Selected}
		if c := r.Chosen; c != nil {
			f := r.Figures
			row.RowID, row.NumGPUs, row.MaxNumSeqs = c.RowID, c.NumGPUs, c.MaxNumSeqs
			row.ITLMs = c.ITL(s.In.Statistic).String()
			row.JoulesPerOutputToken = f.JoulesPerOutputToken.String()
			row.WhPerRequest, row.KWhPerMonth, row.KWhPerYear = f.WhPerRequest.String(), f.KWhPerMonth.String(), f.KWhPerYear.String()
			row.GPUHoursPerMonth = f.GPUHoursPerMonth.String()
			row.GPUsNeeded = decimal.NewFromInt(f.GPUsNeeded).String()
			row.Replicas = decimal.NewFromInt(f.Replicas).String()
		}
		rows = append(rows, row)
	}
	return rows
}

// csvHeader names exportCSV's columns; units are in the names.
var csvHeader = []string{"workload", "output_tokens_per_month", "output_tokens_per_request", "target_itl_ms",
	"latency_statistic", "gpu_filter", "model_id", "model_slug", "model", "gpu", "selected", "meets_target",
	"row_id", "num_gpus", "max_num_seqs", "itl_ms", "joules_per_output_token", "wh_per_request", "kwh_per_month",
	"kwh_per_year", "gpu_hours_per_month", "gpus_needed", "replicas", "data_version", "app_version", "source_url",
	"caveat", "citation"}

// exportCSV writes one row per model and GPU, each carrying the inputs,
// versions, caveat and citation, so any row quoted alone keeps them. Figures
// are unrounded plain decimals; a model that meets nothing has empty figures.
func exportCSV(s exportSnapshot) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(csvHeader)
	in := s.In
	for _, r := range exportRows(s) {
		_ = w.Write([]string{in.Workload, in.OutputTokensPerMonth.String(), in.OutputTokensPerRequest.String(),
			in.TargetITLMs.String(), string(in.Statistic), in.GPU, r.ModelID, r.Slug, r.Model, r.GPU,
			boolText(r.Selected), boolText(r.Meets), r.RowID, intText(r.NumGPUs), intText(r.MaxNumSeqs), r.ITLMs,
			r.JoulesPerOutputToken, r.WhPerRequest, r.KWhPerMonth, r.KWhPerYear, r.GPUHoursPerMonth, r.GPUsNeeded,
			r.Replicas, s.DataVersion, s.AppVersion, s.SourceURL, s.Caveat, s.Citation})
	}
	w.Flush()
	return b.String()
}

func boolText(v bool) string {
	if v {
		return "true"
	}
	return "false"
}

func intText(v int) string {
	if v == 0 {
		return ""
	}
	return decimal.NewFromInt(int64(v)).String()
}

// jsonNumber returns s as a JSON number, or null when empty.
func jsonNumber(s string) any {
	if s == "" {
		return nil
	}
	return json.Number(s)
}

// exportJSON writes the snapshot as one JSON object: inputs, versions,
// caveat, citation and results, figures as JSON numbers (null when the
// model meets nothing).
func exportJSON(s exportSnapshot) string {
	type result struct {
		ModelID              string `json:"model_id"`
		Slug                 string `json:"model_slug"`
		Model                string `json:"model"`
		GPU                  string `json:"gpu"`
		Selected             bool   `json:"selected"`
		Meets                bool   `json:"meets_target"`
		RowID                any    `json:"row_id"`
		NumGPUs              any    `json:"num_gpus"`
		MaxNumSeqs           any    `json:"max_num_seqs"`
		ITLMs                any    `json:"itl_ms"`
		JoulesPerOutputToken any    `json:"joules_per_output_token"`
		WhPerRequest         any    `json:"wh_per_request"`
		KWhPerMonth          any    `json:"kwh_per_month"`
		KWhPerYear           any    `json:"kwh_per_year"`
		GPUHoursPerMonth     any    `json:"gpu_hours_per_month"`
		GPUsNeeded           any    `json:"gpus_needed"`
		Replicas             any    `json:"replicas"`
	}
	var results []result
	for _, r := range exportRows(s) {
		var rowID any
		if r.RowID != "" {
			rowID = r.RowID
		}
		results = append(results, result{r.ModelID, r.Slug, r.Model, r.GPU, r.Selected, r.Meets, rowID,
			jsonNumber(intText(r.NumGPUs)), jsonNumber(intText(r.MaxNumSeqs)), jsonNumber(r.ITLMs),
			jsonNumber(r.JoulesPerOutputToken), jsonNumber(r.WhPerRequest), jsonNumber(r.KWhPerMonth),
			jsonNumber(r.KWhPerYear), jsonNumber(r.GPUHoursPerMonth), jsonNumber(r.GPUsNeeded), jsonNumber(r.Replicas)})
	}
	in := s.In
	var gpu any
	if in.GPU != "" {
		gpu = in.GPU
	}
	out := map[string]any{
		"inputs": map[string]any{
			"workload": in.Workload, "output_tokens_per_month": json.Number(in.OutputTokensPerMonth.String()),
			"output_tokens_per_request": json.Number(in.OutputTokensPerRequest.String()),
			"target_itl_ms":             json.Number(in.TargetITLMs.String()), "latency_statistic": string(in.Statistic),
			"gpu": gpu, "model": s.Selected,
		},
		"app_version": s.AppVersion, "data_version": s.DataVersion, "source_url": s.SourceURL,
		"caveat": s.Caveat, "citation": s.Citation, "results": results,
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b) + "\n"
}
