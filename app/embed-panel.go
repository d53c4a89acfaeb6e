package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedPanel gives the iframe snippet that embeds the compact calculator with
// the current state, and an optional host-page script that applies the height
// the embed posts.
type embedPanel struct {
	app.Compo

	// Query is the current state's permalink query.
	Query string
	// Origin is the page's scheme and host ("" during prerender); Base its
	// path prefix.
	Origin, Base string
}

// embedSnippet returns the iframe markup for src.
func embedSnippet(src string) string {
	return `<iframe src="` + htmlAttrEscape(src) + `" title="Energy Floor calculator" width="100%" height="640" style="border:0;max-width:720px" loading="lazy"></iframe>`
}

// embedScript is the optional host-page script: it sets the iframe's height
// from the embed's messages, accepting them only from that iframe.
const embedScript = `<script>
addEventListener("message", function (e) {
  var f = document.querySelector('iframe[src*="/embed"]');
  if (f && e.source === f.contentWindow && e.data && e.data.type === "energyfloor:height")
    f.style.height = Math.ceil(+e.data.height) + "px";
});
</script>`

// htmlAttrEscape escapes a value for a double-quoted HTML attribute.
func htmlAttrEscape(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '&':
			out = append(out, "&amp;"...)
		case '"':
			out = append(out, "&quot;"...)
		case '<':
			out = append(out, "&lt;"...)
		case '>':
			out = append(out, "&gt;"...)
		default:
			out = append(out, s[i])
		}
	}
	return string(out)
}

// Render draws the snippet and the script as text to copy.
func (p *embedPanel) Render() app.UI {
	src := p.Origin + p.Base + "/embed?" + p.Query
	return app.Section().ID("embed-this").Class("panel", "embed-panel").Aria("labelledby", "embed-h").Body(
		app.H2().ID("embed-h").Text("Embed this"),
		app.P().Text("Paste this into your page to show the compact calculator with the inputs above. The caveat and citation always come with it."),
		app.Label().For("embed-snippet").Text("Iframe snippet"),
		app.Textarea().ID("embed-snippet").ReadOnly(true).Rows(3).Spellcheck(false).Text(embedSnippet(src)),
		app.Details().Body(
			app.Summary().Text("Optional: a script that fits the iframe's height to its content"),
			app.Label().For("embed-script").Text("Host-page script"),
			app.Textarea().ID("embed-script").ReadOnly(true).Rows(7).Spellcheck(false).Text(embedScript),
		),
	)
}
