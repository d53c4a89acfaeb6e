package main

import (
	"fmt"
	"strings"

	"energyfloor/app/floor"
)

// column is one of the table's columns after the rank, the model and the
// GPU: its heading, and its cell for a result on inputs in.
type column struct {
	head string
	cell func(r *floor.Result, in floor.Inputs) string
}

// columns returns the table's columns for a workload of kind k at latency
// statistic s: the configuration, the latency it reaches, the per-token
// energy where the kind has it, then per request, per month and at your
// traffic.
func columns(k floor.Kind, s floor.Statistic) []column {
	cols := []column{
		{"Configuration", func(r *floor.Result, _ floor.Inputs) string { return shownConfig(r).ShortWords() }},
		{k.LatencyHeading(s), func(r *floor.Result, in floor.Inputs) string {
			mark := ""
			if !r.Meets() {
				mark = "! "
			}
			return mark + shownConfig(r).LatencyWords(in.Statistic)
		}},
	}
	if k.PerToken() {
		cols = append(cols, column{"Per output token", func(r *floor.Result, _ floor.Inputs) string {
			return floor.FormatJoules(r.Figures.JoulesPerOutputToken)
		}})
	}
	return append(cols,
		column{"Per " + k.Request(), func(r *floor.Result, _ floor.Inputs) string { return floor.FormatWh(r.Figures.WhPerRequest) }},
		column{"Per month", func(r *floor.Result, _ floor.Inputs) string { return floor.FormatWh(r.Figures.KWhPerMonth.Shift(3)) }},
		column{"At your traffic", func(r *floor.Result, _ floor.Inputs) string { return atTraffic(r.Traffic) }},
	)
}

// shownConfig is the configuration a row shows: the chosen one, or the
// fastest when nothing meets the target.
func shownConfig(r *floor.Result) *floor.Configuration {
	if r.Chosen != nil {
		return r.Chosen
	}
	return r.Fastest
}

// notes are the kind's words of the table's first line and of the notes
// under it.
type notes struct {
	target  string // the target, where the rows that meet nothing are counted
	which   string // which latency the fastest configuration reaches: "" or "batch "
	request string // what a request is
	rate    string // the volume's average rate
	curves  string // the curves the figure at your traffic walks
}

// notesFor returns the notes of a table on a workload of kind k for inputs
// in.
func notesFor(k floor.Kind, in floor.Inputs) notes {
	rate := floor.FormatNumber(floor.PerSecond(k.VolumeOf(in)))
	if k.PerToken() {
		return notes{
			target:  floor.FormatExact(in.TargetITLMs) + " ms (" + in.Statistic.Name() + ")",
			request: "Energy per request is the energy per output token times the average output length.",
			rate:    rate + " output tokens", curves: "concurrency curves",
		}
	}
	return notes{
		target: floor.FormatSeconds(in.TargetLatencyS), which: "batch ",
		request: "A request is one " + k.Request() + "; a configuration is measured generating batches of its batch size, each " + k.Request() +
			" ready when its batch is. Each model generates at fixed settings:",
		rate: rate, curves: "batch-size curves",
	}
}

// writeNotes writes the notes under the table: the rows that meet nothing,
// what a request is (and, for images and videos, each model's generation
// settings and the modalities line), and what the figure at your traffic
// is.
func (r *report) writeNotes(b *strings.Builder, missed int) {
	in, w := r.in, r.workload
	k := w.Kind
	n := notesFor(k, in)
	if missed > 0 {
		fmt.Fprintf(b, "\n! %d of %d meet nothing within %s: each such row shows the lowest %slatency it reaches and the energy there; relax the target to at least that latency.\n",
			missed, len(r.results), n.target, n.which)
	}
	fmt.Fprintf(b, "\nA month is %d hours. %s\n", floor.HoursPerMonth, n.request)
	if !k.PerToken() {
		r.writeGenerations(b)
	}
	fmt.Fprintf(b, "\nAt your traffic: per %s at the least-energy configuration that %s a month (%s a second on average) can keep busy along the model's measured %s on that GPU, and how many times the floor it is. %s\n",
		k.Request(), floor.Counted(floor.FormatInteger(k.VolumeOf(in)), k.Unit()), n.rate, n.curves, k.TrafficAssumption())
}

// writeGenerations writes, under an image or video table, what each
// model's request makes (its fixed generation settings) and the line
// comparing modalities.
func (r *report) writeGenerations(b *strings.Builder) {
	seen := map[string]bool{}
	for _, res := range r.results {
		if m := res.Model; !seen[m.Slug] {
			seen[m.Slug] = true
			fmt.Fprintf(b, "  %s: %s\n", m.Name, m.Generation.Words())
		}
	}
	if mod, ok := floor.CompareModalities(r.dataset); ok {
		_, res, _ := floor.StatementFloor(r.workload, r.in)
		fmt.Fprintf(b, "\n%s\n", mod.For(r.workload, res))
	}
}
