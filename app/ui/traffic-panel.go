package ui

import (
	"strconv"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// trafficPanel shows the configuration behind the figure at your traffic
// (whose figures lead the results: resultsPanel.headline): the
// configuration, the volume's average rate and how busy that keeps the
// configuration, with the sentence that states what it assumes. Its hooks:
// #traffic-config (data-row-id), #traffic-rate (data-tokens-per-second),
// #traffic-utilisation (data-fraction).
type trafficPanel struct {
	app.Compo

	// Traffic is the selected model's traffic floor; nil when nothing meets
	// the target.
	Traffic *floor.Traffic
	// Floor is the configuration of the floor itself.
	Floor *floor.Configuration
	// TokensPerMonth is the monthly volume the figures are for; for an
	// image or video workload, Request is "image" or "video" and
	// RequestsPerMonth the volume (results-diffusion.go draws the panel).
	TokensPerMonth   decimal.Decimal
	Request          string
	RequestsPerMonth decimal.Decimal
}

// Render draws the panel from its props: nothing when there is no figure at
// your traffic (the headline says so, #traffic-none).
func (p *trafficPanel) Render() app.UI {
	t := p.Traffic
	box := app.Div().ID("traffic").Class("traffic")
	if t == nil {
		return box
	}
	if p.Request != "" {
		return p.renderDiffusion(box)
	}
	rate := floor.TokensPerSecond(p.TokensPerMonth)
	c := t.Config
	return box.Body(
		app.H3().Text("The configuration at your traffic"),
		app.P().Body(
			app.Text("At your volume, the least energy is on "),
			app.Span().ID("traffic-config").DataSet("row-id", c.RowID).Text(serverText(c)+" with a batch size limit of "+
				floor.FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs)))+" requests ("+
				floor.FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch))+" requests batched together on average, "+
				floor.FormatNumber(c.TokensPerSecond)+" output tokens a second as measured)"),
			app.Text(": "+floor.FormatJoules(c.JoulesPerOutputToken)+" per output token."),
		),
		app.P().Body(
			app.Text("Your volume averages "),
			app.Span().ID("traffic-rate").DataSet("tokens-per-second", rate.String()).Text(floor.FormatNumber(rate)+" output tokens per second"),
			app.Text("; "),
			app.Span().ID("traffic-utilisation").DataSet("fraction", t.Utilisation.String()).Text(p.utilisationText()),
			app.Text("."),
		),
		// The long caveat of this figure, one click away.
		app.Details().Class("traffic-assumes").Body(
			app.Summary().Text("What this figure assumes"),
			app.P().ID("traffic-assumes").Class("fine").Text(floor.TrafficAssumptionPlain),
		),
	)
}

// timesFloorText says how the traffic floor compares with the floor:
// "26.9 times the floor", or "the floor itself".
func timesFloorText(times decimal.Decimal) string {
	if times.Equal(decimal.NewFromInt(1)) {
		return "The floor itself"
	}
	return floor.FormatNumber(times) + " times the floor"
}

// serverText names a configuration's server in plain words: "a server of 4
// B200 GPUs", "a server with 1 H100 GPU".
func serverText(c *floor.Configuration) string {
	if c.NumGPUs == 1 {
		return "a server with 1 " + c.GPU + " GPU"
	}
	return "a server of " + strconv.Itoa(c.NumGPUs) + " " + c.GPU + " GPUs"
}

// nextStepText says from which monthly volume the figure at your traffic
// next falls, how much more that is than vol, and to how many times the
// floor: "From 1.02 billion output tokens a month (1.94% more), it falls to
// 21.6× the floor.", or in images or videos a month on an image or video
// workload (request set). It returns that volume too, a plain decimal
// (#traffic-next-step's data-from).
func nextStepText(n *floor.NextStep, in floor.Inputs, request string) (from decimal.Decimal, text string) {
	from, vol, what := n.FromOutputTokensPerMonth, in.OutputTokensPerMonth, "output token"
	if request != "" {
		from, vol, what = n.FromRequestsPerMonth, in.RequestsPerMonth, request
	}
	return from, "From " + floor.Counted(floor.FormatVolume(from), what) + " a month" + moreText(from, vol) + ", it falls to " +
		floor.FormatTimes(n.TimesFloor) + " the floor."
}

// utilisationText says how busy the traffic keeps the configuration: the
// share of the month one such server is busy, or how many servers it fills.
func (p *trafficPanel) utilisationText() string {
	t := p.Traffic
	if !t.Fills {
		return "one such server would be busy " + floor.FormatPercent(t.Utilisation) + " of the month"
	}
	s := "it fills " + floor.FormatNumber(t.Utilisation) + " such servers' worth (" + floor.FormatInteger(decimal.NewFromInt(t.Figures.Replicas)) + " servers running)"
	if t.Config == p.Floor {
		s = "your traffic fills the floor's own configuration: " + s[len("it fills "):]
	}
	return s
}
