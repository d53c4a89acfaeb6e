package ui

import (
	"energyfloor/app/floor"

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

	Form formState
	// Workloads and Models are the selects' options (the models of the
	// form's workload); the calculator keeps the same slices between
	// renders.
	Workloads, Models []choice
	// Action is the page the form loads: the calculator's own path.
	Action string
}

// onSubmit keeps the live app on its page: its results are already current.
func (p *inputsPanel) onSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	ctx.PreventUpdate()
}

// Render draws the form.
func (p *inputsPanel) Render() app.UI {
	f := &p.Form
	in := f.In
	return app.Form().ID("inputs").Class("panel", "inputs").Method("get").Action(p.Action).
		Aria("labelledby", "inputs-h").OnSubmit(p.onSubmit).Body(
		app.H2().ID("inputs-h").Text("Your traffic and target"),
		&selectField{ID: "workload", Name: paramWorkload, Label: "Workload", Options: p.Workloads, Selected: in.Workload},
		app.FieldSet().Class("volume").Body(
			app.Legend().Text("Monthly volume: type either"),
			&numberField{ID: fieldTokens, Name: paramTokens, Label: "Output tokens per month", Value: f.Tokens,
				Err: f.Errs[fieldTokens], Derived: f.Basis == basisRequests, Hint: "For example 2.5M, 1e9 or 1,000,000,000."},
			&numberField{ID: fieldRequests, Name: paramRequests, Label: "Requests per month", Value: f.Requests,
				Err: f.Errs[fieldRequests], Derived: f.Basis == basisTokens, Hint: "Linked to output tokens through the average output length."},
		),
		&numberField{ID: fieldOutput, Name: paramOutput, Label: "Average output tokens per request", Value: f.Output,
			Err: f.Errs[fieldOutput], Hint: "Tokens the model writes per answer; prompts are not counted."},
		app.FieldSet().Class("latency").Body(
			app.Legend().Text("Latency target"),
			&numberField{ID: fieldITL, Name: paramITL, Label: "Inter-token latency target (ms)", Value: f.ITL,
				Err: f.Errs[fieldITL], Hint: "The time between two output tokens the users may wait, at most."},
			&latencySlider{Pos: sliderPos(in.TargetITLMs), ValueText: floor.FormatLatency(in.TargetITLMs)},
			&selectField{ID: "percentile", Name: paramPct, Label: "The target applies to", Options: statisticChoices, Selected: string(in.Statistic)},
		),
		&selectField{ID: "gpu", Name: paramGPU, Label: "GPU", Options: gpuChoices, Selected: in.GPU},
		&selectField{ID: "model", Name: paramModel, Label: "Model", Options: p.Models, Selected: in.Model},
		app.Div().Class("calculate").Body(
			app.Button().Type("submit").ID("calculate").Text("Calculate"),
			app.NoScript().Body(app.P().Class("hint").Text(
				"JavaScript is off: after changing a value, press Calculate to get its figures.")),
		),
	)
}

// statisticChoices are the latency statistics a target can apply to.
var statisticChoices = []choice{
	{string(floor.Median), "median (p50) inter-token latency"},
	{string(floor.P90), "p90 inter-token latency"},
	{string(floor.P95), "p95 inter-token latency"},
	{string(floor.P99), "p99 inter-token latency"},
}

// gpuChoices are the GPU filter's options.
var gpuChoices = []choice{
	{"", "Either (H100 or B200)"},
	{floor.H100, "NVIDIA H100"},
	{floor.B200, "NVIDIA B200"},
}
