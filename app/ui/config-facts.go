package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// configFacts describes a measured configuration, each exact term behind a
// plain label: GPUs, parallelism, precision, batch size limit, latencies and
// its row id, under the hook #chosen-config (data-row-id). Its
// own component: a new monthly volume does not re-render it.
type configFacts struct {
	app.Compo

	Config *floor.Configuration
	// Generation is what one request of an image or video model makes
	// (nil for a token model).
	Generation *floor.Generation
	Compact    bool
}

// Render draws the list.
func (f *configFacts) Render() app.UI {
	c := f.Config
	if !c.Kind.PerToken() {
		return app.Dl().ID("chosen-config").Class("facts").DataSet("row-id", c.RowID).Body(diffusionFacts(c, f.Generation, f.Compact)...)
	}
	lat := "median " + floor.FormatLatency(c.MedianITLMs) + " · p90 " + floor.FormatLatency(c.P90ITLMs) +
		" · p95 " + floor.FormatLatency(c.P95ITLMs) + " · p99 " + floor.FormatLatency(c.P99ITLMs)
	batch := floor.FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs))) + " requests (max_num_seqs); " +
		floor.FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch)) + " batched on average"
	items := []app.UI{app.Dt().Text("GPUs"), app.Dd().Text(strconv.Itoa(c.NumGPUs) + " × " + gpuName(c.GPU))}
	if !f.Compact {
		items = append(items, app.Dt().Text("Split over GPUs"),
			app.Dd().Text("tensor "+strconv.Itoa(c.TensorParallel)+" · data "+strconv.Itoa(c.DataParallel)+
				" · expert "+strconv.Itoa(c.ExpertParallel)+" parallelism · "+c.Precision+" numbers"))
	}
	items = append(items,
		app.Dt().Text("Batch size limit"), app.Dd().Text(batch),
		app.Dt().Text("Inter-token latency"), app.Dd().Text(lat),
		app.Dt().Text("Measurement id"), app.Dd().Body(app.Code().Text(c.RowID)),
	)
	return app.Dl().ID("chosen-config").Class("facts").DataSet("row-id", c.RowID).Body(items...)
}
