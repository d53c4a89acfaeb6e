package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	json "github.com/goccy/go-json"

	"energyfloor/app/floor"
	"energyfloor/app/link"
)

// report is one ranking with everything printed around it.
type report struct {
	dataset  *floor.Dataset
	workload *floor.Workload
	in       floor.Inputs
	results  []floor.Result
	// origin is the app's public URL without a final slash, or "": the
	// statement names the permalink only with it.
	origin string
}

// statement returns the statement of the report's inputs (floor.Statement
// for floor.StatementFloor's model), or its one sentence
// (floor.ShortStatement) when short, with the permalink on r.origin when
// set; "" when the workload has no model.
func (r *report) statement(short bool) string {
	in, res, ok := floor.StatementFloor(r.workload, r.in)
	if !ok {
		return ""
	}
	permalink := ""
	if r.origin != "" {
		permalink = r.origin + "/?" + link.PermalinkOf(r.dataset, in).Encode()
	}
	if short {
		return floor.ShortStatement(r.workload, in, res, permalink)
	}
	return floor.Statement(r.dataset, r.workload, in, res, permalink)
}

// writeStatement prints the statement alone: one paragraph, or one sentence
// when short.
func (r *report) writeStatement(out io.Writer, short bool) error {
	_, err := io.WriteString(out, r.statement(short)+"\n")
	return err
}

// statisticLabel names a latency statistic in a table heading.
func statisticLabel(s floor.Statistic) string {
	if s == floor.Median {
		return "Median ITL"
	}
	return strings.ToUpper(string(s)) + " ITL"
}

// configuration describes a configuration for people: "4×B200, max_num_seqs
// 4096", or "4×B200, Ulysses 2 × ring 2, batch 8".
func configuration(c *floor.Configuration) string {
	if c.Diffusion() {
		return fmt.Sprintf("%d×%s, Ulysses %d × ring %d, batch %d", c.NumGPUs, c.GPU, c.UlyssesDegree, c.RingDegree, c.BatchSize)
	}
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
	w := r.workload
	diffusion := w.Diffusion()
	if diffusion {
		fmt.Fprintf(&b, "Energy floor for %s (%s): %s a month, a batch latency within %s, %s.\n\n",
			w.Name, w.ID, floor.Counted(floor.FormatInteger(in.RequestsPerMonth), w.Request), floor.FormatSeconds(in.TargetLatencyS), gpu)
	} else {
		fmt.Fprintf(&b, "Energy floor for %s (%s): %s a month, %s a request, %s inter-token latency within %s, %s.\n\n",
			w.Name, w.ID, floor.Counted(floor.FormatInteger(in.OutputTokensPerMonth), "output token"),
			floor.Counted(floor.FormatExact(in.OutputTokensPerRequest), "output token"),
			strings.ToLower(strings.TrimSuffix(statisticLabel(in.Statistic), " ITL")), floor.FormatExact(in.TargetITLMs)+" ms", gpu)
	}

	f := in.Factors
	_, carbon := f.GCO2ePerKWh()
	estimate := !f.IsZero()
	if estimate {
		fmt.Fprintf(&b, "%s\n\n", factorsLine(f))
	}

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if diffusion {
		fmt.Fprintf(tw, "#\tModel\tGPU\tConfiguration\tBatch latency\tPer %s\tPer month\tAt your traffic", w.Request)
	} else {
		fmt.Fprintf(tw, "#\tModel\tGPU\tConfiguration\t%s\tPer output token\tPer request\tPer month\tAt your traffic", statisticLabel(in.Statistic))
	}
	if estimate {
		fmt.Fprint(tw, "\tEstimate per request\tEstimate per month")
		if carbon {
			fmt.Fprint(tw, "\tCarbon per request\tCarbon per month")
		}
		if f.PricePerKWh.Valid {
			fmt.Fprint(tw, "\tCost per month")
		}
	}
	fmt.Fprintln(tw)
	missed := 0
	for i, res := range r.results {
		rank := fmt.Sprint(i + 1)
		c := res.Chosen
		var latency string
		if c == nil {
			c = res.Fastest
			missed++
			latency = "! "
		}
		fig := res.Figures
		if diffusion {
			latency += floor.FormatSeconds(c.BatchLatencyS)
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", rank, res.Model.Name, res.GPU, configuration(c), latency,
				floor.FormatWh(fig.WhPerRequest), floor.FormatWh(fig.KWhPerMonth.Shift(3)), atTraffic(res.Traffic))
		} else {
			latency += floor.FormatLatency(c.ITL(in.Statistic))
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", rank, res.Model.Name, res.GPU, configuration(c), latency,
				floor.FormatJoules(fig.JoulesPerOutputToken), floor.FormatWh(fig.WhPerRequest), floor.FormatWh(fig.KWhPerMonth.Shift(3)), atTraffic(res.Traffic))
		}
		if estimate {
			e := f.Estimate(fig)
			fmt.Fprintf(tw, "\t%s\t%s", floor.FormatWh(e.WhPerRequest), floor.FormatWh(e.KWhPerMonth.Shift(3)))
			if carbon {
				fmt.Fprintf(tw, "\t%s gCO2e\t%s", floor.FormatNumber(e.GCO2ePerRequest.Decimal), floor.FormatKgCO2e(e.KgCO2ePerMonth.Decimal))
			}
			if e.CostPerMonth.Valid {
				fmt.Fprintf(tw, "\t%s", floor.WithCurrency(floor.FormatNumber(e.CostPerMonth.Decimal), f.Currency))
			}
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.results) == 0 {
		// Only a model (or a workload) not measured on the GPU asked for.
		what := "No model of this workload"
		if m := w.Model(in.Model); m != nil {
			what = m.Name
		}
		fmt.Fprintf(&b, "%s was not measured on %s.\n", what, in.GPU)
	}
	src := w.Source
	if diffusion {
		r.diffusionNotes(&b, missed)
	} else {
		if missed > 0 {
			fmt.Fprintf(&b, "\n! %d of %d meet nothing within %s ms (%s): each such row shows the lowest latency it reaches and the energy there; relax the target to at least that latency.\n",
				missed, len(r.results), floor.FormatExact(in.TargetITLMs), in.Statistic)
		}
		fmt.Fprintf(&b, "\nA month is %d hours. Energy per request is the energy per output token times the average output length.\n", floor.HoursPerMonth)
		fmt.Fprintf(&b, "\nAt your traffic: per request at the least-energy configuration that %s a month (%s output tokens a second on average) can keep busy along the model's measured concurrency curves on that GPU, and how many times the floor it is. %s\n",
			floor.Counted(floor.FormatInteger(in.OutputTokensPerMonth), "output token"), floor.FormatNumber(floor.TokensPerSecond(in.OutputTokensPerMonth)), floor.TrafficAssumption)
	}
	fmt.Fprintf(&b, "\nCaveat: %s\n", floor.WorkloadCaveat(r.dataset, w, in))
	fmt.Fprintf(&b, "\nSource: %s %s, %s; workload %s. Data version %s, retrieved %s. Licence: %s.\n",
		src.Name, src.Version, src.URL, src.Workload, r.dataset.DataVersion, src.Retrieved, src.Licence)
	fmt.Fprintf(&b, "Cite: %s. %s\n", src.Cite, src.CiteURL)
	if _, ok := f.GridUsed(); ok {
		gs := r.dataset.GridSource
		fmt.Fprintf(&b, "%s. %s (commit %.7s, updated %s). Licence: %s.\n", gs.Attribution, gs.URL, gs.Commit, gs.Updated, gs.Licence)
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// atTraffic is a row's "at your traffic" cell: the traffic floor per
// request and how many times the floor it is, or a dash when nothing meets
// the target.
func atTraffic(t *floor.Traffic) string {
	if t == nil {
		return "—"
	}
	return floor.FormatWh(t.Figures.WhPerRequest) + " (" + floor.FormatTimes(t.TimesFloor) + ")"
}

// diffusionNotes writes the notes under a diffusion table: the rows that
// meet nothing, what a request is and each model's generation settings, and
// what the figure at your traffic is.
func (r *report) diffusionNotes(b *strings.Builder, missed int) {
	in, w := r.in, r.workload
	if missed > 0 {
		fmt.Fprintf(b, "\n! %d of %d meet nothing within %s: each such row shows the lowest batch latency it reaches and the energy there; relax the target to at least that latency.\n",
			missed, len(r.results), floor.FormatSeconds(in.TargetLatencyS))
	}
	fmt.Fprintf(b, "\nA month is %d hours. A request is one %s; a configuration is measured generating batches of its batch size, each %s ready when its batch is. Each model generates at fixed settings:\n",
		floor.HoursPerMonth, w.Request, w.Request)
	seen := map[string]bool{}
	for _, res := range r.results {
		m := res.Model
		if seen[m.Slug] || m.Generation == nil {
			continue
		}
		seen[m.Slug] = true
		g := m.Generation
		s := fmt.Sprintf("  %s: %d × %d, %d inference steps", m.Name, g.Width, g.Height, g.InferenceSteps)
		if g.Frames > 0 {
			s += fmt.Sprintf(", %d frames at %d fps", g.Frames, g.FPS)
		}
		fmt.Fprintln(b, s)
	}
	if m, ok := floor.CompareModalities(r.dataset); ok {
		_, res, _ := floor.StatementFloor(w, in)
		fmt.Fprintf(b, "\n%s\n", m.For(w, res))
	}
	fmt.Fprintf(b, "\nAt your traffic: per %s at the least-energy configuration that %s a month (%s a second on average) can keep busy along the model's measured batch-size curves on that GPU, and how many times the floor it is. %s\n",
		w.Request, floor.Counted(floor.FormatInteger(in.RequestsPerMonth), w.Request), floor.FormatNumber(floor.TokensPerSecond(in.RequestsPerMonth)), floor.DiffusionTrafficAssumption)
}

// factorsLine states the estimate's factors above the table: what each
// estimate column assumes.
func factorsLine(f floor.Factors) string {
	s := "Estimate beyond the floor: × " + f.EnergyFactor().String() + ", from " + f.EnergyWords()
	if p, ok := f.Preset(); ok {
		s += " (" + p.Name + ")"
	}
	if g, ok := f.GridUsed(); ok {
		s += fmt.Sprintf("; carbon at %s (%s) %s gCO2e/kWh, %d", g.Name, g.Code, floor.FormatExact(g.GCO2ePerKWh), g.Year)
	} else if g, ok := f.GCO2ePerKWh(); ok {
		s += fmt.Sprintf("; carbon at your own %s gCO2e/kWh", floor.FormatExact(g))
	}
	if f.PricePerKWh.Valid {
		s += "; cost at " + floor.WithCurrency(floor.FormatExact(f.PricePerKWh.Decimal), f.Currency) + " per kWh"
	}
	return s + "."
}

// writeJSON prints the ranking as one JSON object: the report schema of
// floor.Report (see the package doc for the contract).
func (r *report) writeJSON(out io.Writer) error {
	rep := floor.NewReport(r.dataset, r.workload, r.in, r.results, version)
	if r.origin != "" {
		rep.Statement, rep.StatementShort = r.statement(false), r.statement(true)
	}
	b, err := rep.JSON()
	if err != nil {
		return err
	}
	_, err = out.Write(b)
	return err
}

// encode writes v as indented JSON, leaving <, > and & as they are.
func encode(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeVersion prints the app and data versions, as text or JSON.
func writeVersion(out io.Writer, d *floor.Dataset, asJSON bool) error {
	if asJSON {
		return encode(out, struct {
			AppVersion  string `json:"app_version"`
			DataVersion string `json:"data_version"`
		}{version, d.DataVersion})
	}
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
			ID   string `json:"id"`
			Name string `json:"name"`
			// Request is a diffusion workload's "image" or "video".
			Request string  `json:"request,omitempty"`
			Models  []model `json:"models"`
		}
		list := struct {
			DataVersion string     `json:"data_version"`
			Workloads   []workload `json:"workloads"`
		}{DataVersion: d.DataVersion}
		for _, w := range d.AllWorkloads() {
			jw := workload{ID: w.ID, Name: w.Name, Request: w.Request}
			for _, m := range w.Models {
				jw.Models = append(jw.Models, model{Slug: m.Slug, Name: m.Name, ModelID: m.ModelID, GPUs: m.GPUs})
			}
			list.Workloads = append(list.Workloads, jw)
		}
		return encode(out, list)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Workloads and models (data version %s). Use the workload id with -workload and the slug with -model.\n", d.DataVersion)
	for _, w := range d.AllWorkloads() {
		kind := ""
		if w.Diffusion() {
			kind = ", one " + w.Request + " a request (-requests, -latency-s)"
		}
		fmt.Fprintf(&b, "\n%s: %s, %d models%s\n", w.ID, w.Name, len(w.Models), kind)
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
