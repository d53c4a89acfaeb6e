package ui

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// actionSelectModel is posted (value: a model slug) by the ranking table when
// the user picks a model; the calculator handles it.
const actionSelectModel = "energyfloor/select-model"

// calculator is the page at "/" and, compact, at "/embed": it holds the form,
// decodes and writes the URL, recomputes what an input change affects, and
// hands the figures to the components that show them. It renders the error
// page instead when the dataset fails validation.
type calculator struct {
	app.Compo

	embed bool
	// load returns the whole dataset.
	load func() (*floor.Dataset, error)

	ds      *floor.Dataset
	loadErr error
	form    formState
	notices []notice
	// info tells the user about a change the calculator made itself (a model
	// not measured on the chosen workload).
	info string
	// base is the path prefix the app is served under ("" at the root), and
	// origin the page's scheme and host ("" during prerender, which does not
	// know it: see OriginPlaceholder).
	base, origin string
	// Options of the workload, model and grid selects, built once per dataset.
	workloadChoices []choice
	modelChoices    map[string][]choice
	gridChoices     []choice

	// Derived from form; recomputed in recompute only when their inputs change.
	urlSeq   int // counts changes, so only the last one writes the URL
	rankKey  string
	ranking  []floor.Result
	selected floor.Result
	found    bool
	query    string
	// statement is the statement to quote without its link (floor.Statement),
	// "" when the workload has no model to state; equivReq and equivMonth
	// restate the floor per request and per month (floor.Picture), nil
	// when nothing meets the target.
	statement            string
	equivReq, equivMonth []floor.Pictured
	// printed is the date a printout gives, set at each navigation.
	printed string
	// foldOpen is whether the embed's inputs (#inputs-fold) are unfolded:
	// from the link (foldFor), then as the reader folds and unfolds them.
	foldOpen bool

	// The browser's take-over of the prerendered page (adopt.go).
	startup
}

// newCalculator returns the full calculator page.
func newCalculator() *calculator {
	return &calculator{load: loadDataset}
}

// newEmbed returns the compact calculator for iframes.
func newEmbed() *calculator {
	return &calculator{load: loadDataset, embed: true}
}

// OnInit, in the browser's first mount, takes over the prerendered page
// (start, in adopt.go), so that go-app's first render, which replaces the
// prerendered body, is the whole page. go-app calls OnInit before it
// replaces the prerendered body, and OnNav only after.
func (c *calculator) OnInit() {
	if app.IsClient && !prerenderRead {
		c.start()
	}
}

// OnNav decodes the page's query: on the server during prerender, and in the
// browser on every navigation but the first, whose state OnInit drew; that
// one finishes taking over the prerendered page.
func (c *calculator) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	c.base = basePath(ctx.ResolveStaticResource)
	if app.IsClient && u.Host != "" {
		c.origin = u.Scheme + "://" + u.Host
	}
	if c.taking {
		c.finishTakeOver(ctx)
		return
	}
	// The prerendered sections were for the first URL; dropping them first
	// lets the recompute rank for this one.
	c.below = nil
	c.navigateTo(u.RawQuery)
}

// basePath returns the path prefix the app is served under ("" at the root,
// "/energy" under a sub-path), from go-app's static resource resolver. It
// resolves a file under /web: go-app's browser resolver turns "/web" itself
// into "<prefix>/web/web", which would make the prefix "/web".
func basePath(resolve func(string) string) string {
	return strings.TrimSuffix(resolve("/web/x"), "/web/x")
}

// navigateTo sets the state from a page's raw query string: parseQuery's
// notices about how the query was read come before decodeState's.
func (c *calculator) navigateTo(rawQuery string) {
	q, read := parseQuery(rawQuery)
	c.navigate(q)
	c.notices = append(read, c.notices...)
	c.foldOpen = c.foldFor()
}

// foldFor says whether the embed's inputs start unfolded for the page's
// link: when a field holds a value the calculator cannot use, or a notice
// says a parameter of the link was not used as it is.
func (c *calculator) foldFor() bool {
	return len(c.form.Errs) > 0 || len(c.notices) > 0
}

// onFold follows the reader's folding and unfolding of the embed's inputs,
// so that a later render keeps the fold as the reader left it.
func (c *calculator) onFold(ctx app.Context, e app.Event) {
	c.foldOpen = ctx.JSSrc().Get("open").Bool()
}

// navigate loads the dataset (once) and sets the state from query q.
func (c *calculator) navigate(q url.Values) {
	if c.ds == nil && c.loadErr == nil {
		c.ds, c.loadErr = c.load()
	}
	if c.loadErr != nil {
		return
	}
	c.buildChoices()
	c.printed = time.Now().Format("2 January 2006")
	c.form, c.notices = decodeState(c.ds, q)
	c.info = ""
	c.rankKey = ""
	c.recompute()
}

// OnMount subscribes to the edits of the form's fields, to model selection
// from the ranking table and to export requests. (The embed's height is
// posted to the parent window by web/boot.js, from the prerendered page on.)
func (c *calculator) OnMount(ctx app.Context) {
	ctx.Handle(actionSelectModel, func(ctx app.Context, a app.Action) {
		if slug, ok := a.Value.(string); ok && c.selectModel(slug) {
			c.changed(ctx)
		}
	})
	ctx.Handle(actionText, c.onEdit)
	ctx.Handle(actionChoice, c.onEdit)
	ctx.Handle(actionExport, c.onExport)
}

// recompute refreshes what depends on the form: the ranking only when an
// input it depends on changed (see rankKey) and the lower sections are live,
// the selected model's floor, and the permalink query.
func (c *calculator) recompute() {
	in := c.form.In
	w := c.ds.Workload(in.Workload)
	if w == nil {
		c.ranking, c.found = nil, false
		return
	}
	if key := rankKey(in); key != c.rankKey && c.below == nil {
		c.ranking = floor.Rank(w, in)
		c.rankKey = key
	}
	c.found = false
	if m := w.Model(in.Model); m != nil {
		c.selected, c.found = floor.ModelFloor(m, in)
	}
	c.query = c.form.permalink(c.ds).Encode()
	c.statement, c.equivReq, c.equivMonth = "", nil, nil
	if sin, r, ok := floor.StatementFloor(w, in); ok {
		c.statement = floor.Statement(c.ds, w, sin, r, "")
	}
	if c.found && c.selected.Meets() {
		f := c.selected.Figures
		c.equivReq = floor.Picture(c.ds, f.WhPerRequest, true)
		c.equivMonth = floor.Picture(c.ds, f.KWhPerMonth.Shift(3), false)
	}
}

// equivalentSources returns ds's equivalents that rows restate the floor
// in, in ds's order: the numbered sources under the rows.
func equivalentSources(ds *floor.Dataset, rows ...[]floor.Pictured) []floor.Equivalent {
	var out []floor.Equivalent
	for _, e := range ds.Equivalents {
		for _, r := range rows {
			if slices.ContainsFunc(r, func(p floor.Pictured) bool { return p.Equivalent.ID == e.ID }) {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// permalinkURL returns the page's absolute permalink: its origin, or
// PermalinkOrigin where the page does not know it (the prerender, which the
// server and the static build fill in), its path prefix and the state's
// query.
func (c *calculator) permalinkURL() string {
	origin := c.origin
	if origin == "" {
		origin = PermalinkOrigin
	}
	return origin + c.base + "/?" + c.query
}

// pageParams returns the parameters the page's address keeps besides the
// permalink's (see formState.pageParams).
func (c *calculator) pageParams() []pageParam {
	return c.form.pageParams(c.embed)
}

// quoting reports whether the page shows the statement and the
// equivalents: the full page always, the embed when its URL asks.
func (c *calculator) quoting() bool {
	return !c.embed || c.form.Quote
}

// rankKey identifies the inputs the ranking's choices and the figures its
// table shows depend on: not the model, so choosing one re-ranks nothing.
// The monthly volume is among them: it moves the "at your traffic" column.
func rankKey(in floor.Inputs) string {
	return strings.Join([]string{in.Workload, in.OutputTokensPerMonth.String(), in.OutputTokensPerRequest.String(),
		in.TargetITLMs.String(), string(in.Statistic), in.GPU}, "|")
}

// urlDelay is how long the address bar waits for typing to pause before it
// takes the new permalink: history.replaceState is too slow for every
// keystroke.
const urlDelay = 300 * time.Millisecond

// changed recomputes after an input change and, once the user pauses, writes
// the permalink into the address bar (replacing, not adding, a history entry).
func (c *calculator) changed(ctx app.Context) {
	c.recompute()
	if app.IsServer {
		return
	}
	writeHeadline(headlineWh(c.selected, c.found))
	c.lowerSectionsStale(ctx)
	c.urlSeq++
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx app.Context) {
		if seq != c.urlSeq {
			return // a later change will write it
		}
		u := *ctx.Page().URL()
		if query := withPageParams(c.query, c.pageParams()); u.RawQuery != query {
			u.RawQuery = query
			ctx.Page().ReplaceURL(&u)
		}
		ctx.PreventUpdate()
	})
}

// onEdit handles an edit of a number field, the slider or a select.
func (c *calculator) onEdit(ctx app.Context, a app.Action) {
	if e, ok := a.Value.(textEdit); ok && c.apply(e) {
		c.changed(ctx)
	}
}

// apply sets the form from one edit: a field's new text, a select's new
// value (through the table of fields), or a preset. It reports whether the
// edit was taken (a select's value may be unknown).
func (c *calculator) apply(e textEdit) bool {
	if e.Field == selectPreset {
		return c.form.setPreset(c.ds, e.Text)
	}
	k, ok := fieldByID(e.Field)
	switch {
	case !ok:
		return false
	case k == fieldWorkload:
		return c.setWorkload(e.Text)
	case k == fieldModel:
		return c.selectModel(e.Text)
	}
	return c.form.edit(c.ds, k, e.Text)
}

// setWorkload chooses workload id, and the model
// the workload falls back on when it lacks the model shown (saying so).
func (c *calculator) setWorkload(id string) bool {
	if c.loadErr != nil || !c.form.edit(c.ds, fieldWorkload, id) {
		return false
	}
	c.info = ""
	if m := modelFor(c.ds, c.form.In, c.form.In.Model); m != c.form.In.Model {
		if old := c.modelName(c.form.In.Model); old != "" {
			c.info = old + " is not measured on this workload; showing " + c.modelName(m) + "."
		}
		c.form.In.Model = m
	}
	return true
}

// selectModel chooses the model named name (see floor.Workload.FindModel).
func (c *calculator) selectModel(name string) bool {
	if !c.form.edit(c.ds, fieldModel, name) {
		return false
	}
	c.info = ""
	return true
}

// modelName returns the display name of slug on any workload, or "".
func (c *calculator) modelName(slug string) string {
	for _, w := range c.ds.Workloads {
		if m := w.Model(slug); m != nil {
			return m.Name
		}
	}
	return ""
}

// buildChoices fills the workload and per-workload model options once.
func (c *calculator) buildChoices() {
	if c.workloadChoices != nil {
		return
	}
	c.modelChoices = map[string][]choice{}
	c.gridChoices = gridChoices(c.ds.Grid)
	for _, w := range c.ds.Workloads {
		c.workloadChoices = append(c.workloadChoices, choice{w.ID, w.Name + " (" + w.ID + ")"})
		for _, m := range w.Models {
			c.modelChoices[w.ID] = append(c.modelChoices[w.ID], choice{m.Slug, m.Name})
		}
	}
}

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
	w := c.ds.Workload(c.form.In.Workload)
	if w == nil {
		return &errorPage{Err: "the dataset has no workload " + c.form.In.Workload}
	}
	in := c.form.In
	action := c.base + "/"
	if c.embed {
		action = c.base + "/embed"
	}
	inputs := &inputsPanel{Form: c.form, Workloads: c.workloadChoices, Models: c.modelChoices[in.Workload], Action: action,
		Keep: c.pageParams()}
	if !c.embed {
		whReq, whMonth := headlineWh(c.selected, c.found)
		tReq, tMonth := trafficWh(c.selected, c.found)
		inputs.Summary = figuresSummary(whReq, whMonth, tReq, tMonth)
	}
	results := &resultsPanel{Result: c.selected, Found: c.found, In: in, Info: c.info, Compact: c.embed,
		Current: len(c.form.Errs) == 0, For: inputsSummary(in, c.modelName(in.Model), w.Name+" ("+w.ID+")")}
	if c.taking {
		results.Pause = c.pauseMount
	}
	var statement app.UI
	if c.quoting() {
		results.Equivalents = &equivalentsList{PerRequest: c.equivReq, PerMonth: c.equivMonth,
			Sources: equivalentSources(c.ds, c.equivReq, c.equivMonth)}
		if c.statement != "" {
			statement = &statementPanel{Text: c.statement, Permalink: c.permalinkURL(), Current: results.Current}
		}
	}
	caveat := floor.Caveat(c.ds, in.Factors)
	citation := &citationPanel{Source: &w.Source, Caveat: caveat, DataVersion: c.ds.DataVersion, Compact: c.embed,
		Printed: c.printed}
	if _, carbon := in.Factors.GCO2ePerKWh(); carbon {
		citation.GridAttribution = c.ds.GridSource.Attribution
	}
	var beyond app.UI
	if !c.embed || c.form.FactorsGiven {
		beyond = &beyondPanel{Form: c.form, Floor: c.selected, Found: c.found, Grid: c.gridChoices}
	}
	if c.embed {
		// Figures first: the headline figures, with the caveat and the
		// citation right after them, then the details, and the inputs
		// folded (open when the link needs them: foldFor).
		results.Provenance = citation
		fold := app.Details().ID(inputsFoldID).Class("inputs-fold").OnToggle(c.onFold)
		if c.foldOpen {
			fold = fold.Open(true) // Open(false) would write open="false", which opens it
		}
		return c.root("embed").Body(
			noticeList(c.notices),
			versionNote(c.form.LinkVersion, c.ds.DataVersion),
			&appStatus{Embed: true},
			results,
			statement,
			beyond,
			fold.Body(
				app.Summary().Text("Change the inputs"),
				inputs,
			),
			app.P().Class("embed-foot").Body(
				app.A().ID("open-full").Href(c.link("/?"+c.query)).Target("_blank").Rel("noopener").
					Text("Open the full Energy Floor calculator (new tab)"),
				app.Span().Class("versions").Text(versionLine(c.ds.DataVersion)),
			),
		)
	}
	// The full page: the caveat under the headline figures, then the
	// statement with the published figures beside it, in the results card;
	// the citation follows Beyond the GPU.
	results.Caveat, citation.Caveat = caveatLine(caveat), ""
	results.Statement = statement
	results.Published = &publishedPanel{Form: c.form, Floor: c.selected, Found: c.found, Published: c.ds.Published, Note: c.ds.PublishedNote}
	below, footer := c.renderBelow(w)
	return c.root().Body(
		app.Header().Class("masthead").Body(
			app.Div().Class("masthead-text").Body(
				app.H1().Text("Energy Floor"),
				app.P().Class("tagline").Text("The least GPU energy a large language model needs to serve your traffic, from the ML.ENERGY Leaderboard v3 measurements."),
			),
			&installButton{},
		),
		noticeList(c.notices),
		versionNote(c.form.LinkVersion, c.ds.DataVersion),
		app.Div().Class("layout").Body(
			inputs,
			app.Div().Class("results-column").Body(append([]app.UI{
				app.Section().Class("results-main").Aria("label", "Results").Body(
					&appStatus{},
					results,
					beyond,
					citation,
					&exportPanel{},
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
		s := prerenderedSections(c.below)
		return s[:len(s)-1], s[len(s)-1]
	}
	in := c.form.In
	return []app.UI{
		splitLink(),
		&rankingTable{Results: c.ranking, Selected: in.Model, Statistic: in.Statistic,
			Output: in.OutputTokensPerRequest.String()},
		app.Section().ID("tradeoff").Class("panel", "chart-panel").Aria("labelledby", "chart-h").Body(
			app.H2().ID("chart-h").Text("Energy and latency of every measured configuration"),
			&tradeoffChart{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic,
				TargetMs: in.TargetITLMs.String(), Chosen: chosenRow(c.selected, c.found), Traffic: trafficRow(c.selected, c.found),
				TokensPerMonth: in.OutputTokensPerMonth},
			&configTable{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic,
				TargetMs: in.TargetITLMs.String(), Chosen: chosenRow(c.selected, c.found)},
		),
		app.Section().ID("volume").Class("panel", "chart-panel").Aria("labelledby", "volume-h").Body(
			app.H2().ID("volume-h").Text("Energy per token against monthly volume"),
			app.P().Class("fine").Text("More traffic fills bigger batches, and each token costs less, down to the floor: "+
				"the steps show where more traffic stops helping, for the selected model and GPUs at your latency target."),
			&volumeChart{Model: w.Model(in.Model), In: in, Floor: chosenConfig(c.selected, c.found)},
		),
		&embedPanel{Query: c.query, Origin: c.origin, Base: c.base},
	}, &siteFooter{DataVersion: c.ds.DataVersion}
}

// root returns the page's root element, #calculator. In the browser it has
// the class "live", which the prerendered page lacks.
func (c *calculator) root(classes ...string) app.HTMLDiv {
	div := app.Div().ID("calculator").Class("page").Class(classes...)
	if app.IsClient {
		div = div.Class("live")
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

func chosenRow(r floor.Result, found bool) string {
	if !found || r.Chosen == nil {
		return ""
	}
	return r.Chosen.RowID
}
