package ui

import (
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// maxParamLen bounds the length, in bytes, of a URL parameter we read: a
// longer choice or data version is ignored with a notice before any
// parsing; a longer text stays in its field, shortened to it, with the
// field's message (the field parsers refuse long input before other work).
const maxParamLen = 200

// volumeBasis says which monthly volume the user types: output tokens or
// requests. The other one is derived through the average output length.
type volumeBasis string

const (
	basisTokens   volumeBasis = "tokens"
	basisRequests volumeBasis = "requests"
)

// formState is what the calculator's form holds: the text of each text
// field as the user typed it (Text, by field; a choice has none), and In,
// the inputs: every field's last good value (see fields), so that a bad
// field never loses the last good results. Errs maps a field to the message
// shown next to it.
type formState struct {
	Basis volumeBasis
	Text  [fieldCount]string
	// GridChoice is the grid select's value ("", gridCustom or a bundled
	// grid's code); FactorsGiven is set when the link set any factor.
	GridChoice   string
	FactorsGiven bool
	// LinkVersion is the data version the link was made with, when it is
	// not the dataset's.
	LinkVersion string
	// Quote is set by the embed's parameter quote=1 (paramQuote): the
	// embed then shows the statement and the equivalents.
	Quote bool
	In    floor.Inputs
	Errs  map[fieldKey]string
}

// pageParam is a URL parameter of a page's own address that is not in its
// permalink.
type pageParam struct{ Name, Value string }

// pageParams returns the parameters a page's address keeps besides the
// permalink's: quote=1 for an embed asked to quote. The address bar keeps
// them after an edit, the form sends them as hidden inputs (inputsPanel),
// so that Calculate without JavaScript keeps them too, and a kept page is
// kept under them (PageKey).
func (f *formState) pageParams(embed bool) []pageParam {
	if embed && f.Quote {
		return []pageParam{{paramQuote, "1"}}
	}
	return nil
}

// withPageParams returns permalink query q followed by parameters ps.
func withPageParams(q string, ps []pageParam) string {
	for _, p := range ps {
		q += "&" + url.QueryEscape(p.Name) + "=" + url.QueryEscape(p.Value)
	}
	return q
}

// defaultForm returns the form a new visitor sees, for dataset ds: the
// calculation's defaults, with the model replaced by the workload's best
// model when the default model is not measured on that workload.
func defaultForm(ds *floor.Dataset) formState {
	in := floor.DefaultInputs()
	f := formState{Basis: basisTokens, In: in}
	f.Text[fieldTokens] = floor.FormatCompact(in.OutputTokensPerMonth)
	f.Text[fieldOutput] = floor.FormatCompact(in.OutputTokensPerRequest)
	f.Text[fieldITL] = in.TargetITLMs.String()
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
		f.Text[fieldTokens] = floor.FormatCompact(f.In.OutputTokensPerMonth)
	default:
		// Shown only; whole requests read better than 333.3333333333333333M.
		r := f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
		if r.Cmp(decimal.NewFromInt(100)) >= 0 {
			r = r.Round(0)
		} else {
			r = r.Round(3)
		}
		f.Text[fieldRequests] = floor.FormatCompact(r)
	}
}

// derived reports whether field k is the monthly volume the user is not
// typing, which follows the other.
func (f *formState) derived(k fieldKey) bool {
	return k == fieldTokens && f.Basis == basisRequests || k == fieldRequests && f.Basis == basisTokens
}

// setErr records msg as field k's error, or clears it when msg is "". It
// changes a copy of the map: components compare their props (a formState)
// with the last ones, which share the old map.
func (f *formState) setErr(k fieldKey, msg string) {
	if f.Errs[k] == msg {
		return
	}
	errs := maps.Clone(f.Errs)
	if errs == nil {
		errs = map[fieldKey]string{}
	}
	if msg == "" {
		delete(errs, k)
	} else {
		errs[k] = msg
	}
	f.Errs = errs
}

// requests returns the requests per month implied by the good inputs.
func (f *formState) requests() decimal.Decimal {
	return f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
}

// setText sets text field k to text, as the user typed it: it keeps the
// text and, when it is good, sets the field's value (and the linked volume);
// when it is bad, it records the message and leaves every value as it was.
// It returns the bad text's error.
func (f *formState) setText(ds *floor.Dataset, k fieldKey, text string) error {
	f.Text[k] = text
	err := fields[k].set(f, ds, text)
	if err != nil {
		f.setErr(k, err.Error())
		return err
	}
	f.setErr(k, "")
	f.syncDerived()
	return nil
}

// edit applies one edit of field k: a text field takes any text (a bad one
// with its message), a choice only a value it knows. It reports whether the
// edit was taken.
func (f *formState) edit(ds *floor.Dataset, k fieldKey, text string) bool {
	if fields[k].kind == choiceKind {
		return fields[k].set(f, ds, text) == nil
	}
	f.setText(ds, k, text)
	return true
}

// query encodes the form as URL parameters, one per field that has a value
// (link or get): a text field's as typed while it is good, so a link keeps
// "2.5M", and otherwise its last good value, so a permalink is always valid.
func (f *formState) query() url.Values {
	q := url.Values{}
	for k := range fields {
		fd := &fields[k]
		v := fd.get(f)
		if fd.link != nil {
			v = fd.link(f)
		}
		if v == "" {
			continue
		}
		if t := strings.TrimSpace(f.Text[k]); t != "" && fd.kind != choiceKind && !f.derived(fieldKey(k)) && f.Errs[fieldKey(k)] == "" {
			v = t
		}
		q.Set(fd.param, v)
	}
	return q
}

// permalink is the form's query with the dataset version it is made with,
// so that a link opened against newer data says its figures may differ.
func (f *formState) permalink(ds *floor.Dataset) url.Values {
	q := f.query()
	q.Set(paramVersion, ds.DataVersion)
	return q
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
//     be decoded is not one of the calculator's, and is skipped;
//   - a value's invalid UTF-8 becomes U+FFFD, here for every parameter, so
//     that nothing of a link puts invalid UTF-8 into a UTF-8 page.
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
			q[k] = []string{strings.ToValidUTF8(v, "\uFFFD")}
		}
		if split && len(notices) == 0 {
			notices = append(notices, notice(`Read ";" as "&" in `+floor.QuoteInput(pair)+`: parameters are separated by "&".`))
		}
	}
	return q, notices
}

// decodeState decodes a permalink's query, or the calculator's form as a
// browser submits it, into a form for dataset ds. It reads each field's
// parameter as if typed, in the table's order, and never fails: a missing
// parameter takes its default silently; a bad number stays in its field with
// the message the app gives there, and the inputs keep their default; any
// other bad, unknown or hostile parameter takes its default and adds a
// notice quoting it (shortened, with control and direction characters
// escaped).
func decodeState(ds *floor.Dataset, q url.Values) (formState, []notice) {
	f := defaultForm(ds)
	var notices []notice
	bad := func(param, raw, why, fallback string) {
		notices = append(notices, notice("Ignored "+param+"="+floor.QuoteInput(raw)+": "+why+" Using "+fallback+"."))
	}
	get := func(param string, text bool) (string, bool) {
		vs, ok := q[param]
		if !ok || len(vs) == 0 {
			return "", false
		}
		v := vs[0]
		if len(v) > maxParamLen && !text {
			bad(param, v, "longer than "+strconv.Itoa(maxParamLen)+" characters.", "the default")
			return "", false
		}
		return v, true
	}
	for k := range fields {
		fd := &fields[k]
		if fieldKey(k) == fieldModel {
			// The model falls back on the workload's default or best for
			// the inputs read so far: all the ranking depends on.
			f.In.Model = modelFor(ds, f.In, f.In.Model)
		}
		v, ok := get(fd.param, fd.kind != choiceKind)
		if !ok {
			continue
		}
		f.FactorsGiven = f.FactorsGiven || fd.factor
		if fd.kind == choiceKind {
			if err := fd.set(&f, ds, v); err != nil {
				fallback := fd.get(&f)
				if fallback == "" {
					fallback = fd.empty
				}
				bad(fd.param, v, err.Error(), fallback)
			}
			continue
		}
		// The field shows a bad value as given, with its message, and a
		// good number as plain text.
		text := strings.TrimSpace(v)
		if err := f.setText(ds, fieldKey(k), v); err == nil && fd.kind == numberKind {
			text = fieldText(v, fd.get(&f))
		}
		f.Text[k] = shorten(text)
	}
	if f.GridChoice == gridCustom && !f.In.Factors.CustomGCO2ePerKWh.Valid {
		// A link's grid=custom without an intensity is no grid.
		f.GridChoice = ""
	}
	if v, ok := get(paramVersion, false); ok && strings.TrimSpace(v) != ds.DataVersion {
		f.LinkVersion = strings.TrimSpace(v)
	}
	if v, ok := get(paramQuote, false); ok {
		f.Quote = strings.TrimSpace(v) == "1"
	}
	f.syncDerived()
	return f, notices
}

// shorten returns s cut to at most maxParamLen bytes, at a character
// boundary, and ended with "…" when cut: what a field shows of a long value.
func shorten(s string) string {
	if len(s) <= maxParamLen {
		return s
	}
	cut := maxParamLen - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// fieldText returns what a number field shows for a valid URL value v whose
// value is good, a plain decimal: v itself when it is plain (digits,
// separators, suffixes), else the value formatted, so a good value never
// shows as anything but plain text. (A bad value shows as typed: the server
// escapes every attribute value.)
func fieldText(v, good string) string {
	v = strings.TrimSpace(v)
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z',
			r == '.', r == ',', r == ' ', r == '+', r == '-':
		default:
			if d, err := decimal.NewFromString(good); err == nil {
				return floor.FormatCompact(d)
			}
			return good
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
