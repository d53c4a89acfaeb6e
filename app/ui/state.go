package ui

import (
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// URL query parameters: every calculator state is a permalink made of these.
// requests is our addition to the list: present only when the user
// typed requests per month rather than output tokens (tokens then still holds
// the equivalent monthly tokens, so the link reads the same to a script).
const (
	paramWorkload = "workload"
	paramTokens   = "tokens"
	paramRequests = "requests"
	paramOutput   = "output"
	paramITL      = "itl"
	paramPct      = "pct"
	paramGPU      = "gpu"
	paramModel    = "model"
)

// params lists the parameters the calculator reads, these and the factors'
// (factors.go); it ignores any other.
var params = []string{paramWorkload, paramTokens, paramRequests, paramOutput, paramITL, paramPct, paramGPU, paramModel,
	paramHost, paramIdle, paramPUE, paramGrid, paramGCO2, paramPrice, paramCur, paramVersion}

// maxParamLen bounds the length, in bytes, of a URL parameter we read; longer
// values are ignored with a notice before any parsing.
const maxParamLen = 200

// volumeBasis says which monthly volume the user types: output tokens or
// requests. The other one is derived through the average output length.
type volumeBasis string

const (
	basisTokens   volumeBasis = "tokens"
	basisRequests volumeBasis = "requests"
)

// field names the calculator's text fields; they double as the DOM ids.
const (
	fieldTokens   = "tokens-per-month"
	fieldRequests = "requests-per-month"
	fieldOutput   = "output-tokens"
	fieldITL      = "itl-ms"
)

// formState is what the calculator's form holds: the text of each field as the
// user typed it, the choices of each select, and In, the inputs parsed from the
// last valid text of every field (so a bad field never loses the last good
// results). Errs maps a field name to the message shown next to that field.
type formState struct {
	Basis    volumeBasis
	Tokens   string // text of #tokens-per-month
	Requests string // text of #requests-per-month
	Output   string // text of #output-tokens
	ITL      string // text of #itl-ms
	// Factors holds the text of the factors' fields, by field (factors.go);
	// GridChoice is the grid select's value; FactorsGiven is set when the
	// link set any factor.
	Factors      map[string]string
	GridChoice   string
	FactorsGiven bool
	// LinkVersion is the data version the link was made with, when it is
	// not the dataset's.
	LinkVersion string
	In          floor.Inputs
	Errs        map[string]string
}

// defaultForm returns the form a new visitor sees, for dataset ds: the
// calculation's defaults, with the model replaced by the workload's best
// model when the default model is not measured on that workload.
func defaultForm(ds *floor.Dataset) formState {
	in := floor.DefaultInputs()
	f := formState{Basis: basisTokens, In: in}
	f.Tokens = floor.FormatCompact(in.OutputTokensPerMonth)
	f.Output = floor.FormatCompact(in.OutputTokensPerRequest)
	f.ITL = in.TargetITLMs.String()
	f.In.Model = modelFor(ds, in, in.Model)
	f.syncDerived()
	return f
}

// modelFor returns slug when workload in.Workload of ds has that model; else
// the default model when it has that; else the model with the lowest floor
// for in (the first of the ranking); or "" when the workload has no models.
func modelFor(ds *floor.Dataset, in floor.Inputs, slug string) string {
	w := ds.Workload(in.Workload)
	if w == nil {
		return ""
	}
	if w.Model(slug) != nil {
		return slug
	}
	if def := floor.DefaultInputs().Model; w.Model(def) != nil {
		return def
	}
	if r := floor.Rank(w, in); len(r) > 0 {
		return r[0].Model.Slug
	}
	if len(w.Models) > 0 {
		return w.Models[0].Slug
	}
	return ""
}

// syncDerived rewrites the monthly volume the user is not typing from the one
// they are, through the average output length.
func (f *formState) syncDerived() {
	if f.In.OutputTokensPerRequest.IsZero() {
		return
	}
	switch f.Basis {
	case basisRequests:
		f.Tokens = floor.FormatCompact(f.In.OutputTokensPerMonth)
	default:
		// Shown only; whole requests read better than 333.3333333333333333M.
		r := f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
		if r.Cmp(decimal.NewFromInt(100)) >= 0 {
			r = r.Round(0)
		} else {
			r = r.Round(3)
		}
		f.Requests = floor.FormatCompact(r)
	}
}

// setErr records msg as field's error, or clears it when msg is "". It
// changes a copy of the map: components compare their props (a formState)
// with the last ones, which share the old map.
func (f *formState) setErr(field, msg string) {
	if f.Errs[field] == msg {
		return
	}
	errs := maps.Clone(f.Errs)
	if errs == nil {
		errs = map[string]string{}
	}
	if msg == "" {
		delete(errs, field)
	} else {
		errs[field] = msg
	}
	f.Errs = errs
}

// requests returns the requests per month implied by the good inputs.
func (f *formState) requests() decimal.Decimal {
	return f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
}

// setText handles the user typing text into field: it keeps the text, and on a
// valid value updates the inputs (and the linked volume); on an invalid one it
// records the message and leaves the inputs as they were.
func (f *formState) setText(field, text string) {
	var err error
	var v decimal.Decimal
	switch field {
	case fieldTokens:
		f.Tokens, f.Basis = text, basisTokens
		f.setErr(fieldRequests, "")
		if v, err = floor.ParseTokensPerMonth(text); err == nil {
			f.In.OutputTokensPerMonth = v
		}
	case fieldRequests:
		f.Requests, f.Basis = text, basisRequests
		f.setErr(fieldTokens, "")
		if v, err = floor.ParseRequestsPerMonth(text); err == nil {
			f.In.OutputTokensPerMonth = v.Mul(f.In.OutputTokensPerRequest)
		}
	case fieldOutput:
		f.Output = text
		if v, err = floor.ParseOutputTokens(text); err == nil {
			if f.Basis == basisRequests {
				// Requests stay what the user typed; tokens follow.
				f.In.OutputTokensPerMonth = f.requests().Mul(v)
			}
			f.In.OutputTokensPerRequest = v
		}
	case fieldITL:
		f.ITL = text
		if v, err = floor.ParseITLMs(text); err == nil {
			f.In.TargetITLMs = v
		}
	default:
		return
	}
	if err != nil {
		f.setErr(field, err.Error())
		return
	}
	f.setErr(field, "")
	f.syncDerived()
}

// query encodes the form as URL parameters. Fields holding an invalid value
// are encoded from the last good inputs, so a permalink is always valid.
func (f *formState) query() url.Values {
	q := url.Values{}
	q.Set(paramWorkload, f.In.Workload)
	q.Set(paramTokens, f.textOr(fieldTokens, f.Tokens, f.In.OutputTokensPerMonth))
	if f.Basis == basisRequests {
		q.Set(paramTokens, f.In.OutputTokensPerMonth.String())
		q.Set(paramRequests, f.textOr(fieldRequests, f.Requests, f.requests()))
	}
	q.Set(paramOutput, f.textOr(fieldOutput, f.Output, f.In.OutputTokensPerRequest))
	q.Set(paramITL, f.textOr(fieldITL, f.ITL, f.In.TargetITLMs))
	q.Set(paramPct, string(f.In.Statistic))
	if f.In.GPU != "" {
		q.Set(paramGPU, f.In.GPU)
	}
	if f.In.Model != "" {
		q.Set(paramModel, f.In.Model)
	}
	f.factorsQuery(q)
	return q
}

// permalink is the form's query with the dataset version it is made with,
// so that a link opened against newer data says its figures may differ.
func (f *formState) permalink(ds *floor.Dataset) url.Values {
	q := f.query()
	q.Set(paramVersion, ds.DataVersion)
	return q
}

// textOr returns the field's text, trimmed, when it is valid, and otherwise
// the good value d as a plain decimal.
func (f *formState) textOr(field, text string, d decimal.Decimal) string {
	if _, bad := f.Errs[field]; bad || strings.TrimSpace(text) == "" {
		return d.String()
	}
	return strings.TrimSpace(text)
}

// notice is a message about the URL the page was opened with, shown above the
// calculator. It is always rendered as text, never as markup.
type notice string

// parseQuery reads a page's raw query string into the values decodeState
// reads: the first value of each of the calculator's parameters (params),
// and notices for what it had to read differently from the letter of the
// query. Where url.ParseQuery drops what it cannot parse, and with it good
// parameters, parseQuery keeps them:
//
//   - a ";" is read as a separator, as "&" (with one notice, quoting the
//     first pair it splits one of the calculator's parameters off):
//     "tokens=5M;itl=50" gives tokens 5M and itl 50, where url.ParseQuery
//     drops the pair whole;
//   - any number of parameters is read (url.ParseQuery reads nothing beyond
//     10,000): only the calculator's are kept, one value each;
//   - a value whose percent-encoding is broken is taken as written, so
//     decodeState rejects it with a notice quoting it; a name that cannot
//     be decoded is not one of the calculator's, and is skipped.
func parseQuery(raw string) (url.Values, []notice) {
	q := url.Values{}
	var notices []notice
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		pieces := strings.Split(pair, ";")
		split := false
		for _, piece := range pieces {
			k, v, _ := strings.Cut(piece, "=")
			k, err := url.QueryUnescape(k)
			if err != nil || !slices.Contains(params, k) {
				continue
			}
			split = split || len(pieces) > 1
			if _, seen := q[k]; seen {
				continue
			}
			if d, err := url.QueryUnescape(v); err == nil {
				v = d
			}
			q[k] = []string{v}
		}
		if split && len(notices) == 0 {
			notices = append(notices, notice(`Read ";" as "&" in `+floor.QuoteInput(pair)+`: parameters are separated by "&".`))
		}
	}
	return q, notices
}

// decodeState decodes a permalink's query, or the calculator's form as a
// browser submits it, into a form for dataset ds. It never fails: a missing
// parameter takes its default silently; a bad number stays in its field with
// the message the app gives there, as if typed, and the inputs keep their
// default; any other bad, unknown or hostile parameter takes its default and
// adds a notice quoting it (shortened, with control and direction characters
// escaped).
func decodeState(ds *floor.Dataset, q url.Values) (formState, []notice) {
	f := defaultForm(ds)
	var notices []notice
	bad := func(param, raw, why, fallback string) {
		notices = append(notices, notice("Ignored "+param+"="+floor.QuoteInput(raw)+": "+why+" Using "+fallback+"."))
	}
	get := func(param string) (string, bool) {
		vs, ok := q[param]
		if !ok || len(vs) == 0 {
			return "", false
		}
		v := vs[0]
		if len(v) > maxParamLen {
			bad(param, v, "longer than "+strconv.Itoa(maxParamLen)+" characters.", "the default")
			return "", false
		}
		return v, true
	}

	if v, ok := get(paramWorkload); ok {
		if w := ds.Workload(strings.TrimSpace(v)); w != nil {
			f.In.Workload = w.ID
		} else {
			bad(paramWorkload, v, "no such workload.", f.In.Workload)
		}
	}
	if v, ok := get(paramPct); ok {
		if st, err := floor.ParseStatistic(v); err == nil {
			f.In.Statistic = st
		} else {
			bad(paramPct, v, "use median, p90, p95 or p99.", string(f.In.Statistic))
		}
	}
	if v, ok := get(paramGPU); ok {
		switch g := strings.ToUpper(strings.TrimSpace(v)); g {
		case "", floor.H100, floor.B200:
			f.In.GPU = g
		default:
			bad(paramGPU, v, "use H100 or B200.", "either GPU")
		}
	}
	// number reads a number parameter into field, whose text it sets: as
	// typed when the value is good (or formatted, when it is not plain
	// text), and as typed with the field's message when it is bad.
	number := func(param, field string, text *string, parse func(string) (decimal.Decimal, error)) (decimal.Decimal, bool) {
		v, ok := get(param)
		if !ok {
			return decimal.Decimal{}, false
		}
		d, err := parse(v)
		if err != nil {
			*text = strings.TrimSpace(v)
			f.setErr(field, err.Error())
			return d, false
		}
		*text = fieldText(v, d)
		return d, true
	}
	if d, ok := number(paramOutput, fieldOutput, &f.Output, floor.ParseOutputTokens); ok {
		f.In.OutputTokensPerRequest = d
	}
	if d, ok := number(paramITL, fieldITL, &f.ITL, floor.ParseITLMs); ok {
		f.In.TargetITLMs = d
	}
	// The monthly volume: tokens, unless requests were given (the
	// permalink of a requests-based state carries both, and the form sends
	// only the one the visitor typed). A bad requests value keeps the tokens
	// the link gives as the last good volume.
	tokens := f.Tokens
	if d, ok := number(paramTokens, fieldTokens, &tokens, floor.ParseTokensPerMonth); ok {
		f.In.OutputTokensPerMonth = d
	}
	if _, has := q[paramRequests]; has {
		f.Basis = basisRequests
		if d, ok := number(paramRequests, fieldRequests, &f.Requests, floor.ParseRequestsPerMonth); ok {
			f.In.OutputTokensPerMonth = d.Mul(f.In.OutputTokensPerRequest)
		}
		f.setErr(fieldTokens, "")
	} else {
		f.Tokens = tokens
	}

	slug, given := f.In.Model, false
	if v, ok := get(paramModel); ok {
		slug, given = strings.TrimSpace(v), true
	}
	m := modelFor(ds, f.In, slug)
	if given && m != slug {
		bad(paramModel, slug, "no such model on this workload.", m)
	}
	f.In.Model = m
	f.FactorsGiven = f.decodeFactors(ds, get, bad)
	if v, ok := get(paramVersion); ok && strings.TrimSpace(v) != ds.DataVersion {
		f.LinkVersion = strings.TrimSpace(v)
	}
	f.syncDerived()
	return f, notices
}

// fieldText returns what a field shows for a valid URL value v: v itself when
// it is plain (digits, separators, suffixes), else the value formatted, so a
// good value never shows as anything but plain text. (A bad value shows as
// typed: the server escapes every attribute value.)
func fieldText(v string, d decimal.Decimal) string {
	v = strings.TrimSpace(v)
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z',
			r == '.', r == ',', r == ' ', r == '+', r == '-':
		default:
			return floor.FormatCompact(d)
		}
	}
	return v
}

// The latency slider is logarithmic: position 0…sliderSteps maps to
// sliderMinMs…sliderMaxMs, so 10 ms and 1,000 ms are equally easy to set.
const (
	sliderSteps = 1000
	sliderMinMs = 5.0
	sliderMaxMs = 2000.0
)

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
