package ui

import (
	"html"
	"math"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// tradeoffChart draws the selected model's energy–latency trade-off as SVG:
// every measured configuration as a point (x: the target's latency statistic,
// y: joules per output token, both log scale; on an image or video workload
// x is the batch latency in seconds and y joules per image or video), the
// target as a vertical line
// the chosen configuration ringed, the one at your traffic ringed dashed, and
// the configurations your monthly volume cannot fill drawn faded. Its geometry
// is computed only when its props change.
type tradeoffChart struct {
	app.Compo

	Model     *floor.Model
	GPU       string // "" for both GPUs
	Statistic floor.Statistic
	// Target is the latency target in the kind's unit: milliseconds of
	// inter-token latency, or seconds of batch latency (floor.Kind.TargetOf).
	Target decimal.Decimal
	Chosen string // row id of the chosen configuration, or ""
	// Traffic is the row id of the configuration at your traffic, or "";
	// Volume the monthly volume in the kind's units (floor.Kind.VolumeOf),
	// which decides the faded points.
	Traffic string
	Volume  decimal.Decimal
	// Kind is the workload's.
	Kind floor.Kind

	geom       chartGeom
	titles     map[*floor.Configuration]string
	titlesStat floor.Statistic
}

// Chart frame, in SVG user units.
const (
	chartW      = 640.0
	chartH      = 400.0
	chartLeft   = 72.0
	chartRight  = 16.0
	chartTop    = 16.0
	chartBottom = 56.0
)

// xTickAnchor anchors the label of an x tick at x: centred on it, or, near
// the frame's right edge, ending at it, so that the edge does not cut it
// off where the labels are set larger (phones).
func xTickAnchor(x float64) string {
	if x > chartW-chartRight-40 {
		return "end"
	}
	return "middle"
}

// chartGeom is everything the chart draws, in SVG user units.
type chartGeom struct {
	Points         []chartPoint
	XTicks, YTicks []chartTick
	TargetX        float64
	XLabel, YLabel string
}

// chartPoint is one configuration.
type chartPoint struct {
	X, Y   float64
	Row    string
	GPU    string
	Meets  bool
	Chosen bool
	// Unfilled: the monthly volume cannot fill it; Traffic: the traffic
	// floor is at it.
	Unfilled, Traffic bool
	Title             string
	// Label, on the floor's and the traffic floor's points, names the point
	// with its value: "floor 0.240 J".
	Label string
}

// chartTick is one axis tick: its position along the axis and its label.
type chartTick struct {
	Pos   float64
	Label string
}

// logScale maps [lo, hi] (positive, lo < hi) onto [a, b] logarithmically.
type logScale struct{ lo, hi, a, b float64 }

func (s logScale) at(v float64) float64 {
	return s.a + (s.b-s.a)*(math.Log10(v)-math.Log10(s.lo))/(math.Log10(s.hi)-math.Log10(s.lo))
}

// decades widens [min, max] to whole powers of ten.
func decades(min, max float64) (lo, hi float64) {
	lo = math.Pow(10, math.Floor(math.Log10(min)))
	hi = math.Pow(10, math.Ceil(math.Log10(max)))
	if hi <= lo {
		hi = lo * 10
	}
	return lo, hi
}

// ticks returns tick values in [lo, hi]: 1, 2 and 5 of each decade when the
// range spans at most two decades, else only the powers of ten.
func ticks(lo, hi float64) []float64 {
	steps := []float64{1, 2, 5}
	if hi/lo > 100.5 {
		steps = []float64{1}
	}
	var out []float64
	for k := math.Round(math.Log10(lo)); k <= math.Round(math.Log10(hi)); k++ {
		d := math.Pow(10, k)
		for _, s := range steps {
			if v := d * s; v <= hi*1.0001 {
				out = append(out, v)
			}
		}
	}
	return out
}

// tickLabel formats a tick value as short as it is exact, without exponent:
// "0.01", "0.5", "200", "1,000".
func tickLabel(v float64) string {
	d := decimal.NewFromFloat(v)
	if v >= 1000 {
		return floor.FormatInteger(d)
	}
	return d.String()
}

// yTickLabel is tickLabel for the energy axis, whose labels stand in the
// chart's left margin: from 10,000 (joules per image or video) with a k
// suffix, "10k", "100k", so that they fit it on phones too.
func yTickLabel(v float64) string {
	if v >= 10000 {
		return floor.FormatCompact(decimal.NewFromFloat(v))
	}
	return tickLabel(v)
}

// pointTitle is a point's tooltip: its configuration and figures at
// statistic s.
func pointTitle(c *floor.Configuration, s floor.Statistic) string {
	return c.ShortWords() + ": " + c.LatencyWords(s) + ", " + floor.FormatJoules(c.JoulesPerUnit()) + " per " + c.Kind.Unit()
}

// chartLayout lays out model m's configurations on GPU gpu ("" for all),
// with the point titles from title (cached by the chart: they do not depend
// on the target).
func chartLayout(m *floor.Model, gpu string, s floor.Statistic, target decimal.Decimal, chosen, traffic string,
	tokensPerMonth decimal.Decimal, title func(*floor.Configuration) string) chartGeom {
	if m == nil {
		return chartGeom{XLabel: latencyAxisLabel(floor.KindTokens, s), YLabel: energyAxisLabel(floor.KindTokens)}
	}
	g := chartGeom{XLabel: latencyAxisLabel(m.Kind, s), YLabel: energyAxisLabel(m.Kind)}
	t := target.InexactFloat64()
	xmin, xmax := t, t
	ymin, ymax := math.Inf(1), math.Inf(-1)
	var cs []*floor.Configuration
	for _, c := range m.Configurations {
		if gpu != "" && c.GPU != gpu {
			continue
		}
		cs = append(cs, c)
		x, y := c.Latency(s).InexactFloat64(), c.JoulesPerUnit().InexactFloat64()
		xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
		ymin, ymax = math.Min(ymin, y), math.Max(ymax, y)
	}
	if len(cs) == 0 {
		return g
	}
	xlo, xhi := decades(xmin, xmax)
	ylo, yhi := decades(ymin, ymax)
	xs := logScale{xlo, xhi, chartLeft, chartW - chartRight}
	ys := logScale{ylo, yhi, chartH - chartBottom, chartTop}
	for _, v := range ticks(xlo, xhi) {
		g.XTicks = append(g.XTicks, chartTick{xs.at(v), tickLabel(v)})
	}
	for _, v := range ticks(ylo, yhi) {
		g.YTicks = append(g.YTicks, chartTick{ys.at(v), yTickLabel(v)})
	}
	g.TargetX = xs.at(t)
	for _, c := range cs {
		g.Points = append(g.Points, chartPoint{
			X: xs.at(c.Latency(s).InexactFloat64()), Y: ys.at(c.JoulesPerUnit().InexactFloat64()),
			Row: c.RowID, GPU: c.GPU, Meets: floor.Meets(c, s, target), Chosen: c.RowID == chosen, Title: title(c),
			Unfilled: !floor.Fillable(c, tokensPerMonth), Traffic: c.RowID == traffic,
			Label: pointLabel(c, c.RowID == chosen, c.RowID == traffic),
		})
	}
	return g
}

// energyAxisLabel is the energy axis's title on both charts for a model of
// kind k: its unit, its scale, and which way is better ("J per output
// token, log · lower is better").
func energyAxisLabel(k floor.Kind) string { return "J per " + k.Unit() + ", log · lower is better" }

// latencyAxisLabel is the tradeoff chart's latency axis title for a model
// of kind k at statistic s: "median inter-token latency (ms, log scale)",
// "batch latency (s, log scale)".
func latencyAxisLabel(k floor.Kind, s floor.Statistic) string {
	return k.LatencyName(s) + " (" + k.Target().Unit + ", log scale)"
}

// pointLabel names the floor's point (chosen) and the traffic floor's
// (traffic) with their energy per output token; "" for any other.
func pointLabel(c *floor.Configuration, chosen, traffic bool) string {
	j := " " + floor.FormatJoules(c.JoulesPerUnit())
	switch {
	case chosen && traffic:
		return "floor, at your traffic" + j
	case chosen:
		return "floor" + j
	case traffic:
		return "at your traffic" + j
	}
	return ""
}

// OnInit lays the chart out for the first render.
func (ch *tradeoffChart) OnInit() { ch.layout() }

// OnUpdate lays it out again when a prop changed.
func (ch *tradeoffChart) OnUpdate(ctx app.Context) { ch.layout() }

func (ch *tradeoffChart) layout() {
	target := ch.Target
	if target.Sign() <= 0 {
		target = decimal.NewFromInt(1) // no target yet: a frame that holds the points
	}
	if ch.titles == nil || ch.titlesStat != ch.Statistic {
		ch.titles, ch.titlesStat = map[*floor.Configuration]string{}, ch.Statistic
	}
	ch.geom = chartLayout(ch.Model, ch.GPU, ch.Statistic, target, ch.Chosen, ch.Traffic, ch.Volume, func(c *floor.Configuration) string {
		t, ok := ch.titles[c]
		if !ok {
			t = pointTitle(c, ch.Statistic)
			ch.titles[c] = t
		}
		return t
	})
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// Render draws the figure: the SVG as one raw HTML string (svg), which the
// browser parses at once instead of go-app creating each node one
// JavaScript call at a time, and its legend.
func (ch *tradeoffChart) Render() app.UI {
	if len(ch.geom.Points) == 0 {
		return app.Figure().ID("chart").Class("chart").Body(app.P().Text("No configuration to plot."))
	}
	return app.Figure().ID("chart").Class("chart").Body(
		app.Raw(ch.svg()),
		app.FigCaption().Class("legend").Body(
			app.Span().Class("key key-h100").Text("● H100"),
			app.Span().Class("key key-b200").Text("◆ B200"),
			app.Span().Text("ringed: the floor; dash-ringed: at your traffic; the table below says the rest."),
		),
	)
}

// svg writes the chart from the laid-out geometry: grid, axes, the target
// line and one marker per configuration (a circle for H100, a diamond for
// B200, ringed when chosen), every text escaped.
func (ch *tradeoffChart) svg() string {
	g := ch.geom
	bottom, right := chartH-chartBottom, chartW-chartRight
	name := ""
	if ch.Model != nil {
		name = ch.Model.Name
	}
	var b strings.Builder
	b.Grow(4096 + 256*len(g.Points))
	line := func(attrs, x1, x2, y1, y2 string) {
		b.WriteString(`<line` + attrs + ` x1="` + x1 + `" x2="` + x2 + `" y1="` + y1 + `" y2="` + y2 + `"></line>`)
	}
	text := func(attrs, x, y, anchor, s string) {
		b.WriteString(`<text` + attrs + ` x="` + x + `" y="` + y + `"`)
		if anchor != "" {
			b.WriteString(` text-anchor="` + anchor + `"`)
		}
		b.WriteString(`>` + html.EscapeString(s) + `</text>`)
	}
	b.WriteString(`<svg viewBox="0 0 640 400" role="img" aria-labelledby="chart-title chart-desc" class="chart-svg">`)
	b.WriteString(`<title id="chart-title">` + html.EscapeString("Energy per "+ch.Kind.Unit()+" against "+g.XLabel+" for "+name) + `</title>`)
	b.WriteString(`<desc id="chart-desc">Each point is a measured configuration; the dashed line is the latency target; the ringed point is the floor, the dash-ringed point the floor at your traffic, and faded points have more throughput than your monthly volume can fill. The table below lists the same figures.</desc>`)
	b.WriteString(`<g class="grid">`)
	for _, t := range g.XTicks {
		line("", px(t.Pos), px(t.Pos), px(chartTop), px(bottom))
	}
	for _, t := range g.YTicks {
		line("", px(chartLeft), px(right), px(t.Pos), px(t.Pos))
	}
	b.WriteString(`</g><g class="axis">`)
	line("", px(chartLeft), px(right), px(bottom), px(bottom))
	line("", px(chartLeft), px(chartLeft), px(chartTop), px(bottom))
	for _, t := range g.XTicks {
		text("", px(t.Pos), px(bottom+18), xTickAnchor(t.Pos), t.Label)
	}
	for _, t := range g.YTicks {
		text("", px(chartLeft-6), px(t.Pos+4), "end", t.Label)
	}
	text(` class="axis-label"`, px((chartLeft+right)/2), px(chartH-8), "middle", g.XLabel)
	text(` class="axis-label" transform="rotate(-90)"`, px(-(chartTop+bottom)/2), "16", "middle", g.YLabel)
	b.WriteString(`</g><g class="target">`)
	line(` id="chart-target"`, px(g.TargetX), px(g.TargetX), px(chartTop), px(bottom))
	if g.TargetX > right-90 { // near the right edge: the label to the line's left, not cut off
		text("", px(g.TargetX-4), px(chartTop+12), "end", "target "+ch.targetLabel())
	} else {
		text("", px(g.TargetX+4), px(chartTop+12), "", "target "+ch.targetLabel())
	}
	b.WriteString(`</g><g class="points">`)
	for _, p := range g.Points {
		writePoint(&b, &p)
	}
	// The two labelled points' values, drawn over every marker: to the
	// right of a point on the chart's left half, else to its left.
	for _, p := range g.Points {
		if p.Label == "" {
			continue
		}
		x, anchor := p.X+18, "start"
		if p.X > (chartLeft+right)/2 {
			x, anchor = p.X-18, "end"
		}
		y := p.Y + 4
		if p.Traffic && !p.Chosen {
			y = p.Y - 16 // above, clear of the floor's label when the two are near
		}
		text(` class="point-label"`, px(x), px(y), anchor, p.Label)
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

// writePoint writes point p's marker: a circle (H100) or a diamond (B200),
// classed by what it is, with its title, ringed when it is the floor's and
// dash-ringed when it is the one at your traffic.
func writePoint(b *strings.Builder, p *chartPoint) {
	class := "pt pt-" + p.GPU
	if p.Meets {
		class += " meets"
	}
	if p.Chosen {
		class += " chosen"
	}
	if p.Unfilled {
		class += " unfilled"
	}
	if p.Traffic {
		class += " at-traffic"
	}
	b.WriteString(`<g class="` + html.EscapeString(class) + `" data-row-id="` + html.EscapeString(p.Row) + `"><title>` +
		html.EscapeString(p.Title) + `</title>`)
	if p.GPU == floor.B200 {
		b.WriteString(`<path d="M` + px(p.X) + ` ` + px(p.Y-6) + `l6 6l-6 6l-6-6z"></path>`)
	} else {
		b.WriteString(`<circle cx="` + px(p.X) + `" cy="` + px(p.Y) + `" r="5"></circle>`)
	}
	if p.Chosen {
		b.WriteString(`<circle class="ring" cx="` + px(p.X) + `" cy="` + px(p.Y) + `" r="11"></circle>`)
	}
	if p.Traffic {
		b.WriteString(`<circle class="traffic-ring" cx="` + px(p.X) + `" cy="` + px(p.Y) + `" r="15"></circle>`)
	}
	b.WriteString(`</g>`)
}

func (ch *tradeoffChart) targetLabel() string {
	if ch.Target.Sign() <= 0 {
		return ""
	}
	return ch.Kind.FormatLatency(ch.Target)
}
