package ui

import (
	"strings"
	"time"

	"energyfloor/app/floor"
	"energyfloor/app/link"
	"energyfloor/data"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// actionSelectModel is posted (value: a model slug) by the ranking table when
// the user picks a model; the calculator handles it.
const actionSelectModel = "energyfloor/select-model"

// calculator is the page at "/" and, compact, at "/embed": it holds the form,
// decodes and writes the URL, recomputes what an input change affects, and
// hands the figures to the components that show them. It renders the error
// page instead when the dataset fails validation. Its handlers of edits are in
// calculator-edit.go, its rendering in calculator-render.go.
type calculator struct {
	app.Compo

	embed bool
	// load returns the dataset, and loadModels decodes the models of its
	// workload id (loadDataset and data.LoadWorkload; tests give their own).
	load       func() (*floor.Dataset, error)
	loadModels func(id string) error

	ds      *floor.Dataset
	loadErr error
	form    link.State
	notices []link.Notice
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
	// restate the figure to quote, per request and per month
	// (floor.Picture): at your traffic when there is one, else the floor;
	// nil when nothing meets the target.
	statement            string
	equivReq, equivMonth []floor.Pictured
	// equivFloor restates the floor per month beside them, when the figure
	// at your traffic is far above it (floor.NeedsFloorLine); nil otherwise.
	equivFloor *floor.Pictured
	// statementShort is the statement in one sentence (floor.ShortStatement),
	// without its link; nextStep is where the selected model's figure at your
	// traffic next falls (Traffic.NextStep), nil at the floor.
	statementShort string
	nextStep       *floor.NextStep
	// modalities is the line comparing across modalities, modalitiesBase
	// its sentence without a subject (modalities.go).
	modalities, modalitiesBase string
	modalitiesRef              floor.ImageRef
	// printed is the date a printout gives, set at each navigation.
	printed string
	// foldOpen is whether the embed's inputs (#inputs-fold) are unfolded:
	// from the link (foldFor), then as the reader folds and unfolds them.
	foldOpen bool
	// foldFirst puts the embed's inputs above its figures: its link holds a
	// value the calculator cannot use, whose message is next to its field,
	// so that the reader sees the field first. Set with the fold from the
	// link, it does not move while the reader types.
	foldFirst bool

	// seenEdits is the count of edits web/boot.js had made when the
	// calculator last handled one (JSEdits); settling is set while a
	// markCurrent waits for the update (current.go).
	seenEdits int
	settling  bool
	// exportFailed says why the last export did not work ("" when it did).
	exportFailed string

	// The browser's take-over of the prerendered page (adopt.go).
	startup
}

// newCalculator returns the full calculator page.
func newCalculator() *calculator {
	return &calculator{load: loadDataset, loadModels: data.LoadWorkload}
}

// newEmbed returns the compact calculator for iframes.
func newEmbed() *calculator {
	return &calculator{load: loadDataset, loadModels: data.LoadWorkload, embed: true}
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
	// An address write that an edit before this link scheduled (changed)
	// is for the page the reader left: the link is the address now.
	c.urlSeq++
	c.navigateTo(u.RawQuery)
	c.syncFields(ctx)
	c.settle(ctx)
}

// basePath returns the path prefix the app is served under ("" at the root,
// "/energy" under a sub-path), from go-app's static resource resolver. It
// resolves a file under /web: go-app's browser resolver turns "/web" itself
// into "<prefix>/web/web", which would make the prefix "/web".
func basePath(resolve func(string) string) string {
	return strings.TrimSuffix(resolve("/web/x"), "/web/x")
}

// navigateTo sets the state from a page's raw query string, and the embed's
// fold for it.
func (c *calculator) navigateTo(rawQuery string) {
	c.navigate(rawQuery)
	c.foldOpen, c.foldFirst = c.foldFor(), len(c.form.Errs) > 0
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

// navigate sets the state from a page's raw query string (decodePage), once
// the dataset and the workloads the page needs are decoded (loadPage).
func (c *calculator) navigate(rawQuery string) {
	if c.loadPage(rawQuery) != nil {
		return
	}
	c.buildChoices()
	c.printed = time.Now().Format("2 January 2006")
	c.form, c.notices = decodePage(c.ds, rawQuery)
	c.info = ""
	c.rankKey = ""
	c.recompute()
}

// loadPage loads the dataset (once) and the models of the workloads the
// page of raw query string rawQuery needs (needWorkload). An error, also in
// loadErr, has the page show the dataset's error.
func (c *calculator) loadPage(rawQuery string) error {
	if c.ds == nil && c.loadErr == nil {
		c.ds, c.loadErr = c.load()
	}
	if c.loadErr != nil {
		return c.loadErr
	}
	q, _ := link.ParseQuery(rawQuery)
	return c.needWorkload(q.Get(link.Fields[link.FieldWorkload].Param))
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
	w := c.ds.FindWorkload(in.Workload)
	if w == nil {
		c.ranking, c.found = nil, false
		return
	}
	if key := rankKey(in); key != c.rankKey && c.below == nil {
		c.ranking = floor.Rank(w, in)
		c.rankKey = key
	}
	c.selected, c.found = floor.Result{}, false
	if m := w.Model(in.Model); m != nil {
		c.selected, c.found = floor.ModelFloor(m, in)
	}
	c.query = c.form.Permalink(c.ds).Encode()
	c.statement, c.statementShort, c.equivReq, c.equivMonth, c.nextStep = "", "", nil, nil, nil
	if sin, r, ok := floor.StatementFloor(w, in); ok {
		c.statement = floor.Statement(c.ds, w, sin, r, "")
		c.statementShort = floor.ShortStatement(w, sin, r, "")
	}
	if c.found {
		c.nextStep = c.selected.Traffic.NextStep()
	}
	c.modalities, c.modalitiesBase, c.modalitiesRef = modalities(c.ds, w, c.selected)
	c.equivFloor = nil
	if c.found && c.selected.Meets() {
		// The figure to quote: at your traffic when there is one, with a
		// line for the floor when the two are far apart.
		f, t := c.selected.Figures, c.selected.Traffic
		if t != nil {
			f = t.Figures
		}
		c.equivReq = floor.Picture(c.ds, f.WhPerRequest, true)
		c.equivMonth = floor.Picture(c.ds, f.KWhPerMonth.Shift(3), false)
		if floor.NeedsFloorLine(t) {
			c.equivFloor = floorLine(floor.Picture(c.ds, c.selected.Figures.KWhPerMonth.Shift(3), false), c.equivMonth)
		}
	}
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
// permalink's (see link.State.PageParams).
func (c *calculator) PageParams() []link.PageParam {
	return c.form.PageParams(c.embed)
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
		in.TargetITLMs.String(), string(in.Statistic), in.GPU, in.ImagesOrVideosPerMonth.String(), in.TargetLatencyS.String()}, "|")
}

// needWorkload decodes the models of the workloads a page of workload id
// (as a link or the select gives it) needs and the browser has not decoded
// yet (pageWorkloads, loadWorkloads), and has the choices rebuilt with
// them. A failure is the dataset's: the page shows it (loadErr).
func (c *calculator) needWorkload(id string) error {
	decoded, err := loadWorkloads(c.ds, pageWorkloads(c.ds, id), c.loadModels)
	if c.loadErr = err; err != nil {
		return err
	}
	if decoded {
		c.workloadChoices = nil
		c.buildChoices()
	}
	return nil
}

// buildChoices fills the workload and per-workload model options once, and
// again when more workloads' models are decoded (needWorkload).
func (c *calculator) buildChoices() {
	if c.workloadChoices != nil {
		return
	}
	c.modelChoices = map[string][]choice{}
	c.gridChoices = gridChoices(c.ds.Grid)
	for _, w := range c.ds.AllWorkloads() {
		c.workloadChoices = append(c.workloadChoices, choice{w.ID, workloadLabel(w)})
		for _, m := range w.Models {
			c.modelChoices[w.ID] = append(c.modelChoices[w.ID], choice{m.Slug, m.Name})
		}
	}
}

// workloadLabel is a workload's option in the select: "Text Conversation
// (lm-arena-chat)", and the image and video ones in plain words, "Text to
// image (text-to-image)".
func workloadLabel(w *floor.Workload) string {
	return w.Kind.WorkloadName(w.Name) + " (" + w.ID + ")"
}
