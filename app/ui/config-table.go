package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// configTable is the chart's text alternative: every measured configuration
// of the selected model with its figures, in a <details>, the floor's row and
// the traffic figure's marked. Like the chart it re-renders only when the
// model, GPU, statistic, target or marked rows change; in the browser its
// rows exist only while it is open (the prerendered page has them all), so
// moving the target slider does not rebuild a hidden table. On an image or
// video workload (Kind) its columns are a diffusion configuration's:
// Ulysses × ring, batch size, batch latency in seconds, energy per image or
// video.
type configTable struct {
	app.Compo

	Model     *floor.Model
	GPU       string
	Statistic floor.Statistic
	// Target is the latency target in the kind's unit (floor.Kind.TargetOf):
	// milliseconds of inter-token latency, or seconds of batch latency.
	Target decimal.Decimal
	// Chosen and Traffic are the row ids of the floor's configuration and
	// the one at your traffic, or "".
	Chosen, Traffic string
	// Kind is the workload's: it says the table's columns.
	Kind floor.Kind

	open bool
}

func (t *configTable) onToggle(ctx app.Context, e app.Event) {
	t.open = ctx.JSSrc().Get("open").Bool()
}

// Render draws the table.
func (t *configTable) Render() app.UI {
	if t.Model == nil {
		return app.Details().ID("config-details")
	}
	var cs []*floor.Configuration
	for _, c := range t.Model.Configurations {
		if t.GPU == "" || c.GPU == t.GPU {
			cs = append(cs, c)
		}
	}
	summary := app.Summary().Text("All " + strconv.Itoa(len(cs)) + " measured configurations of " + t.Model.Name + " as a table")
	if !t.open && app.IsClient {
		return app.Details().ID("config-details").Class("config-details").OnToggle(t.onToggle).Body(summary)
	}
	d := app.Details().ID("config-details").Class("config-details").OnToggle(t.onToggle)
	if t.open {
		d = d.Open(true)
	}
	view := viewOf(t.Kind)
	return d.Body(
		summary,
		app.P().Class("fine").Text("In the chart above, each point is one of these configurations: filled when it meets the latency target, "+
			"hollow when it is too slow; ringed, the floor; dash-ringed, the figure at your traffic; faded, one with more throughput than your "+
			"monthly volume can fill; the dashed line is the target. "+view.configAbout(t.Kind)),
		app.P().Class("scroll-hint").Text("The table scrolls in its box: every configuration is in it."),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", "Configurations (scrolls in its box)").Body(
			app.Table().ID("config-table").Body(
				app.THead().Body(app.Tr().Body(view.configHead(t)...)),
				app.TBody().Body(app.Range(cs).Slice(func(i int) app.UI {
					c := cs[i]
					class, meets := t.mark(c)
					return app.Tr().Class(class).DataSet("row-id", c.RowID).Body(view.configRow(t, c, meets)...)
				})),
			),
		),
	)
}

// mark returns the class and the target column's words of c's row: whether
// it meets the target, and whether it is the floor's or the traffic
// figure's configuration.
func (t *configTable) mark(c *floor.Configuration) (class, meets string) {
	meets = "no"
	if floor.Meets(c, t.Statistic, t.Target) {
		meets = "yes"
	}
	switch {
	case c.RowID == t.Chosen && c.RowID == t.Traffic:
		return "selected traffic", "yes, chosen, at your traffic"
	case c.RowID == t.Chosen:
		return "selected", "yes, chosen"
	case c.RowID == t.Traffic:
		return "traffic", "yes, at your traffic"
	}
	return "", meets
}

// tokenHead and tokenRow are a token configuration's columns.
func (t *configTable) tokenHead() []app.UI {
	heads := columnHeads("GPUs", "TP · DP · EP", "Precision", "max_num_seqs")
	for _, s := range floor.Statistics {
		heads = append(heads, columnHeads(s.Heading()+" (ms)")...)
	}
	return append(heads, columnHeads("J per output token", "Wh per million output tokens", "Output tokens per second",
		"GPU power, all GPUs (W)", "Within "+t.Statistic.Name()+" target")...)
}

func (t *configTable) tokenRow(c *floor.Configuration, meets string) []app.UI {
	return []app.UI{
		app.Th().Scope("row").Text(strconv.Itoa(c.NumGPUs) + " × " + c.GPU),
		app.Td().Text(strconv.Itoa(c.TensorParallel) + " · " + strconv.Itoa(c.DataParallel) + " · " + strconv.Itoa(c.ExpertParallel)),
		app.Td().Text(c.Precision),
		app.Td().Class("num").Text(strconv.Itoa(c.MaxNumSeqs)),
		app.Range(floor.Statistics[:]).Slice(func(i int) app.UI {
			return app.Td().Class("num").Text(floor.FormatNumber(c.ITL(floor.Statistics[i])))
		}),
		app.Td().Class("num").Text(c.JoulesPerOutputToken.String()),
		app.Td().Class("num").Text(c.WhPerMillionOutputTokens.String()),
		app.Td().Class("num").Text(floor.FormatNumber(c.TokensPerSecond)),
		app.Td().Class("num").Text(floor.FormatNumber(c.GPUPowerWattsTotal)),
		app.Td().Text(meets),
	}
}

// diffusionHead and diffusionRow are an image or video configuration's
// columns: the batch latency and the joules per request as measured, the
// Wh per request as the floor computes it (floor.FiguresFor), rounded as
// the headline rounds it, and the configuration's row id.
func (t *configTable) diffusionHead() []app.UI {
	return columnHeads("GPUs", "Ulysses × ring", "Batch size", "Batch latency (s)", "J per "+t.Kind.Request(), "Wh per "+t.Kind.Request(),
		"Within "+t.Kind.FormatLatency(t.Target)+" target", "Measurement id")
}

// columnHeads are a table's column headings, named in order.
func columnHeads(names ...string) []app.UI {
	heads := make([]app.UI, len(names))
	for i, n := range names {
		heads[i] = app.Th().Scope("col").Text(n)
	}
	return heads
}

func (t *configTable) diffusionRow(c *floor.Configuration, meets string) []app.UI {
	// A diffusion configuration's Wh per request depends on its energy
	// only, not on the inputs.
	wh := floor.FiguresFor(c, floor.Inputs{}).WhPerRequest
	return []app.UI{
		app.Th().Scope("row").Text(strconv.Itoa(c.NumGPUs) + " × " + c.GPU),
		app.Td().Text(strconv.Itoa(c.UlyssesDegree) + " × " + strconv.Itoa(c.RingDegree)),
		app.Td().Class("num").Text(strconv.Itoa(c.BatchSize)),
		app.Td().Class("num").DataSet("s", c.BatchLatencyS.String()).Text(floor.FormatExact(c.BatchLatencyS)),
		app.Td().Class("num").DataSet("j", c.JoulesPerRequest.String()).Text(floor.FormatExact(c.JoulesPerRequest)),
		app.Td().Class("num").DataSet("wh", wh.String()).Text(floor.FormatNumber(wh)),
		app.Td().Text(meets),
		app.Td().Body(app.Code().Text(c.RowID)),
	}
}
