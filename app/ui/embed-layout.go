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
// facility energy when they add any, the carbon at the grid ("At
// Germany's 2024 grid: …") and the cost at the price, each for the floor,
// then at your traffic; manufacture and water when counted (embedFootprint).
func embedFactors(in floor.Inputs, r floor.Result, found bool, k floor.Kind) app.UI {
	fa := in.Factors
	section := app.Section().ID("beyond-gpu").Class("embed-factors").Aria("label", "Beyond the GPU")
	if !hasFigures(&r, found) {
		return section.Body(app.P().ID("estimate").Text("No floor for this model on the chosen GPU, so no estimate."))
	}
	e := fa.Estimate(r.Figures)
	var te *floor.Estimate
	if r.Traffic != nil {
		est := fa.Estimate(r.Traffic.Figures)
		te = &est
	}
	figure := func(id, attr, value, text string) app.UI {
		return app.Strong().ID(id).DataSet(attr, value).Text(text)
	}
	perRequest := " per " + k.Request()
	var lines []app.UI
	if !r.Meets() {
		lines = append(lines, app.P().Text("From the fastest configuration's figures, above your target, not from a floor:"))
	}
	if factor := fa.EnergyFactor(); !factor.Equal(decimal.NewFromInt(1)) {
		line := []app.UI{
			app.Text("With host, idle and facility energy (× " + floor.FormatNumber(factor) + "): "),
			figure("estimate-per-request", "wh", e.WhPerRequest.String(), floor.FormatWh(e.WhPerRequest)), app.Text(perRequest + ", "),
			figure("estimate-per-month", "wh", e.KWhPerMonth.Shift(3).String(), floor.FormatWh(e.KWhPerMonth.Shift(3))), app.Text(" a month"),
		}
		if te != nil {
			line = append(line, app.Text("; at your traffic "),
				figure("traffic-estimate-per-month", "wh", te.KWhPerMonth.Shift(3).String(), floor.FormatWh(te.KWhPerMonth.Shift(3))), app.Text(" a month"))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("."))...))
	}
	if where := fa.GridWords(); where != "" {
		line := []app.UI{
			app.Text("At " + where + ": "),
			figure("carbon-per-request", "g", e.GCO2ePerRequest.Decimal.String(), floor.FormatNumber(e.GCO2ePerRequest.Decimal)+" gCO2e"),
			app.Text(perRequest + ", "),
			figure("carbon-per-month", "kg", e.KgCO2ePerMonth.Decimal.String(), floor.FormatKgCO2e(e.KgCO2ePerMonth.Decimal)), app.Text(" a month"),
		}
		if te != nil {
			line = append(line, app.Text("; at your traffic "),
				figure("traffic-carbon-per-request", "g", te.GCO2ePerRequest.Decimal.String(), floor.FormatNumber(te.GCO2ePerRequest.Decimal)+" gCO2e"),
				app.Text(" and "),
				figure("traffic-carbon-per-month", "kg", te.KgCO2ePerMonth.Decimal.String(), floor.FormatKgCO2e(te.KgCO2ePerMonth.Decimal)))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("."))...))
	}
	if fa.PricePerKWh.Valid {
		money := func(id string, e *floor.Estimate) app.UI {
			return figure(id, "amount", e.CostPerMonth.Decimal.String(), floor.WithCurrency(floor.FormatNumber(e.CostPerMonth.Decimal), fa.Currency))
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
	lines = append(lines, embedFootprint(in, &r, perRequest, figure)...)
	return section.Body(app.Div().ID("estimate").Aria("live", "polite").Body(lines...))
}

// embedFootprint gives the embed's lines for manufacture and water, when the
// factors count them, with Beyond the GPU's hooks (beyondPanel.footprintLines),
// each for the floor, then at your traffic.
func embedFootprint(in floor.Inputs, r *floor.Result, perRequest string, figure func(id, attr, value, text string) app.UI) []app.UI {
	fa := in.Factors
	e := fa.ResultEstimate(r, in)
	var te *floor.Estimate
	if r.Traffic != nil {
		est := fa.TrafficEstimate(r.Traffic)
		te = &est
	}
	var lines []app.UI
	if fa.Footprint.CountsEmbodied() && e.EmbodiedGPerRequest.Valid {
		line := []app.UI{
			app.Text("Manufacture, over " + fa.Footprint.LifeWords() + ": "),
			figure("embodied-per-request", "g", e.EmbodiedGPerRequest.Decimal.String(), floor.FormatNumber(e.EmbodiedGPerRequest.Decimal)+" gCO2e"),
			app.Text(perRequest + ", "),
			figure("embodied-per-month", "kg", e.EmbodiedKgPerMonth.Decimal.String(), floor.FormatEmbodiedKg(e.EmbodiedKgPerMonth.Decimal)), app.Text(" a month"),
		}
		if te != nil && te.EmbodiedGPerRequest.Valid {
			line = append(line, app.Text("; at your traffic, every GPU reserved, busy or idle, "),
				figure("traffic-embodied-per-request", "g", te.EmbodiedGPerRequest.Decimal.String(), floor.FormatNumber(te.EmbodiedGPerRequest.Decimal)+" gCO2e"),
				app.Text(" and "),
				figure("traffic-embodied-per-month", "kg", te.EmbodiedKgPerMonth.Decimal.String(), floor.FormatEmbodiedKg(te.EmbodiedKgPerMonth.Decimal)))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("."))...))
	}
	if e.WaterML.Valid {
		line := []app.UI{
			app.Text("Water, with " + strings.Join(fa.Footprint.WaterWords(), " and ") + ": "),
			figure("water-per-request", "ml", e.WaterML.Decimal.String(), floor.FormatNumber(e.WaterML.Decimal)+" mL"),
			app.Text(perRequest + ", "),
			figure("water-per-month", "l", e.WaterLPerMonth.Decimal.String(), floor.FormatWaterL(e.WaterLPerMonth.Decimal)), app.Text(" a month"),
		}
		if te != nil && te.WaterML.Valid {
			line = append(line, app.Text("; at your traffic "),
				figure("traffic-water-per-request", "ml", te.WaterML.Decimal.String(), floor.FormatNumber(te.WaterML.Decimal)+" mL"),
				app.Text(" and "),
				figure("traffic-water-per-month", "l", te.WaterLPerMonth.Decimal.String(), floor.FormatWaterL(te.WaterLPerMonth.Decimal)))
		}
		lines = append(lines, app.P().Body(append(line, app.Text("."))...))
	}
	return lines
}
