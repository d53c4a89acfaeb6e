package server

import (
	"bytes"
	"fmt"
	"html"

	"energyfloor/app/ui"
)

// The patches: every change the Site makes to what go-app v10.1.11 writes,
// listed here with the file each is in. Each checks that go-app's output is
// still what it was written against and fails with an error naming the
// patch when it is not (patches_test.go runs them all against go-app's real
// output), so that a new go-app cannot silently undo one.
//
//   - escapeAttributes (pages; markup.go): go-app quotes attribute values
//     Go-style; a quote in a value would end the attribute. A correctness
//     fix. dropIndentation (markup.go) removes the whitespace go-app's
//     encoder writes between an element's children.
//   - inlineStyles.apply (pages; styles.go): the stylesheets go into one
//     <style> element, so the first paint waits for no other request.
//   - dropGoappScripts (pages) and rewriteAppJS (app.js), in scripts.go:
//     web/boot.js starts the app, compiling app.wasm from its own response,
//     and has the service worker registered once the app has started.
//   - serviceWorkerJS (app-worker.js; scripts.go): go-app's service worker
//     with offline permalinks and sub-paths, and updates that never mix two
//     versions. A correctness fix.
//   - fillOrigin (pages; here): the embed snippet gets the page's origin,
//     which the prerender does not know. A correctness fix.
//   - addOEmbedLink (the server's pages; oembed.go): the oEmbed discovery
//     link for the page's own permalink.
//   - setPreview (the server's pages; oembed.go): og:url the page's own
//     permalink, og:title, og:description and twitter:card its figure.
//   - markEmbed (pages; here): the embed's mark (ui.AttrPage) is copied from
//     its root to <html>, where web/boot.js reads it before the body.
//
// The prerendered page's empty web/split.css link is the UI's (app/ui).

// rewritePage makes a page go-app prerendered for a site at origin (""
// when unknown) under prefix what the server and the static build send: its
// embed snippet for that origin, its attributes escaped, its stylesheets
// inlined and go-app's script tags left to web/boot.js.
func rewritePage(page []byte, prefix, origin string, styles *inlineStyles) ([]byte, error) {
	page, err := fillOrigin(dropIndentation(page), origin)
	if err != nil {
		return nil, err
	}
	if page, err = escapeAttributes(page); err != nil {
		return nil, fmt.Errorf("patch %q: %w", patchAttributes, err)
	}
	if page, err = styles.apply(page, prefix); err != nil {
		return nil, err
	}
	if page, err = markEmbed(page); err != nil {
		return nil, err
	}
	return dropGoappScripts(page, prefix)
}

// The patches' names, for their errors.
const (
	patchAttributes = "escape attribute values"
	patchStyles     = "inline the stylesheets"
	patchScripts    = "leave go-app's scripts to boot.js"
	patchAppJS      = "app.js: compile app.wasm from boot.js's fetch, register the worker after the start, report the end of the Go program"
	patchWorker     = "the service worker"
	patchOrigin     = "the embed snippet's origin"
	patchStatic     = "a static page's prerendered query"
	patchOEmbed     = "the oEmbed discovery link"
	patchPreview    = "the link preview"
	patchEmbed      = "the embed's mark"
)

// replaceOnce replaces old by with in page, which must hold old exactly
// once (what names old in the error), so that a change of go-app's page
// cannot silently go unnoticed.
func replaceOnce(page []byte, old, with, patch, what string) ([]byte, error) {
	if n := bytes.Count(page, []byte(old)); n != 1 {
		return nil, fmt.Errorf("patch %q: the page has %s %d times, want once: has go-app changed?", patch, what, n)
	}
	return bytes.Replace(page, []byte(old), []byte(with), 1), nil
}

// markPrerenderedForNoQuery marks a static page as prerendered for no query
// (<html data-prerendered-for="">): web/boot.js compares that with the link
// the page is opened with.
func markPrerenderedForNoQuery(page []byte) ([]byte, error) {
	return replaceOnce(page, "<html ", `<html `+ui.AttrPrerenderedFor+`="" `, patchStatic, "<html")
}

// embedMark is the attribute that marks the embed's root (ui.AttrPage).
// Attribute values are HTML-escaped (escapeAttributes) and text never holds
// a raw quote, so this can only be an attribute of a tag.
var embedMark = []byte(" " + ui.AttrPage + `="` + ui.PageEmbed + `"`)

// markEmbed copies embedMark from a page's body to its <html> element:
// web/boot.js, which runs in the head, decides how to start before the
// body is parsed. A page without it is left as it is.
func markEmbed(page []byte) ([]byte, error) {
	if !bytes.Contains(page, embedMark) {
		return page, nil
	}
	return replaceOnce(page, "<html ", "<html"+string(embedMark)+" ", patchEmbed, "<html")
}

// fillOrigin writes origin into the embed snippets and the statement's
// permalink of a page, which the prerender, not knowing the page's origin,
// writes with placeholders. A snippet starts with ui.OriginPlaceholder under
// a note that says to replace it (see ui.SnippetStart), which origin ""
// leaves. The statement's permalinks, #statement-link and
// #statement-short-link, each name
// ui.PermalinkOrigin in its href and as its text, which is always replaced:
// origin "" leaves the link relative to the page (web/boot.js writes it out
// absolute), never an origin that is not the page's. go-app writes the
// snippet as text, HTML-escaped. Each #embed-snippet must hold its
// placeholder, and each statement link its marker twice, so that a change
// of go-app's output cannot leave one unfilled.
func fillOrigin(page []byte, origin string) ([]byte, error) {
	placeholder := []byte(html.EscapeString(ui.SnippetStart("")))
	snippets, n := bytes.Count(page, []byte(`id="`+ui.IDEmbedSnippet+`"`)), bytes.Count(page, placeholder)
	if n != snippets {
		return nil, fmt.Errorf("patch %q: the page has %d embed snippets and %d placeholder origins: has go-app changed?", patchOrigin, snippets, n)
	}
	if origin != "" {
		page = bytes.ReplaceAll(page, placeholder, []byte(html.EscapeString(ui.SnippetStart(origin))))
	}
	marker := []byte(ui.PermalinkOrigin)
	links := bytes.Count(page, []byte(`id="`+ui.IDStatementLink+`"`)) + bytes.Count(page, []byte(`id="`+ui.IDStatementShortLink+`"`))
	n = bytes.Count(page, marker)
	if n != 2*links {
		return nil, fmt.Errorf("patch %q: the page has %d statement links and %d permalink origins: has go-app changed?", patchOrigin, links, n)
	}
	return bytes.ReplaceAll(page, marker, []byte(html.EscapeString(origin))), nil
}
