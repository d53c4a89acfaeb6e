package ui

import (
	"regexp"
	"strings"
	"sync"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// citationPanel shows the caveat and the citation next to the results, in
// every layout (the embed cannot switch it off): data version, retrieval
// date, source link and licence, with buttons that copy the citation as text
// and as BibTeX. Hooks: #caveat, #citation.
type citationPanel struct {
	app.Compo

	Source *floor.Source
	// Caveat is drawn first, when set (the embed); the full page draws it
	// under the headline figures instead.
	Caveat      string
	DataVersion string
	Compact     bool
	// GridAttribution, shown whenever a carbon figure is, credits the grid
	// intensities.
	GridAttribution string
	// Printed is the date the page is printed on, shown only in print
	// (with the BibTeX): the browser's date, or the server's in prerender.
	Printed string
	// Full, in the embed (Compact), is the link to the full citation: the
	// full page's #citation.
	Full string
	// Method is the method in two sentences, shown only in print:
	// floor.Method, or floor.DiffusionMethod on an image or video workload.
	Method string

	copied string // "text" or "bibtex" after a successful copy, "failed" after a refused one
}

// Render draws the caveat and the citation.
func (p *citationPanel) Render() app.UI {
	s := p.Source
	if p.Compact {
		return p.renderCompact()
	}
	status := map[string]string{"text": "Citation copied.", "bibtex": "BibTeX copied.",
		"failed": "The browser refused to copy; select the text instead."}[p.copied]
	return app.Section().Class("panel", "provenance").Aria("label", "Caveat and citation").Body(
		app.If(p.Caveat != "", func() app.UI { return caveatLine(p.Caveat) }),
		app.Div().ID("citation").Class("citation").Body(
			app.P().Body(
				app.Text("Source: "),
				app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(s.Name),
				app.Text(" by "+s.Publisher+"; version "+s.Version+"; retrieved "+s.Retrieved+
					"; licence "+s.Licence+". Data version "+p.DataVersion),
				// On screen, which of the dates to cite; the printout gives
				// the date it was printed instead.
				app.Span().Class("cite-date").Text(": the date to cite"),
				app.Text("."),
			),
			app.P().Body(
				app.Text("Cite: "+s.Cite+" "),
				app.A().Href(s.CiteURL).Target("_blank").Rel("noopener").Text(s.CiteURL),
			),
			app.If(p.GridAttribution != "", func() app.UI {
				return app.P().ID("grid-attribution").Text(p.GridAttribution)
			}),
			app.If(!p.Compact, func() app.UI {
				// The method, one click away.
				return app.Details().Class("method").Body(
					app.Summary().Text("How the figures were measured"),
					app.P().Class("fine", "source-method").Text(s.Method),
				)
			}),
		),
		// The printout states the method in two sentences instead.
		app.P().ID("print-method").Class("print-only").Body(app.Strong().Text("Method: "), app.Text(p.Method)),
		app.Pre().ID("print-bibtex").Class("code-block", "print-only").Body(app.Code().Text(citationBibTeX(s, p.DataVersion))),
		app.P().ID("printed-on").Class("print-only").Text("Printed "+p.Printed+" from Energy Floor."),
		app.Div().Class("button-row").Body(
			app.Button().ID("copy-citation").Type("button").Text("Copy citation").OnClick(p.onCopy("text")),
			app.Button().ID("copy-bibtex").Type("button").Text("Copy BibTeX").OnClick(p.onCopy("bibtex")),
			app.Span().ID("copy-status").Class("copy-status").Role("status").Text(status),
		),
	)
}

// renderCompact draws the embed's caveat and citation: the caveat, then
// the citation in one line (shortCite) with a link to the full one, and the
// grid's attribution when a carbon figure is shown.
func (p *citationPanel) renderCompact() app.UI {
	s := p.Source
	return app.Section().Class("panel", "provenance").Aria("label", "Caveat and citation").Body(
		app.If(p.Caveat != "", func() app.UI { return caveatLine(p.Caveat) }),
		app.Div().ID("citation").Class("citation", "citation-line").Body(
			app.P().Body(
				app.Text("Source: "),
				app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(s.Name),
				app.Text(", data version "+p.DataVersion+" ("+shortCite(s.Cite)+") · "),
				app.A().Href(p.Full).Target("_blank").Rel("noopener").Text("Full citation"),
			),
			app.If(p.GridAttribution != "", func() app.UI {
				return app.P().ID("grid-attribution").Text(p.GridAttribution)
			}),
		),
	)
}

// shortCite is the paper's citation in a few words: its authors and, last,
// its arXiv id or venue ("Chung et al., arXiv 2505.06371"), from a citation
// written "Authors, Title, Venue Year, arXiv ID"; any other as it is.
func shortCite(cite string) string {
	parts := strings.Split(cite, ", ")
	if len(parts) < 3 {
		return cite
	}
	return parts[0] + ", " + parts[len(parts)-1]
}

// caveatLine draws the caveat, #caveat.
func caveatLine(caveat string) app.UI {
	return app.P().ID("caveat").Class("caveat").Body(app.Strong().Text("Caveat: "), app.Text(caveat))
}

// onCopy returns the handler of the copy button of kind, "text" or
// "bibtex".
func (p *citationPanel) onCopy(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		copyWithStatus(ctx, p.quote(kind), kind, &p.copied)
	}
}

// quote returns what the copy button of kind copies: the BibTeX
// ("bibtex"), or the citation as text.
func (p *citationPanel) quote(kind string) string {
	if kind == "bibtex" {
		return citationBibTeX(p.Source, p.DataVersion)
	}
	return citationText(p.Source, p.DataVersion)
}

// citationText is the plain-text citation the copy button writes: the paper,
// then the data with its version, retrieval date and licence.
func citationText(s *floor.Source, dataVersion string) string {
	return s.Cite + ". " + s.CiteURL + "\n" +
		s.Name + " (" + s.Publisher + "), version " + s.Version + ", " + s.URL +
		", retrieved " + s.Retrieved + ", licence " + s.Licence + ". Via Energy Floor, data version " + dataVersion + "."
}

// yearPattern matches a year from 1900 to 2099 that stands as a word of its
// own. It is compiled on first use, not at every start of the wasm.
var yearPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(19|20)\d\d\b`) })

// firstYear returns the first year from 1900 to 2099 in s that stands as a
// word of its own, or "".
func firstYear(s string) string {
	return yearPattern().FindString(s)
}

// citationBibTeX is the BibTeX the copy button writes: the paper, read from
// the source's citation ("Authors, Title, Venue Year, arXiv ID"), and the
// leaderboard data as @misc.
func citationBibTeX(s *floor.Source, dataVersion string) string {
	var b strings.Builder
	parts := strings.Split(s.Cite, ", ")
	if len(parts) >= 3 {
		authors := strings.Replace(parts[0], " et al.", " and others", 1)
		key := strings.ToLower(strings.Fields(parts[0])[0])
		year := firstYear(strings.Join(parts[2:], ", "))
		b.WriteString("@inproceedings{" + key + year + "mlenergy,\n")
		b.WriteString("  author = {" + bibEscape(authors) + "},\n")
		b.WriteString("  title = {{" + bibEscape(parts[1]) + "}},\n")
		b.WriteString("  booktitle = {" + bibEscape(parts[2]) + "},\n")
		if year != "" {
			b.WriteString("  year = {" + year + "},\n")
		}
		if last := parts[len(parts)-1]; strings.HasPrefix(last, "arXiv ") {
			b.WriteString("  eprint = {" + bibEscape(strings.TrimPrefix(last, "arXiv ")) + "},\n  archivePrefix = {arXiv},\n")
		}
		b.WriteString("  url = {" + s.CiteURL + "}\n}\n\n")
	} else {
		b.WriteString("@misc{mlenergy,\n  note = {" + bibEscape(s.Cite) + "},\n  url = {" + s.CiteURL + "}\n}\n\n")
	}
	year := firstYear(s.Released)
	b.WriteString("@misc{mlenergyleaderboard" + year + ",\n")
	b.WriteString("  author = {{" + bibEscape(s.Publisher) + "}},\n")
	b.WriteString("  title = {{" + bibEscape(s.Name) + "}},\n")
	if year != "" {
		b.WriteString("  year = {" + year + "},\n")
	}
	b.WriteString("  howpublished = {\\url{" + s.URL + "}},\n")
	b.WriteString("  note = {Version " + bibEscape(s.Version) + "; retrieved " + s.Retrieved + "; licence " +
		bibEscape(s.Licence) + "; via Energy Floor, data version " + bibEscape(dataVersion) + "}\n}\n")
	return b.String()
}

// bibEscape escapes BibTeX's special characters in free text.
func bibEscape(s string) string {
	return strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "&", `\&`, "%", `\%`,
		"$", `\$`, "#", `\#`, "_", `\_`).Replace(s)
}
