package ui

import (
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// equivalentsList restates the figure to quote (at your traffic when there
// is one, else the floor), per request and per month, in everyday energies
// people can picture (floor.Picture), each row marked with the number of
// its source, listed under the rows; with one row for the floor per month
// when the figure at your traffic is far above it. Hooks: #equivalents;
// each row has data-of (the id of the figure it restates,
// floor.OfTrafficPerRequest, floor.OfTrafficPerMonth or those of the
// floor, floor.OfEnergyPerRequest and floor.OfEnergyPerMonth), data-requests (the
// requests it is for: 1, 1000 or 1000000; 1 for a monthly row),
// data-per-unit-wh (the Wh of one unit as shown), data-count (the figure's
// Wh × data-requests ÷ data-per-unit-wh, unrounded) and data-source (the
// source's URL).
type equivalentsList struct {
	app.Compo

	// PerRequest and PerMonth restate the figure at your traffic (Traffic)
	// or else the floor, per request and per month; Floor, when set, the
	// floor per month beside them.
	PerRequest, PerMonth []floor.Pictured
	Traffic              bool
	Floor                *floor.Pictured
	// Sources are the equivalents whose sources are noted, in order.
	Sources []floor.Equivalent
	// Kind is the workload's: a row restated per many requests counts
	// them in its words ("per 1,000 images").
	Kind floor.Kind
}

// Render draws the two lists and the numbered sources.
func (p *equivalentsList) Render() app.UI {
	ofReq, ofMonth, lead := floor.OfEnergyPerRequest, floor.OfEnergyPerMonth, "The floor"
	note := "These restate the floor above, not the estimate."
	if p.Traffic {
		ofReq, ofMonth, lead = floor.OfTrafficPerRequest, floor.OfTrafficPerMonth, "The figure at your traffic"
		note = "These restate the figure at your traffic, the one to quote, not the estimate."
	}
	return app.Section().ID("equivalents").Class("equivalents").Aria("labelledby", "equivalents-h").Body(
		app.H3().ID("equivalents-h").Text("In everyday energies"),
		app.P().Class("fine").Text(note),
		app.Div().Class("equivalents-lists").Body(
			p.list(ofReq, lead+" per "+p.Kind.Request()+" is", p.PerRequest),
			p.list(ofMonth, lead+" per month is", p.PerMonth),
		),
		app.If(p.Floor != nil, func() app.UI {
			return app.P().ID("equivalents-floor").Class("equivalents-lead").Body(
				app.Text("The floor per month, for comparison, is "),
				p.row(floor.OfEnergyPerMonth, *p.Floor),
			)
		}),
		app.Ol().Class("equivalent-sources").Aria("label", "Sources of the everyday energies").Body(
			app.Range(p.Sources).Slice(func(i int) app.UI {
				e := p.Sources[i]
				text := e.Source
				if e.Year != 0 {
					text += ", " + strconv.Itoa(e.Year)
				}
				return app.Li().Class("equivalent-source").Body(
					app.A().Href(e.URL).Target("_blank").Rel("noopener").Text(text),
				)
			}),
		),
	)
}

// note returns the number of e's source in Sources, from 1, or 0.
func (p *equivalentsList) note(e floor.Equivalent) int {
	for i, s := range p.Sources {
		if s.ID == e.ID {
			return i + 1
		}
	}
	return 0
}

func (p *equivalentsList) list(of, lead string, rows []floor.Pictured) app.UI {
	return app.Div().Class("equivalents-of").Body(
		app.P().Class("equivalents-lead").Text(lead),
		app.If(len(rows) == 0, func() app.UI {
			return app.P().Class("fine").Text("too little to picture in any of these.")
		}).Else(func() app.UI {
			return app.Ul().Body(app.Range(rows).Slice(func(i int) app.UI {
				return app.Li().Class("equivalent").Body(p.row(of, rows[i]))
			}))
		}),
	)
}

// row draws one restatement c of the figure of (its page id): its count in
// words and its source's number, with the row's data attributes.
func (p *equivalentsList) row(of string, c floor.Pictured) app.UI {
	n := strconv.Itoa(p.note(c.Equivalent))
	return app.Span().Class("equivalent-row").DataSet("of", of).DataSet("requests", strconv.FormatInt(c.Requests, 10)).
		DataSet("per-unit-wh", c.WhPerUnit.String()).DataSet("count", c.Count.String()).DataSet("source", c.Equivalent.URL).Body(
		app.Span().Class("equivalent-count").Text(equivalentText(c, p.Kind)),
		app.Sup().Class("equivalent-note").Title("Source "+n+", under the list").Text(n),
	)
}

// equivalentText says a count in words: "about 12.0 seconds of a 10 W LED
// bulb", or, restated for more requests, "per 1,000 requests, about 224
// metres in a Hyundai Ioniq 6 electric car"; with the count in the
// equivalent's own unit where Picture gives it: "about 447 kilometres (278
// miles) in a Hyundai Ioniq 6 electric car". On an image or video page
// a restated row is "per 1,000 images, …": k is the workload's kind.
func equivalentText(c floor.Pictured, k floor.Kind) string {
	s := "about " + floor.FormatNumber(c.Count) + " " + c.Rung.Name
	if !c.OwnCount.IsZero() {
		s = "about " + floor.FormatNumber(c.Count) + " " + withOwnUnit(c.Rung.Name, floor.FormatNumber(c.OwnCount), c.Equivalent.Name)
	}
	switch c.Requests {
	case 1:
		return s
	case 1_000_000:
		return "per million " + k.Requests() + ", " + s
	}
	return "per " + floor.FormatInteger(decimal.NewFromInt(c.Requests)) + " " + k.Requests() + ", " + s
}

// equivalentSources returns ds's equivalents that rows restate the floor
// in, in ds's order: the numbered sources under the rows.
func equivalentSources(ds *floor.Dataset, rows ...[]floor.Pictured) []floor.Equivalent {
	var out []floor.Equivalent
	for _, e := range ds.Equivalents {
		for _, r := range rows {
			if slices.ContainsFunc(r, func(p floor.Pictured) bool { return p.Equivalent.ID == e.ID }) {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// withOwnUnit puts the count in the own unit after the rung's measure, before
// the words both names end with: "kilometres (278 miles) in a Hyundai Ioniq
// 6 electric car" from "kilometres in a …" and "miles in a …"; where they
// share no such end, after the whole name: "… (about 278 miles of …)".
func withOwnUnit(rung, count, own string) string {
	r, o := strings.Fields(rung), strings.Fields(own)
	k := 0
	for k < len(r)-1 && k < len(o)-1 && r[len(r)-1-k] == o[len(o)-1-k] {
		k++
	}
	if k == 0 {
		return rung + " (about " + count + " " + own + ")"
	}
	return strings.Join(r[:len(r)-k], " ") + " (" + count + " " + strings.Join(o[:len(o)-k], " ") + ") " + strings.Join(r[len(r)-k:], " ")
}

// floorLine picks, of rows (the floor per month restated), the one in the
// same equivalent as the first of like (the figure at your traffic's), so
// that the two read side by side; else the first; nil for none.
func floorLine(rows, like []floor.Pictured) *floor.Pictured {
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		if len(like) > 0 && rows[i].Equivalent.ID == like[0].Equivalent.ID {
			return &rows[i]
		}
	}
	return &rows[0]
}
