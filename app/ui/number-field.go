package ui

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
	// Form, when set, is the id of the form the field belongs to, wherever
	// it is drawn.
	Form  string
	Value string
	Hint  string
	// Err, when set, replaces the hint and marks the field invalid.
	Err string
	// Linked marks the two monthly volumes, of which only the one typed is
	// sent; Derived the one the user is not typing.
	Linked, Derived bool
	// Text marks a field for text rather than a number (no decimal keypad).
	Text bool

	// shown is the value attribute rendered: Value, except while the user
	// types in the field. go-app renders in frames, after the input events;
	// writing Value back into the field then could overwrite characters
	// typed since, so the field is left alone while it has the focus.
	shown string
}

// OnInit shows the initial value.
func (f *numberField) OnInit() { f.shown = f.Value }

// OnUpdate shows a new Value unless the user is typing in the field.
//
// An empty Value is written to the element by hand: go-app v10.1.11's
// attributes.Set drops an empty value (it tests the value where it means
// the attribute's name), so the element would keep the text it holds, and
// a link followed without a factor would leave the last page's factor in
// its field beside figures that are not for it.
func (f *numberField) OnUpdate(ctx app.Context) {
	if f.focused() {
		return
	}
	if f.Value == "" && f.shown != "" {
		ctx.Defer(func(ctx app.Context) {
			if el := app.Window().GetElementByID(f.ID); el.Truthy() && !f.focused() {
				el.Set("value", "")
			}
		})
	}
	f.shown = f.Value
}

// onBlur takes what the field holds as shown, so go-app writes nothing.
func (f *numberField) onBlur(ctx app.Context, e app.Event) {
	f.shown = ctx.JSSrc().Get("value").String()
}

// focused reports whether the field has the keyboard focus.
func (f *numberField) focused() bool {
	if app.IsServer {
		return false
	}
	el := app.Window().Get("document").Get("activeElement")
	return el.Truthy() && el.Get("id").String() == f.ID
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
	if f.Value == "" && f.Err == "" {
		// Left empty, as an unset factor is: the printout leaves it out
		// rather than print a bare label (web/css/print.css).
		div = div.Class("field-empty")
	}
	mode := "decimal"
	if f.Text {
		mode = "text"
	}
	input := app.Input().Type("text").ID(f.ID).Value(f.shown).
		Attr("inputmode", mode).AutoComplete(false).Spellcheck(false).
		Aria("describedby", f.ID+"-msg").Aria("invalid", f.Err != "").
		OnInput(f.onInput).OnBlur(f.onBlur)
	// In the prerendered form, the derived volume is read-only and sends
	// nothing, so that a submission without the app carries only the volume
	// typed. web/boot.js makes it editable, and gives the name in data-name
	// to the linked field typed, taking it from the other.
	if f.Form != "" {
		input = input.Attr("form", f.Form)
	}
	if f.Linked && app.IsServer {
		input = input.Attr(AttrName, f.Name)
	}
	if f.Derived && app.IsServer {
		input = input.ReadOnly(true)
	} else {
		input = input.Name(f.Name)
	}
	return div.Body(
		app.Label().For(f.ID).Text(f.Label),
		input,
		app.P().ID(f.ID+"-msg").Class(class).Text(msg),
	)
}
