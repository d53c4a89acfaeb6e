package ui

import (
	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// link returns an in-app path as an href. During prerender go-app's resource
// resolver adds the path prefix itself; in the browser we add it.
func (c *calculator) link(path string) string {
	if app.IsServer {
		return path
	}
	return c.base + path
}

// Render draws the page from the fields set by OnNav and the handlers.
func (c *calculator) Render() app.UI {
	if c.loadErr != nil {
		return &errorPage{Err: c.loadErr.Error()}
	}
	if c.ds == nil {
		return c.root("loading")
	}
	w := c.ds.FindWorkload(c.form.In.Workload)
	if w == nil {
		return &errorPage{Err: "the dataset has no workload " + c.form.In.Workload}
	}
	p := c.panels(w)
	if c.embed {
		return c.renderEmbed(&p, w.Kind)
	}
	return c.renderFull(w, &p)
}

// pagePanels are the panels the full page and the embed both draw, each
// with its props set from the calculator's state.
type pagePanels struct {
	inputs            *inputsPanel
	results           *resultsPanel
	citation          *citationPanel
	statement, beyond app.UI
	caveat            string
}

// panels returns the panels of a page of workload w.
func (c *calculator) panels(w *floor.Workload) pagePanels {
	in := c.form.In
	action := c.base + "/"
	if c.embed {
		action = c.base + "/embed"
	}
	inputs := &inputsPanel{Form: c.form, Workloads: c.workloadChoices, Models: c.modelChoices[in.Workload], Action: action,
		Keep: c.PageParams(), Compact: c.embed}
	if !c.embed {
		inputs.Summary = figuresSummary(c.selected, c.found, w.Kind, in)
	}
	results := &resultsPanel{Result: c.selected, Found: c.found, In: in, Kind: w.Kind, Info: c.info, Compact: c.embed, Workload: w.Name + " workload", Next: c.nextStep,
		Current: len(c.form.Errs) == 0, For: c.figuresFor()}
	results.Modalities, results.ModalitiesBase, results.ModalitiesRef = c.modalities, c.modalitiesBase, c.modalitiesRef
	results.Range = c.kept(copyRange, floorRange(floor.RangeOf(w, c.ranking).Words(w.Kind)))
	if c.taking {
		results.Pause = c.pauseMount
	}
	var statement app.UI
	if c.quoting() {
		eq := &equivalentsList{PerRequest: c.equivReq, PerMonth: c.equivMonth, Kind: w.Kind, Traffic: c.found && c.selected.Traffic != nil,
			Floor: c.equivFloor}
		var floorRow []floor.Pictured
		if c.equivFloor != nil {
			floorRow = []floor.Pictured{*c.equivFloor}
		}
		eq.Sources = equivalentSources(c.ds, c.equivReq, c.equivMonth, floorRow)
		results.Equivalents = eq
		if c.statement != "" {
			statement = &statementPanel{Text: c.statement, Short: c.statementShort, Permalink: c.permalinkURL(), Current: results.Current}
		}
	}
	caveat := floor.WorkloadCaveat(c.ds, w, in)
	citation := &citationPanel{Source: &w.Source, Caveat: caveat, DataVersion: c.ds.DataVersion, Compact: c.embed,
		Printed: c.printed, Method: w.Kind.Method()}
	if _, carbon := in.Factors.GCO2ePerKWh(); carbon {
		citation.GridAttribution = c.ds.GridSource.Attribution
	}
	var beyond app.UI
	if !c.embed {
		beyond = &beyondPanel{Form: c.form, Floor: c.selected, Found: c.found, Grid: c.gridChoices, DS: c.ds}
	} else {
		citation.Full = c.link("/?"+c.query) + "#citation"
	}
	return pagePanels{inputs: inputs, results: results, citation: citation, statement: statement, beyond: beyond, caveat: caveat}
}

// renderEmbed draws the embed of a workload of kind k: the headline
// figures; right after them the factors a link sets, one line each, the
// line of inputs the figures are for, which unfolds the form in place
// (open when the link needs it: foldFor; above the figures when a field of
// the link holds a bad value: foldFirst), and the caveat and the citation;
// then how the figures are found, folded (see embed-layout.go).
func (c *calculator) renderEmbed(p *pagePanels, k floor.Kind) app.UI {
	inputs, results, citation, statement := p.inputs, p.results, p.citation, p.statement
	results.Provenance = citation
	if c.form.FactorsGiven {
		inputs.Held = embedFactorFields(&c.form)
		results.Factors = embedFactors(c.form.In, c.selected, c.found, k)
	}
	var foldAbove app.UI
	if fold := c.embedFold(inputs, k); c.foldFirst {
		foldAbove = fold
	} else {
		results.Inputs = fold
	}
	return c.root("embed").Body(
		noticeList(c.notices),
		versionNote(c.form.VersionNotice(c.ds)),
		&appStatus{Embed: true},
		foldAbove,
		results,
		statement,
		app.P().Class("embed-foot").Body(
			app.A().ID("open-full").Href(c.link("/?"+c.query)).Target("_blank").Rel("noopener").
				Text("Open the full Energy Floor calculator (new tab)"),
			app.Span().Class("versions").Text(versionLine(c.ds.DataVersion)),
		),
	)
}

// renderFull draws the full page of workload w: the caveat under the
// headline figures, then the statement with the published figures beside
// it, in the results card; the citation follows Beyond the GPU.
func (c *calculator) renderFull(w *floor.Workload, p *pagePanels) app.UI {
	inputs, results, citation, statement, beyond, caveat, in := p.inputs, p.results, p.citation, p.statement, p.beyond, p.caveat, c.form.In
	results.Caveat, citation.Caveat = caveatLine(caveat), ""
	results.Statement = statement
	results.Published = c.kept(copyPublished, &publishedPanel{In: in, Floor: c.selected, Found: c.found, Published: c.ds.Published,
		Note: c.ds.PublishedNote, Kind: w.Kind})
	if results.Equivalents != nil {
		results.Equivalents = c.kept(copyEquivalents, results.Equivalents)
	}
	below, footer := c.renderBelow(w)
	return c.root().Body(
		app.Header().Class("masthead").Body(
			app.Div().Class("masthead-text").Body(
				app.H1().Text("Energy Floor"),
				app.P().Class("tagline").Text("The least GPU energy generative AI needs to serve your traffic (text, images and video), from the ML.ENERGY Leaderboard v3 measurements."),
			),
			&installButton{},
		),
		noticeList(c.notices),
		versionNote(c.form.VersionNotice(c.ds)),
		app.Div().Class("layout").Body(
			inputs,
			app.Div().Class("results-column").Body(append([]app.UI{
				app.Section().Class("results-main").Aria("label", "Results").Body(
					&appStatus{},
					results,
					beyond,
					citation,
					&exportPanel{Failed: c.exportFailed},
				),
			}, below...)...),
		),
		footer,
	)
}

// renderBelow draws the sections under the results, in the results column
// beside the inputs: the ranking, the chart with the configuration table,
// the volume chart and the embed panel; and the footer, under both columns.
// In the browser's first page, their prerendered copies until they go live
// (see adopt.go).
func (c *calculator) renderBelow(w *floor.Workload) (below []app.UI, footer app.UI) {
	if c.below != nil {
		s := make([]app.UI, len(c.below))
		for i, h := range c.below {
			s[i] = c.copyOf(h)
		}
		return s[:len(s)-1], s[len(s)-1]
	}
	in := c.form.In
	ranking := &rankingTable{Results: c.ranking, Selected: in.Model, Statistic: in.Statistic,
		Output: in.OutputTokensPerRequest.String(), Kind: w.Kind}
	footer = &siteFooter{DataVersion: c.ds.DataVersion}
	// An image or video workload plots and lists batch latency in seconds
	// and joules per image or video: the kind says.
	k := w.Kind
	return []app.UI{
		splitLink(),
		ranking,
		app.Section().ID("tradeoff").Class("panel", "chart-panel").Aria("labelledby", "chart-h").Body(
			app.H2().ID("chart-h").Text(chartHeading("Energy and latency of each measured configuration", w.Model(in.Model))),
			&tradeoffChart{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic,
				Target: k.TargetOf(in), Chosen: chosenRow(c.selected, c.found), Traffic: trafficRow(c.selected, c.found),
				Volume: k.VolumeOf(in), Kind: k},
			&configTable{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic, Target: k.TargetOf(in),
				Chosen: chosenRow(c.selected, c.found), Traffic: trafficRow(c.selected, c.found), Kind: k},
		),
		app.Section().ID("volume").Class("panel", "chart-panel").Aria("labelledby", "volume-h").Body(
			app.H2().ID("volume-h").Text(chartHeading("Energy per "+k.Unit()+" against monthly volume", w.Model(in.Model))),
			app.P().Class("fine").Text(k.BatchingWords()),
			&volumeChart{Model: w.Model(in.Model), In: in, Floor: chosenConfig(c.selected, c.found)},
		),
		&embedPanel{Query: c.query, Origin: c.origin, Base: c.base},
	}, footer
}

// root returns the page's root element, #calculator. In the browser it has
// the class "live", which the prerendered page lacks.
func (c *calculator) root(classes ...string) app.HTMLDiv {
	div := app.Div().ID(IDCalculator).Class("page").Class(classes...)
	if app.IsClient {
		div = div.Class(ClassLive)
	}
	if c.below != nil {
		div = div.DataSet("below", "prerendered")
	}
	if c.embed {
		div = div.Attr(AttrPage, PageEmbed)
	}
	return div
}

// chosenConfig returns the selected model's floor configuration, or nil.
func chosenConfig(r floor.Result, found bool) *floor.Configuration {
	if !found {
		return nil
	}
	return r.Chosen
}

// trafficRow returns the row id of the selected model's traffic floor, or "".
func trafficRow(r floor.Result, found bool) string {
	if !found || r.Traffic == nil {
		return ""
	}
	return r.Traffic.Config.RowID
}

// chosenRow returns the row id of the selected model's floor configuration, or "".
func chosenRow(r floor.Result, found bool) string {
	if !found || r.Chosen == nil {
		return ""
	}
	return r.Chosen.RowID
}

// chartHeading is a chart's heading, which names the model it plots:
// "Energy per token against monthly volume: Qwen 3 235B A22B Instruct".
func chartHeading(title string, m *floor.Model) string {
	if m == nil {
		return title
	}
	return title + ": " + m.Name
}
