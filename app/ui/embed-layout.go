package ui

import (
	"strings"

	"energyfloor/app/floor"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// The embed's own parts, under its headline figures, where the full page has
// panels of their own: the line of the inputs the figures are for, which
// opens the form in place (embedFold); the factors a link sets, one line
// each (embedFactors), with their fields held in the form as the link gives
// them (embedFactorFields); the citation in one line (citationPanel's
// compact form).

// embedFold returns the embed's inputs fold, #inputs-fold: its summary the
// line of inputs the figures are for, ending with "Change", its body the
// form, in place under the line.
func (c *calculator) embedFold(inputs *inputsPanel, k floor.Kind) app.UI {
	fold := app.Details().ID(inputsFoldID).Class("inputs-fold").OnToggle(c.onFold)
	if c.foldOpen {
		fold = fold.Open(true) // Open(false) would write open="false", which opens it
	}
	return fold.Body(
		app.Summary().Body(inputsLine(c.form.In, k)),
		inputs,
	)
}

// inputsLine says in one line which inputs the figures are for, and offers
// to change them: "1 billion output tokens a month · 500-token answers · 100
// ms median · Change", naming the GPU when one is chosen. The model and the
// workload are in the results' heading.
func inputsLine(in floor.Inputs, k floor.Kind) app.UI {
	parts := k.InputsShort(in)
	if in.GPU != "" {
		parts = append(parts, gpuName(in.GPU))
	}
	return app.Span().Class("inputs-line").Body(
		app.Text(strings.Join(parts, " · ")+" "),
		app.Span().Class("inputs-change").Body(app.Text("· "), app.Span().Text("Change")),
	)
}

// embedFactorFields returns the factor fields as the embed's form holds
// them: hidden, with the link's values (an empty one not sent), so that
// Calculate without the app keeps them, under the hooks' ids; a text
// field whose value the calculator cannot use is drawn as it is, with its
// message, for the reader to correct. The grid's select is never drawn.
func embedFactorFields(f *link.State) []app.UI {
	var out []app.UI
	for k := range link.Fields {
		fd := &link.Fields[k]
		if !fd.Factor {
			continue
		}
		if f.Errs[link.Field(k)] != "" && fd.Kind != link.ChoiceKind {
			out = append(out, textInput(f, link.Field(k)))
			continue
		}
		v := f.Text[k]
		if fd.Kind == link.ChoiceKind {
			v = f.Value(link.Field(k))
		}
		in := app.Input().Type("hidden").ID(fd.ID).Name(fd.Param).Value(v)
		if v == "" {
			in = in.Disabled(true) // Disabled(false) would write disabled="false", which disables it
		}
		out = append(out, in)
	}
	return out
}

// embedFactors draws the factors a link sets as the embed gives them, in
// place of Beyond the GPU: one line each, under the same hooks
// (#beyond-gpu, its figures in #estimate): the energy with host, idle and
// facility energy when they add any; carbon at the grid ("At Germany's
// 2024 grid: …"), manufacture and water when counted (embedLine), each for
// the floor, then at your traffic; the cost at the price. A line whose
// figures the cards already give (floor.FactorLines: without host, idle or
// PUE, or manufacture, which no energy factor changes) is not drawn again.
func embedFactors(in floor.Inputs, r floor.Result, found bool, k floor.Kind) app.UI {
	fa := in.Factors
	section := app.Section().ID("beyond-gpu").Class("embed-factors").Aria("label", "Beyond the GPU")
	if !hasFigures(&r, found) {
		return section.Body(app.P().ID("estimate").Text("No floor for this model on the chosen GPU, so no estimate."))
	}
	e := fa.ResultEstimate(&r, in)
	var te *floor.Estimate
	var tl []floor.FactorLine
	if r.Traffic != nil {
		est := fa.TrafficEstimate(r.Traffic)
		te, tl = &est, fa.Lines(est, true)
	}
	cardFloor, cardTraffic := floor.FactorLines(in, r)
	perRequest := " per " + k.Request()
	var lines []app.UI
	if !r.Meets() {
		lines = append(lines, app.P().Text("From the fastest configuration's figures, above your target, not from a floor:"))
	}
	if factor := fa.EnergyFactor(); !factor.Equal(decimal.NewFromInt(1)) {
		line := []app.UI{
			app.Text("With host, idle and facility energy (× " + floor.FormatNumber(factor) + "): "),
			embedFigure("estimate-per-request", "wh", e.WhPerRequest, floor.FormatWh(e.WhPerRequest)), app.Text(perRequest + ", "),
			embedFigure("estimate-per-month", "wh", e.KWhPerMonth.Shift(3), floor.FormatWh(e.KWhPerMonth.Shift(3))), app.Text(" a month"),
		}
		if te != nil {
			line = append(line, app.Text("; at your traffic "),
				embedFigure("traffic-estimate-per-month", "wh", te.KWhPerMonth.Shift(3), floor.FormatWh(te.KWhPerMonth.Shift(3))), app.Text(" a month"))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("."))...))
	}
	for _, l := range fa.Lines(e, false) {
		if onCards(&l, cardFloor) && onCards(lineOf(tl, l.ID), cardTraffic) {
			continue
		}
		if line := embedLine(l, tl, perRequest); line != nil {
			lines = append(lines, line)
		}
	}
	if fa.PricePerKWh.Valid && !fa.EnergyFactor().Equal(decimal.NewFromInt(1)) {
		money := func(id string, e *floor.Estimate) app.UI {
			return embedFigure(id, "amount", e.CostPerMonth.Decimal, floor.WithCurrency(floor.FormatNumber(e.CostPerMonth.Decimal), fa.Currency))
		}
		line := []app.UI{
			app.Text("At " + floor.WithCurrency(floor.FormatExact(fa.PricePerKWh.Decimal), fa.Currency) + " per kWh: "),
			money("cost-per-month", &e), app.Text(" a month"),
		}
		if te != nil {
			line = append(line, app.Text("; at your traffic "), money("traffic-cost-per-month", te))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("; electricity only."))...))
	}
	return section.Body(app.Div().ID("estimate").Aria("live", "polite").Body(lines...))
}

// onCards reports whether a card's line among cards gives line l's figures
// (true for no line).
func onCards(l *floor.FactorLine, cards []floor.FactorLine) bool {
	if l == nil {
		return true
	}
	c := lineOf(cards, l.ID)
	return c != nil && c.Value.Equal(l.Value) && c.MonthValue.Equal(l.MonthValue)
}

// lineOf is the line of lines with ID id, nil for none.
func lineOf(lines []floor.FactorLine, id string) *floor.FactorLine {
	for i := range lines {
		if lines[i].ID == id {
			return &lines[i]
		}
	}
	return nil
}

// embedFigure draws one of the embed's figures, under its hook id with its
// unrounded value in data-attr.
func embedFigure(id, attr string, value decimal.Decimal, text string) app.UI {
	return app.Strong().ID(id).DataSet(attr, value.String()).Text(text)
}

// embedLine draws floor line l of the estimate (floor.Factors.Lines) as the
// embed's line, under Beyond the GPU's hooks (#carbon-per-request,
// #embodied-per-month, …): its label, its figures per request and per
// month, then the same line of tl, the figure at your traffic's, with what
// its label adds ("every GPU reserved"); nil for a line it does not draw.
func embedLine(l floor.FactorLine, tl []floor.FactorLine, perRequest string) app.UI {
	r := estimateRowOf(l.ID)
	if r == nil || r.attrs[0] == "" {
		return nil // cost, which the embed gives a month only, on a line of its own
	}
	attrs := r.attrs
	line := []app.UI{
		app.Text(strings.ToUpper(l.Label[:1]) + l.Label[1:] + ": "),
		embedFigure(l.ID+"-per-request", attrs[0], l.Value, l.PerRequest), app.Text(perRequest + ", "),
		embedFigure(l.ID+"-per-month", attrs[1], l.MonthValue, l.PerMonth), app.Text(" a month"),
	}
	if t := lineOf(tl, l.ID); t != nil {
		line = append(line, app.Text("; at your traffic"+strings.TrimPrefix(t.Label, l.Label)+": "),
			embedFigure("traffic-"+l.ID+"-per-request", attrs[0], t.Value, t.PerRequest), app.Text(" and "),
			embedFigure("traffic-"+l.ID+"-per-month", attrs[1], t.MonthValue, t.PerMonth))
	}
	return app.P().Body(append(line, app.Text("."))...)
}
