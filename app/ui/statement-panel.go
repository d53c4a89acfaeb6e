package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// PermalinkOrigin stands for the page's origin in the statement's permalink
// (#statement-link) during prerender, which does not know it. The server and
// the static build always replace it: with the page's origin, or, where they
// do not know it (a static build given no origin), with nothing, which
// leaves a link relative to the page that web/boot.js writes out absolute.
// Unlike the embed snippet's OriginPlaceholder, it never reaches a reader.
// It is under .invalid, a name reserved never to resolve.
const PermalinkOrigin = "https://permalink-origin.invalid"

// statementPanel shows the statement to quote (floor.Statement) for the
// page's selected model, ending with the page's absolute permalink, and a
// button that copies it. Hooks: #statement, #statement-text (the paragraph;
// #statement-link is its link), #copy-statement, disabled while the figures
// are not for the values in the fields (#copy-statement-why says so).
type statementPanel struct {
	app.Compo

	// Text is the statement without its link; Permalink the page's absolute
	// permalink, with PermalinkOrigin for the origin during prerender.
	Text, Permalink string
	// Current is false while the figures are not for the values in the
	// fields: nothing is copied then.
	Current bool

	copied string // "statement" after a copy, "failed" after a refused one
}

// quote returns the text the button copies: the statement and its link.
func (p *statementPanel) quote() string {
	return p.Text + " " + p.Permalink
}

// Render draws the paragraph and the button.
func (p *statementPanel) Render() app.UI {
	status := map[string]string{"statement": "Copied", "failed": "The browser refused to copy; the statement is selected: copy it with your keyboard."}[p.copied]
	button := app.Button().ID(IDCopyStatement).Type("button").Text("Copy statement").OnClick(p.onCopy)
	if !p.Current {
		button = button.Disabled(true).Aria("describedby", "copy-statement-why")
	}
	return app.Section().ID("statement").Class("panel", "statement").Aria("labelledby", "statement-h").Body(
		app.H2().ID("statement-h").Text("Statement to quote"),
		app.P().ID("statement-text").Class("statement-text").Body(
			// In print the link stands alone, as the page's permalink.
			app.Span().Class("statement-body").Text(p.Text+" "),
			app.Span().Class("print-only-inline").Text("Permalink: "),
			app.A().ID(IDStatementLink).Href(p.Permalink).Text(p.Permalink),
		),
		app.Div().Class("button-row").Body(
			button,
			// Shown (by the stylesheet) while #results is not current: the
			// live app disables the button then, and before it runs the
			// stylesheet does.
			app.Span().ID("copy-statement-why").Class("copy-why").Text("Not copied while the figures are not for the values in the fields: correct the marked field first."),
			app.Span().ID("copy-statement-status").Class("copy-status").Role("status").Aria("live", "polite").Text(status),
		),
	)
}

// onCopy copies the statement; where the clipboard API is missing or
// refuses, it selects the paragraph for the user to copy.
func (p *statementPanel) onCopy(ctx app.Context, e app.Event) {
	if !p.Current {
		return
	}
	copyText(p.quote(), func(ok bool) {
		ctx.Dispatch(func(ctx app.Context) {
			p.copied = "statement"
			if !ok {
				p.copied = "failed"
				selectContents("statement-text")
			}
		})
		ctx.After(3*time.Second, func(ctx app.Context) { p.copied = "" })
	})
}
