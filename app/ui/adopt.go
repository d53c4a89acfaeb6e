package ui

import (
	"energyfloor/app/link"
	"slices"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// This file is how the app, once its wasm runs in the browser, takes over the
// page the server prerendered. go-app does not hydrate: it replaces the
// prerendered body with its own tree. So that nothing is lost and the first
// answer comes early:
//
//   - what the visitor typed or chose before the app's first page replaced
//     the prerendered one (while the wasm loaded, and while the app started)
//     is read from the prerendered form and applied as if typed now, and the
//     focus goes back to the field it was in;
//   - the first page keeps the prerendered sections under the results as
//     they are (their HTML), without ranking or rendering them, and so the
//     published figures and the equivalents in the results panel; the live
//     sections replace them when the browser is next idle (soon after an
//     early edit, as after any edit). A copy shows only while the figures
//     are for the prerendered page's inputs: once they are for others (an
//     edit, early or not), it is hidden in its place (copyOf) until the
//     live section replaces it.
//
// The calculator calls into it at three points: start (OnInit, before the
// prerendered body is replaced: it reads the page, decodes, yields, applies
// the early edits, and go-app renders), pauseMount (in the middle of the
// first page's mount: the results panel's OnInit calls it) and
// finishTakeOver (OnNav, after the first render). The start-up yields to the
// browser between its pieces (YieldToBrowser) while the prerendered page
// still stands, so that none holds the main thread long and the page never
// shows anything but itself. The whole start-up, in order, is listed in
// the wasm main's package doc (wasm/main.go).

// startup is the calculator's take-over state.
type startup struct {
	// taking is set in the browser's first mount, until finishTakeOver.
	taking bool
	// edits are what the visitor changed in the prerendered form, in the
	// order the calculator applies edits, until applied, and focus the field
	// they were in, with its selection; shown are the edits the first page
	// is drawn with.
	edits []textEdit
	focus focused
	shown []textEdit
	// below is the prerendered HTML of the sections under the results
	// (lowerSections) while the page shows those copies; nil once live, on
	// the server, in the embed, and on a page served for another query.
	// parts is that of the results panel's parts (resultsCopies), "" for
	// one the prerendered page lacks. After edits typed early the copies
	// are stale, as after any edit, and go live as soon
	// (lowerSectionsStale); copiesFor is the permalink query they are for.
	below     []string
	parts     [len(resultsCopies)]string
	copiesFor string
}

// prerenderRead is set once the prerendered page has been read: later mounts
// find go-app's own tree, not the prerendered page.
var prerenderRead bool

// start takes over the prerendered page in the browser's first mount, and
// draws the first page's state: go-app renders it next.
func (c *calculator) start() {
	prerenderRead = true
	c.taking = true
	// Read the page: its lower sections (which typing does not change) and
	// its URL.
	if !c.embed {
		c.below, c.parts = prerenderedBelow()
	}
	readModalitiesBase()
	c.navigateFirst(app.Window().URL().RawQuery)
	if c.loadErr != nil {
		return
	}
	c.copiesFor = c.query
	// Yield, then apply the edits made in the prerendered page, and take its
	// focused field, so that the first page is drawn with what the visitor
	// typed while the app started.
	YieldToBrowser()
	c.seenEdits = editsCounted()
	c.edits, c.focus = prerenderedEdits(nil)
	c.shown = c.edits
	c.foldOpen, c.foldFirst = c.foldFor() || prerenderedFoldOpen(), len(c.form.Errs) > 0
	if c.applyEarly() {
		c.recompute()
	}
	// Render: go-app draws the first page when OnInit returns, pausing once
	// in the middle (pauseMount); OnNav then ends the take-over
	// (finishTakeOver).
}

// navigateFirst decodes the dataset and the workloads the first page needs
// (loadPage) and sets the page's state from the raw query rawQuery, in a
// piece of the start-up of its own (the state is the first call of most of
// the calculation).
func (c *calculator) navigateFirst(rawQuery string) {
	YieldToBrowser()
	Mark(MarkNav)
	c.loadPage(rawQuery)
	Mark(MarkDecoded)
	c.navigate(rawQuery)
}

// pauseMount yields to the browser in the middle of the first page's mount,
// once the form is drawn (the results panel's OnInit calls it), then reads
// the prerendered form again: the rest of the mount, to the prerendered
// body's replacement, is one task, so no edit comes after this reading.
// finishTakeOver applies the edits made during the pause. It reports
// whether there are any: the first page's figures are then not for the
// fields.
func (c *calculator) pauseMount() bool {
	Mark(MarkMountPaused)
	YieldToBrowser()
	c.seenEdits = editsCounted()
	edits, focus := prerenderedEdits(c.shown)
	c.focus = focus
	c.foldOpen = c.foldOpen || prerenderedFoldOpen()
	if !slices.Equal(edits, c.shown) {
		c.edits = edits
		return true
	}
	return false
}

// goLiveWithin bounds how long the lower sections stay prerendered copies
// when the browser is never idle; goLiveAfterEdit bounds it once an edit has
// made them stale.
const (
	goLiveWithin    = 500 * time.Millisecond
	goLiveAfterEdit = 100 * time.Millisecond
)

// finishTakeOver, after the first navigation, gives the focus back, applies
// the edits made while the mount paused, if any, has the address bar follow
// the edits, and schedules the live lower sections.
func (c *calculator) finishTakeOver(ctx app.Context) {
	if !c.taking {
		return
	}
	c.taking = false
	if c.loadErr != nil {
		return
	}
	if len(c.edits) == 0 {
		// The first page shows every edit: the focus goes back at once, in
		// the task that replaced the prerendered body, and the rest of the
		// start-up (this, and go-app's first frame) is a piece of its own.
		c.giveFocusBack()
		YieldToBrowser()
	}
	if c.applyEarly() || len(c.shown) > 0 {
		c.changed(ctx) // the figures, the address bar and the title follow the edits
	}
	if c.below != nil {
		whenIdle(ctx, goLiveWithin, c.goLive)
	}
	if c.focus.ID != "" {
		// Once the update has written the edits made during the pause: a
		// focused field keeps the text it has.
		ctx.Defer(func(app.Context) { c.giveFocusBack() })
	}
	c.settle(ctx)
	ctx.Defer(func(app.Context) {
		Mark(MarkRendered)
		callJS(JSStarted) // web/boot.js registers the service worker now
	})
}

// giveFocusBack gives the focus back to the field the visitor was in, if
// any (refocus).
func (c *calculator) giveFocusBack() {
	if f := c.focus; f.ID != "" {
		c.focus = focused{}
		refocus(f)
	}
}

// applyEarly applies the edits made in the prerendered page, in order,
// through the handlers' own path, so they parse and fail with the same
// messages; it reports whether there were any.
func (c *calculator) applyEarly() bool {
	if c.loadErr != nil || len(c.edits) == 0 {
		return false
	}
	for _, e := range c.edits {
		c.apply(e)
	}
	c.edits = nil
	return true
}

// goLive replaces the prerendered copies of the lower sections with the live
// components, ranking first.
func (c *calculator) goLive(ctx app.Context) {
	if c.below == nil {
		ctx.PreventUpdate()
		return
	}
	Mark(MarkLive)
	c.below = nil
	c.rankKey = ""
	c.recompute()
}

// lowerSectionsStale makes the prerendered lower sections live soon after an
// edit, in a task of their own, so that the ranking and their first render do
// not hold up the edit's answer.
func (c *calculator) lowerSectionsStale(ctx app.Context) {
	if c.below != nil {
		whenIdle(ctx, goLiveAfterEdit, c.goLive)
	}
}

// lowerSections selects, in the prerendered page, the sections renderBelow
// draws, in its order.
var lowerSections = []string{"#calculator .results-column > #ranking", "#calculator .results-column > #tradeoff",
	"#calculator .results-column > #volume", "#calculator .results-column > #embed-this", "#calculator > .site-footer"}

// resultsCopies selects, in the prerendered full page, the parts of the
// results panel the first page keeps as copies too: the published figures,
// the equivalents and the spread of floors across models, which needs the
// ranking. A page may lack one (the equivalents need a
// configuration that meets the target): that part is drawn live.
var resultsCopies = [...]string{copyPublished: "#results .published", copyEquivalents: "#results #equivalents", copyRange: "#results #floor-range"}

const (
	copyPublished = iota
	copyEquivalents
	copyRange
)

// attrStale marks a prerendered copy whose figures are for other inputs
// than the fields' (copyOf); web/css/page.css hides it.
const attrStale = "data-stale"

// kept returns the prerendered copy of the results panel's part i
// (resultsCopies) while the page shows copies, or live.
func (c *calculator) kept(i int, live app.UI) app.UI {
	if c.below == nil || c.parts[i] == "" {
		return live
	}
	return c.copyOf(c.parts[i])
}

// copyOf draws the prerendered HTML h of a section: as it is while the
// figures are for the prerendered page's inputs, else hidden in its place
// (data-stale, which the stylesheet hides), so that no figure on screen is
// for other inputs than the fields'.
func (c *calculator) copyOf(h string) app.UI {
	if c.query != c.copiesFor {
		// h is an element's outerHTML: "<tag" then " " or ">".
		if i := strings.IndexAny(h, " >"); i > 0 {
			h = h[:i] + " " + attrStale + h[i:]
		}
	}
	return app.Raw(h)
}

// SplitCSS is the empty stylesheet (web/split.css) the prerendered full page
// links before its lower sections: while it loads, the browser paints what
// comes before it, the results among them, without laying out and painting
// the rest. The live page does without it: every style is inlined.
const SplitCSS = "/web/split.css"

// splitLink is the link to SplitCSS in the prerender, nil in the browser.
func splitLink() app.UI {
	if app.IsServer {
		return app.Link().Rel("stylesheet").Href(SplitCSS)
	}
	return nil
}

// prerenderedFoldOpen says whether the reader unfolded the embed's inputs
// (#inputs-fold) in the prerendered page: the first page keeps them so.
func prerenderedFoldOpen() bool {
	fold := app.Window().Get("document").Call("getElementById", inputsFoldID)
	return fold.Truthy() && fold.Get("open").Truthy()
}

// prerenderedEdits returns what the visitor changed in the prerendered form
// before the wasm started (or web/boot.js filled in from the link, on a page
// prerendered for another), in the table's order of fields (a workload
// before its model; the output length before the monthly volume it links),
// and the field that has the focus, with its selection. A control counts as changed
// when its value differs from the prerendered one (defaultValue, or the
// option marked selected), or when an edit in keep names it (an edit
// already applied, which the visitor may since have undone). The
// prerendered slider is disabled.
func prerenderedEdits(keep []textEdit) (edits []textEdit, focus focused) {
	kept := func(id string) bool {
		return slices.ContainsFunc(keep, func(e textEdit) bool { return e.Field == id })
	}
	doc := app.Window().Get("document")
	for k := range link.Fields {
		id := link.Fields[k].ID
		el := doc.Call("getElementById", id)
		if !el.Truthy() {
			continue
		}
		if link.Fields[k].Kind != link.ChoiceKind {
			if el.Get("tagName").String() != "INPUT" {
				continue
			}
			if v := el.Get("value").String(); v != el.Get("defaultValue").String() || kept(id) {
				edits = append(edits, textEdit{Field: id, Text: v})
			}
			continue
		}
		if el.Get("tagName").String() != "SELECT" {
			continue
		}
		// The prerendered option is the first marked selected, else the
		// first: one query, not a call into JavaScript per option.
		i, def := el.Get("selectedIndex").Int(), 0
		if o := el.Call("querySelector", "option[selected]"); o.Truthy() {
			def = o.Get("index").Int()
		}
		if i < 0 || i == def && !kept(id) {
			continue
		}
		// go-app drops an empty value attribute: no attribute means "".
		v := ""
		if a := el.Get("options").Index(i).Call("getAttribute", "value"); a.Truthy() {
			v = a.String()
		}
		edits = append(edits, textEdit{Field: id, Text: v})
	}
	if el := doc.Get("activeElement"); el.Truthy() {
		if _, ok := link.FieldByID(el.Get("id").String()); ok {
			focus.ID = el.Get("id").String()
			if start, end := el.Get("selectionStart"), el.Get("selectionEnd"); start.Type() == app.TypeNumber && end.Type() == app.TypeNumber {
				focus.Start, focus.End, focus.Selection = start.Int(), end.Int(), true
				focus.Backward = el.Get("selectionDirection").String() == "backward"
			}
		}
	}
	return edits, focus
}

// focused is the form control that had the focus in the prerendered page,
// and its text selection (UTF-16 offsets; Selection is false for a control
// without one, such as a select).
type focused struct {
	ID                  string
	Start, End          int
	Selection, Backward bool
}

// refocus gives the focus back to the form control f names, with the
// selection or caret the visitor left in the prerendered page, so that what
// they type next replaces what they had selected (a whole number selected to
// retype it) and goes where they left the caret. Offsets past the app's text
// end at its end.
func refocus(f focused) {
	if app.IsServer {
		return
	}
	el := app.Window().GetElementByID(f.ID)
	if !el.Truthy() {
		return
	}
	el.Call("focus")
	if el.Get("type").String() != "text" {
		return
	}
	// The range counts UTF-16 units. (syscall/js cannot read .length off a
	// string: Value.Get panics on anything but an object.)
	n := len(utf16.Encode([]rune(el.Get("value").String())))
	start, end, dir := n, n, "forward"
	if f.Selection {
		start, end = min(f.Start, n), min(f.End, n)
		if f.Backward {
			dir = "backward"
		}
	}
	el.Call("setSelectionRange", start, end, dir)
}

// prerenderedBelow returns the HTML of the prerendered page's lower sections
// (lowerSections) and of the results panel's parts (resultsCopies, "" for
// one it lacks), or nil and none when the page lacks a lower section or was
// prerendered for another query (<html data-prerendered-for>: a page the
// service worker or a static host served).
func prerenderedBelow() (below []string, parts [len(resultsCopies)]string) {
	doc := app.Window().Get("document")
	root := doc.Get("documentElement")
	if root.Call("hasAttribute", AttrPrerenderedFor).Bool() &&
		root.Call("getAttribute", AttrPrerenderedFor).String() != strings.TrimPrefix(app.Window().Get("location").Get("search").String(), "?") {
		return nil, parts
	}
	below = make([]string, len(lowerSections))
	for i, sel := range lowerSections {
		el := doc.Call("querySelector", sel)
		if !el.Truthy() {
			return nil, parts
		}
		below[i] = el.Get("outerHTML").String()
	}
	for i, sel := range resultsCopies {
		if el := doc.Call("querySelector", sel); el.Truthy() {
			parts[i] = el.Get("outerHTML").String()
		}
	}
	return below, parts
}
