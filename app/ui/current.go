package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// "Current" is earned, not assumed. In the browser #results[data-current]
// says whether the figures are for the values in the fields, and
// #results-for-inputs which inputs they are for:
//
//   - web/boot.js marks #results not current ("no") on every edit of a
//     field, before any Go runs, and counts the edits (JSEdits);
//   - the calculator notes the count as it handles an edit (seenEdits) and,
//     once an update has drawn the figures (a deferred call, which go-app
//     makes only after every component's update has completed), writes which
//     inputs they are for and marks them current, but only when it has
//     handled every edit counted and no field holds a bad value
//     (markCurrent);
//   - go-app draws both only as the results panel mounts (resultsPanel keeps
//     them as they were then), so that no update that fails midway leaves
//     them claiming figures it did not draw; an update that fails stops the
//     Go program, and boot.js then marks the figures not current and says
//     the calculator stopped.

// editsCounted returns the number of edits web/boot.js has counted (0 on a
// page without it).
func editsCounted() int {
	if app.IsServer {
		return 0
	}
	if n := app.Window().Get(JSEdits); n.Type() == app.TypeNumber {
		return n.Int()
	}
	return 0
}

// figuresFor says in words which inputs the figures drawn are for (the
// form's inputs: a field with a bad value keeps its last good one there).
func (c *calculator) figuresFor() string {
	in := c.form.In
	w := c.ds.FindWorkload(in.Workload)
	if w == nil {
		return ""
	}
	return inputsSummary(in, w.Kind, c.modelName(in.Model), w.Name+" ("+w.ID+")")
}

// settle has markCurrent run once the update that follows a change has
// drawn the figures, once however many changes came before it.
func (c *calculator) settle(ctx app.Context) {
	if app.IsServer || c.settling {
		return
	}
	c.settling = true
	ctx.Defer(func(app.Context) {
		c.settling = false
		c.markCurrent()
	})
}

// markCurrent, called once an update has completed, writes which inputs
// the figures are for into #results-for-inputs and marks #results current
// when they are for the values in the fields: every edit web/boot.js
// counted has been handled, and no field holds a bad value.
func (c *calculator) markCurrent() {
	if c.ds == nil || c.loadErr != nil {
		return
	}
	writeCurrent(c.figuresFor(), len(c.form.Errs) == 0 && editsCounted() == c.seenEdits)
}

// writeCurrent writes forInputs into #results-for-inputs and current into
// #results[data-current] ("yes" or "no"), in that order.
func writeCurrent(forInputs string, current bool) {
	doc := app.Window().Get("document")
	if el := doc.Call("getElementById", "results-for-inputs"); el.Truthy() {
		if t := el.Get("firstChild"); t.Truthy() && t.Get("nodeValue").String() != forInputs {
			t.Set("nodeValue", forInputs)
		}
	}
	if el := doc.Call("getElementById", "results"); el.Truthy() {
		el.Call("setAttribute", AttrCurrent, yesNo(current))
	}
}

// yesNo spells b for a data attribute: "yes" or "no", not a bool, which
// go-app prerenders as a bare attribute.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
