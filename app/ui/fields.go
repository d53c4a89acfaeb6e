package ui

import (
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// textInput returns the text field of field k, drawn as the table says, with
// the form's text and message, and of the form IDInputs wherever it is drawn.
func textInput(f *link.State, k link.Field) *numberField {
	fd := &link.Fields[k]
	return &numberField{ID: fd.ID, Name: fd.Param, Form: IDInputs, Label: fd.Label, Hint: fd.Hint, Value: f.Text[k], Err: f.Errs[k],
		Text: fd.Kind == link.TextKind, Linked: fd.Linked, Derived: f.Derived(k)}
}

// hiddenInput returns field k as a control the form holds but neither shows
// nor sends: the page draws the fields of one kind of workload, and keeps
// the other kind's (the diffusion latency target on a token workload) out
// of sight and out of the submitted query.
func hiddenInput(k link.Field) app.UI {
	fd := &link.Fields[k]
	return app.Input().Type("hidden").ID(fd.ID).Name(fd.Param).Disabled(true)
}

// selectInput returns the select of field k, with options and the form's
// value selected, and of the form IDInputs wherever it is drawn.
func selectInput(f *link.State, k link.Field, options []choice) *selectField {
	fd := &link.Fields[k]
	return &selectField{ID: fd.ID, Name: fd.Param, Form: IDInputs, Label: fd.Label, Options: options, Selected: f.Value(k)}
}

// syncFields, after a navigation, writes the form's text into every text
// field on the page that holds other text, once the page is drawn. A field
// leaves its value alone while it has the focus (numberField.OnUpdate), so
// that typing is not overwritten; but a link followed or the browser's Back
// with the focus in a field is not typing, and the field must then show the
// link's value, as the figures beside it do.
func (c *calculator) syncFields(ctx app.Context) {
	if app.IsServer {
		return
	}
	ctx.Defer(func(app.Context) {
		doc := app.Window().Get("document")
		for k := range link.Fields {
			fd := &link.Fields[k]
			if fd.Kind == link.ChoiceKind {
				continue
			}
			el := doc.Call("getElementById", fd.ID)
			if el.Truthy() && el.Get("type").String() == "text" && el.Get("value").String() != c.form.Text[k] {
				el.Set("value", c.form.Text[k])
			}
		}
	})
}
