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

// writeTable prints the ranking as a table, then the caveat and citation.
func (r *report) writeTable(out io.Writer) error {
	in := r.in
	gpu := "either GPU"
	if in.GPU != "" {
		gpu = in.GPU + " only"
	}
	var b strings.Builder
	w := r.workload
	k := w.Kind
	fmt.Fprintf(&b, "Energy floor for %s (%s): %s, %s.\n\n", w.Name, w.ID, k.InputsWords(in), gpu)

	f := in.Factors
	_, carbon := f.GCO2ePerKWh()
	estimate := !f.IsZero()
	if estimate {
		fmt.Fprintf(&b, "%s\n\n", factorsLine(f))
	}

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	cols := columns(k, in.Statistic)
	fmt.Fprint(tw, "#\tModel\tGPU")
	for _, col := range cols {
		fmt.Fprint(tw, "\t"+col.head)
	}
	if estimate {
		estimateHeads(tw, f, carbon)
	}
	fmt.Fprintln(tw)
	missed := 0
	for i, res := range r.results {
		if !res.Meets() {
			missed++
		}
		fmt.Fprintf(tw, "%d\t%s\t%s", i+1, res.Model.Name, res.GPU)
		for _, col := range cols {
			fmt.Fprint(tw, "\t"+col.cell(&res, in))
		}
		if estimate {
			estimateCells(tw, f.ResultEstimate(&res, in), f.Currency, carbon)
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
	r.writeNotes(&b, missed)
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

// estimateHeads writes the table's heads for the estimate under factors f:
// energy, then carbon (with an intensity), cost, manufacture and water
// when f counts them.
func estimateHeads(tw io.Writer, f floor.Factors, carbon bool) {
	fmt.Fprint(tw, "\tEstimate per request\tEstimate per month")
	if carbon {
		fmt.Fprint(tw, "\tCarbon per request\tCarbon per month")
	}
	if f.PricePerKWh.Valid {
		fmt.Fprint(tw, "\tCost per month")
	}
	if f.Footprint.CountsEmbodied() {
		fmt.Fprint(tw, "\tManufacture per request\tManufacture per month")
	}
	if f.Footprint.CountsWater() {
		fmt.Fprint(tw, "\tWater per request\tWater per month")
	}
}

// estimateCells writes a row's cells of estimate e, under estimateHeads.
func estimateCells(tw io.Writer, e floor.Estimate, currency string, carbon bool) {
	fmt.Fprintf(tw, "\t%s\t%s", floor.FormatWh(e.WhPerRequest), floor.FormatWh(e.KWhPerMonth.Shift(3)))
	if carbon {
		fmt.Fprintf(tw, "\t%s gCO2e\t%s", floor.FormatNumber(e.GCO2ePerRequest.Decimal), floor.FormatKgCO2e(e.KgCO2ePerMonth.Decimal))
	}
	if e.CostPerMonth.Valid {
		fmt.Fprintf(tw, "\t%s", floor.WithCurrency(floor.FormatNumber(e.CostPerMonth.Decimal), currency))
	}
	if e.EmbodiedGPerRequest.Valid {
		fmt.Fprintf(tw, "\t%s gCO2e\t%s", floor.FormatNumber(e.EmbodiedGPerRequest.Decimal), floor.FormatEmbodiedKg(e.EmbodiedKgPerMonth.Decimal))
	}
	if e.WaterML.Valid {
		fmt.Fprintf(tw, "\t%s mL\t%s", floor.FormatNumber(e.WaterML.Decimal), floor.FormatWaterL(e.WaterLPerMonth.Decimal))
	}
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
	if f.Footprint.CountsEmbodied() {
		s += "; manufacture at " + f.Footprint.EmbodiedWords() + ", charged by each request's GPU-seconds"
	}
	if w := f.Footprint.WaterWords(); len(w) > 0 {
		s += "; water at " + strings.Join(w, " and ")
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
			jw := workload{ID: w.ID, Name: w.Name, Request: w.Kind.Generates()}
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
		if g := w.Kind.Generates(); g != "" {
			kind = ", one " + g + " a request (-requests, -latency-s)"
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
