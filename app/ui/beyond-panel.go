package ui

import (
	"html"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"energyfloor/app/floor"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// beyondPanel is "Beyond the GPU": the assumptions a user may add to the
// measured floor (host and idle energy, PUE, grid carbon intensity, price),
// each with its source, and what they give, each on its own labelled line
// next to the floor, which it never changes: energy per request and per
// month as "floor → estimate", carbon and cost. (Other people's published
// per-prompt figures sit beside the statement: publishedPanel.) Collapsed
// by default; open when the link sets a factor.
type beyondPanel struct {
	app.Compo

	Form link.State
	// Floor is the selected model's floor (Found: it has one).
	Floor floor.Result
	Found bool
	// Grid are the grid select's options (gridChoices).
	Grid []choice
	// DS is the dataset, with which the server sets each preset on the
	// form for the page without JavaScript (presetLinks).
	DS *floor.Dataset

	toggled bool // the visitor opened it
}

// onToggle follows the visitor opening and closing the panel.
func (p *beyondPanel) onToggle(ctx app.Context, e app.Event) {
	p.toggled = ctx.JSSrc().Get("open").Bool()
}

// gridChoices are the grid select's options: none, the user's own figure,
// then the bundled countries and regions by name, each with its figure and
// year.
func gridChoices(grid []floor.GridIntensity) []choice {
	out := []choice{{"", "None: no carbon figure"}, {link.GridCustom, "Your own figure, below"}}
	byName := slices.Clone(grid)
	sort.Slice(byName, func(i, j int) bool { return byName[i].Name < byName[j].Name })
	for _, g := range byName {
		label := g.Name
		if g.Code != g.Name {
			label += " (" + g.Code + ")"
		}
		out = append(out, choice{g.Code, label + ": " + floor.FormatExact(g.GCO2ePerKWh) + " gCO2e/kWh, " + strconv.Itoa(g.Year)})
	}
	return out
}

// Render draws the panel. In the browser the fields and figures are drawn
// only while it is open: the first page does without them.
func (p *beyondPanel) Render() app.UI {
	open := p.Form.FactorsGiven || p.toggled || !p.Form.In.Factors.IsZero()
	details := app.Details().ID("beyond-gpu").Class("panel", "beyond").OnToggle(p.onToggle)
	if open {
		details = details.Open(true)
	}
	summary := app.Summary().Body(app.H2().Text("Beyond the GPU: facility, carbon and cost"))
	if app.IsClient && !open {
		return details.Body(summary)
	}
	return details.Body(
		summary,
		app.P().Class("lede").Text("The figures above are measured GPU energy, and stay so. Each step beyond it below "+
			"is an assumption you choose, shown on its own line with its source."),
		p.renderFactors(),
		p.renderFigures(),
	)
}

// renderFactors draws the fields: the preset, host, idle, PUE, the grid and
// the user's own intensity, the price and its currency.
func (p *beyondPanel) renderFactors() app.UI {
	f := &p.Form
	fa := f.In.Factors
	presetID := f.PresetChoice()
	var source app.UI = app.P().ID("preset-source").Class("hint").Text("Your own factors.")
	if pr, ok := floor.PresetByID(presetID); ok {
		source = app.P().ID("preset-source").Class("hint").Body(
			app.Text("Source: "),
			app.A().Href(pr.URL).Target("_blank").Rel("noopener").Text(pr.Citation),
		)
	}
	return app.Div().Class("factors").Body(
		app.Div().Class("field").Body(
			app.Label().For(IDScopePreset).Text("Host, idle and facility: a preset"),
			p.presetSelect(presetID),
			p.scopePresetLinks(),
			source,
		),
		textInput(f, link.FieldHost),
		textInput(f, link.FieldIdle),
		textInput(f, link.FieldPUE),
		selectInput(f, link.FieldGrid, p.Grid),
		textInput(f, link.FieldGCO2),
		app.Div().Class("price").Body(
			textInput(f, link.FieldPrice),
			textInput(f, link.FieldCurrency),
		),
		app.If(fa.Currency != "" && !fa.PricePerKWh.Valid, func() app.UI {
			return app.P().Class("hint").Text("A currency without a price gives no cost.")
		}),
		p.renderFootprint(),
	)
}

// renderFootprint draws the footprint's fields (manufacture and water) in
// a fold of their own, closed unless one of them is set: a preset (the full
// footprint's defaults or a WUE), the embodied figure per GPU, the service
// life, the rest of the server, on-site WUE and off-site water.
func (p *beyondPanel) renderFootprint() app.UI {
	f := &p.Form
	set := false
	for _, k := range footprintFields {
		set = set || strings.TrimSpace(f.Text[k]) != "" || f.Errs[k] != ""
	}
	presets := footprintPresets(f, p.DS)
	options := `<option value="">Choose a preset…</option>`
	labels, sets := make([]string, len(presets)), make([]link.State, len(presets))
	for i := range presets {
		pr := &presets[i]
		options += `<option value="` + html.EscapeString(pr.id) + `"` + pr.fills(f) + `>` + html.EscapeString(pr.label) + `</option>`
		labels[i], sets[i] = pr.label, pr.set
	}
	// One root for app.Raw, which draws only the first element of its HTML
	// in the browser (the prerender drew them all).
	sel := app.Select().ID(IDFootprintPreset).OnChange(p.onFootprintPreset).Body(app.Raw(`<optgroup label="Presets">` + options + `</optgroup>`))
	if app.IsServer {
		sel = sel.Disabled(true)
	}
	d := app.Details().ID("footprint-inputs").Class("footprint")
	if set {
		d = d.Open(true)
	}
	return d.Body(
		app.Summary().Text("Manufacture and water"),
		app.Div().Class("field").Body(app.Label().For(IDFootprintPreset).Text("Manufacture and water: a preset"), sel,
			presetLinks("footprint-preset-links", labels, sets)),
		textInput(f, link.FieldEmbodied),
		textInput(f, link.FieldLife),
		textInput(f, link.FieldServerKg),
		textInput(f, link.FieldWUE),
		textInput(f, link.FieldWater),
	)
}

// footprintFields are the fields renderFootprint draws.
var footprintFields = []link.Field{link.FieldEmbodied, link.FieldLife, link.FieldServerKg, link.FieldWUE, link.FieldWater}

// fullFootprintWords says what the "Full footprint" preset sets.
func fullFootprintWords(fs *floor.FootprintSources) string {
	if fs == nil {
		return "none bundled"
	}
	s := "NVIDIA's figure per GPU"
	for _, l := range fs.Lives {
		if l.ID == fs.DefaultLife {
			s += ", " + floor.FormatExact(l.Value) + " years"
		}
	}
	for _, w := range fs.WUE {
		if w.ID == fs.Full.WUE {
			s += ", WUE " + floor.FormatExact(w.Value) + " L/kWh"
		}
	}
	return s
}

// onFootprintPreset posts the chosen footprint preset.
func (p *beyondPanel) onFootprintPreset(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionChoice, textEdit{Field: IDFootprintPreset, Text: ctx.JSSrc().Get("value").String()})
	ctx.PreventUpdate()
}

// presetSelect draws the preset select. Its options carry their host, idle
// and PUE, each in a data attribute named after its field's parameter, so
// that web/boot.js can fill the fields where the app does not run; it sends
// nothing (the fields do).
func (p *beyondPanel) presetSelect(selected string) app.UI {
	options := ""
	for _, pr := range floor.Presets() {
		options += `<option value="` + pr.ID + `"` + fillAttr(link.FieldHost, pr.Host) + fillAttr(link.FieldIdle, pr.Idle) + fillAttr(link.FieldPUE, pr.PUE) +
			selectedAttr(pr.ID == selected) + `>` + html.EscapeString(pr.Name+presetValues(pr)) + `</option>`
	}
	options += `<option value="` + link.PresetCustom + `"` + selectedAttr(selected == link.PresetCustom) + `>Your own factors</option>`
	sel := app.Select().ID(IDScopePreset).OnChange(p.onPreset).Body(app.Raw(`<optgroup label="Presets">` + options + `</optgroup>`))
	if app.IsServer {
		sel = sel.Disabled(true) // until web/boot.js or the app can fill the fields
	}
	return sel
}

// scopePresetLinks are the host, idle and PUE presets' links for a page
// without JavaScript (presetLinks), each set on the form as the live page
// sets it (link.State.SetPreset).
func (p *beyondPanel) scopePresetLinks() app.UI {
	if !app.IsServer || p.DS == nil {
		return nil
	}
	var labels []string
	var sets []link.State
	for _, pr := range floor.Presets() {
		st := p.Form
		st.Errs = maps.Clone(st.Errs)
		st.SetPreset(p.DS, pr.ID)
		labels, sets = append(labels, pr.Name+presetValues(pr)), append(sets, st)
	}
	return presetLinks("scope-preset-links", labels, sets)
}

// presetValues shows a preset's host, idle and PUE: " (0.43, 0.17, 1.09)".
func presetValues(pr floor.Preset) string {
	return " (host " + pr.Host.String() + ", idle " + pr.Idle.String() + ", PUE " + pr.PUE.String() + ")"
}

func selectedAttr(on bool) string {
	if on {
		return " selected"
	}
	return ""
}

// onPreset posts the chosen preset.
func (p *beyondPanel) onPreset(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionChoice, textEdit{Field: IDScopePreset, Text: ctx.JSSrc().Get("value").String()})
	ctx.PreventUpdate()
}

// renderFigures draws the estimate's lines: energy per request and per
// month as "floor → estimate", and the month's at your traffic
// (#traffic-estimate-per-month); then each factor of estimateRows that the
// factors count, each line saying what it counts, with the same at your
// traffic under it (#carbon-per-request data-g,
// #traffic-carbon-per-request …), or the row's hint when they do not.
func (p *beyondPanel) renderFigures() app.UI {
	fa := p.Form.In.Factors
	if !hasFigures(&p.Floor, p.Found) {
		return app.P().ID("estimate").Class("warn").Text("No floor for this model on the chosen GPU, so no estimate.")
	}
	fig := p.Floor.Figures
	e := fa.ResultEstimate(&p.Floor, p.Form.In)
	k := fa.EnergyFactor()
	energyCounts := "The measured GPU floor × (1 + host + idle) × PUE: " + k.String() + " times the floor."
	if k.Equal(decimal.NewFromInt(1)) {
		energyCounts = "No host, idle or facility energy added: the estimate is the measured GPU floor."
	}
	var lines []app.UI
	if !p.Floor.Meets() {
		lines = append(lines, app.P().Class("warn").Text(
			"No configuration meets your latency target: these estimates start from the fastest one's figures, not from a floor."))
	}
	lines = append(lines,
		estimateLine("Energy per request", "estimate-per-request", "wh", e.WhPerRequest.String(),
			floor.FormatWh(fig.WhPerRequest)+" → "+floor.FormatWh(e.WhPerRequest), energyCounts),
		estimateLine("Energy per month", "estimate-per-month", "wh", e.KWhPerMonth.Shift(3).String(),
			floor.FormatWh(fig.KWhPerMonth.Shift(3))+" → "+floor.FormatWh(e.KWhPerMonth.Shift(3)), "The same, over the month's volume."))
	// The figure at your traffic's estimate, beside the floor's on each line
	// (nil when there is no figure at your traffic).
	var te *floor.Estimate
	if t := p.Floor.Traffic; t != nil {
		est := fa.TrafficEstimate(t)
		te = &est
		lines = append(lines, estimateLine("Energy per month at your traffic", "traffic-estimate-per-month", "wh", te.KWhPerMonth.Shift(3).String(),
			floor.FormatWh(t.Figures.KWhPerMonth.Shift(3))+" → "+floor.FormatWh(te.KWhPerMonth.Shift(3)),
			"The figure at your traffic × the same factors; carbon and cost below give the floor's and, under each, your traffic's."))
	}
	fl := fa.Lines(e, false)
	var tl []floor.FactorLine
	if te != nil {
		tl = fa.Lines(*te, true)
	}
	for _, r := range estimateRows {
		if l := lineOf(fl, r.id); l != nil {
			counts, trafficCounts := p.counts(r.id, &e, te)
			lines = append(lines, r.lines(l, lineOf(tl, r.id), counts, trafficCounts)...)
		} else if r.missing != "" {
			lines = append(lines, app.P().Class("hint").Text(r.missing))
		}
	}
	return app.Div().ID("estimate").Class("estimate").Aria("live", "polite").Body(lines...)
}

// estimateRow is how Beyond the GPU and the embed draw one factor's lines
// of the estimate (floor.Factors.Lines).
type estimateRow struct {
	id string // the line's ID, floor.LineCarbon …: #carbon-per-request, #traffic-carbon-per-month …
	// attrs are the data attributes of its figures per request and per
	// month; cost, given a month only, has no per-request one.
	attrs [2]string
	// name starts each line's label ("Water per month"); first, when set,
	// starts the first one's ("Manufacture (embodied) per request").
	name, first string
	// missing is the hint shown in its lines' place when the factors do not
	// count it ("" for none).
	missing string
}

// estimateRows are Beyond the GPU's factors, in the page's order.
var estimateRows = []estimateRow{
	{id: floor.LineCarbon, attrs: [2]string{"g", "kg"}, name: "Carbon", missing: "Choose a grid, or give your own intensity, for carbon."},
	{id: floor.LineCost, attrs: [2]string{"", "amount"}, name: "Cost", missing: "Give a price per kWh for the electricity's cost."},
	{id: floor.LineEmbodied, attrs: [2]string{"g", "kg"}, name: "Manufacture", first: "Manufacture (embodied)"},
	{id: floor.LineWater, attrs: [2]string{"ml", "l"}, name: "Water"},
}

// estimateRowOf is the row of estimateRows with ID id, nil for none.
func estimateRowOf(id string) *estimateRow {
	for i := range estimateRows {
		if estimateRows[i].id == id {
			return &estimateRows[i]
		}
	}
	return nil
}

// counts says what the first line of factor id counts, at the floor
// (estimate e) and at your traffic (te, nil for none).
func (p *beyondPanel) counts(id string, e, te *floor.Estimate) (counts, traffic string) {
	fa := p.Form.In.Factors
	fp := fa.Footprint
	traffic = "The same, for the figure at your traffic."
	switch id {
	case floor.LineCarbon:
		g, _ := fa.GCO2ePerKWh()
		where := "your own figure"
		if grid, ok := fa.GridUsed(); ok {
			where = grid.Name + ", " + strconv.Itoa(grid.Year)
		}
		counts = "The estimate × " + floor.FormatExact(g) + " gCO2e/kWh (" + where + "): a location-based annual average."
	case floor.LineCost:
		counts = "The estimate's kWh a month × " + floor.WithCurrency(floor.FormatExact(fa.PricePerKWh.Decimal), fa.Currency) + " per kWh; electricity only."
	case floor.LineEmbodied:
		c := p.Floor.Config()
		counts = strconv.Itoa(c.NumGPUs) + " × " + c.GPU + " for " + floor.FormatNumber(e.GPUSecondsPerRequest) + " GPU-seconds a request; " +
			floor.FormatNumber(e.EmbodiedKgPerGPU.Decimal) + " kg each over " + fp.LifeWords() + "."
		if _, src := fp.GPUKg(c.GPU); src != nil {
			counts += " Source: " + src.Source + " (cradle-to-gate, GPU baseboard only)."
		}
		if te != nil {
			traffic = "Every GPU of the " + strconv.FormatInt(te.Servers, 10) + " reserved " + plural(te.Servers, "server", "servers") +
				" for the whole month, busy or idle; at full use this equals the floor's."
		}
	case floor.LineWater:
		counts = "WUE × IT energy (before PUE) on site, plus off-site L/kWh × facility energy: " + strings.Join(fp.WaterWords(), " and ") + "."
		if w, ok := fp.WUEPreset(); ok {
			counts += " Source: " + w.Source + "."
		}
	}
	return counts, traffic
}

// lines draws row r's lines for l, the floor's estimate's line, and t,
// the figure at your traffic's (nil for none): per request, then per
// month, each with the same at your traffic under it; a row with no
// per-request attribute (cost) is drawn a month only. The floor's first
// line says what it counts (counts), the first at your traffic
// trafficCounts, and the others that they are the same.
func (r *estimateRow) lines(l, t *floor.FactorLine, counts, trafficCounts string) []app.UI {
	attrs := r.attrs
	first := r.first
	if first == "" {
		first = r.name
	}
	var out []app.UI
	if attrs[0] != "" {
		out = append(out, estimateLine(first+" per request", r.id+"-per-request", attrs[0], l.Value.String(), l.PerRequest, counts))
		if t != nil {
			out = append(out, estimateLine(r.name+" per request at your traffic", "traffic-"+r.id+"-per-request", attrs[0], t.Value.String(), t.PerRequest, trafficCounts))
		}
		counts, trafficCounts = "The same, over the month's volume.", "The same, for the figure at your traffic."
	}
	out = append(out, estimateLine(r.name+" per month", r.id+"-per-month", attrs[1], l.MonthValue.String(), l.PerMonth, counts))
	if t != nil {
		out = append(out, estimateLine(r.name+" per month at your traffic", "traffic-"+r.id+"-per-month", attrs[1], t.MonthValue.String(), t.PerMonth, trafficCounts))
	}
	return out
}

// estimateLine draws one line of the estimate: its label, its figure text
// under hook id with its unrounded value in data-attr, and what it counts.
func estimateLine(label, id, attr, value, text, counts string) app.UI {
	return app.Div().Class("estimate-line").Body(
		app.Span().Class("figure-label").Text(label),
		app.Span().ID(id).Class("estimate-value").DataSet(attr, value).Text(text),
		app.Span().Class("figure-sub").Text(counts),
	)
}

// plural returns one for n = 1, else many.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
