package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// configTable is the chart's text alternative: every measured configuration
// of the selected model with its figures, in a <details>. Like the chart it
// re-renders only when the model, GPU, statistic, target or choice change;
// in the browser its rows exist only while it is open (the prerendered page
// has them all), so moving the target slider does not rebuild a hidden table.
type configTable struct {
	app.Compo

	Model     *floor.Model
	GPU       string
	Statistic floor.Statistic
	TargetMs  decimal.Decimal
	Chosen    string

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
	ms := func(d decimal.Decimal) string { return floor.FormatNumber(d) }
	summary := app.Summary().Text("All " + strconv.Itoa(len(cs)) + " measured configurations of " + t.Model.Name + " as a table")
	if !t.open && app.IsClient {
		return app.Details().ID("config-details").Class("config-details").OnToggle(t.onToggle).Body(summary)
	}
	d := app.Details().ID("config-details").Class("config-details").OnToggle(t.onToggle)
	if t.open {
		d = d.Open(true)
	}
	return d.Body(
		summary,
		app.P().Class("fine").Text("In the chart above, each point is one of these configurations: filled when it meets the latency target, "+
			"hollow when it is too slow; ringed, the floor; dash-ringed, the figure at your traffic; faded, one with more throughput than your "+
			"monthly volume can fill; the dashed line is the target. The max_num_seqs column is the batch size limit: the most requests served together."),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", "Configurations (scrolls sideways)").Body(
			app.Table().ID("config-table").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text("GPUs"),
					app.Th().Scope("col").Text("TP · DP · EP"),
					app.Th().Scope("col").Text("Precision"),
					app.Th().Scope("col").Text("max_num_seqs"),
					app.Range(floor.Statistics[:]).Slice(func(i int) app.UI {
						return app.Th().Scope("col").Text(statisticColumn(floor.Statistics[i]))
					}),
					app.Th().Scope("col").Text("J per output token"),
					app.Th().Scope("col").Text("Wh per million output tokens"),
					app.Th().Scope("col").Text("Output tokens per second"),
					app.Th().Scope("col").Text("GPU power, all GPUs (W)"),
					app.Th().Scope("col").Text("Within "+statisticName(t.Statistic)+" target"),
				)),
				app.TBody().Body(app.Range(cs).Slice(func(i int) app.UI {
					c := cs[i]
					meets := "no"
					if floor.Meets(c, t.Statistic, t.TargetMs) {
						meets = "yes"
					}
					class := ""
					if c.RowID == t.Chosen {
						class, meets = "selected", "yes, chosen"
					}
					return app.Tr().Class(class).DataSet("row-id", c.RowID).Body(
						app.Th().Scope("row").Text(strconv.Itoa(c.NumGPUs)+" × "+c.GPU),
						app.Td().Text(strconv.Itoa(c.TensorParallel)+" · "+strconv.Itoa(c.DataParallel)+" · "+strconv.Itoa(c.ExpertParallel)),
						app.Td().Text(c.Precision),
						app.Td().Class("num").Text(strconv.Itoa(c.MaxNumSeqs)),
						app.Range(floor.Statistics[:]).Slice(func(i int) app.UI {
							return app.Td().Class("num").Text(ms(c.ITL(floor.Statistics[i])))
						}),
						app.Td().Class("num").Text(c.JoulesPerOutputToken.String()),
						app.Td().Class("num").Text(c.WhPerMillionOutputTokens.String()),
						app.Td().Class("num").Text(floor.FormatNumber(c.TokensPerSecond)),
						app.Td().Class("num").Text(floor.FormatNumber(c.GPUPowerWattsTotal)),
						app.Td().Text(meets),
					)
				})),
			),
		),
	)
}

// statisticColumn heads the column of a latency statistic: "Median ITL
// (ms)", then "p90 (ms)" and so on.
func statisticColumn(s floor.Statistic) string {
	if s == floor.Median {
		return "Median ITL (ms)"
	}
	return string(s) + " (ms)"
}
