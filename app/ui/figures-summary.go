package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// figuresSummaryID is the DOM id of the form's summary of the headline
// figures.
const figuresSummaryID = "figures-summary"

// figuresSummary draws the headline figures in one line at the top of the
// form, for the data-wh values of #energy-per-request and #energy-per-month
// (headlineWh). Where the results sit under the form (one column), the
// stylesheet shows it and keeps it in view while the form is, so that an
// edit's effect shows next to the field; it greys and strikes its figures
// as #results[data-current="no"] does the figures. It is a copy for the
// eye: hidden from screen readers, which hear the figures in #results.
// request is the workload's kind of request ("" for tokens: requestWord).
func figuresSummary(whReq, whMonth whFigure, request string) app.UI {
	return app.Div().ID(figuresSummaryID).Class("figures-summary").Aria("hidden", "true").DataSet("wh", whMonth.attr()).Body(
		app.Span().Text("GPU floor:"),
		app.Span().Body(app.Strong().Text(whReq.text()), app.Text(" per "+requestWord(request))),
		app.Span().Body(app.Strong().Text(whMonth.text()), app.Text(" per month")),
		app.Span().Class("summary-stale").Text("not for the fields' values"),
	)
}
