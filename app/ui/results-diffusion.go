package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The results of an image or video workload (text-to-image, text-to-video):
// the same panel, hooks and order as a token workload's, in images or
// videos and a batch latency in seconds, without the per-token lines.

// renderDiffusionRelax draws an image or video model that meets no target:
// its fastest configuration's figures, and the target that would.
func (p *resultsPanel) renderDiffusionRelax() app.UI {
	r, in, f := p.Result, p.In, p.Result.Figures
	c, unit := r.Fastest, p.Request
	whReq, whMonth := headlineWh(r, p.Found)
	return app.Div().Body(
		app.P().ID("no-config").Class("warn").Text("No measured configuration of "+r.Model.Name+" has a batch latency within "+
			floor.FormatSeconds(in.TargetLatencyS)+"."),
		p.headline(whReq, whMonth,
			"at the fastest configuration, "+floor.FormatSeconds(c.BatchLatencyS)+": above your target",
			floor.FormatWh(f.KWhPerYear.Shift(3))+" per year, at that configuration",
			nil, "No figure at your traffic: no configuration meets the latency target."),
		p.Caveat,
		p.Provenance,
		app.Div().ID("relax").Class("relax").DataSet("latency-s", c.BatchLatencyS.String()).
			DataSet("wh-per-request", whReq.attr()).DataSet("wh-per-month", whMonth.attr()).Body(
			app.P().Text("The lowest batch latency it reaches is "+floor.FormatSeconds(c.BatchLatencyS)+
				", on "+serverText(c)+" in batches of "+strconv.Itoa(c.BatchSize)+". Relax the target to that to get a result."),
			app.P().Text("There the energy is "+floor.FormatJoules(f.JoulesPerRequest)+" per "+unit+": "+
				floor.FormatWh(f.KWhPerMonth.Shift(3))+" per month."),
		),
		p.Statement,
		p.Published,
		&trafficPanel{Request: unit, RequestsPerMonth: in.RequestsPerMonth},
		app.H3().Text("The fastest configuration"),
		&configFacts{Config: c, Generation: r.Model.Generation, Compact: p.Compact},
	)
}

// diffusionFacts lists an image or video configuration: GPUs, the split
// over them, the batch, the batch latency, what each request makes and its
// row id.
func diffusionFacts(c *floor.Configuration, g *floor.Generation, compact bool) []app.UI {
	items := []app.UI{app.Dt().Text("GPUs"), app.Dd().Text(strconv.Itoa(c.NumGPUs) + " × " + gpuName(c.GPU))}
	if !compact {
		items = append(items, app.Dt().Text("Split over GPUs"),
			app.Dd().Text("Ulysses "+strconv.Itoa(c.UlyssesDegree)+" × ring "+strconv.Itoa(c.RingDegree)+" sequence parallelism · "+
				c.Precision+" numbers"))
	}
	items = append(items,
		app.Dt().Text("Batch size"), app.Dd().Text(strconv.Itoa(c.BatchSize)+" generated together"),
		app.Dt().Text("Batch latency"), app.Dd().Text(floor.FormatSeconds(c.BatchLatencyS)),
	)
	if g != nil {
		what := strconv.Itoa(g.Width) + " × " + strconv.Itoa(g.Height) + " pixels, " + strconv.Itoa(g.InferenceSteps) + " inference steps"
		if g.Frames > 0 {
			what += ", " + strconv.Itoa(g.Frames) + " frames at " + strconv.Itoa(g.FPS) + " fps"
		}
		items = append(items, app.Dt().Text("Each request"), app.Dd().Text(what))
	}
	return append(items, app.Dt().Text("Measurement id"), app.Dd().Body(app.Code().Text(c.RowID)))
}

// renderDiffusion draws, in box, the configuration behind the figure at
// your traffic of an image or video workload, with the same hooks as a
// token workload's (#traffic-rate's data-requests-per-second in place of
// data-tokens-per-second).
func (p *trafficPanel) renderDiffusion(box app.HTMLDiv) app.UI {
	t, unit := p.Traffic, p.Request
	rate := floor.TokensPerSecond(p.RequestsPerMonth) // a monthly volume's rate, whatever it counts
	c := t.Config
	return box.Body(
		app.H3().Text("The configuration at your traffic"),
		app.P().Body(
			app.Text("At your volume, the least energy is on "),
			app.Span().ID("traffic-config").DataSet("row-id", c.RowID).Text(serverText(c)+" in batches of "+strconv.Itoa(c.BatchSize)+
				" (Ulysses "+strconv.Itoa(c.UlyssesDegree)+" × ring "+strconv.Itoa(c.RingDegree)+", "+
				floor.FormatNumber(c.RequestsPerSecond)+" "+unit+"s a second as measured)"),
			app.Text(": "+floor.FormatJoules(c.JoulesPerRequest)+" per "+unit+"."),
		),
		app.P().Body(
			app.Text("Your volume averages "),
			app.Span().ID("traffic-rate").DataSet("requests-per-second", rate.String()).Text(floor.FormatNumber(rate)+" "+unit+"s per second"),
			app.Text("; "),
			app.Span().ID("traffic-utilisation").DataSet("fraction", t.Utilisation.String()).Text(p.utilisationText()),
			app.Text("."),
		),
		app.P().ID("traffic-assumes").Class("fine").Text(floor.DiffusionTrafficAssumption),
	)
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
