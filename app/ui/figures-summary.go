package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// figuresSummaryID is the DOM id of the form's summary of the headline
// figures; figuresFactorsID that of its factor lines.
const (
	figuresSummaryID = "figures-summary"
	figuresFactorsID = "figures-summary-factors"
)

// figuresSummary draws the headline figures in one line at the top of the
// form: the floor, for the data-wh values of #energy-per-request and
// #energy-per-month (headlineWh), and the figure at your traffic, for those
// of #traffic-per-request and #traffic-per-month (trafficWh; empty when
// there is none). Where the results sit under the form (one column), the
// stylesheet shows it and keeps it in view while the form is, so that an
// edit's effect shows next to the field; it greys and strikes its figures
// as #results[data-current="no"] does the figures. It is a copy for the
// eye: hidden from screen readers, which hear the figures in #results.
//
// When nothing meets the target, the headline's figures are the fastest
// configuration's, and the summary names them so, as the headline does.
//
// Under inputs whose factors have a grid intensity, manufacture, water or a
// price, each pair's lines (floor.FactorLines, as on the headline cards)
// follow in a second block, #figures-summary-factors, which scrolls with the
// form: kept in view too, the whole footprint's lines would cover half a
// phone's screen and the field being edited.
//
// r and found are the headline's result (headlineWh); k is the workload's
// kind.
func figuresSummary(r floor.Result, found bool, k floor.Kind, in floor.Inputs) []app.UI {
	whReq, whMonth := headlineWh(r, found)
	trafficReq, trafficMonth := trafficWh(r, found)
	var floorLines, trafficLines []floor.FactorLine
	if found {
		floorLines, trafficLines = floor.FactorLines(in, r)
	}
	label := "GPU floor:"
	if found && !r.Meets() && r.Fastest != nil {
		label = "Fastest, above your target:"
	}
	per := " per " + k.Request() + ","
	summary := app.Div().ID(figuresSummaryID).Class("figures-summary").Aria("hidden", "true").DataSet("wh", whMonth.attr()).Body(
		app.Span().Class("summary-pair").Body(
			app.Span().Text(label),
			app.Span().Body(app.Strong().Text(whReq.text()), app.Text(per)),
			app.Span().Body(app.Strong().Text(whMonth.text()), app.Text(" per month")),
		),
		app.Span().Class("summary-pair").Body(
			app.Span().Text("At your traffic:"),
			app.Span().Body(app.Strong().Text(trafficReq.text()), app.Text(per)),
			app.Span().Body(app.Strong().Text(trafficMonth.text()), app.Text(" per month")),
		),
		summaryStale(),
	)
	if len(floorLines) == 0 && len(trafficLines) == 0 {
		return []app.UI{summary}
	}
	factors := app.Div().ID(figuresFactorsID).Class("figures-summary-factors").Aria("hidden", "true").Body(
		summaryFactors(label, floorLines),
		summaryFactors("At your traffic:", trafficLines),
		summaryStale(),
	)
	return []app.UI{summary, factors}
}

// summaryStale is the summary's mark, shown while its figures are not for
// the fields' values.
func summaryStale() app.UI {
	return app.Span().Class("summary-stale").Text("not for the fields' values")
}

// trafficWh returns the data-wh values of the figures at your traffic for
// a result, empty when it has none.
func trafficWh(r floor.Result, found bool) (perRequest, perMonth whFigure) {
	if !found || r.Traffic == nil {
		return whFigure{}, whFigure{}
	}
	return whOf(r.Traffic.Figures.WhPerRequest), whOf(r.Traffic.Figures.KWhPerMonth.Shift(3))
}

// summaryFactors draws a summary pair's factor lines (floor.FactorLines)
// after its label, each as "(at Germany's 2024 grid: 0.0114 gCO2e, 27.4
// kgCO2e a month)"; the label says "GPU floor" first, so a line's GPUOnly
// is not repeated.
func summaryFactors(label string, lines []floor.FactorLine) app.UI {
	if len(lines) == 0 {
		return nil
	}
	return app.P().Class("summary-pair").Body(
		app.Span().Text(label),
		app.Range(lines).Slice(func(i int) app.UI {
			l := lines[i]
			return app.Span().Class("summary-factor").Text("(" + l.Label + ": " + l.PerRequest + ", " + l.PerMonth + " a month)")
		}),
	)
}
