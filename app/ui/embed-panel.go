package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedPanel gives the iframe snippet that embeds the compact calculator with
// the current state, and an optional host-page script that applies the height
// the embed posts.
type embedPanel struct {
	app.Compo

	// Query is the current state's permalink query.
	Query string
	// Origin is the page's scheme and host, "" where the page does not know
	// it (the prerender: see OriginPlaceholder); Base its path prefix.
	Origin, Base string

	copied string
}

// OriginPlaceholder stands for the page's origin in the embed snippet where
// the page does not know it: the prerender, which the server then fills in
// with the request's origin (and a static build with the origin it is
// given), and a static build given none, whose snippet keeps it under a
// note that says to replace it (originNote). It is under .example, a name
// reserved for examples, so it never reaches another site.
const OriginPlaceholder = "https://your-energy-floor-site.example"

// originNote opens the snippet whose origin is OriginPlaceholder.
const originNote = "<!-- Replace " + OriginPlaceholder + " with the origin this calculator is served from, such as https://example.org. -->\n"

// snippet returns the iframe snippet for the panel's state: the same text
// the panel shows and its button copies.
func (p *embedPanel) snippet() string {
	return embedSnippet(p.Origin, p.Base+"/embed?"+p.Query)
}

// embedSnippet returns the iframe markup for the page at path on origin
// ("" for OriginPlaceholder, under its note).
func embedSnippet(origin, path string) string {
	return SnippetStart(origin) + attrEscaper.Replace(path) + `" title="` + EmbedTitle + `" width="100%" height="` + strconv.Itoa(EmbedHeight) +
		`" style="border:0;max-width:` + strconv.Itoa(EmbedWidth) + `px" loading="lazy"></iframe>`
}

// EmbedTitle is the title attribute of the embed's iframe, in the snippet
// and in the server's oEmbed answers.
const EmbedTitle = "Energy Floor calculator"

// EmbedWidth and EmbedHeight are the embed's size in the snippet: its largest width (the
// snippet's max-width) and the default embed's height at that width, in CSS pixels, as
// the browser measures it (TestEmbedHeights holds the constant to the measure), so that
// a frame of that width without the height script shows the whole embed. A narrower
// frame's embed is taller: the height script fits it. The server's oEmbed answers size
// the frame within them.
const EmbedWidth, EmbedHeight = 720, 623

// OEmbedFrame returns the iframe an oEmbed answer gives for the embed at
// src (absolute), width × height pixels: the attributes WordPress keeps
// (src, width, height, title, frameborder) and loading="lazy", as the
// snippet has.
func OEmbedFrame(src string, width, height int) string {
	return `<iframe src="` + attrEscaper.Replace(src) + `" width="` + strconv.Itoa(width) + `" height="` + strconv.Itoa(height) +
		`" title="` + EmbedTitle + `" frameborder="0" loading="lazy"></iframe>`
}

// SnippetStart returns how the embed snippet starts, up to and including
// its origin: for origin "" the note and OriginPlaceholder. The server
// replaces the start the prerender writes with the one for the page's
// origin.
func SnippetStart(origin string) string {
	if origin == "" {
		return originNote + `<iframe src="` + OriginPlaceholder
	}
	return `<iframe src="` + attrEscaper.Replace(origin)
}

// embedScript is the optional host-page script: it sets an iframe's height
// from the height message it posts, finding the frame by the message's
// source among every iframe on the page, so that each embed on a page fits
// its own content and no other frame's message moves it.
const embedScript = `<script>
addEventListener("message", function (e) {
  if (!e.data || e.data.type !== "` + MsgHeight + `") return;
  var frames = document.getElementsByTagName("iframe");
  for (var i = 0; i < frames.length; i++)
    if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(+e.data.height) + "px";
});
</script>`

// attrEscaper escapes a value for a double-quoted HTML attribute, with
// named entities (html.EscapeString writes &#34; for a quote).
var attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;")

// Render draws the snippet and the script as text to copy. They are <pre>
// blocks, not textareas: go-app prerenders a textarea's text as a value
// attribute, which browsers ignore.
func (p *embedPanel) Render() app.UI {
	snippet := p.snippet()
	status := map[string]string{"snippet": "Snippet copied.", "script": "Script copied.",
		"failed": "The browser refused to copy; select the text instead."}[p.copied]
	// What most readers skip, one click away: the panel is folded.
	return app.Section().ID("embed-this").Class("panel", "embed-panel").Aria("labelledby", "embed-h").Body(app.Details().Class("embed-fold").Body(
		app.Summary().Body(app.H2().ID("embed-h").Text("Embed this calculator in your page")),
		app.P().Text("Paste this into your page to show the compact calculator with the inputs above. The caveat and citation always come with it."),
		app.Pre().ID(IDEmbedSnippet).Class("code-block").TabIndex(0).Aria("label", "Iframe snippet").Body(app.Code().Text(snippet)),
		app.Div().Class("button-row").Body(
			app.Button().ID("copy-snippet").Type("button").Text("Copy snippet").OnClick(p.onCopy("snippet")),
			app.Span().Class("copy-status").Role("status").Text(status),
		),
		app.Details().Body(
			app.Summary().Text("Optional: a script that fits the iframe's height to its content"),
			app.Pre().ID("embed-script").Class("code-block").TabIndex(0).Aria("label", "Host-page script").Body(app.Code().Text(embedScript)),
			app.Button().ID("copy-script").Type("button").Text("Copy script").OnClick(p.onCopy("script")),
		),
	))
}

// onCopy returns the handler of the copy button of kind, "snippet" or
// "script".
func (p *embedPanel) onCopy(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		copyWithStatus(ctx, p.quote(kind), kind, &p.copied)
	}
}

// quote returns what the copy button of kind copies: the script, or the
// snippet.
func (p *embedPanel) quote(kind string) string {
	if kind == "script" {
		return embedScript
	}
	return p.snippet()
}
