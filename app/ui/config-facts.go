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
	return app.Dl().ID("chosen-config").Class("facts").DataSet("row-id", c.RowID).Body(viewOf(c.Kind).facts(c, f.Generation, f.Compact)...)
}

// tokenFacts lists a token configuration: GPUs, the split over them, the
// batch size limit, the inter-token latencies and its row id.
func tokenFacts(c *floor.Configuration, _ *floor.Generation, compact bool) []app.UI {
	lat := "median " + floor.FormatLatency(c.MedianITLMs) + " · p90 " + floor.FormatLatency(c.P90ITLMs) +
		" · p95 " + floor.FormatLatency(c.P95ITLMs) + " · p99 " + floor.FormatLatency(c.P99ITLMs)
	batch := floor.FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs))) + " requests (max_num_seqs); " +
		floor.FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch)) + " batched on average"
	items := []app.UI{app.Dt().Text("GPUs"), app.Dd().Text(strconv.Itoa(c.NumGPUs) + " × " + gpuName(c.GPU))}
	if !compact {
		items = append(items, app.Dt().Text("Split over GPUs"),
			app.Dd().Text("tensor "+strconv.Itoa(c.TensorParallel)+" · data "+strconv.Itoa(c.DataParallel)+
				" · expert "+strconv.Itoa(c.ExpertParallel)+" parallelism · "+c.Precision+" numbers"))
	}
	return append(items,
		app.Dt().Text("Batch size limit"), app.Dd().Text(batch),
		app.Dt().Text("Inter-token latency"), app.Dd().Text(lat),
		app.Dt().Text("Measurement id"), app.Dd().Body(app.Code().Text(c.RowID)),
	)
}
