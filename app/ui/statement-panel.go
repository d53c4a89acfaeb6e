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

// statementPanel shows the statement to quote for the page's selected
// model: first in one sentence (floor.ShortStatement), then in full
// (floor.Statement, folded in #statement-full), each ending with the page's absolute permalink and with
// a button that copies it. Hooks: #statement; #statement-short (the
// sentence; #statement-short-link its link) and #copy-statement-short;
// #statement-text (the paragraph; #statement-link is its link) and
// #copy-statement. Both buttons are disabled while the figures are not for
// the values in the fields (#copy-statement-why says so).
type statementPanel struct {
	app.Compo

	// Text is the statement without its link, Short its one sentence;
	// Permalink the page's absolute permalink, with PermalinkOrigin for the
	// origin during prerender.
	Text, Short, Permalink string
	// Current is false while the figures are not for the values in the
	// fields: nothing is copied then.
	Current bool

	// copied is "statement" or "short" after a copy of that text, "failed"
	// or "failed-short" after a refused one.
	copied string
	// fullOpen is whether the reader unfolded the full statement.
	fullOpen bool
}

// quote returns the text the button copies: the statement and its link.
func (p *statementPanel) quote() string {
	return p.Text + " " + p.Permalink
}

// quoteShort returns the text the short statement's button copies: the
// sentence and its link.
func (p *statementPanel) quoteShort() string {
	return p.Short + " " + p.Permalink
}

// Render draws the paragraph and the button.
func (p *statementPanel) Render() app.UI {
	refused := "The browser refused to copy; the statement is selected: copy it with your keyboard."
	status := map[string]string{"statement": "Copied", "failed": refused}[p.copied]
	shortStatus := map[string]string{"short": "Copied", "failed-short": refused}[p.copied]
	button := app.Button().ID(IDCopyStatement).Type("button").Text("Copy statement").OnClick(p.onCopy)
	shortButton := app.Button().ID(IDCopyStatementShort).Type("button").Text("Copy sentence").OnClick(p.onCopyShort)
	if !p.Current {
		button = button.Disabled(true).Aria("describedby", "copy-statement-why")
		shortButton = shortButton.Disabled(true).Aria("describedby", "copy-statement-why")
	}
	full := app.Details().ID("statement-full").Class("statement-full").OnToggle(p.onToggle)
	if p.fullOpen {
		full = full.Open(true)
	}
	return app.Section().ID("statement").Class("panel", "statement").Aria("labelledby", "statement-h").Body(
		app.H2().ID("statement-h").Text("Statement to quote"),
		app.P().ID("statement-short").Class("statement-text", "statement-short").Body(
			// In print the sentence prints, its link labelled as the permalink.
			app.Span().Class("statement-short-body").Text(p.Short+" "),
			app.Span().Class("print-only-inline").Text("Permalink: "),
			app.A().ID(IDStatementShortLink).Href(p.Permalink).Text(p.Permalink),
		),
		app.Div().Class("button-row").Body(
			shortButton,
			// Shown (by the stylesheet) while #results is not current: the
			// live app disables the buttons then, and before it runs the
			// stylesheet does.
			app.Span().ID("copy-statement-why").Class("copy-why").Text("Not copied while the figures are not for the values in the fields: correct the marked field first."),
			app.Span().ID("copy-statement-short-status").Class("copy-status").Role("status").Aria("live", "polite").Text(shortStatus),
		),
		// The full statement, one click away: the same figures with the
		// configuration and the citation.
		full.Body(
			app.Summary().Text("The full statement, with the configuration and the citation"),
			app.P().ID("statement-text").Class("statement-text").Body(
				app.Span().Class("statement-body").Text(p.Text+" "),
				app.A().ID(IDStatementLink).Href(p.Permalink).Text(p.Permalink),
			),
			app.Div().Class("button-row").Body(
				button,
				app.Span().ID("copy-statement-status").Class("copy-status").Role("status").Aria("live", "polite").Text(status),
			),
		),
	)
}

// onToggle follows the reader's opening and closing of the full statement,
// so that a later render keeps it as the reader left it.
func (p *statementPanel) onToggle(ctx app.Context, e app.Event) {
	p.fullOpen = ctx.JSSrc().Get("open").Bool()
}

// onCopy copies the statement; where the clipboard API is missing or
// refuses, it selects the paragraph for the user to copy.
func (p *statementPanel) onCopy(ctx app.Context, e app.Event) {
	p.copy(ctx, p.quote(), "statement", "failed", "statement-text")
}

// onCopyShort copies the one-sentence statement, as onCopy the statement.
func (p *statementPanel) onCopyShort(ctx app.Context, e app.Event) {
	p.copy(ctx, p.quoteShort(), "short", "failed-short", "statement-short")
}

// copy copies text and then reports copied, or, where the clipboard API is
// missing or refuses, reports failed and selects the element of id.
func (p *statementPanel) copy(ctx app.Context, text, copied, failed, id string) {
	if !p.Current {
		return
	}
	copyText(text, func(ok bool) {
		ctx.Dispatch(func(ctx app.Context) { p.copyDone(ok, copied, failed, id) })
		ctx.After(3*time.Second, func(ctx app.Context) { p.copied = "" })
	})
}

// copyDone notes how a copy went, for the status beside its button:
// copied, or, when the browser refused (ok false), failed, with the
// element of id selected for the reader to copy with the keyboard.
func (p *statementPanel) copyDone(ok bool, copied, failed, id string) {
	p.copied = copied
	if !ok {
		p.copied = failed
		selectContents(id)
	}
}
