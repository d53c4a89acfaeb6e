package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The headline of the results: two pairs of figures, the floor and the
// figure at your traffic, per request and per month (whFigure), each under
// its question, with how many times the floor the second is and from which
// volume it falls next.

// whFigure is a headline energy in Wh, or none (ok false: nothing meets the
// target, or no configuration on the allowed GPUs).
type whFigure struct {
	wh decimal.Decimal
	ok bool
}

// whOf is the headline figure of wh.
func whOf(wh decimal.Decimal) whFigure { return whFigure{wh, true} }

// attr is the figure's data-wh: its Wh as a plain decimal, "" for none.
func (f whFigure) attr() string {
	if !f.ok {
		return ""
	}
	return f.wh.String()
}

// text is the figure's text: the energy with its unit, a dash for none.
func (f whFigure) text() string {
	if !f.ok {
		return "—"
	}
	return floor.FormatWh(f.wh)
}

// headlineWh returns the headline figures for a
// result: the chosen configuration's, or, when nothing meets the target, the
// fastest configuration's (as the CLI's -json gives them); empty when the
// model has no configuration on the allowed GPUs.
func headlineWh(r floor.Result, found bool) (perRequest, perMonth whFigure) {
	if !hasFigures(&r, found) {
		return whFigure{}, whFigure{}
	}
	return whOf(r.Figures.WhPerRequest), whOf(r.Figures.KWhPerMonth.Shift(3))
}

// headline draws the two headline pairs side by side (one after the other
// on phones), each with the question it answers: the floor, the best case
// the measured hardware reaches, and the figure at your traffic, the least
// the monthly volume can reach, with how many times the floor it is and
// from which volume it falls next (#traffic-next-step, data-from: a plain
// decimal; absent at the floor).
// Figures of none leave data-wh empty and show a dash; t is nil when there is no
// figure at your traffic (noTraffic then says why).
func (p *resultsPanel) headline(whReq, whMonth whFigure, reqSub, monthSub string, t *floor.Traffic, noTraffic string) app.UI {
	var times app.UI
	tReq, tMonth := "", ""
	var tReqWh, tMonthWh whFigure
	fl, tl := floor.FactorLines(p.In, p.Result)
	if t != nil {
		tReqWh, tMonthWh = whOf(t.Figures.WhPerRequest), whOf(t.Figures.KWhPerMonth.Shift(3))
		times = app.Div().Body(
			app.P().Class("pair-times").Body(
				app.Span().ID("traffic-times-floor").DataSet("ratio", t.TimesFloor.String()).Text(timesFloorText(t.TimesFloor)),
			),
			// Next to the figure: from which volume it falls next.
			app.If(p.Next != nil, func() app.UI {
				return app.P().ID("traffic-next-step").Class("pair-next").DataSet("from", p.Next.From.String()).Text(nextStepText(p.Next, p.In, p.Kind))
			}),
		)
		tReq = requestLine(t.Figures.JoulesPerRequest, p.In, t.Config)
		tMonth = floor.FormatWh(t.Figures.KWhPerYear.Shift(3)) + " per year"
		times = app.Div().Body(factorLines("traffic-", tl, p.Kind), times)
	} else {
		times = app.P().ID("traffic-none").Class("pair-times").Text(noTraffic)
	}
	perRequest := "Per " + p.Kind.Request()
	// When nothing meets the target, the figures are the fastest
	// configuration's, and the pair says so in its heading, which the
	// embed and the printout show without the lines under the figures.
	heading, question := "The floor", "The best case: the least energy the measured hardware reaches, its batches full."
	if r := p.Result; p.Found && !r.Meets() && r.Fastest != nil {
		heading, question = "The fastest, above your target", "No configuration meets your latency target: these are the fastest one's figures, not a floor."
	}
	var floorLines app.UI
	if p.Found {
		floorLines = factorLines("energy-", fl, p.Kind)
	}
	return app.Div().Class("headline").Aria("live", "polite").Body(
		headlinePair("pair-floor", heading, question,
			headlineFigure(perRequest, "energy-per-request", whReq, reqSub),
			headlineFigure("Per month", "energy-per-month", whMonth, monthSub), floorLines),
		headlinePair("pair-traffic", "At your traffic", "The least your monthly volume can reach: it keeps fewer requests in flight.",
			headlineFigure(perRequest, "traffic-per-request", tReqWh, tReq),
			headlineFigure("Per month", "traffic-per-month", tMonthWh, tMonth), times),
	)
}

// headlinePair draws one headline pair, classed class: its heading, the
// question it answers, its figures per request and per month, and after
// them more (nil for nothing).
func headlinePair(class, heading, question string, perRequest, perMonth, more app.UI) app.UI {
	return app.Div().Class("pair", class).Body(
		app.H3().Class("pair-h").Text(heading),
		app.P().Class("pair-q").Text(question),
		app.Div().Class("figures").Body(perRequest, perMonth),
		more,
	)
}

// headlineFigure draws one headline figure: its label, its value under the
// hook id with data-wh, and a line under it.
func headlineFigure(label, id string, wh whFigure, sub string) app.UI {
	v := app.Span().ID(id).Class("figure-value").DataSet("wh", wh.attr()).Text(wh.text())
	if id == "energy-per-month" {
		v = v.Attr("elementtiming", "energy-per-month")
	}
	return app.Div().Class("figure").Body(
		app.Span().Class("figure-label").Text(label),
		v,
		app.If(sub != "", func() app.UI { return app.Span().Class("figure-sub").Text(sub) }),
	)
}

// requestLine is the line under a pair's per-request figure j, at
// configuration c: the energy in joules for the output length typed ("2.65
// J for 50 output tokens"), or, on an image or video workload, per image or
// video and the batch it is measured in ("54.1 J per image, in batches of
// 8").
func requestLine(j decimal.Decimal, in floor.Inputs, c *floor.Configuration) string {
	return c.Kind.RequestLine(j, in, c)
}

// factorLines draws a pair's carbon, manufacture, water and cost
// (floor.FactorLines), one line
// each, under the hook id prefix + the line's ID ("traffic-carbon") with
// data-per-request and data-per-month, unrounded; nil for none.
func factorLines(prefix string, lines []floor.FactorLine, k floor.Kind) app.UI {
	if len(lines) == 0 {
		return nil
	}
	return app.Div().Class("pair-factors").Body(app.Range(lines).Slice(func(i int) app.UI {
		l := lines[i]
		return app.P().ID(prefix+l.ID).Class("pair-factor").DataSet("per-request", l.Value.String()).
			DataSet("per-month", l.MonthValue.String()).Text(l.Text(k.Request()))
	}))
}
