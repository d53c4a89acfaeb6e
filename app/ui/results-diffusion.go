package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// diffusionFacts lists an image or video configuration: GPUs, the split
// over them, the batch, the batch latency, what each request makes and its
// row id.
func diffusionFacts(c *floor.Configuration, g *floor.Generation, compact bool) []app.UI {
	items := []app.UI{app.Dt().Text("GPUs"), app.Dd().Text(strconv.Itoa(c.NumGPUs) + " × " + gpuName(c.GPU))}
	if !compact {
		items = append(items, app.Dt().Text("Split over GPUs"),
			app.Dd().Text(c.SetupWords()+" sequence parallelism · "+c.Precision+" numbers"))
	}
	items = append(items,
		app.Dt().Text("Batch size"), app.Dd().Text(strconv.Itoa(c.BatchSize)+" generated together"),
		app.Dt().Text("Batch latency"), app.Dd().Text(floor.FormatSeconds(c.BatchLatencyS)),
	)
	if g != nil {
		items = append(items, app.Dt().Text("Each request"), app.Dd().Text(g.Words()))
	}
	return append(items, app.Dt().Text("Measurement id"), app.Dd().Body(app.Code().Text(c.RowID)))
}

// moreText says how much more than vol the volume from is: " (1.94% more)",
// or, from ten times vol up, how many times it is: " (12.5 times your
// volume)", " (102 billion times your volume)"; "" when vol is zero.
func moreText(from, vol decimal.Decimal) string {
	if vol.Sign() <= 0 {
		return ""
	}
	ratio := from.Div(vol)
	if ratio.Cmp(decimal.NewFromInt(10)) >= 0 {
		return " (" + floor.FormatVolume(ratio) + " times your volume)"
	}
	return " (" + floor.FormatPercent(ratio.Sub(decimal.NewFromInt(1))) + " more)"
}
