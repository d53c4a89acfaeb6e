package ui

import (
	"energyfloor/app/floor"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// inputsPanel is the calculator's form: every control has a label and posts
// its edits to the calculator (actionText, actionChoice). Each field is its
// own component, so typing in one re-renders only what changed.
//
// It is also a plain <form method="get"> whose field names are the
// permalink's parameters, with a Calculate button: where the app does not
// run (no WebAssembly, no JavaScript), pressing Enter or the button loads the
// page for the fields' values, which the server prerenders. The live app
// takes the submission itself, as its results follow every keystroke, and
// hides the button.
type inputsPanel struct {
	app.Compo

	Form link.State
	// Workloads and Models are the selects' options (the models of the
	// form's workload); the calculator keeps the same slices between
	// renders.
	Workloads, Models []choice
	// Action is the page the form loads: the calculator's own path.
	Action string
	// Summary, when set, is drawn first in the form: the full page's
	// figuresSummary.
	Summary []app.UI
	// Keep are the page's parameters that are not fields (see
	// calculator.pageParams): the form sends them as hidden inputs.
	Keep []link.PageParam
	// Held, when set, are drawn after the fields: the embed's factor
	// fields, held as its link gives them (embedFactorFields).
	Held []app.UI
	// Compact marks the embed's form.
	Compact bool
}

// onSubmit keeps the live app on its page: its results are already current.
func (p *inputsPanel) onSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	ctx.PreventUpdate()
}

// Render draws the form, each field as the table of fields describes it.
func (p *inputsPanel) Render() app.UI {
	f := &p.Form
	body := append(append([]app.UI{}, p.Summary...),
		app.H2().ID("inputs-h").Text("Your traffic and target"),
		selectInput(f, link.FieldWorkload, p.Workloads),
	)
	body = append(body, p.kindInputs()...)
	model := selectInput(f, link.FieldModel, p.Models)
	model.Hint = floor.ChoosingModel(!p.Compact)
	body = append(body,
		selectInput(f, link.FieldGPU, gpuChoices),
		model,
		app.Range(p.Held).Slice(func(i int) app.UI { return p.Held[i] }),
		app.Range(p.Keep).Slice(func(i int) app.UI {
			return app.Input().Type("hidden").Name(p.Keep[i].Name).Value(p.Keep[i].Value)
		}),
		app.Div().Class("calculate").Body(
			app.Button().Type("submit").ID("calculate").Text("Calculate"),
			app.NoScript().Body(app.P().Class("hint").Text(
				"JavaScript is off: after changing a value, press Calculate to get its figures.")),
		),
	)
	return app.Form().ID(IDInputs).Class("panel", "inputs").Method("get").Action(p.Action).
		Aria("labelledby", "inputs-h").OnSubmit(p.onSubmit).Body(body...)
}

// kindInputs draws the monthly volume and the latency target, the inputs
// of the workload's kind: for a token workload the two linked volumes
// (output tokens and requests), the output length, the inter-token latency
// with its slider and its statistic; for an image or video workload the
// images or videos a month and the batch latency in seconds. The fields
// of the other kind are held hidden (hiddenInput).
func (p *inputsPanel) kindInputs() []app.UI {
	f := &p.Form
	if f.Kind.PerToken() {
		return []app.UI{
			app.FieldSet().Class("volume").Body(
				app.Legend().Text("Monthly volume: type either"),
				textInput(f, link.FieldTokens),
				textInput(f, link.FieldRequests),
			),
			textInput(f, link.FieldOutput),
			app.FieldSet().Class("latency").Body(
				app.Legend().Text("Latency target"),
				textInput(f, link.FieldITL),
				&latencySlider{Pos: sliderPos(f.In.TargetITLMs), ValueText: floor.FormatLatency(f.In.TargetITLMs)},
				selectInput(f, link.FieldPct, statisticChoices),
				hiddenInput(link.FieldLatency),
			),
		}
	}
	requests := textInput(f, link.FieldRequests)
	requests.Label, requests.Hint = f.Kind.Volume().Label, f.Kind.Volume().Hint
	return []app.UI{
		requests, hiddenInput(link.FieldTokens), hiddenInput(link.FieldOutput),
		app.FieldSet().Class("latency").Body(
			app.Legend().Text("Latency target"),
			textInput(f, link.FieldLatency),
			hiddenInput(link.FieldITL),
			hiddenInput(link.FieldPct),
		),
	}
}

// inputsFoldID is the DOM id of the embed's <details> that folds the form
// under the figures.
const inputsFoldID = "inputs-fold"

// statisticChoices are the latency statistics a target can apply to.
var statisticChoices = func() []choice {
	cs := make([]choice, len(floor.Statistics))
	for i, s := range floor.Statistics {
		label := s.Name()
		if s == floor.Median {
			label += " (p50)"
		}
		cs[i] = choice{string(s), label + " inter-token latency"}
	}
	return cs
}()

// gpuChoices are the GPU filter's options.
var gpuChoices = []choice{
	{"", "Either (H100 or B200)"},
	{floor.H100, "NVIDIA H100"},
	{floor.B200, "NVIDIA B200"},
}
