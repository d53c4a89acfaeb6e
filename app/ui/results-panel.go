package ui

import (
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// resultsPanel shows the selected model's energy floor and the figure at
// your traffic side by side (per request and per month), what each is and
// the caveat; then the statement, the published figures, the equivalents,
// the configuration behind it, the fleet it implies and the spread of the
// qualifying configurations; or, when nothing meets the target, how far to
// relax it. Its headline figures carry the stable hooks #energy-per-request,
// #energy-per-month, #traffic-per-request and #traffic-per-month with
// data-wh in Wh, and #traffic-times-floor (data-ratio) or #traffic-none.
type resultsPanel struct {
	app.Compo

	// Result is the selected model's floor; Found is false when the model has
	// no configuration on the allowed GPUs.
	Result floor.Result
	Found  bool
	In     floor.Inputs
	// Kind is the workload's: it says the words, the latency and the
	// sections of its results.
	Kind floor.Kind
	// Modalities and ModalitiesBase are the line comparing across
	// modalities and its sentence without a subject (modalities.go).
	Modalities, ModalitiesBase string
	ModalitiesRef              floor.ImageRef
	// Info is a note about a change the calculator made itself.
	Info string
	// Compact drops the fleet and spread sections (the embed), and names
	// Workload in the title, as the embed folds its inputs away.
	Compact  bool
	Workload string
	// Current is false when the figures are not for the values in the
	// fields (a field holds a value the calculator cannot use); For then
	// says which inputs they are for. In the browser, web/boot.js marks the
	// prerendered panel so too when the fields change before the app runs.
	Current bool
	For     string
	// Equivalents, when set, restate the floor in everyday energies under
	// the figures (the full page; the embed when asked): an equivalentsList,
	// or its prerendered copy in the browser's first page (see adopt.go).
	Equivalents app.UI
	// Caveat, when set, is drawn right after the headline figures and the
	// sentence that says what each is (the full page's #caveat).
	Caveat app.UI
	// Factors and Inputs, when set, are drawn right after the headline
	// figures, before Provenance: the embed's factor lines (embedFactors)
	// and its line of inputs with their fold (calculator.embedFold).
	Factors, Inputs app.UI
	// Provenance, when set, is drawn right after the headline figures: the
	// embed's caveat and citation, so that a short frame shows them with the
	// figures, above the details.
	Provenance app.UI
	// Statement and Published, when set, follow the caveat: the statement
	// to quote and the published per-prompt figures beside it (a
	// publishedPanel, or its prerendered copy in the browser's first page).
	Statement, Published app.UI
	// Range states the spread of floors across the workload's models for
	// the same inputs (floorRange), or is its prerendered copy in the
	// browser's first page (see adopt.go); nil for none.
	Range app.UI
	// Next is where the figure at your traffic next falls
	// (Traffic.NextStep), nil at the floor.
	Next *floor.NextStep
	// Pause, in the browser's first page, is called as the panel's mount
	// starts: the start-up yields there (see pauseMount), and reports
	// whether the fields hold edits the figures do not show yet.
	Pause func() bool

	// In the browser, the mark (AttrCurrent) and the inputs the figures are
	// for (#results-for-inputs) as the panel mounted: go-app draws them
	// then and never again, and the calculator writes them once each update
	// has drawn the figures (current.go).
	mounted      bool
	mountCurrent bool
	mountFor     string
}

// OnInit calls Pause.
func (p *resultsPanel) OnInit() {
	if p.Pause != nil && p.Pause() {
		p.mounted, p.mountCurrent, p.mountFor = true, false, p.For
	}
}

// drawnCurrent returns the mark and the inputs the figures are for that
// go-app draws: the props on the server, those of the mount in the browser
// (see mountCurrent).
func (p *resultsPanel) drawnCurrent() (bool, string) {
	if app.IsServer {
		return p.Current, p.For
	}
	if !p.mounted {
		p.mounted, p.mountCurrent, p.mountFor = true, p.Current, p.For
	}
	return p.mountCurrent, p.mountFor
}

// gpuName spells a GPU model out for people.
func gpuName(gpu string) string { return "NVIDIA " + gpu }

// Render draws the panel from its props.
func (p *resultsPanel) Render() app.UI {
	r := p.Result
	title := "Energy floor"
	if p.Found {
		title += ": " + r.Model.Name
	}
	if p.Compact && p.Workload != "" {
		title += ", " + p.Workload
	}
	meets := "no" // "yes"/"no", not a bool: go-app prerenders "true" as a bare attribute
	if p.Found && r.Meets() {
		meets = "yes"
	}
	drawnCurrent, drawnFor := p.drawnCurrent()
	current := yesNo(drawnCurrent)
	// Where the app does not run, Calculate sends the form: a page whose
	// link holds a bad value needs that value corrected first.
	hint := "Correct the marked field to update them."
	if app.IsServer {
		hint = "Press Calculate to get figures for the values in the fields."
		if !p.Current {
			hint = "Correct the marked field, then press Calculate."
		}
	}
	return app.Section().ID(IDResults).Class("panel", "results").Aria("labelledby", "results-h").
		DataSet("meets", meets).Attr(AttrCurrent, current).Body(
		app.H2().ID("results-h").Text(title),
		// Shown (by the stylesheet) only while data-current is "no".
		app.P().ID("results-for").Class("results-for").Role("status").Body(
			app.Strong().Text("Not for the values in the fields: "),
			app.Text("these figures are for "),
			app.Span().ID("results-for-inputs").Text(drawnFor),
			app.Text(". "),
			app.Span().ID(IDResultsForHint).Text(hint),
		),
		app.If(p.Info != "", func() app.UI { return app.P().ID("results-info").Class("info").Text(p.Info) }),
		app.If(!p.Found, func() app.UI {
			return app.Div().Body(
				p.headline(whFigure{}, whFigure{}, "No configuration of this model was measured on the chosen GPU.", "",
					nil, "No figure at your traffic: no configuration of this model on the chosen GPU."),
				p.Caveat,
				p.Factors,
				p.Inputs,
				p.Provenance,
				p.Statement,
				app.P().ID("no-config").Class("warn").Text("Choose another GPU, or Either, to see this model's floor."),
			)
		}).ElseIf(r.Meets(), p.renderMeets).Else(p.renderRelax),
	)
}

// inputsSummary says in words which inputs figures are for, on a workload
// of kind k: "1,000,000,000 output tokens a month, 500 output tokens a
// request, a median inter-token latency within 100 ms, either GPU, Qwen 3
// 235B A22B Instruct, Text Conversation (lm-arena-chat)", or "1,000,000
// images a month, a batch latency within 30 s, either GPU, …".
func inputsSummary(in floor.Inputs, k floor.Kind, model, workload string) string {
	gpu := "either GPU"
	if in.GPU != "" {
		gpu = gpuName(in.GPU)
	}
	s := k.InputsWords(in) + ", " + gpu
	if model != "" {
		s += ", " + model
	}
	return s + ", " + workload
}

// renderMeets draws the floor of a model that meets the target, token or
// image and video alike: the headline pairs, the caveat and citation, the
// lede, the statement, and the details.
func (p *resultsPanel) renderMeets() app.UI {
	r, in, f, k := p.Result, p.In, p.Result.Figures, p.Kind
	c := r.Chosen
	whReq, whMonth := headlineWh(r, p.Found)
	reqSub := requestLine(f.JoulesPerRequest, in, c)
	monthSub := floor.Counted(floor.FormatInteger(f.RequestsPerMonth), k.Request()) + " a month"
	whose := k.LatencyName(in.Statistic) + " is at most " + k.FormatLatency(k.TargetOf(in)) + ", each measured " + k.MeasuredWords() + "."
	lede := app.P().Class("lede").Body(
		app.Text("The floor is the least GPU energy among the "+strconv.Itoa(r.Qualifying)+" of "+
			strconv.Itoa(r.Measured)+" measured "+r.GPU+" configurations whose "+whose),
		app.If(whyGPU(r, in, !p.Compact) != "", func() app.UI { return app.Span().Class("lede-why").Text(whyGPU(r, in, !p.Compact)) }),
		app.Text(" The figure at your traffic is the least among the batches your monthly volume can fill."),
	)
	modalities := modalitiesLine(p.Modalities, p.ModalitiesBase, p.ModalitiesRef)
	// The details, two to a row where the column is wide.
	details := app.Div().Class("details-grid").Body(
		app.Div().Class("config-block").Body(
			app.H3().Text("The configuration behind it"),
			app.If(k.PerToken(), func() app.UI {
				return app.P().ID("energy-per-token").Class("per-token").Text(floor.FormatJoules(f.JoulesPerOutputToken) +
					" per output token (" + floor.FormatNumber(f.WhPerMillionOutputTokens) + " Wh per million output tokens)")
			}),
			&configFacts{Config: c, Generation: r.Model.Generation, Compact: p.Compact},
		),
		&trafficPanel{Traffic: r.Traffic, Floor: c, Kind: k, Volume: k.VolumeOf(in)},
		app.If(!p.Compact, func() app.UI { return p.fleetSpread() }),
	)
	headline := p.headline(whReq, whMonth, reqSub, floor.FormatWh(f.KWhPerYear.Shift(3))+" per year; "+monthSub,
		r.Traffic, "No figure at your traffic: no configuration meets the latency target.")
	if p.Compact {
		// The embed: its factors, inputs, caveat and citation right after
		// the figures; how they are found, with the configurations behind
		// them, one click away, so that the frame stays short.
		return app.Div().Body(
			headline,
			p.Factors,
			p.Inputs,
			p.Provenance,
			p.Statement,
			p.Equivalents,
			app.Details().Class("embed-details").Body(
				app.Summary().Text("How these figures are found"),
				lede,
				modalities,
				details,
			),
		)
	}
	return app.Div().Body(
		headline,
		quoteWhich(floor.QuoteWords(k, in, r), p.Range),
		lede,
		modalities,
		p.Caveat,
		p.Statement,
		p.Published,
		p.Equivalents,
		details,
	)
}

// fleetSpread draws the fleet the floor implies and the spread of the
// configurations that meet the target.
func (p *resultsPanel) fleetSpread() app.UI {
	r, f := p.Result, p.Result.Figures
	c := r.Chosen
	unit := p.Kind.Unit()
	rate := floor.FormatNumber(c.UnitsPerSecond()) + " " + unit + "s"
	return app.Div().Class("fleet-spread").Body(
		app.Div().Body(
			app.H3().Text("The fleet it implies"),
			app.Dl().ID("fleet").Class("facts").Body(
				app.Dt().Text("Servers"),
				app.Dd().Text(fleetText(f, c)),
				app.Dt().Text("Average power per GPU"),
				app.Dd().Text(floor.FormatWatts(f.AvgGPUPowerWatts)),
			),
			// How it is counted, one click away.
			app.Details().Class("fleet-method").Body(
				app.Summary().Text("How the fleet is counted"),
				app.P().Class("fine").Text("A month is "+strconv.Itoa(floor.HoursPerMonth)+
					" hours ("+floor.FormatExact(decimal.NewFromInt(floor.HoursPerYear))+" hours a year ÷ 12); a year is 12 such months. The fleet serves the monthly volume at the configuration's measured throughput, "+
					rate+" per second."),
			),
		),
		app.Div().Body(
			app.H3().Text("Spread"),
			app.P().ID("spread").Text(spreadText(r, unit)),
		),
	)
}

// renderRelax draws a model that meets no target: its fastest
// configuration's figures, and the target that would.
func (p *resultsPanel) renderRelax() app.UI {
	r, in, f, k := p.Result, p.In, p.Result.Figures, p.Kind
	c := r.Fastest
	lat := c.LatencyWords(in.Statistic)
	whReq, whMonth := headlineWh(r, p.Found)
	return app.Div().Body(
		app.P().ID("no-config").Class("warn").Text("No measured configuration of "+r.Model.Name+" has a "+k.LatencyName(in.Statistic)+
			" within "+k.FormatLatency(k.TargetOf(in))+"."),
		p.headline(whReq, whMonth, "at the fastest configuration, "+lat+": above your target",
			floor.FormatWh(f.KWhPerYear.Shift(3))+" per year, at that configuration",
			nil, "No figure at your traffic: no configuration meets the latency target."),
		p.Caveat,
		p.Factors,
		p.Inputs,
		p.Provenance,
		app.Div().ID("relax").Class("relax").DataSet(viewOf(k).relaxAttr, c.Latency(in.Statistic).String()).
			DataSet("wh-per-request", whReq.attr()).DataSet("wh-per-month", whMonth.attr()).Body(
			app.P().Text("The lowest "+k.LatencyName(in.Statistic)+" it reaches is "+lat+", on "+serverText(c)+" "+c.BatchWords()+
				". Relax the target to that to get a result."),
			app.P().Text("There the energy is "+k.FastestEnergy(f)+floor.FormatWh(f.KWhPerMonth.Shift(3))+" per month."),
		),
		p.Statement,
		p.Published,
		&trafficPanel{Kind: k, Volume: k.VolumeOf(in)},
		app.H3().Text("The fastest configuration"),
		&configFacts{Config: c, Generation: r.Model.Generation, Compact: p.Compact},
	)
}

// whyGPU says, when either GPU is allowed and the model was measured on
// more than one, why the count is of one GPU's configurations, and where
// the page has a ranking (not the embed) that it gives both; "" otherwise.
func whyGPU(r floor.Result, in floor.Inputs, ranking bool) string {
	if in.GPU != "" || len(r.Model.GPUs) < 2 {
		return ""
	}
	if !ranking {
		return " Only " + r.GPU + " is counted: of the two GPUs, its floor is the lower."
	}
	return " Only " + r.GPU + " is counted: of the two GPUs, its floor is the lower (the ranking below gives both)."
}

// fleetText says what the fleet at the floor's configuration is, named so
// beside the figure at your traffic's (floor.FloorConfigWords): how many
// servers of how many GPUs, and how busy they are: "At the floor's
// configuration, 1 server of 4 B200 GPUs, busy 83.5 GPU-hours a month
// (2.86% of the month)", not GPUs running all month.
func fleetText(f floor.Figures, c *floor.Configuration) string {
	servers := floor.Counted(floor.FormatInteger(decimal.NewFromInt(f.Replicas)), "server")
	gpus := floor.Counted(strconv.Itoa(c.NumGPUs), c.GPU+" GPU")
	s := upperFirst(floor.FloorConfigWords) + ", " + servers + " of " + gpus + ", busy " + floor.FormatNumber(f.GPUHoursPerMonth) + " GPU-hours a month"
	if f.GPUsNeeded > 0 {
		month := decimal.NewFromInt(f.GPUsNeeded * floor.HoursPerMonth)
		s += " (" + floor.FormatPercent(f.GPUHoursPerMonth.Div(month)) + " of the month)"
	}
	return s
}

// spreadText says how the floor compares with every configuration that meets
// the target, so the floor is not mistaken for a typical value.
// unit is what the energies are per: "output token", "image", "video".
func spreadText(r floor.Result, unit string) string {
	if r.Qualifying == 1 {
		return "Only 1 configuration meets the target: " + floor.FormatJoules(r.Spread.Floor) +
			" per " + unit + ". The floor is the best case, not a typical value."
	}
	return "Across the " + strconv.Itoa(r.Qualifying) + " configurations that meet the target: floor " +
		floor.FormatJoules(r.Spread.Floor) + ", median " + floor.FormatJoules(r.Spread.Median) +
		", highest " + floor.FormatJoules(r.Spread.Highest) + " per " + unit + ". The floor is the best case, not a typical value."
}

// quoteWhich draws the line under the headline that says which figure to
// quote and why (#quote-which), and the spread of floors across the
// workload's models (floorRange); nil when it has neither.
func quoteWhich(quote string, spread app.UI) app.UI {
	if quote == "" && spread == nil {
		return nil
	}
	return app.P().Class("quote-which").Body(
		app.If(quote != "", func() app.UI { return app.Span().ID("quote-which").Text(quote + " ") }),
		spread,
	)
}

// floorRange draws the spread of floors across a workload's models
// (floor.FloorRange.Words) as #floor-range; nil when there is none.
func floorRange(words string) app.UI {
	if words == "" {
		return nil
	}
	return app.Span().ID("floor-range").Text(upperFirst(words) + ".")
}

// upperFirst returns s, not "", with its first letter in upper case.
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
