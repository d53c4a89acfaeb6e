package ui

import (
	"errors"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The calculator's inputs are one table, fields: for each, its URL parameter
// (also its name in the form), its DOM id, its label, and how it reads a
// text (set, with floor's parser), which value it holds (get) and what the
// permalink writes (link). Decoding a link (decodeState), writing the
// permalink (query), applying an edit (calculator.apply), reading the edits
// made in the prerendered page (prerenderedEdits) and drawing the form
// (inputsPanel, beyondPanel) all go through it: an input is added in one
// place, and a link takes the spellings the CLI takes, since both read them
// with floor's parsers and lookups.

// fieldKey names a field: its place in fields.
type fieldKey int

// The fields, in the order a link and the prerendered page are read: a
// workload before its model; the output length before the monthly volumes
// it links; the model after every input its fallback ranks by; a grid
// before the user's own intensity, which overrides it.
const (
	fieldWorkload fieldKey = iota
	fieldOutput
	fieldTokens
	fieldRequests
	fieldITL
	fieldPct
	fieldGPU
	fieldModel
	fieldHost
	fieldIdle
	fieldPUE
	fieldGrid
	fieldGCO2
	fieldPrice
	fieldCurrency
	fieldCount
)

// paramVersion is the URL parameter of the data version a permalink was made
// with: not a field, but read with them.
const paramVersion = "v"

// paramQuote, "1" in the embed's URL, asks the embed for the statement to
// quote and the equivalents, which it leaves out otherwise: not a field, but
// read with them.
const paramQuote = "quote"

// fieldKind is how a field is drawn and read.
type fieldKind int

const (
	numberKind fieldKind = iota // a text field for a number, with a decimal keypad
	textKind                    // a text field for text
	choiceKind                  // a select: it takes only the values it knows
)

// field is one input of the calculator. A text field (numberKind, textKind)
// keeps what the user typed (formState.Text), with a message when it is bad
// (formState.Errs), and its last good value in the form's inputs, where a
// bad text never reaches; a choice takes only a value it knows.
type field struct {
	param string // URL parameter, and the name the form submits it under
	id    string // DOM id of its control
	label string
	hint  string // a text field's hint, shown unless it holds a bad text
	kind  fieldKind
	// factor marks the estimate's inputs (Beyond the GPU): a link that sets
	// one opens that section.
	factor bool
	// linked marks the two monthly volumes: the user types one
	// (formState.Basis), and the other follows through the output length.
	linked bool
	// empty says what a choice's empty value means, in a notice.
	empty string
	// set reads text with floor's parser or lookup and, when it is good,
	// sets the form's inputs to its value; when it is bad it changes no
	// value and returns why, in a sentence for the user.
	set func(f *formState, ds *floor.Dataset, text string) error
	// get returns the value the field holds: a choice's option value, a
	// number as a plain decimal ("" for an optional one left empty).
	get func(f *formState) string
	// link, when set, returns what a permalink writes for the field in
	// place of get; "" leaves the field out.
	link func(f *formState) string
}

// fields is the table of the calculator's inputs, by fieldKey.
var fields = [fieldCount]field{
	fieldWorkload: {param: "workload", id: "workload", label: "Workload", kind: choiceKind,
		set: func(f *formState, ds *floor.Dataset, s string) error {
			w := ds.Workload(strings.TrimSpace(s))
			if w == nil {
				return errors.New("no such workload.")
			}
			f.In.Workload = w.ID
			return nil
		},
		get: func(f *formState) string { return f.In.Workload }},
	fieldOutput: {param: "output", id: "output-tokens", label: "Average output tokens per request",
		hint: "Tokens the model writes per answer; prompts are not counted.",
		set: func(f *formState, _ *floor.Dataset, s string) error {
			d, err := floor.ParseOutputTokens(s)
			if err != nil {
				return err
			}
			if f.Basis == basisRequests {
				// Requests stay what the user typed; tokens follow,
				// within their bound.
				t, err := floor.TokensForRequests(f.requests(), d)
				if err != nil {
					return err
				}
				f.In.OutputTokensPerMonth = t
			}
			f.In.OutputTokensPerRequest = d
			return nil
		},
		get: func(f *formState) string { return f.In.OutputTokensPerRequest.String() }},
	fieldTokens: {param: "tokens", id: "tokens-per-month", label: "Output tokens per month", linked: true,
		hint: "For example 2.5M, 1e9 or 1,000,000,000.",
		set: func(f *formState, _ *floor.Dataset, s string) error {
			f.Basis = basisTokens
			f.setErr(fieldRequests, "")
			d, err := floor.ParseTokensPerMonth(s)
			if err == nil {
				f.In.OutputTokensPerMonth = d
			}
			return err
		},
		// With requests typed, the permalink still carries the equivalent
		// tokens, so it reads the same to a script.
		get: func(f *formState) string { return f.In.OutputTokensPerMonth.String() }},
	fieldRequests: {param: "requests", id: "requests-per-month", label: "Requests per month", linked: true,
		hint: "Linked to output tokens through the average output length.",
		set: func(f *formState, _ *floor.Dataset, s string) error {
			f.Basis = basisRequests
			f.setErr(fieldTokens, "")
			d, err := floor.ParseRequestsPerMonth(s)
			if err != nil {
				return err
			}
			t, err := floor.TokensForRequests(d, f.In.OutputTokensPerRequest)
			if err == nil {
				f.In.OutputTokensPerMonth = t
			}
			return err
		},
		get: func(f *formState) string { return f.requests().String() },
		// Only when typed, and only when they give the volume exactly:
		// requests in a link make them the typed volume. A bad requests text
		// leaves the volume the tokens gave, which the tokens parameter carries.
		link: func(f *formState) string {
			r := f.requests()
			if f.Basis != basisRequests || !r.Mul(f.In.OutputTokensPerRequest).Equal(f.In.OutputTokensPerMonth) {
				return ""
			}
			return r.String()
		}},
	fieldITL: {param: "itl", id: "itl-ms", label: "Inter-token latency target (ms)",
		hint: "The time between two output tokens the users may wait, at most.",
		set:  number(floor.ParseITLMs, func(f *formState, d decimal.Decimal) { f.In.TargetITLMs = d }),
		get:  func(f *formState) string { return f.In.TargetITLMs.String() }},
	fieldPct: {param: "pct", id: "percentile", label: "The target applies to", kind: choiceKind,
		set: func(f *formState, _ *floor.Dataset, s string) error {
			st, err := floor.ParseStatistic(s)
			if err != nil {
				return errors.New("use median, p90, p95 or p99.")
			}
			f.In.Statistic = st
			return nil
		},
		get: func(f *formState) string { return string(f.In.Statistic) }},
	fieldGPU: {param: "gpu", id: "gpu", label: "GPU", kind: choiceKind, empty: "either GPU",
		set: func(f *formState, _ *floor.Dataset, s string) error {
			g, err := floor.ParseGPU(s)
			if err == nil {
				f.In.GPU = g
			}
			return err
		},
		get: func(f *formState) string { return f.In.GPU }},
	fieldModel: {param: "model", id: "model", label: "Model", kind: choiceKind,
		set: func(f *formState, ds *floor.Dataset, s string) error {
			var m *floor.Model
			if w := ds.Workload(f.In.Workload); w != nil {
				m = w.FindModel(s)
			}
			if m == nil {
				return errors.New("no such model on this workload.")
			}
			f.In.Model = m.Slug
			return nil
		},
		get: func(f *formState) string { return f.In.Model }},
	fieldHost: {param: "host", id: "host-overhead", label: "Host CPU and memory", factor: true,
		hint: "A fraction of GPU energy: 0 counts none, 0.43 adds 43 %.",
		set:  optional(floor.ParseOverhead, func(f *formState, d decimal.NullDecimal) { f.In.Factors.Host = d.Decimal }),
		get:  func(f *formState) string { return nonZero(f.In.Factors.Host) }},
	fieldIdle: {param: "idle", id: "idle-overhead", label: "Idle machines", factor: true,
		hint: "A fraction of GPU energy: 0 counts none, 0.17 adds 17 %.",
		set:  optional(floor.ParseOverhead, func(f *formState, d decimal.NullDecimal) { f.In.Factors.Idle = d.Decimal }),
		get:  func(f *formState) string { return nonZero(f.In.Factors.Idle) }},
	fieldPUE: {param: "pue", id: "pue", label: "Facility PUE", factor: true,
		hint: "Facility energy ÷ IT energy: 1 counts no cooling or power losses.",
		set: optional(floor.ParsePUE, func(f *formState, d decimal.NullDecimal) {
			f.In.Factors.PUE = floor.MinPUE
			if d.Valid {
				f.In.Factors.PUE = d.Decimal
			}
		}),
		get: func(f *formState) string {
			if pue := f.In.Factors.PUE; !pue.Equal(floor.MinPUE) {
				return nonZero(pue)
			}
			return ""
		}},
	fieldGrid: {param: "grid", id: "grid", label: "Grid carbon intensity (location-based annual average)", kind: choiceKind,
		factor: true, empty: "none",
		set: func(f *formState, ds *floor.Dataset, s string) error { return f.setGrid(ds, s) },
		get: func(f *formState) string { return f.GridChoice },
		// The bundled grid the carbon figures use; the user's own intensity
		// is the gco2 field's.
		link: func(f *formState) string {
			if g, ok := f.In.Factors.GridUsed(); ok {
				return g.Code
			}
			return ""
		}},
	fieldGCO2: {param: "gco2", id: "gco2-per-kwh", label: "Your own grid intensity (gCO2e/kWh)", factor: true,
		hint: "Overrides the grid above; 0 to 2,000.",
		set: optional(floor.ParseGCO2ePerKWh, func(f *formState, d decimal.NullDecimal) {
			f.In.Factors.CustomGCO2ePerKWh = d
			if d.Valid {
				// The user's own intensity replaces a bundled grid, as a
				// bundled grid replaces it (setGrid).
				f.In.Factors.Grid, f.GridChoice = floor.GridIntensity{}, gridCustom
			}
		}),
		get: func(f *formState) string { return nullable(f.In.Factors.CustomGCO2ePerKWh) }},
	fieldPrice: {param: "price", id: "price-per-kwh", label: "Electricity price per kWh", factor: true,
		hint: "0 to 1,000, in your currency.",
		set:  optional(floor.ParsePricePerKWh, func(f *formState, d decimal.NullDecimal) { f.In.Factors.PricePerKWh = d }),
		get:  func(f *formState) string { return nullable(f.In.Factors.PricePerKWh) }},
	fieldCurrency: {param: "cur", id: "currency", label: "Currency", kind: textKind, factor: true,
		hint: "Any text, such as EUR or US$.",
		set: func(f *formState, _ *floor.Dataset, s string) error {
			cur, err := floor.ParseCurrency(s)
			if err == nil {
				f.In.Factors.Currency = cur
			}
			return err
		},
		get: func(f *formState) string { return f.In.Factors.Currency }},
}

// number returns a field's set for a number read with parse, which to puts
// into the form.
func number(parse func(string) (decimal.Decimal, error), to func(*formState, decimal.Decimal)) func(*formState, *floor.Dataset, string) error {
	return func(f *formState, _ *floor.Dataset, s string) error {
		d, err := parse(s)
		if err == nil {
			to(f, d)
		}
		return err
	}
}

// optional is number for a factor that may be left empty: an empty text is
// the factor unset (a null value), never an error.
func optional(parse func(string) (decimal.Decimal, error), to func(*formState, decimal.NullDecimal)) func(*formState, *floor.Dataset, string) error {
	return func(f *formState, _ *floor.Dataset, s string) error {
		if strings.TrimSpace(s) == "" {
			to(f, decimal.NullDecimal{})
			return nil
		}
		d, err := parse(s)
		if err == nil {
			to(f, decimal.NewNullDecimal(d))
		}
		return err
	}
}

// nonZero returns d as a plain decimal, or "" for zero.
func nonZero(d decimal.Decimal) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

// nullable returns d as a plain decimal, or "" when it is null.
func nullable(d decimal.NullDecimal) string {
	if !d.Valid {
		return ""
	}
	return d.Decimal.String()
}

// String returns the DOM id of field k, which names it in messages.
func (k fieldKey) String() string { return fields[k].id }

// fieldByID returns the field whose control has DOM id id.
func fieldByID(id string) (fieldKey, bool) {
	for k := range fields {
		if fields[k].id == id {
			return fieldKey(k), true
		}
	}
	return 0, false
}

// params lists the URL parameters the calculator reads: the fields', the
// data version and the embed's quote; it ignores any other.
var params = func() []string {
	ps := make([]string, 0, fieldCount+2)
	for k := range fields {
		ps = append(ps, fields[k].param)
	}
	return append(ps, paramVersion, paramQuote)
}()

// textInput returns the text field of field k, drawn as the table says, with
// the form's text and message, and of the form IDInputs wherever it is drawn.
func textInput(f *formState, k fieldKey) *numberField {
	fd := &fields[k]
	return &numberField{ID: fd.id, Name: fd.param, Form: IDInputs, Label: fd.label, Hint: fd.hint, Value: f.Text[k], Err: f.Errs[k],
		Text: fd.kind == textKind, Linked: fd.linked, Derived: f.derived(k)}
}

// selectInput returns the select of field k, with options and the form's
// value selected, and of the form IDInputs wherever it is drawn.
func selectInput(f *formState, k fieldKey, options []choice) *selectField {
	fd := &fields[k]
	return &selectField{ID: fd.id, Name: fd.param, Form: IDInputs, Label: fd.label, Options: options, Selected: fd.get(f)}
}
