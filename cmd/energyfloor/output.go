package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// report is one ranking with everything printed around it.
type report struct {
	dataset  *floor.Dataset
	workload *floor.Workload
	in       floor.Inputs
	results  []floor.Result
}

// statisticLabel names a latency statistic in a table heading.
func statisticLabel(s floor.Statistic) string {
	if s == floor.Median {
		return "Median ITL"
	}
	return strings.ToUpper(string(s)) + " ITL"
}

// configuration describes a configuration for people: "4×B200, max_num_seqs 4096".
func configuration(c *floor.Configuration) string {
	s := fmt.Sprintf("%d×%s, max_num_seqs %d", c.NumGPUs, c.GPU, c.MaxNumSeqs)
	if c.Repeat > 1 {
		s += fmt.Sprintf(" (run %d)", c.Repeat)
	}
	return s
}

// writeTable prints the ranking as a table, then the caveat and citation.
func (r *report) writeTable(out io.Writer) error {
	in := r.in
	gpu := "either GPU"
	if in.GPU != "" {
		gpu = in.GPU + " only"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Energy floor for %s (%s): %s output tokens a month, %s output tokens a request, %s inter-token latency within %s, %s.\n\n",
		r.workload.Name, r.workload.ID, floor.FormatInteger(in.OutputTokensPerMonth), floor.FormatExact(in.OutputTokensPerRequest),
		strings.ToLower(strings.TrimSuffix(statisticLabel(in.Statistic), " ITL")), floor.FormatExact(in.TargetITLMs)+" ms", gpu)

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "#\tModel\tGPU\tConfiguration\t%s\tPer output token\tPer request\tPer month\n", statisticLabel(in.Statistic))
	missed := 0
	for i, res := range r.results {
		rank := fmt.Sprint(i + 1)
		c := res.Chosen
		var latency string
		if c != nil {
			latency = floor.FormatLatency(c.ITL(in.Statistic))
		} else {
			c = res.Fastest
			missed++
			latency = "! " + floor.FormatLatency(c.ITL(in.Statistic))
		}
		f := res.Figures
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", rank, res.Model.Name, res.GPU, configuration(c), latency,
			floor.FormatJoules(f.JoulesPerOutputToken), floor.FormatWh(f.WhPerRequest), floor.FormatWh(f.KWhPerMonth.Shift(3)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.results) == 0 {
		b.WriteString("No model of this workload was measured on that GPU.\n")
	}
	if missed > 0 {
		fmt.Fprintf(&b, "\n! %d of %d meet nothing within %s ms (%s): each such row shows the lowest latency it reaches and the energy there; relax the target to at least that latency.\n",
			missed, len(r.results), floor.FormatExact(in.TargetITLMs), in.Statistic)
	}
	src := r.workload.Source
	fmt.Fprintf(&b, "\nA month is %d hours. Energy per request is the energy per output token times the average output length.\n", floor.HoursPerMonth)
	fmt.Fprintf(&b, "\nCaveat: %s\n", r.dataset.Caveat)
	fmt.Fprintf(&b, "\nSource: %s %s, %s; workload %s. Data version %s, retrieved %s. Licence: %s.\n",
		src.Name, src.Version, src.URL, src.Workload, r.dataset.DataVersion, src.Retrieved, src.Licence)
	fmt.Fprintf(&b, "Cite: %s. %s\n", src.Cite, src.CiteURL)
	_, err := io.WriteString(out, b.String())
	return err
}

// number is a decimal written as a plain JSON number: no quotes, no exponent.
type number decimal.Decimal

// MarshalJSON writes the decimal's plain digits.
func (n number) MarshalJSON() ([]byte, error) { return []byte(decimal.Decimal(n).String()), nil }

// The -json output. Its fields are a contract (README, "CLI").
type (
	jsonReport struct {
		Inputs        jsonInputs   `json:"inputs"`
		DataVersion   string       `json:"data_version"`
		AppVersion    string       `json:"app_version"`
		HoursPerMonth int          `json:"hours_per_month"`
		Caveat        string       `json:"caveat"`
		Citation      string       `json:"citation"`
		CitationURL   string       `json:"citation_url"`
		Source        jsonSource   `json:"source"`
		Results       []jsonResult `json:"results"`
	}
	jsonInputs struct {
		Workload               string  `json:"workload"`
		OutputTokensPerMonth   number  `json:"output_tokens_per_month"`
		OutputTokensPerRequest number  `json:"output_tokens_per_request"`
		TargetITLMs            number  `json:"itl_target_ms"`
		Percentile             string  `json:"percentile"`
		GPU                    *string `json:"gpu"`
		Model                  *string `json:"model"`
	}
	jsonSource struct {
		Name      string `json:"name"`
		URL       string `json:"url"`
		DataURL   string `json:"data_url"`
		Version   string `json:"version"`
		Retrieved string `json:"retrieved"`
		Licence   string `json:"licence"`
	}
	jsonResult struct {
		Rank        int     `json:"rank"`
		ModelID     string  `json:"model_id"`
		Model       string  `json:"model"`
		Slug        string  `json:"slug"`
		Name        string  `json:"name"`
		GPU         string  `json:"gpu"`
		MeetsTarget bool    `json:"meets_target"`
		RowID       *string `json:"row_id"`
		// ReachableITLMs, set when nothing meets the target, is the lowest
		// latency of the target's statistic the model reaches on this GPU.
		ReachableITLMs *number     `json:"reachable_itl_ms"`
		Configuration  jsonConfig  `json:"configuration"`
		Qualifying     int         `json:"qualifying_configurations"`
		Measured       int         `json:"measured_configurations"`
		Spread         *jsonSpread `json:"spread"`
		JPerToken      number      `json:"joules_per_output_token"`
		WhPerMillion   number      `json:"wh_per_million_output_tokens"`
		JPerRequest    number      `json:"joules_per_request"`
		WhPerRequest   number      `json:"wh_per_request"`
		KWhPerMonth    number      `json:"kwh_per_month"`
		KWhPerYear     number      `json:"kwh_per_year"`
		Requests       number      `json:"requests_per_month"`
		GPUHours       number      `json:"gpu_hours_per_month"`
		Replicas       int64       `json:"replicas"`
		GPUsNeeded     int64       `json:"gpus_needed"`
		AvgGPUPower    number      `json:"avg_gpu_power_watts"`
	}
	jsonConfig struct {
		RowID           string `json:"row_id"`
		GPU             string `json:"gpu"`
		NumGPUs         int    `json:"num_gpus"`
		TensorParallel  int    `json:"tensor_parallel"`
		DataParallel    int    `json:"data_parallel"`
		ExpertParallel  int    `json:"expert_parallel"`
		Precision       string `json:"precision"`
		MaxNumSeqs      int    `json:"max_num_seqs"`
		Repeat          int    `json:"repeat"`
		MedianITLMs     number `json:"median_itl_ms"`
		P90ITLMs        number `json:"p90_itl_ms"`
		P95ITLMs        number `json:"p95_itl_ms"`
		P99ITLMs        number `json:"p99_itl_ms"`
		TokensPerSecond number `json:"tokens_per_second"`
		GPUPowerWatts   number `json:"gpu_power_watts_total"`
	}
	jsonSpread struct {
		Floor   number `json:"floor"`
		Median  number `json:"median"`
		Highest number `json:"highest"`
	}
)

// optional returns nil for "", else a pointer to s (JSON null or a string).
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// writeJSON prints the ranking as one JSON object.
func (r *report) writeJSON(out io.Writer) error {
	in, src := r.in, r.workload.Source
	rep := jsonReport{
		Inputs: jsonInputs{
			Workload: r.workload.ID, OutputTokensPerMonth: number(in.OutputTokensPerMonth), OutputTokensPerRequest: number(in.OutputTokensPerRequest),
			TargetITLMs: number(in.TargetITLMs), Percentile: string(in.Statistic), GPU: optional(in.GPU), Model: optional(in.Model),
		},
		DataVersion: r.dataset.DataVersion, AppVersion: version, HoursPerMonth: floor.HoursPerMonth,
		Caveat: r.dataset.Caveat, Citation: src.Cite, CitationURL: src.CiteURL,
		Source:  jsonSource{Name: src.Name, URL: src.URL, DataURL: src.DataURL, Version: src.Version, Retrieved: src.Retrieved, Licence: src.Licence},
		Results: make([]jsonResult, len(r.results)),
	}
	for i, res := range r.results {
		f := res.Figures
		c := res.Chosen
		jr := jsonResult{Rank: i + 1, ModelID: res.Model.ModelID, Model: res.Model.Slug, Slug: res.Model.Slug, Name: res.Model.Name, GPU: res.GPU,
			MeetsTarget: res.Meets(), Qualifying: res.Qualifying, Measured: res.Measured,
			JPerToken: number(f.JoulesPerOutputToken), WhPerMillion: number(f.WhPerMillionOutputTokens), JPerRequest: number(f.JoulesPerRequest),
			WhPerRequest: number(f.WhPerRequest), KWhPerMonth: number(f.KWhPerMonth), KWhPerYear: number(f.KWhPerYear),
			Requests: number(f.RequestsPerMonth), GPUHours: number(f.GPUHoursPerMonth), Replicas: f.Replicas, GPUsNeeded: f.GPUsNeeded,
			AvgGPUPower: number(f.AvgGPUPowerWatts),
		}
		if c != nil {
			jr.RowID = &c.RowID
			jr.Spread = &jsonSpread{Floor: number(res.Spread.Floor), Median: number(res.Spread.Median), Highest: number(res.Spread.Highest)}
		} else {
			c = res.Fastest
			reach := number(c.ITL(in.Statistic))
			jr.ReachableITLMs = &reach
		}
		jr.Configuration = jsonConfig{
			RowID: c.RowID, GPU: c.GPU, NumGPUs: c.NumGPUs, TensorParallel: c.TensorParallel, DataParallel: c.DataParallel,
			ExpertParallel: c.ExpertParallel, Precision: c.Precision, MaxNumSeqs: c.MaxNumSeqs, Repeat: c.Repeat,
			MedianITLMs: number(c.MedianITLMs), P90ITLMs: number(c.P90ITLMs), P95ITLMs: number(c.P95ITLMs), P99ITLMs: number(c.P99ITLMs),
			TokensPerSecond: number(c.TokensPerSecond), GPUPowerWatts: number(c.GPUPowerWattsTotal),
		}
		rep.Results[i] = jr
	}
	return encode(out, rep)
}

// encode writes v as indented JSON, leaving <, > and & as they are.
func encode(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeVersion prints the app and data versions.
func writeVersion(out io.Writer, d *floor.Dataset) error {
	_, err := fmt.Fprintf(out, "energyfloor %s, data version %s\n", version, d.DataVersion)
	return err
}

// writeList prints every workload and its models, as text or JSON.
func writeList(out io.Writer, d *floor.Dataset, asJSON bool) error {
	if asJSON {
		type model struct {
			Slug    string   `json:"slug"`
			Name    string   `json:"name"`
			ModelID string   `json:"model_id"`
			GPUs    []string `json:"gpus"`
		}
		type workload struct {
			ID     string  `json:"id"`
			Name   string  `json:"name"`
			Models []model `json:"models"`
		}
		list := struct {
			DataVersion string     `json:"data_version"`
			Workloads   []workload `json:"workloads"`
		}{DataVersion: d.DataVersion}
		for _, w := range d.Workloads {
			jw := workload{ID: w.ID, Name: w.Name}
			for _, m := range w.Models {
				jw.Models = append(jw.Models, model{Slug: m.Slug, Name: m.Name, ModelID: m.ModelID, GPUs: m.GPUs})
			}
			list.Workloads = append(list.Workloads, jw)
		}
		return encode(out, list)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Workloads and models (data version %s). Use the workload id with -workload and the slug with -model.\n", d.DataVersion)
	for _, w := range d.Workloads {
		fmt.Fprintf(&b, "\n%s: %s, %d models\n", w.ID, w.Name, len(w.Models))
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, m := range w.Models {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", m.Slug, m.Name, m.ModelID, strings.Join(m.GPUs, ", "))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	_, err := io.WriteString(out, b.String())
	return err
}
