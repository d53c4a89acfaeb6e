package ui

import (
	"net/url"
	"strings"
	"time"

	"energyfloor/app/floor"
	"energyfloor/data"

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
	load  func() (*floor.Dataset, error)
	// loadFirst, set in the browser, decodes the models of one workload
	// only (data.LoadWorkload); the first page is drawn from that partial
	// dataset (partial is then true) and complete replaces it with load's.
	loadFirst func(workload string) (*floor.Dataset, error)

	ds      *floor.Dataset
	partial bool
	loadErr error
	form    formState
	notices []notice
	// info tells the user about a change the calculator made itself (a model
	// not measured on the chosen workload).
	info string
	// base is the path prefix the app is served under ("" at the root), and
	// origin the page's scheme and host ("" during prerender).
	base, origin string
	// Options of the workload and model selects, built once per dataset.
	workloadChoices []choice
	modelChoices    map[string][]choice

	// Derived from form; recomputed in recompute only when their inputs change.
	urlSeq   int // counts changes, so only the last one writes the URL
	rankKey  string
	ranking  []floor.Result
	selected floor.Result
	found    bool
	query    string

	// early is what the visitor typed or chose in the prerendered page
	// before the wasm started, and focus the field they were in (see
	// OnInit); OnNav applies them once.
	early []textEdit
	focus string

	// below is, in the browser, the prerendered HTML of the sections under
	// the results (see lowerSections) until they are rendered live: the
	// first page shows these copies, so that its start renders and ranks
	// only what is above them, and the live sections replace them when the
	// browser is next idle or at the first change (goLive). nil once live,
	// on the server, in the embed, and when the prerender does not show
	// the page's state: only the first navigation, the one that loads the
	// dataset, finds the prerendered sections current.
	below []string
}

// newCalculator returns the full calculator page.
func newCalculator() *calculator {
	return &calculator{load: loadDataset, loadFirst: browserLoadFirst()}
}

// newEmbed returns the compact calculator for iframes.
func newEmbed() *calculator {
	return &calculator{load: loadDataset, loadFirst: browserLoadFirst(), embed: true}
}

// browserLoadFirst is data.LoadWorkload in the browser: there, decoding the
// whole dataset took 60-100 ms of a warm start, and the first page needs one
// workload's models. The server prerenders many pages from one dataset.
func browserLoadFirst() func(string) (*floor.Dataset, error) {
	if app.IsClient {
		return data.LoadWorkload
	}
	return nil
}

// completeDelay is how long after the first page the browser decodes the
// whole dataset (60-100 ms of work in one go, measured here with performance marks),
// unless an edit needs another workload first.
const completeDelay = 700 * time.Millisecond

// OnInit reads, in the browser, what the visitor typed into the prerendered
// page before the wasm started. go-app calls OnInit while it mounts the
// component, before it replaces the prerendered body with the component's
// own tree (engine.Load), and OnNav only after, when it is gone.
func (c *calculator) OnInit() {
	if app.IsServer || prerenderRead {
		return
	}
	c.early, c.focus = prerenderedEdits()
	if !c.embed && len(c.early) == 0 {
		c.below = prerenderedBelow()
	}
}

// OnNav decodes the page's query: on the server during prerender, and in the
// browser on every navigation. Then, once, it applies what was typed before
// the wasm started, as if typed now, and gives the focus back.
func (c *calculator) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if app.IsClient {
		c.base = basePath(ctx.ResolveStaticResource)
		if u.Host != "" {
			c.origin = u.Scheme + "://" + u.Host
		}
	}
	if c.ds != nil {
		c.below = nil // a later navigation: the prerender was for the first URL
	}
	c.navigate(u.Query())
	if c.below != nil && c.loadErr == nil {
		whenIdle(ctx, goLiveWithin, c.goLive)
	}
	if c.partial {
		ctx.After(completeDelay, func(ctx app.Context) {
			c.complete()
			if c.loadErr == nil {
				ctx.PreventUpdate() // nothing on the page changes
			}
		})
	}
	if c.applyEarly() {
		c.changed(ctx)
	}
	if id := c.focus; id != "" {
		c.focus = ""
		ctx.Defer(func(ctx app.Context) { refocus(id) })
	}
}

// basePath returns the path prefix the app is served under ("" at the root,
// "/energy" under a sub-path), from go-app's static resource resolver. It
// resolves a file under /web: go-app's browser resolver turns "/web" itself
// into "<prefix>/web/web", which would make the prefix "/web".
func basePath(resolve func(string) string) string {
	return strings.TrimSuffix(resolve("/web/x"), "/web/x")
}

// applyEarly applies the edits made before the wasm started (c.early), in
// order, through the handlers' own path, so they parse and fail with the
// same messages; it reports whether there were any.
func (c *calculator) applyEarly() bool {
	if c.loadErr != nil || len(c.early) == 0 {
		return false
	}
	for _, e := range c.early {
		c.apply(e)
	}
	c.early = nil
	return true
}

// navigate loads the dataset (once) and sets the state from query q.
func (c *calculator) navigate(q url.Values) {
	if c.ds == nil && c.loadErr == nil {
		if c.loadFirst != nil {
			// The workload decodeState will choose below: the query's,
			// or the default for none or one that names no workload.
			c.ds, c.loadErr = c.loadFirst(strings.TrimSpace(q.Get(paramWorkload)))
			c.partial = c.loadErr == nil
		} else {
			c.ds, c.loadErr = c.load()
		}
	}
	if c.loadErr != nil {
		return
	}
	c.buildChoices()
	c.form, c.notices = decodeState(c.ds, q)
	if w := c.ds.Workload(c.form.In.Workload); c.partial && (w == nil || len(w.Models) == 0) {
		// The query chose another workload than the one loaded first (a
		// later navigation): take the whole dataset and read it again.
		c.complete()
		if c.loadErr != nil {
			return
		}
		c.form, c.notices = decodeState(c.ds, q)
	}
	c.info = ""
	c.rankKey = ""
	c.recompute()
}

// complete replaces a partial dataset with the whole one, before anything
// needs another workload's models. The ranking is redone on the next change.
func (c *calculator) complete() {
	if !c.partial {
		return
	}
	ds, err := c.load()
	if err != nil {
		c.loadErr = err
		return
	}
	c.ds, c.partial = ds, false
	c.workloadChoices, c.modelChoices = nil, nil
	c.buildChoices()
	c.rankKey = ""
}

// goLiveWithin bounds how long the lower sections stay prerendered copies
// when the browser is never idle.
const goLiveWithin = 500 * time.Millisecond

// goLiveAfterEdit bounds it after an edit has made them stale.
const goLiveAfterEdit = 100 * time.Millisecond

// goLive replaces the prerendered copies of the lower sections with the live
// components, ranking first.
func (c *calculator) goLive(ctx app.Context) {
	if c.below == nil {
		ctx.PreventUpdate()
		return
	}
	c.below = nil
	c.rankKey = ""
	c.recompute()
}

// OnMount subscribes to the edits of the form's fields and to model selection
// from the ranking table and, in the embed, starts posting the content height
// to the parent window.
func (c *calculator) OnMount(ctx app.Context) {
	ctx.Handle(actionSelectModel, func(ctx app.Context, a app.Action) {
		if slug, ok := a.Value.(string); ok && c.selectModel(slug) {
			c.changed(ctx)
		}
	})
	ctx.Handle(actionText, c.onEdit)
	ctx.Handle(actionChoice, c.onEdit)
	if c.embed {
		startHeightPosting(ctx)
	}
}

// OnDismount stops the height posting.
func (c *calculator) OnDismount() {
	if c.embed {
		stopHeightPosting()
	}
}

// recompute refreshes what depends on the form: the ranking only when an
// input it depends on changed (see rankKey), the selected model's floor, and
// the permalink query.
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
	c.query = c.form.query().Encode()
}

// rankKey identifies the inputs the ranking's choices and the figures its
// table shows depend on: not the model, and not the monthly volume (which
// only scales the monthly figures), so typing a volume re-ranks nothing and
// leaves the table alone. Exports rank afresh for the full figures.
func rankKey(in floor.Inputs) string {
	return strings.Join([]string{in.Workload, in.OutputTokensPerRequest.String(), in.TargetITLMs.String(),
		string(in.Statistic), in.GPU}, "|")
}

// urlDelay is how long the address bar waits for typing to pause before it
// takes the new permalink: history.replaceState costs milliseconds in
// Chromium, too much for every keystroke.
const urlDelay = 300 * time.Millisecond

// changed recomputes after an input change and, once the user pauses, writes
// the permalink into the address bar (replacing, not adding, a history entry).
func (c *calculator) changed(ctx app.Context) {
	c.recompute()
	if app.IsServer {
		return
	}
	writeHeadline(headlineWh(c.selected, c.found))
	if c.below != nil {
		// The prerendered lower sections now show an older state: make them
		// live soon, in a task of their own, so that the ranking and their
		// first render do not hold up this edit's answer.
		whenIdle(ctx, goLiveAfterEdit, c.goLive)
	}
	c.urlSeq++
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx app.Context) {
		if seq != c.urlSeq {
			return // a later change will write it
		}
		u := *ctx.Page().URL()
		if u.RawQuery != c.query {
			u.RawQuery = c.query
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

// apply sets the form from one edit: a field's new text, or a select's new
// value. It reports whether the edit was taken (a select's value may be
// unknown).
func (c *calculator) apply(e textEdit) bool {
	switch e.Field {
	case fieldTokens, fieldRequests, fieldOutput, fieldITL:
		c.form.setText(e.Field, e.Text)
		return true
	case "workload":
		return c.setWorkload(e.Text)
	case "percentile":
		st, err := floor.ParseStatistic(e.Text)
		if err != nil {
			return false
		}
		c.form.In.Statistic = st
		return true
	case "gpu":
		switch e.Text {
		case "", floor.H100, floor.B200:
			c.form.In.GPU = e.Text
			return true
		}
	case "model":
		return c.selectModel(e.Text)
	}
	return false
}

func (c *calculator) setWorkload(id string) bool {
	c.complete()
	if c.loadErr != nil || c.ds.Workload(id) == nil {
		return false
	}
	c.form.In.Workload = id
	c.info = ""
	if m := modelFor(c.ds, c.form.In, c.form.In.Model); m != c.form.In.Model {
		if old := c.modelName(c.form.In.Model); old != "" {
			c.info = old + " is not measured on this workload; showing " + c.modelName(m) + "."
		}
		c.form.In.Model = m
	}
	return true
}

func (c *calculator) selectModel(slug string) bool {
	w := c.ds.Workload(c.form.In.Workload)
	if w == nil || w.Model(slug) == nil {
		return false
	}
	c.form.In.Model = slug
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
	if c.embed {
		return c.renderEmbed(w)
	}
	return c.root().Body(append([]app.UI{
		app.Header().Class("masthead").Body(
			app.Div().Class("masthead-text").Body(
				app.H1().Text("Energy Floor"),
				app.P().Class("tagline").Text("The least GPU energy a large language model needs to serve your traffic, from the ML.ENERGY Leaderboard v3 measurements."),
			),
			&appStatus{},
		),
		c.renderNotices(),
		app.Div().Class("layout").Body(
			c.renderInputs(),
			app.Section().Class("results-column").Aria("label", "Results").Body(
				&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In, Info: c.info},
				&citationPanel{Source: &w.Source, Caveat: c.ds.Caveat, DataVersion: c.ds.DataVersion},
				c.renderExport(),
			),
		),
	}, c.renderBelow(w)...)...)
}

// splitCSS is the empty stylesheet the prerendered page links before its
// lower sections (see web/split.css): while it loads, the browser paints
// what comes before it, the results among them, without laying out and
// painting the rest. cmd/bench against the build without it (three pairs
// of 3 rounds × 3 runs alternating, n=9 each): results visible cold 112 vs
// 124, 112 vs 152 and 108 vs 140 ms medians; interactive warm 380 vs 348,
// 343 vs 409 and 398 vs 382 ms, so a warm load's extra frame costs up to
// about 30 ms. The live page does without it: every style is inlined.
const splitCSS = "/web/split.css"

// renderBelow draws the sections under the results: the ranking, the chart
// with the configuration table, the embed panel and the footer, after the
// split stylesheet in the prerender; or, in the browser until they go live,
// their prerendered copies (c.below).
func (c *calculator) renderBelow(w *floor.Workload) []app.UI {
	if c.below != nil {
		raw := make([]app.UI, len(c.below))
		for i, html := range c.below {
			raw[i] = app.Raw(html)
		}
		return raw
	}
	in := c.form.In
	var split app.UI
	if app.IsServer {
		split = app.Link().Rel("stylesheet").Href(splitCSS)
	}
	return []app.UI{
		split,
		&rankingTable{Results: c.ranking, Selected: in.Model, Statistic: in.Statistic,
			TargetMs: in.TargetITLMs.String(), Output: in.OutputTokensPerRequest.String()},
		app.Section().Class("panel", "chart-panel").Aria("labelledby", "chart-h").Body(
			app.H2().ID("chart-h").Text("Energy and latency of every measured configuration"),
			&tradeoffChart{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic,
				TargetMs: in.TargetITLMs.String(), Chosen: chosenRow(c.selected, c.found)},
			&configTable{Model: w.Model(in.Model), GPU: in.GPU, Statistic: in.Statistic,
				TargetMs: in.TargetITLMs.String(), Chosen: chosenRow(c.selected, c.found)},
		),
		&embedPanel{Query: c.query, Origin: c.origin, Base: c.base},
		c.renderFooter(),
	}
}

// root returns the page's root element, #calculator. In the browser it has
// the class "live": the prerendered page lacks it, so the stylesheet can hide
// a stale prerender's figures (see app-worker.js) until the wasm has
// rendered its own.
func (c *calculator) root(classes ...string) app.HTMLDiv {
	div := app.Div().ID("calculator").Class("page").Class(classes...)
	if app.IsClient {
		div = div.Class("live")
	}
	if c.below != nil {
		div = div.DataSet("below", "prerendered")
	}
	return div
}

// renderEmbed draws the compact calculator for iframes: inputs, the headline
// figures, caveat and citation (always), and a link to the full calculator.
func (c *calculator) renderEmbed(w *floor.Workload) app.UI {
	return c.root("embed").Body(
		c.renderNotices(),
		c.renderInputs(),
		&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In, Info: c.info, Compact: true},
		&citationPanel{Source: &w.Source, Caveat: c.ds.Caveat, DataVersion: c.ds.DataVersion, Compact: true},
		app.P().Class("embed-foot").Body(
			app.A().ID("open-full").Href(c.link("/?"+c.query)).Target("_blank").Rel("noopener").
				Text("Open the full Energy Floor calculator (new tab)"),
			app.Span().Class("versions").Text(versionLine(c.ds)),
		),
	)
}

func chosenRow(r floor.Result, found bool) string {
	if !found || r.Chosen == nil {
		return ""
	}
	return r.Chosen.RowID
}

// renderNotices lists what was wrong with the URL the page was opened with.
func (c *calculator) renderNotices() app.UI {
	if len(c.notices) == 0 {
		return nil
	}
	return app.Div().ID("notices").Class("notice").Role("status").Body(
		app.P().Text("Some parameters in this link could not be used, so defaults stand in for them:"),
		app.Ul().Body(app.Range(c.notices).Slice(func(i int) app.UI {
			return app.Li().Text(string(c.notices[i]))
		})),
	)
}

// renderFooter shows the app and data versions and the source.
func (c *calculator) renderFooter() app.UI {
	return app.Footer().Class("site-footer").Body(
		app.P().Class("versions").Text(versionLine(c.ds)),
		app.P().Body(
			app.Text("Measurements: "),
			app.A().Href("https://ml.energy/leaderboard/").Target("_blank").Rel("noopener").Text("ML.ENERGY Leaderboard"),
			app.Text(". Works offline; nothing you type leaves this page."),
		),
	)
}

// versionLine names the app and data versions. The app version is go-app's
// GOAPP_VERSION, which go-app's Handler sets from its Version (a reserved
// key of Handler.Env) in app.js for the browser and, before it prerenders
// anything, in the server's environment (see TestHandlerSetsAppVersion). It
// is unset only where no Handler runs, as in component tests.
func versionLine(ds *floor.Dataset) string {
	v := app.Getenv("GOAPP_VERSION")
	if v == "" {
		return "Energy Floor · data version " + ds.DataVersion
	}
	return "Energy Floor " + v + " · data version " + ds.DataVersion
}

// renderInputs draws the form. Every control has a label; each field is its
// own component, so typing in one re-renders only what changed.
func (c *calculator) renderInputs() app.UI {
	f := &c.form
	in := f.In
	return app.Section().ID("inputs").Class("panel", "inputs").Aria("labelledby", "inputs-h").Body(
		app.H2().ID("inputs-h").Text("Your traffic and target"),
		&selectField{ID: "workload", Name: paramWorkload, Label: "Workload", Options: c.workloadChoices, Selected: in.Workload},
		app.FieldSet().Class("volume").Body(
			app.Legend().Text("Monthly volume: type either"),
			&numberField{ID: fieldTokens, Name: paramTokens, Label: "Output tokens per month", Value: f.Tokens,
				Err: f.Errs[fieldTokens], Derived: f.Basis == basisRequests, Hint: "For example 2.5M, 1e9 or 1,000,000,000."},
			&numberField{ID: fieldRequests, Name: paramRequests, Label: "Requests per month", Value: f.Requests,
				Err: f.Errs[fieldRequests], Derived: f.Basis == basisTokens, Hint: "Linked to output tokens through the average output length."},
		),
		&numberField{ID: fieldOutput, Name: paramOutput, Label: "Average output tokens per request", Value: f.Output,
			Err: f.Errs[fieldOutput], Hint: "Tokens the model writes per answer; prompts are not counted."},
		app.FieldSet().Class("latency").Body(
			app.Legend().Text("Latency target"),
			&numberField{ID: fieldITL, Name: paramITL, Label: "Inter-token latency target (ms)", Value: f.ITL,
				Err: f.Errs[fieldITL], Hint: "The time between two output tokens the users may wait, at most."},
			&latencySlider{Pos: sliderPos(in.TargetITLMs), ValueText: floor.FormatLatency(in.TargetITLMs)},
			&selectField{ID: "percentile", Name: paramPct, Label: "The target applies to", Options: statisticChoices, Selected: string(in.Statistic)},
		),
		&selectField{ID: "gpu", Name: paramGPU, Label: "GPU", Options: gpuChoices, Selected: in.GPU},
		&selectField{ID: "model", Name: paramModel, Label: "Model", Options: c.modelChoices[in.Workload], Selected: in.Model},
	)
}

// statisticChoices are the latency statistics a target can apply to.
var statisticChoices = []choice{
	{string(floor.Median), "median (p50) inter-token latency"},
	{string(floor.P90), "p90 inter-token latency"},
	{string(floor.P95), "p95 inter-token latency"},
	{string(floor.P99), "p99 inter-token latency"},
}

// gpuChoices are the GPU filter's options.
var gpuChoices = []choice{
	{"", "Either (H100 or B200)"},
	{floor.H100, "NVIDIA H100"},
	{floor.B200, "NVIDIA B200"},
}

// buildChoices fills the workload and per-workload model options once.
func (c *calculator) buildChoices() {
	if c.workloadChoices != nil {
		return
	}
	c.modelChoices = map[string][]choice{}
	for _, w := range c.ds.Workloads {
		c.workloadChoices = append(c.workloadChoices, choice{w.ID, w.Name + " (" + w.ID + ")"})
		for _, m := range w.Models {
			c.modelChoices[w.ID] = append(c.modelChoices[w.ID], choice{m.Slug, m.Name})
		}
	}
}

// renderExport draws the CSV and JSON export buttons.
func (c *calculator) renderExport() app.UI {
	return app.Div().Class("panel", "export").Body(
		app.H2().Text("Export"),
		app.P().Text("The ranking for these inputs, with the inputs, data version, caveat and citation."),
		app.Div().Class("button-row").Body(
			app.Button().ID("export-csv").Type("button").Text("Download CSV").OnClick(c.onExportCSV),
			app.Button().ID("export-json").Type("button").Text("Download JSON").OnClick(c.onExportJSON),
		),
	)
}
