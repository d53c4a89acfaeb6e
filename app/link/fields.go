// Package link is the model of the calculator's inputs, outside go-app: the
// table of fields (Fields: each input's URL parameter, CLI flag, report key,
// DOM id, parser and bounds), the state a page's address decodes to (State,
// Decode), the canonical permalink (State.Permalink, PermalinkOf), the key a
// cache of pages keeps a page under (State.Key) and a page's link preview
// (Preview). The web UI (package ui) draws and edits a State, the server
// reads a page's address with it, and the CLI (cmd/energyfloor) derives its
// input flags from the table and reads -link with Decode, so a link, a form
// and a command line take the same spellings and give the same figures.
package link

import (
	"errors"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The calculator's inputs are one table, Fields: for each, its URL
// parameter (also its name in the form), its CLI flag, its key in the
// report's inputs, its DOM id, its label, its parser and bounds, how it
// reads a text (set), which value it holds (get) and what the permalink
// writes (link). Decoding a link (DecodeQuery), writing the permalink
// (State.Query), the page cache's key (State.Key), applying an edit, reading
// the edits made in the prerendered page, drawing the form (package ui) and
// the CLI's flags (cmd/energyfloor) all go through it: an input is added in
// one place, and a link takes the spellings the CLI takes, since both read
// them with the same parsers and lookups.

// Field names a field: its place in Fields.
type Field int

// The fields, in the order a link and the prerendered page are read: a
// workload before its model; the output length before the monthly volumes
// it links; the model after every input its fallback ranks by; a grid
// before the user's own intensity, which overrides it.
const (
	FieldWorkload Field = iota
	FieldOutput
	FieldTokens
	FieldRequests
	FieldITL
	FieldLatency
	FieldPct
	FieldGPU
	FieldModel
	FieldHost
	FieldIdle
	FieldPUE
	FieldGrid
	FieldGCO2
	FieldPrice
	FieldCurrency
	FieldEmbodied
	FieldLife
	FieldServerKg
	FieldWUE
	FieldWater
	FieldCount
)

// ParamVersion is the URL parameter of the data version a permalink was made
// with: not a field, but read with them.
const ParamVersion = "v"

// ParamQuote, "1" in the embed's URL, asks the embed for the statement to
// quote and the equivalents, which it leaves out otherwise: not a field, but
// read with them.
const ParamQuote = "quote"

// maxCurrency is floor.MaxCurrencyRunes in words, for the currency's help
// and hint.
var maxCurrency = strconv.Itoa(floor.MaxCurrencyRunes)

// The volume and target inputs of the kinds (floor.Kind.Volume, Target),
// whose parameters, labels, bounds and help the fields below take.
var (
	tokensInput  = floor.KindTokens.Volume()
	itlInput     = floor.KindTokens.Target()
	latencyInput = floor.KindImages.Target()
)

// Fields is the table of the calculator's inputs, by Field.
var Fields = [FieldCount]Spec{
	FieldWorkload: {Param: "workload", Flag: "workload", JSON: "workload",
		Usage: "upstream task `id`, as energyfloor -list lists them",
		ID:    "workload", Label: "Workload", Kind: ChoiceKind,
		set: func(f *State, ds *floor.Dataset, s string) error {
			w := ds.FindWorkload(strings.TrimSpace(s))
			if w == nil {
				return errors.New("no such workload.")
			}
			f.setKind(w)
			f.In.Workload = w.ID
			return nil
		},
		get: func(f *State) string { return f.In.Workload }},
	FieldOutput: {Param: "output", kinds: perToken, Flag: "output-tokens", JSON: "output_tokens_per_request",
		Usage: "average output tokens per request, as `n`", Parse: floor.ParseOutputTokens, Max: floor.MaxOutputTokens,
		ID: "output-tokens", Label: "Average output tokens per request",
		Hint: "Tokens the model writes per answer. Prompts are not entered here: their processing is inside the measured energy per output token.",
		put: func(f *State, d decimal.NullDecimal) error {
			if f.Basis == FieldRequests {
				// Requests stay what the user typed; tokens follow,
				// within their bound.
				t, err := floor.TokensForRequests(f.Requests(), d.Decimal)
				if err != nil {
					return err
				}
				f.In.OutputTokensPerMonth = t
			}
			f.In.OutputTokensPerRequest = d.Decimal
			return nil
		},
		get: getOutput},
	FieldTokens: {Param: "tokens", kinds: perToken, Flag: "tokens", JSON: "output_tokens_per_month",
		Usage: "output tokens per month, as `n`: 1000000000, 1e9, 1,000,000,000, 1.000.000.000, 2.5M, 3bn, 3 billion …", Parse: floor.ParseTokensPerMonth, Max: tokensInput.Max,
		ID: "tokens-per-month", Label: tokensInput.Label, Linked: true, Hint: tokensInput.Hint,
		put: func(f *State, d decimal.NullDecimal) error { f.In.OutputTokensPerMonth = d.Decimal; return nil },
		// With requests typed, the permalink still carries the equivalent
		// tokens, so it reads the same to a script.
		get: getTokens},
	FieldRequests: {Param: "requests", Flag: "requests", Parse: floor.ParseRequestsPerMonth, Max: floor.MaxRequestsPerMonth,
		Usage: "requests per month, as `n`: for a token workload linked through -output-tokens and taking precedence over -tokens; " +
			"for text-to-image or text-to-video the images or videos a month (default -tokens over -output-tokens; {defaults})",
		ID: "requests-per-month", Label: "Requests per month", Linked: true,
		Hint: "Linked to output tokens through the average output length.",
		put: func(f *State, d decimal.NullDecimal) error {
			if !f.Kind.PerToken() {
				f.In.ImagesOrVideosPerMonth = d.Decimal
				return nil
			}
			t, err := floor.TokensForRequests(d.Decimal, f.In.OutputTokensPerRequest)
			if err == nil {
				f.In.OutputTokensPerMonth = t
			}
			return err
		},
		get: func(f *State) string {
			if !f.Kind.PerToken() {
				return f.In.ImagesOrVideosPerMonth.String()
			}
			return f.Requests().String()
		},
		// Only when typed, and only when they give the volume exactly:
		// requests in a link make them the typed volume. A bad requests text
		// leaves the volume the tokens gave, which the tokens parameter carries.
		// A diffusion workload's volume is always its requests.
		link: func(f *State) string {
			if !f.Kind.PerToken() {
				return f.In.ImagesOrVideosPerMonth.String()
			}
			r := f.Requests()
			if f.Basis != FieldRequests || !r.Mul(f.In.OutputTokensPerRequest).Equal(f.In.OutputTokensPerMonth) {
				return ""
			}
			return r.String()
		}},
	FieldITL: {Param: "itl", kinds: perToken, Flag: "itl-ms", JSON: "itl_target_ms",
		Usage: "inter-token latency target in `ms`", Parse: floor.ParseITLMs, Max: itlInput.Max,
		ID: "itl-ms", Label: itlInput.Label, Hint: itlInput.Hint,
		put: func(f *State, d decimal.NullDecimal) error { f.In.TargetITLMs = d.Decimal; return nil },
		get: getITL},
	FieldLatency: {Param: "latency", kinds: perRequest, Flag: "latency-s", Parse: floor.ParseLatencyS, Min: latencyInput.Min, Max: latencyInput.Max,
		Usage: "for text-to-image or text-to-video: the batch latency target in `seconds`, {range} (default {defaults})",
		ID:    "latency-s", Label: latencyInput.Label, Hint: latencyInput.Hint,
		put: func(f *State, d decimal.NullDecimal) error { f.In.TargetLatencyS = d.Decimal; return nil },
		// Zero, and so absent from a link, until a diffusion workload or
		// an edit sets it.
		get: func(f *State) string { return nonZero(f.In.TargetLatencyS) }},
	FieldPct: {Param: "pct", kinds: perToken, Flag: "percentile", JSON: "percentile",
		Usage: "the latency `statistic` the target applies to: " + floor.StatisticsText(),
		ID:    "percentile", Label: "The target applies to", Kind: ChoiceKind,
		set: func(f *State, _ *floor.Dataset, s string) error {
			st, err := floor.ParseStatistic(s)
			if err != nil {
				return errors.New("use " + floor.StatisticsText() + ".")
			}
			f.In.Statistic = st
			return nil
		},
		get: getPct},
	FieldGPU: {Param: "gpu", Flag: "gpu", JSON: "gpu", Usage: "`GPU` model, H100 or B200 (default either)",
		ID: "gpu", Label: "GPU", Kind: ChoiceKind, Empty: "either GPU",
		set: func(f *State, _ *floor.Dataset, s string) error {
			g, err := floor.ParseGPU(s)
			if err == nil {
				f.In.GPU = g
			}
			return err
		},
		get: func(f *State) string { return f.In.GPU }},
	FieldModel: {Param: "model", Flag: "model", JSON: "model", Usage: "only this `model`: its slug or Hugging Face id",
		ID: "model", Label: "Model", Kind: ChoiceKind,
		set: func(f *State, ds *floor.Dataset, s string) error {
			var m *floor.Model
			if w := f.workload(ds); w != nil {
				m = w.FindModel(s)
			}
			if m == nil {
				return errors.New("no such model on this workload.")
			}
			f.In.Model = m.Slug
			return nil
		},
		get: func(f *State) string { return f.In.Model }},
	FieldHost: overhead(Spec{Param: "host", Flag: "host-overhead", JSON: "host_overhead", ID: "host-overhead", Label: "Host CPU and memory"},
		"host CPU and memory energy", google.Host, func(f *State) *decimal.Decimal { return &f.In.Factors.Host }),
	FieldIdle: overhead(Spec{Param: "idle", Flag: "idle-overhead", JSON: "idle_overhead", ID: "idle-overhead", Label: "Idle machines"},
		"idle and provisioned-but-unused machines' energy", google.Idle, func(f *State) *decimal.Decimal { return &f.In.Factors.Idle }),
	FieldPUE: {Param: "pue", Flag: "pue", JSON: "pue", Parse: floor.ParsePUE, Min: floor.MinPUE, Max: floor.MaxPUE,
		Usage: "estimate: facility energy over IT energy, `n` from {range} (Google 2025: " + google.PUE.String() + "; industry average: " + industry.PUE.String() + ")",
		ID:    "pue", Label: "Facility PUE", Factor: true,
		Hint: "Facility energy ÷ IT energy: " + floor.MinPUE.String() + " counts no cooling or power losses.",
		put: func(f *State, d decimal.NullDecimal) error {
			f.In.Factors.PUE = floor.MinPUE
			if d.Valid {
				f.In.Factors.PUE = d.Decimal
			}
			return nil
		},
		get: func(f *State) string {
			if pue := f.In.Factors.PUE; !pue.Equal(floor.MinPUE) {
				return nonZero(pue)
			}
			return ""
		}},
	FieldGrid: {Param: "grid", Flag: "grid", JSON: "grid",
		Usage: "carbon at a bundled grid's yearly average intensity: a country `code` such as DEU or USA, or a region such as World or EU",
		ID:    "grid", Label: "Grid carbon intensity (location-based annual average)", Kind: ChoiceKind,
		Factor: true, Empty: "none",
		set: func(f *State, ds *floor.Dataset, s string) error { return f.SetGrid(ds, s) },
		get: func(f *State) string { return f.GridChoice },
		// The bundled grid the carbon figures use; the user's own intensity
		// is the gco2 field's.
		link: func(f *State) string {
			if g, ok := f.In.Factors.GridUsed(); ok {
				return g.Code
			}
			return ""
		}},
	FieldGCO2: {Param: "gco2", Flag: "gco2-per-kwh", JSON: "grid_gco2e_per_kwh", Parse: floor.ParseGCO2ePerKWh, Max: floor.MaxGCO2ePerKWh,
		Usage: "carbon at your own grid intensity, `gCO2e` per kWh, {range} (overrides -grid)",
		ID:    "gco2-per-kwh", Label: "Your own grid intensity (gCO2e/kWh)", Factor: true,
		Hint: "Overrides the grid above; {range}.",
		put: func(f *State, d decimal.NullDecimal) error {
			f.In.Factors.CustomGCO2ePerKWh = d
			if d.Valid {
				// The user's own intensity replaces a bundled grid, as a
				// bundled grid replaces it (SetGrid).
				f.In.Factors.Grid, f.GridChoice = floor.GridIntensity{}, GridCustom
			}
			return nil
		},
		get: func(f *State) string { return nullable(f.In.Factors.CustomGCO2ePerKWh) }},
	FieldPrice: {Param: "price", Flag: "price-per-kwh", JSON: "price_per_kwh", Parse: floor.ParsePricePerKWh, Max: floor.MaxPricePerKWh,
		Usage: "cost at this electricity `price` per kWh, {range}",
		ID:    "price-per-kwh", Label: "Electricity price per kWh", Factor: true,
		Hint: "{range}, in your currency.",
		put:  func(f *State, d decimal.NullDecimal) error { f.In.Factors.PricePerKWh = d; return nil },
		get:  func(f *State) string { return nullable(f.In.Factors.PricePerKWh) }},
	FieldCurrency: {Param: "cur", Flag: "currency", JSON: "currency",
		Usage: "the price's `currency`, shown as text, at most " + maxCurrency + " characters: EUR, US$ …",
		ID:    "currency", Label: "Currency", Kind: TextKind, Factor: true,
		Hint: "Any text of at most " + maxCurrency + " characters, such as EUR or US$.",
		set: func(f *State, _ *floor.Dataset, s string) error {
			cur, err := floor.ParseCurrency(s)
			if err == nil {
				f.In.Factors.Currency = cur
			}
			return err
		},
		get: func(f *State) string { return f.In.Factors.Currency }},
	FieldEmbodied: {Param: "embodied", Flag: "embodied-kg", JSON: "embodied", Min: decimal.Zero, Max: floor.MaxEmbodiedKg,
		Usage: "manufacture: embodied `kgCO2e` per GPU, {range}, or " + floor.EmbodiedNVIDIA + " for NVIDIA's figure of each row's GPU",
		ID:    "embodied-kg", Label: "Manufacture per GPU (kgCO2e)", Kind: TextKind, Factor: true,
		Hint: "{range}, or " + floor.EmbodiedNVIDIA + " for NVIDIA's cradle-to-gate figure of each GPU.",
		set: func(f *State, _ *floor.Dataset, s string) error {
			p := &f.In.Factors.Footprint
			if strings.TrimSpace(s) == "" {
				p.EmbodiedKg, p.Bundled = decimal.NullDecimal{}, false
				return nil
			}
			kg, bundled, err := floor.ParseEmbodied(s)
			if err == nil {
				p.EmbodiedKg, p.Bundled = decimal.NullDecimal{Decimal: kg, Valid: !bundled}, bundled
			}
			return err
		},
		get: func(f *State) string {
			if p := f.In.Factors.Footprint; p.Bundled {
				return floor.EmbodiedNVIDIA
			}
			return nullable(f.In.Factors.Footprint.EmbodiedKg)
		}},
	FieldLife: footprint(Spec{Param: "life", Flag: "life-years", JSON: "service_life_years", Parse: floor.ParseLifeYears, Min: floor.MinLifeYears, Max: floor.MaxLifeYears,
		Usage: "manufacture: service life in `years`, {range} (default: the sourced useful life of servers)",
		ID:    "life-years", Label: "Service life (years)", Hint: "{range}; empty takes the sourced default."},
		func(f *State) *decimal.NullDecimal { return &f.In.Factors.Footprint.LifeYears }),
	FieldServerKg: footprint(Spec{Param: "serverkg", Flag: "server-kg", JSON: "server_kg", Parse: floor.ParseServerKg, Max: floor.MaxServerKg,
		Usage: "manufacture: the rest of an 8-GPU server, `kgCO2e` without its GPUs, {range}, shared by its eight GPUs",
		ID:    "server-kg", Label: "Rest of the server (kgCO2e)", Hint: "{range}, without its GPUs; shared by its eight GPUs."},
		func(f *State) *decimal.NullDecimal { return &f.In.Factors.Footprint.ServerKg }),
	FieldWUE: footprint(Spec{Param: "wue", Flag: "wue", JSON: "wue_l_per_kwh", Parse: floor.ParseWUE, Max: floor.MaxWUE,
		Usage: "water on site: `litres` per kWh of IT energy, {range}",
		ID:    "wue", Label: "On-site water, WUE (L/kWh)", Hint: "{range} litres per kWh of IT energy (before PUE)."},
		func(f *State) *decimal.NullDecimal { return &f.In.Factors.Footprint.WUE }),
	FieldWater: footprint(Spec{Param: "water", Flag: "offsite-water", JSON: "offsite_water_l_per_kwh", Parse: floor.ParseOffsiteWater, Max: floor.MaxOffsiteLPerKWh,
		Usage: "water off site, consumed generating the electricity: `litres` per kWh, {range}",
		ID:    "offsite-water", Label: "Off-site water (L/kWh)", Hint: "{range} litres consumed generating a kWh (after PUE)."},
		func(f *State) *decimal.NullDecimal { return &f.In.Factors.Footprint.OffsiteLPerKWh }),
}

// footprint completes fd, the row of an optional footprint figure kept
// where of points in the State.
func footprint(fd Spec, of func(*State) *decimal.NullDecimal) Spec {
	fd.Factor = true
	fd.put = func(f *State, d decimal.NullDecimal) error { *of(f) = d; return nil }
	fd.get = func(f *State) string { return nullable(*of(f)) }
	return fd
}

// The values of the token workloads' fields.
func getOutput(f *State) string { return f.In.OutputTokensPerRequest.String() }
func getTokens(f *State) string { return f.In.OutputTokensPerMonth.String() }
func getITL(f *State) string    { return f.In.TargetITLMs.String() }
func getPct(f *State) string    { return string(f.In.Statistic) }

// overhead completes fd, the row of an overhead factor (host, idle): an
// energy, what names it in the flag's usage, as a fraction of GPU energy,
// kept where of points in the State, with google its Google 2025 value.
func overhead(fd Spec, what string, google decimal.Decimal, of func(*State) *decimal.Decimal) Spec {
	fd.Parse, fd.Max, fd.Factor = floor.ParseOverhead, floor.MaxOverhead, true
	fd.Usage = "estimate: " + what + " as a `fraction` of GPU energy, {range} (Google 2025: " + google.String() + ")"
	fd.Hint = "A fraction of GPU energy: 0 counts none, " + google.String() + " adds " + google.Shift(2).String() + "%."
	fd.put = func(f *State, d decimal.NullDecimal) error { *of(f) = d.Decimal; return nil }
	fd.get = func(f *State) string { return nonZero(*of(f)) }
	return fd
}
