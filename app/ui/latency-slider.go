package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
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
	pos, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	ctx.NewActionWithValue(actionText, textEdit{Field: fields[fieldITL].id, Text: sliderMs(pos)})
	ctx.PreventUpdate()
}

// Render draws the slider. The prerendered slider is disabled: only the app
// can turn a position into a target (sliderMs), and without it a moved
// slider would change nothing the form sends.
func (s *latencySlider) Render() app.UI {
	slider := app.Input().Type("range").ID("itl-range").Class("slider").
		Min(0).Max(sliderSteps).Step(1).Value(s.Pos).
		Aria("label", "Latency target (slider, 5 to 2,000 ms)").
		Aria("valuetext", s.ValueText).
		OnInput(s.onInput)
	if app.IsServer {
		slider = slider.Disabled(true)
	}
	return slider
}
