package ui

import "energyfloor/app/link"

// textInput returns the text field of field k, drawn as the table says, with
// the form's text and message, and of the form IDInputs wherever it is drawn.
func textInput(f *link.State, k link.Field) *numberField {
	fd := &link.Fields[k]
	return &numberField{ID: fd.ID, Name: fd.Param, Form: IDInputs, Label: fd.Label, Hint: fd.Hint, Value: f.Text[k], Err: f.Errs[k],
		Text: fd.Kind == link.TextKind, Linked: fd.Linked, Derived: f.Derived(k)}
}

// selectInput returns the select of field k, with options and the form's
// value selected, and of the form IDInputs wherever it is drawn.
func selectInput(f *link.State, k link.Field, options []choice) *selectField {
	fd := &link.Fields[k]
	return &selectField{ID: fd.ID, Name: fd.Param, Form: IDInputs, Label: fd.Label, Options: options, Selected: f.Value(k)}
}
