package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// configFacts describes a measured configuration: GPUs, parallelism, batch,
// latencies and its row id, under the hook #chosen-config (data-row-id). Its
// own component: a new monthly volume does not re-render it.
type configFacts struct {
	app.Compo

	Config  *floor.Configuration
	Compact bool
}

// Render draws the list.
func (f *configFacts) Render() app.UI {
	c := f.Config
	lat := "median " + floor.FormatLatency(c.MedianITLMs) + " · p90 " + floor.FormatLatency(c.P90ITLMs) +
		" · p95 " + floor.FormatLatency(c.P95ITLMs) + " · p99 " + floor.FormatLatency(c.P99ITLMs)
	batch := "max_num_seqs " + floor.FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs))) + " (" +
		floor.FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch)) + " requests in flight on average)"
	items := []app.UI{app.Dt().Text("GPUs"), app.Dd().Text(strconv.Itoa(c.NumGPUs) + " × " + gpuName(c.GPU))}
	if !f.Compact {
		items = append(items, app.Dt().Text("Parallelism, precision"),
			app.Dd().Text("tensor "+strconv.Itoa(c.TensorParallel)+" · data "+strconv.Itoa(c.DataParallel)+
				" · expert "+strconv.Itoa(c.ExpertParallel)+" · "+c.Precision))
	}
	items = append(items,
		app.Dt().Text("Batch"), app.Dd().Text(batch),
		app.Dt().Text("Inter-token latency"), app.Dd().Text(lat),
		app.Dt().Text("Measured row"), app.Dd().Body(app.Code().Text(c.RowID)),
	)
	return app.Dl().ID("chosen-config").Class("facts").DataSet("row-id", c.RowID).Body(items...)
}
