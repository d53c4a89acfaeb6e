package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// actionText is posted (value: textEdit) when the user edits a number field.
const actionText = "energyfloor/text"

// textEdit is a field's new text (or, for a select, its new value).
type textEdit struct {
	Field string
	Text  string
}

// numberField is one labelled text field for a number, with its hint or, when
// the text is not valid, its error message. It is a text field, not a number
// field, so people can type "2.5M" or "1e9". Its own component, so typing in
// one field re-renders that field and not the whole form.
type numberField struct {
	app.Compo

	ID, Name, Label string
	Value           string
	Hint            string
	// Err, when set, replaces the hint and marks the field invalid.
	Err string
	// Derived marks the monthly volume the user is not typing.
	Derived bool
}

// onInput hands the text to the calculator. The field itself need not
// re-render: the calculator passes the text back as Value.
func (f *numberField) onInput(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionText, textEdit{Field: f.ID, Text: ctx.JSSrc().Get("value").String()})
	ctx.PreventUpdate()
}

// Render draws the label, the input and the message.
func (f *numberField) Render() app.UI {
	class, msg := "hint", f.Hint
	if f.Err != "" {
		class, msg = "field-error", f.Err
	}
	div := app.Div().Class("field")
	if f.Derived {
		div = div.Class("derived")
	}
	return div.Body(
		app.Label().For(f.ID).Text(f.Label),
		app.Input().Type("text").ID(f.ID).Name(f.Name).Value(f.Value).
			Attr("inputmode", "decimal").AutoComplete(false).Spellcheck(false).
			Aria("describedby", f.ID+"-msg").Aria("invalid", f.Err != "").
			OnInput(f.onInput),
		app.P().ID(f.ID+"-msg").Class(class).Text(msg),
	)
}
