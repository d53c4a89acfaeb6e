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
	// TokensPerMonth is the monthly volume the figures are for.
	TokensPerMonth decimal.Decimal
}

// Render draws the panel from its props: nothing when there is no figure at
// your traffic (the headline says so, #traffic-none).
func (p *trafficPanel) Render() app.UI {
	t := p.Traffic
	box := app.Div().ID("traffic").Class("traffic")
	if t == nil {
		return box
	}
	rate := floor.TokensPerSecond(p.TokensPerMonth)
	c := t.Config
	return box.Body(
		app.H3().Text("The configuration at your traffic"),
		app.P().Body(
			app.Span().ID("traffic-config").DataSet("row-id", c.RowID).Text(strconv.Itoa(c.NumGPUs)+" × "+c.GPU+
				", max_num_seqs "+floor.FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs)))+" ("+
				floor.FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch))+" requests in flight, "+
				floor.FormatNumber(c.TokensPerSecond)+" output tokens per second measured)"),
			app.Text(": "+floor.FormatJoules(c.JoulesPerOutputToken)+" per output token."),
		),
		app.P().Body(
			app.Text("Your volume averages "),
			app.Span().ID("traffic-rate").DataSet("tokens-per-second", rate.String()).Text(floor.FormatNumber(rate)+" output tokens per second"),
			app.Text("; "),
			app.Span().ID("traffic-utilisation").DataSet("fraction", t.Utilisation.String()).Text(p.utilisationText()),
			app.Text("."),
		),
		app.P().ID("traffic-assumes").Class("fine").Text(floor.TrafficAssumption),
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

// utilisationText says how busy the traffic keeps the configuration: the
// share of the month one replica is busy, or the replicas it fills.
func (p *trafficPanel) utilisationText() string {
	t := p.Traffic
	if !t.Fills {
		return "one replica of it would be busy " + floor.FormatNumber(t.Utilisation.Shift(2)) + "% of the month"
	}
	s := "it fills " + floor.FormatNumber(t.Utilisation) + " replicas' worth of it (" + floor.FormatInteger(decimal.NewFromInt(t.Figures.Replicas)) + " replicas running)"
	if t.Config == p.Floor {
		s = "your traffic fills the floor's own configuration: " + s[len("it fills "):]
	}
	return s
}
