package ui

import (
	"energyfloor/app/floor"
	"energyfloor/app/link"
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// latencySlider is the range control beside the latency target field,
// logarithmic from 5 ms to 2,000 ms (see sliderPos). Moving it writes the
// rounded target into the field, through the calculator.
type latencySlider struct {
	app.Compo

	Pos int
	// ValueText is what assistive technology announces: "100 ms".
	ValueText string
}

// onInput turns the slider's position (a string, as every input value) into
// a latency target in ms.
func (s *latencySlider) onInput(ctx app.Context, e app.Event) {
	s.slide(ctx, ctx.JSSrc().Get("value").String())
}

// slide posts the target for the slider's position value; a value that is
// no position posts nothing.
func (s *latencySlider) slide(ctx app.Context, value string) {
	pos, err := strconv.Atoi(value)
	if err != nil {
		return
	}
	ctx.NewActionWithValue(actionText, textEdit{Field: link.Fields[link.FieldITL].ID, Text: sliderMs(pos)})
	ctx.PreventUpdate()
}

// Render draws the slider. The prerendered slider is disabled: only the app
// can turn a position into a target (sliderMs), and without it a moved
// slider would change nothing the form sends.
func (s *latencySlider) Render() app.UI {
	slider := app.Input().Type("range").ID("itl-range").Class("slider").
		Min(0).Max(sliderSteps).Step(1).Value(s.Pos).
		Aria("label", sliderLabel).
		Aria("valuetext", s.ValueText).
		OnInput(s.onInput)
	if app.IsServer {
		slider = slider.Disabled(true)
	}
	return slider
}

// The latency slider is logarithmic: position 0…sliderSteps maps to
// sliderMinMs…sliderMaxMs, so 10 ms and 1,000 ms are equally easy to set.
const (
	sliderSteps = 1000
	sliderMinMs = 5.0
	sliderMaxMs = 2000.0
)

// sliderLabel names the slider and its range for assistive technology.
var sliderLabel = "Latency target (slider, " + floor.FormatExact(decimal.NewFromFloat(sliderMinMs)) + " to " +
	floor.FormatExact(decimal.NewFromFloat(sliderMaxMs)) + " ms)"

// sliderPos returns the slider position for a target in ms, clamped.
func sliderPos(ms decimal.Decimal) int {
	v := ms.InexactFloat64()
	if v <= sliderMinMs {
		return 0
	}
	if v >= sliderMaxMs {
		return sliderSteps
	}
	return int(math.Round(sliderSteps * math.Log(v/sliderMinMs) / math.Log(sliderMaxMs/sliderMinMs)))
}

// sliderMs returns the target in ms for a slider position, rounded to what a
// person would type: 0.1 ms below 10 ms, whole ms below 100 ms, two
// significant figures above.
func sliderMs(pos int) string {
	pos = max(0, min(sliderSteps, pos))
	v := sliderMinMs * math.Pow(sliderMaxMs/sliderMinMs, float64(pos)/sliderSteps)
	switch {
	case v < 10:
		return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	case v < 100:
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	default:
		p := math.Pow(10, math.Floor(math.Log10(v))-1)
		return strconv.FormatFloat(math.Round(v/p)*p, 'f', 0, 64)
	}
}
