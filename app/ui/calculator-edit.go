package ui

import (
	"energyfloor/app/link"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	c.settle(ctx)
	c.lowerSectionsStale(ctx)
	c.urlSeq++
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx app.Context) {
		if seq != c.urlSeq {
			return // a later change will write it
		}
		u := *ctx.Page().URL()
		if query := link.WithPageParams(c.query, c.PageParams()); u.RawQuery != query {
			u.RawQuery = query
			ctx.Page().ReplaceURL(&u)
		}
		ctx.PreventUpdate()
	})
}

// onEdit handles an edit of a number field, the slider or a select, one of
// those web/boot.js counts (see current.go).
func (c *calculator) onEdit(ctx app.Context, a app.Action) {
	c.seenEdits = editsCounted()
	if e, ok := a.Value.(textEdit); ok && c.apply(e) {
		c.changed(ctx)
	}
}

// apply sets the form from one edit: a field's new text, a select's new
// value (through the table of fields), or a preset. It reports whether the
// edit was taken (a select's value may be unknown).
func (c *calculator) apply(e textEdit) bool {
	switch e.Field {
	case IDScopePreset:
		return c.form.SetPreset(c.ds, e.Text)
	case IDFootprintPreset:
		return c.form.SetFootprintPreset(c.ds, e.Text)
	}
	k, ok := link.FieldByID(e.Field)
	switch {
	case !ok:
		return false
	case k == link.FieldWorkload:
		return c.setWorkload(e.Text)
	case k == link.FieldModel:
		return c.selectModel(e.Text)
	}
	return c.form.Edit(c.ds, k, e.Text)
}

// setWorkload chooses workload id, and the model
// the workload falls back on when it lacks the model shown (saying so).
func (c *calculator) setWorkload(id string) bool {
	if c.loadErr != nil || c.needWorkload(id) != nil || !c.form.Edit(c.ds, link.FieldWorkload, id) {
		return false
	}
	c.info = ""
	if m := link.ModelFor(c.ds, c.form.In, c.form.In.Model); m != c.form.In.Model {
		if old := c.modelName(c.form.In.Model); old != "" {
			c.info = old + " is not measured on this workload; showing " + c.modelName(m) + "."
		}
		c.form.In.Model = m
	}
	return true
}

// selectModel chooses the model named name (see floor.Workload.FindModel).
func (c *calculator) selectModel(name string) bool {
	if !c.form.Edit(c.ds, link.FieldModel, name) {
		return false
	}
	c.info = ""
	return true
}

// modelName returns the display name of slug on any workload, or "".
func (c *calculator) modelName(slug string) string {
	for _, w := range c.ds.AllWorkloads() {
		if m := w.Model(slug); m != nil {
			return m.Name
		}
	}
	return ""
}
