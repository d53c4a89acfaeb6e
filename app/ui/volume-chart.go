package ui

import (
	"html"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// volumeExps returns the powers of ten the volume chart of model m spans:
// its kind's (floor.Quantity.SpanLo, SpanHi).
func volumeExps(m *floor.Model) (lo, hi int32) {
	k := floor.KindTokens
	if m != nil {
		k = m.Kind
	}
	return k.Volume().SpanLo, k.Volume().SpanHi
}

// volumeChart draws the selected model's floor at your traffic against the
// monthly volume (#volume-chart): a step line over 1e6–1e13 output tokens a
// month (log scale), the floor as a horizontal line and the user's volume
// marked (images or videos 1e2–1e9 a month on an image or video workload),
// then the same steps as a table (#volume-table), the chart's
// accessible alternative. It shows where more traffic stops helping.
type volumeChart struct {
	app.Compo

	Model *floor.Model
	// In are the inputs; their monthly volume is the one marked.
	In floor.Inputs
	// Floor is the selected model's floor configuration, nil when nothing
	// meets the target.
	Floor *floor.Configuration

	// steps are the traffic floor's steps, computed when what they depend
	// on changes (stepsKey): not the monthly volume, which only moves the
	// marker.
	steps    []floor.TrafficStep
	stepsKey string
}

// OnInit computes the steps for the first render.
func (v *volumeChart) OnInit() { v.computeSteps() }

// OnUpdate computes them again when a prop they depend on changed.
func (v *volumeChart) OnUpdate(ctx app.Context) { v.computeSteps() }

func (v *volumeChart) computeSteps() {
	if v.Model == nil || v.Floor == nil {
		v.steps, v.stepsKey = nil, ""
		return
	}
	in := v.In
	key := v.Model.Slug + "|" + in.GPU + "|" + string(in.Statistic) + "|" + in.TargetITLMs.String() + "|" +
		in.TargetLatencyS.String() + "|" + in.Workload
	if key != v.stepsKey {
		lo, hi := volumeExps(v.Model)
		v.steps, v.stepsKey = floor.TrafficSteps(v.Model, in, decimal.New(1, lo), decimal.New(1, hi)), key
	}
}

// Render draws the figure and its table.
func (v *volumeChart) Render() app.UI {
	fig := app.Figure().ID("volume-chart").Class("chart", "volume-chart")
	steps := v.steps
	if len(steps) == 0 {
		return fig.Body(app.P().Text("No configuration meets the target, so there is no floor at any traffic to plot."))
	}
	return fig.Body(
		app.Raw(v.svg(steps)),
		app.FigCaption().Class("legend").Text("Steps: at your traffic; dashed: the floor; upright line: your volume. The table below says more."),
		// The chart's table, one click away.
		app.Details().Class("config-details").Body(
			app.Summary().Text("The same steps as a table"),
			app.Raw(v.table(steps)),
		),
	)
}

// svg writes the chart: grid, axes, the floor line, the step line and the
// volume marker, every text escaped.
func (v *volumeChart) svg(steps []floor.TrafficStep) string {
	lo, hi := volumeExps(v.Model)
	volumeLo, volumeHi := decimal.New(1, lo), decimal.New(1, hi)
	unit := v.Model.Kind.Unit()
	ylo, yhi := decades(v.Floor.JoulesPerUnit().InexactFloat64(), steps[0].Config.JoulesPerUnit().InexactFloat64())
	xs := logScale{volumeLo.InexactFloat64(), volumeHi.InexactFloat64(), chartLeft, chartW - chartRight}
	ys := logScale{ylo, yhi, chartH - chartBottom, chartTop}
	bottom, right := chartH-chartBottom, chartW-chartRight
	var b strings.Builder
	line := func(attrs string, x1, x2, y1, y2 float64) {
		b.WriteString(`<line` + attrs + ` x1="` + px(x1) + `" x2="` + px(x2) + `" y1="` + px(y1) + `" y2="` + px(y2) + `"></line>`)
	}
	text := func(attrs string, x, y float64, anchor, s string) {
		b.WriteString(`<text` + attrs + ` x="` + px(x) + `" y="` + px(y) + `" text-anchor="` + anchor + `">` + html.EscapeString(s) + `</text>`)
	}
	b.WriteString(`<svg viewBox="0 0 640 400" role="img" aria-labelledby="volume-title volume-desc" class="chart-svg">`)
	b.WriteString(`<title id="volume-title">` + html.EscapeString("Energy per "+unit+" at your traffic against monthly volume for "+v.Model.Name) + `</title>`)
	b.WriteString(`<desc id="volume-desc">A step line falling as the monthly volume fills bigger batches, down to the floor, drawn dashed; a vertical line marks your volume. The table below lists the same steps.</desc>`)
	b.WriteString(`<g class="grid">`)
	for e := lo; e <= hi; e++ {
		x := xs.at(decimal.New(1, e).InexactFloat64())
		line("", x, x, chartTop, bottom)
	}
	yt := ticks(ylo, yhi)
	for _, t := range yt {
		line("", chartLeft, right, ys.at(t), ys.at(t))
	}
	b.WriteString(`</g><g class="axis">`)
	line("", chartLeft, right, bottom, bottom)
	line("", chartLeft, chartLeft, chartTop, bottom)
	for e := lo; e <= hi; e++ {
		x := xs.at(decimal.New(1, e).InexactFloat64())
		text("", x, bottom+18, xTickAnchor(x), floor.FormatCompact(decimal.New(1, e)))
	}
	for _, t := range yt {
		text("", chartLeft-6, ys.at(t)+4, "end", tickLabel(t))
	}
	text(` class="axis-label"`, (chartLeft+right)/2, chartH-8, "middle", unit+"s per month (log scale)")
	text(` class="axis-label" transform="rotate(-90)"`, -(chartTop+bottom)/2, 16, "middle", energyAxisLabel(v.Model.Kind))
	b.WriteString(`</g>`)
	fy := ys.at(v.Floor.JoulesPerUnit().InexactFloat64())
	line(` id="volume-floor" class="floor-line"`, chartLeft, right, fy, fy)
	text(` class="floor-label"`, right-4, fy-6, "end", "floor "+floor.FormatJoules(v.Floor.JoulesPerUnit()))
	b.WriteString(`<path id="volume-steps" class="steps" d="` + stepsPath(steps, xs, ys, right) + `"></path>`)
	if vol := v.Model.Kind.VolumeOf(v.In); vol.Cmp(volumeLo) >= 0 && vol.Cmp(volumeHi) <= 0 {
		x := xs.at(vol.InexactFloat64())
		line(` id="volume-you" class="you"`, x, x, chartTop, bottom)
		anchor := "start"
		if x > (chartLeft+right)/2 {
			anchor = "end"
		}
		dx := 4.0
		if anchor == "end" {
			dx = -4
		}
		text(` class="you-label"`, x+dx, chartTop+12, anchor, "your volume, "+floor.FormatCompact(vol))
		// The figure at your traffic: the step over your volume, labelled
		// with its value.
		for i := len(steps) - 1; i >= 0; i-- {
			if steps[i].From.Cmp(vol) <= 0 {
				j := steps[i].Config.JoulesPerUnit()
				y := ys.at(j.InexactFloat64())
				b.WriteString(`<circle class="traffic-dot" cx="` + px(x) + `" cy="` + px(y) + `" r="4"></circle>`)
				ly := y - 8
				if ly < chartTop+30 { // clear of "your volume" at the top
					ly = y + 18
				}
				text(` class="you-label"`, x+dx, ly, anchor, "at your traffic "+floor.FormatJoules(j))
				break
			}
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// stepsPath is the path data of the step line of steps on scales xs and
// ys, the last step running to x right.
func stepsPath(steps []floor.TrafficStep, xs, ys logScale, right float64) string {
	var d strings.Builder
	for i, s := range steps {
		x0 := xs.at(s.From.InexactFloat64())
		x1 := right
		if i+1 < len(steps) {
			x1 = xs.at(steps[i+1].From.InexactFloat64())
		}
		y := ys.at(s.Config.JoulesPerUnit().InexactFloat64())
		if i == 0 {
			d.WriteString("M" + px(x0) + " " + px(y))
		} else {
			d.WriteString("V" + px(y))
		}
		d.WriteString("H" + px(x1))
	}
	return d.String()
}

// table writes the steps as a table: from which monthly volume, at which
// configuration, its energy per output token and its ratio to the floor.
func (v *volumeChart) table(steps []floor.TrafficStep) string {
	unit := v.Model.Kind.Unit()
	var b strings.Builder
	b.WriteString(`<div class="table-scroll" tabindex="0" role="region" aria-label="Steps table (scrolls sideways)"><table id="volume-table" class="config-table"><caption>The figure at your traffic by monthly volume, ` +
		html.EscapeString(v.Model.Name) + `: in the chart, the steps; the dashed line is the floor, the upright line your volume, and both axes are log scales.</caption><thead><tr><th scope="col">From (` + unit + `s a month)</th>` +
		`<th scope="col">Configuration</th><th scope="col">J per ` + unit + `</th><th scope="col">Times the floor</th></tr></thead><tbody>`)
	for _, s := range steps {
		c := s.Config
		b.WriteString(`<tr data-row-id="` + html.EscapeString(c.RowID) + `" data-from="` + s.From.String() + `">` +
			`<td class="num">` + html.EscapeString(floor.FormatInteger(s.From)) + `</td>` +
			`<td>` + html.EscapeString(c.ShortWords()) + `</td>` +
			`<td class="num">` + html.EscapeString(floor.FormatJoules(c.JoulesPerUnit())) + `</td>` +
			`<td class="num">` + html.EscapeString(floor.FormatTimes(floor.TimesFloor(c, v.Floor))) + `</td></tr>`)
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}
