package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// publishedPanel shows per-prompt figures others have published beside the
// selected model's floor and the estimates per request, each with its
// scope and aligned with the line of ours of the same scope, on one log
// scale so that a figure a hundred times smaller than the largest still
// shows. Hook: #published-figures, whose rows carry data-wh and data-scope.
// When the page's factors give carbon or water, the published carbon and
// water follow, each list on its own scale (footprint).
type publishedPanel struct {
	app.Compo

	// In are the page's inputs: with any factor set, "your estimate" joins
	// the rows.
	In floor.Inputs
	// Floor is the selected model's floor (Found: it has one).
	Floor     floor.Result
	Found     bool
	Published []floor.PublishedFigure
	Note      string
	// Kind is the workload's: the published per-prompt figures are for
	// text prompts, and only a kind with per-token sections shows them.
	Kind floor.Kind
}

// Render draws the rows, largest scope of ours first, each published figure
// after the last line of ours of its scope.
func (p *publishedPanel) Render() app.UI {
	if len(p.Published) == 0 || !hasFigures(&p.Floor, p.Found) {
		return app.Div().Class("published")
	}
	if !p.Kind.PerToken() {
		return p.textOnly()
	}
	return app.Div().Class("published").Body(
		app.H3().Text("Per-prompt figures others have published, beside yours"),
		app.P().Class("hint").Text(p.Note+" The bars are on a log scale: each grid line is ten times the one before."),
		app.Ul().ID("published-figures").Body(bars(p.ordered(p.ours()))...),
		p.footprint(),
	)
}

// bars draws rows (at least one), their bars on one log scale.
func bars(rows []publishedRow) []app.UI {
	least, most := rows[0].wh, rows[0].wh
	for _, r := range rows {
		least, most = decimal.Min(least, r.wh), decimal.Max(most, r.wh)
	}
	lo, hi := logRange(least, most)
	items := make([]app.UI, len(rows))
	for i, r := range rows {
		items[i] = r.item(lo, hi)
	}
	return items
}

// publishedRow is one row of the panel: a line of ours or a published
// figure (link set). wh is its amount, in Wh unless attr names another
// unit's data attribute ("g", "ml"), then written as text; compare, when
// set, says which line of ours a published figure compares with.
type publishedRow struct {
	id, scope, label, value, detail string
	wh                              decimal.Decimal
	link                            *floor.PublishedFigure
	attr, text, compare             string
}

// footprint draws, when the page's factors give carbon (a grid intensity
// or manufacture) or water, the estimate's carbon and water per request
// beside the published figures that give them, each labelled with its
// scope, in a fold: #published-carbon (rows with data-g) and
// #published-water (data-ml); nil when they give neither.
func (p *publishedPanel) footprint() app.UI {
	fa := p.In.Factors
	e := fa.ResultEstimate(&p.Floor, p.In)
	var parts []string
	carbon := decimal.Zero
	if e.GCO2ePerRequest.Valid {
		where := "electricity at " + fa.GridWords()
		if _, grid := fa.GridUsed(); grid {
			where += " (location-based)"
		}
		carbon, parts = carbon.Add(e.GCO2ePerRequest.Decimal), append(parts, where)
	}
	if e.EmbodiedGPerRequest.Valid {
		carbon, parts = carbon.Add(e.EmbodiedGPerRequest.Decimal), append(parts, "manufacture of "+fa.Footprint.EmbodiedWords())
	}
	var out []app.UI
	list := func(kind, unit, attr, ours string, amount decimal.Decimal, of func(*floor.PublishedFigure) (decimal.NullDecimal, string, string)) {
		rows := []publishedRow{{id: kind + "-ours", label: "Your estimate, with your factors", wh: amount, attr: attr,
			text: floor.FormatNumber(amount) + unit + " per request", detail: ours}}
		for i := range p.Published {
			pf := &p.Published[i]
			if v, scope, compare := of(pf); v.Valid {
				rows = append(rows, publishedRow{id: kind + "-" + pf.ID, label: publishedLabel(pf), wh: v.Decimal, attr: attr,
					text: floor.FormatExact(v.Decimal) + unit + " per prompt", detail: scope, link: pf, compare: compare})
			}
		}
		out = append(out, app.H4().Text("Per-prompt "+kind+", beside your estimate's"), app.Ul().ID("published-"+kind).Body(bars(rows)...))
	}
	if len(parts) > 0 && carbon.Sign() > 0 {
		list(floor.LineCarbon, " gCO2e", "g", "Counts "+strings.Join(parts, " and ")+".", carbon, func(pf *floor.PublishedFigure) (decimal.NullDecimal, string, string) {
			return pf.GCO2ePerPrompt, pf.CarbonScope, noScopeOfOurs
		})
	}
	if e.WaterML.Valid && e.WaterML.Decimal.Sign() > 0 {
		list(floor.LineWater, " mL", "ml", "Counts "+strings.Join(fa.Footprint.WaterWords(), " and ")+".", e.WaterML.Decimal, func(pf *floor.PublishedFigure) (decimal.NullDecimal, string, string) {
			if pf.WaterAlignsWith == floor.AlignsWithOnsiteWater {
				return pf.WaterMLPerPrompt, pf.WaterScope, "Same scope as on-site water: a WUE × IT energy."
			}
			return pf.WaterMLPerPrompt, pf.WaterScope, noScopeOfOurs
		})
	}
	if len(out) == 0 {
		return nil
	}
	// One click away: the energies above are what the panel is for.
	return app.Details().Class("published-footprint").Body(append([]app.UI{app.Summary().Text("Published carbon and water per prompt")}, out...)...)
}

// noScopeOfOurs is said of a published figure that no line of ours can be
// compared with.
const noScopeOfOurs = "No line of ours has its scope."

// publishedLabel names a published figure: "Google, median Gemini Apps
// text prompt (2025-05)".
func publishedLabel(pf *floor.PublishedFigure) string {
	return pf.Publisher + ", " + pf.Subject + " (" + pf.Date + ")"
}

// ours returns our lines, largest scope first: the floor (or the fastest
// configuration's figures when nothing meets the target), at your traffic,
// with the Google 2025 proportions, and with the page's factors.
func (p *publishedPanel) ours() []publishedRow {
	fig := p.Floor.Figures
	google, _ := floor.PresetByID(floor.PresetGoogle2025)
	googleWh := floor.Factors{Host: google.Host, Idle: google.Idle, PUE: google.PUE}.Estimate(fig).WhPerRequest
	fa := p.In.Factors
	// Where nothing meets the target the figures are the fastest
	// configuration's, as the headline names them.
	ours, detail, googleLabel := "Your GPU floor, ", "Measured GPU energy only, at steady state on a busy server.", "Your floor with the Google 2025 proportions"
	if !p.Floor.Meets() {
		ours, detail = "The fastest, above your target, ", "Measured GPU energy only, at the fastest configuration: none meets your latency target, so there is no floor."
		googleLabel = "The fastest with the Google 2025 proportions"
	}
	rows := []publishedRow{
		{id: "ours-floor", scope: floor.AlignsWithFloor, label: ours + p.Floor.Model.Name, wh: fig.WhPerRequest, detail: detail},
	}
	if t := p.Floor.Traffic; t != nil {
		rows = append(rows, publishedRow{id: "ours-traffic", scope: floor.AlignsWithFloor, label: "Your GPU floor at your traffic",
			wh: t.Figures.WhPerRequest, detail: "Measured GPU energy only, at the configuration your monthly volume can keep busy."})
	}
	rows = append(rows, publishedRow{id: "ours-google", scope: floor.AlignsWithGoogle, label: googleLabel,
		wh: googleWh, detail: "The floor × (1 + " + google.Host.String() + " + " + google.Idle.String() + ") × " + google.PUE.String() + ": an estimate, not a measurement."})
	if !fa.IsZero() {
		rows = append(rows, publishedRow{id: "ours-estimate", scope: "estimate", label: "Your estimate, with your factors",
			wh: fa.Estimate(fig).WhPerRequest, detail: "The floor × your factors."})
	}
	return rows
}

// ordered returns our rows with the published figures among them: each
// once, after the last line of ours of its scope (the floor at your
// traffic shares the floor's); those of no scope of ours come last. A
// figure with no energy is left out.
func (p *publishedPanel) ordered(rows []publishedRow) []publishedRow {
	published := func(pf *floor.PublishedFigure) publishedRow {
		about := ""
		if pf.Approximate {
			about = "about "
		}
		return publishedRow{id: pf.ID, scope: pf.AlignsWith, label: publishedLabel(pf), value: about, wh: pf.WhPerPrompt.Decimal, detail: pf.Scope, link: pf}
	}
	var ordered []publishedRow
	for k, r := range rows {
		ordered = append(ordered, r)
		if k+1 < len(rows) && rows[k+1].scope == r.scope {
			continue
		}
		for i := range p.Published {
			if pf := &p.Published[i]; pf.AlignsWith == r.scope && pf.WhPerPrompt.Valid {
				ordered = append(ordered, published(pf))
			}
		}
	}
	for i := range p.Published {
		if pf := &p.Published[i]; pf.AlignsWith != floor.AlignsWithFloor && pf.AlignsWith != floor.AlignsWithGoogle && pf.WhPerPrompt.Valid {
			ordered = append(ordered, published(pf))
		}
	}
	return ordered
}

// item draws row r, its bar on the log scale from 10^lo to 10^hi. Ours say
// in a line what they count; a published figure says which line of ours
// it compares with, its scope and source one click away.
func (r *publishedRow) item(lo, hi int) app.UI {
	var detail app.UI = app.Span().Class("published-detail").Text(r.detail)
	if r.link != nil {
		compare := r.compare
		switch {
		case compare != "":
		case r.scope == floor.AlignsWithFloor:
			compare = "Same scope as your GPU floor."
		case r.scope == floor.AlignsWithGoogle:
			compare = "Same scope as your floor with the Google 2025 proportions."
		default:
			compare = noScopeOfOurs
		}
		detail = app.Details().Class("published-detail").Body(
			app.Summary().Text(compare+" What it counts"),
			app.Text(r.detail+" "),
			app.A().Href(r.link.URL).Target("_blank").Rel("noopener").Text(r.link.Source),
		)
	}
	attr, text := r.attr, r.text
	if attr == "" {
		attr, text = "wh", publishedWh(r.wh, r.link != nil)
	}
	return app.Li().ID("published-"+r.id).Class("published-row").DataSet(attr, r.wh.String()).DataSet("scope", r.scope).Body(
		app.Span().Class("published-label").Text(r.label),
		app.Raw(logBar(r.wh, lo, hi)),
		app.Span().Class("published-value").Text(r.value+text),
		detail,
	)
}

// textOnly says, on an image or video page, why the published figures are
// not there: each is per text prompt (a chat answer), so beside an image's
// or a video's floor it would read as comparable when it is not; the line
// comparing modalities (#modalities) is where text meets images, from the
// same measurements. Hook: #published-text-only.
func (p *publishedPanel) textOnly() app.UI {
	var who []string
	for _, pf := range p.Published {
		if !slices.Contains(who, pf.Publisher) {
			who = append(who, pf.Publisher)
		}
	}
	list := strings.Join(who, ", ")
	if n := len(who); n > 1 {
		list = strings.Join(who[:n-1], ", ") + " and " + who[n-1]
	}
	text := "The per-prompt figures " + list + " have published are for text prompts, not for " + p.Kind.Requests() + ": " +
		"text pages set them beside their floor."
	if p.Floor.Meets() { // the line comparing modalities is drawn above
		text += " The line comparing modalities above sets one " + p.Kind.Request() + " beside chat answers, from the same data."
	}
	return app.Div().Class("published").Body(app.P().ID("published-text-only").Class("fine").Text(text))
}

// logRange returns the powers of ten just below lo and just above hi (both
// positive), at least one decade apart: the ends of a log scale that holds
// both.
func logRange(lo, hi decimal.Decimal) (int, int) {
	a := int(math.Floor(math.Log10(lo.InexactFloat64())))
	b := int(math.Ceil(math.Log10(hi.InexactFloat64())))
	if b <= a {
		b = a + 1
	}
	return a, b
}

// logBar draws wh as a bar on a log scale from 10^lo to 10^hi Wh, with a
// grid line at each power of ten: an SVG that scales to its box's width,
// hidden from screen readers (the value is written beside it).
func logBar(wh decimal.Decimal, lo, hi int) string {
	const w = 100.0
	span := float64(hi - lo)
	x := (math.Log10(wh.InexactFloat64()) - float64(lo)) / span * w
	x = max(1, min(w, x))
	var b strings.Builder
	b.WriteString(`<svg class="published-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">`)
	b.WriteString(`<rect class="track" x="0" y="1" width="100" height="8"></rect><rect class="bar" x="0" y="1" height="8" width="` + strconv.FormatFloat(x, 'f', 2, 64) + `"></rect>`)
	for e := lo + 1; e < hi; e++ {
		gx := strconv.FormatFloat(float64(e-lo)/span*w, 'f', 2, 64)
		b.WriteString(`<line class="decade" x1="` + gx + `" x2="` + gx + `" y1="0" y2="10"></line>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// publishedWh writes a per-prompt energy: a published figure exactly as
// published ("0.24 Wh per prompt"), one of ours as the app rounds figures.
func publishedWh(wh decimal.Decimal, published bool) string {
	if published {
		return floor.FormatExact(wh) + " Wh per prompt"
	}
	return floor.FormatWh(wh) + " per request"
}
