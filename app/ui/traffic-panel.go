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
// #traffic-config (data-row-id), #traffic-rate (data-tokens-per-second, or
// for images and videos data-requests-per-second), #traffic-utilisation
// (data-fraction).
type trafficPanel struct {
	app.Compo

	// Traffic is the selected model's traffic floor; nil when nothing meets
	// the target.
	Traffic *floor.Traffic
	// Floor is the configuration of the floor itself.
	Floor *floor.Configuration
	// Kind is the workload's, and Volume the monthly volume the figures
	// are for, in its units (floor.Kind.VolumeOf).
	Kind   floor.Kind
	Volume decimal.Decimal
}

// Render draws the panel from its props: nothing when there is no figure at
// your traffic (the headline says so, #traffic-none).
func (p *trafficPanel) Render() app.UI {
	t, k := p.Traffic, p.Kind
	box := app.Div().ID("traffic").Class("traffic")
	if t == nil {
		return box
	}
	rate := floor.PerSecond(p.Volume)
	c := t.Config
	units := k.Unit() + "s"
	return box.Body(
		app.H3().Text("The configuration at your traffic"),
		app.P().Body(
			app.Text("At your volume, the least energy is on "),
			app.Span().ID("traffic-config").DataSet("row-id", c.RowID).Text(serverText(c)+" "+c.BatchWords()+" ("+c.SetupWords()+", "+
				floor.FormatNumber(c.UnitsPerSecond())+" "+units+" a second as measured)"),
			app.Text(": "+floor.FormatJoules(c.JoulesPerUnit())+" per "+k.Unit()+"."),
		),
		app.P().Body(
			app.Text("Your volume averages "),
			app.Span().ID("traffic-rate").DataSet(viewOf(k).rateAttr, rate.String()).Text(floor.FormatNumber(rate)+" "+units+" per second"),
			app.Text("; "),
			app.Span().ID("traffic-utilisation").DataSet("fraction", t.Utilisation.String()).Text(p.utilisationText()),
			app.Text("."),
		),
		// The long caveat of this figure, one click away.
		app.Details().Class("traffic-assumes").Body(
			app.Summary().Text("What this figure assumes"),
			app.P().ID("traffic-assumes").Class("fine").Text(k.TrafficAssumptionPlain()),
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
// next falls, how much more that is than the inputs' volume, and to how
// many times the floor: "From 1.02 billion output tokens a month (1.94%
// more), it falls to 21.6× the floor.", in the units of kind k.
func nextStepText(n *floor.NextStep, in floor.Inputs, k floor.Kind) string {
	return "From " + floor.Counted(floor.FormatVolume(n.From), k.Unit()) + " a month" + moreText(n.From, k.VolumeOf(in)) + ", it falls to " +
		floor.FormatTimes(n.TimesFloor) + " the floor."
}

// utilisationText says how busy the traffic keeps its configuration, named
// so beside the floor's (floor.TrafficConfigWords): the share of the month
// one such server is busy, or how many servers it fills.
func (p *trafficPanel) utilisationText() string {
	t := p.Traffic
	if !t.Fills {
		return floor.TrafficConfigWords + ", one such server would be busy " + floor.FormatPercent(t.Utilisation) + " of the month"
	}
	worth := floor.FormatNumber(t.Utilisation) + " such servers' worth (" + floor.FormatInteger(decimal.NewFromInt(t.Figures.Replicas)) + " servers running)"
	if t.Config == p.Floor {
		return "your traffic fills the floor's own configuration: " + worth
	}
	return floor.TrafficConfigWords + ", it fills " + worth
}
