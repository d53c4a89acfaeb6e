package link

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// MaxParamLen bounds the length, in bytes, of a URL parameter we read: a
// longer choice or data version is ignored with a notice before any
// parsing; a longer text stays in its field, shortened to it, with the
// field's message (the field parsers refuse long input before other work).
const MaxParamLen = 200

// A state's Basis is the monthly volume the user types, FieldTokens or
// FieldRequests; the other one is derived through the average output
// length.

// State is what the calculator's form holds: the text of each text
// field as the user typed it (Text, by field; a choice has none), and In,
// the inputs: every field's last good value (see fields), so that a bad
// field never loses the last good results. Errs maps a field to the message
// shown next to it.
type State struct {
	Basis Field
	Text  [FieldCount]string
	// GridChoice is the grid select's value ("", GridCustom or a bundled
	// grid's code); FactorsGiven is set when the link set any factor.
	GridChoice   string
	FactorsGiven bool
	// LinkVersion is the data version the link was made with, when it is
	// not the dataset's.
	LinkVersion string
	// Quote is set by the embed's parameter quote=1 (ParamQuote): the
	// embed then shows the statement and the equivalents.
	Quote bool
	// Kind is the workload's (floor.Workload.Kind): an image or video
	// workload's volume is the requests field and its target the latency
	// field (seconds); Applies says which fields a kind takes.
	Kind floor.Kind
	In   floor.Inputs
	Errs map[Field]string
}

// workload returns the state's workload in ds, token or diffusion; nil for
// none.
func (f *State) workload(ds *floor.Dataset) *floor.Workload {
	return ds.FindWorkload(f.In.Workload)
}

// PageParam is a URL parameter of a page's own address that is not in its
// permalink.
type PageParam struct{ Name, Value string }

// PageParams returns the parameters a page's address keeps besides the
// permalink's: quote=1 for an embed asked to quote. The address bar keeps
// them after an edit, the form sends them as hidden inputs (inputsPanel),
// so that Calculate without JavaScript keeps them too, and a kept page is
// kept under them (PageKey).
func (f *State) PageParams(embed bool) []PageParam {
	if embed && f.Quote {
		return []PageParam{{ParamQuote, "1"}}
	}
	return nil
}

// WithPageParams returns permalink query q followed by parameters ps.
func WithPageParams(q string, ps []PageParam) string {
	for _, p := range ps {
		q += "&" + url.QueryEscape(p.Name) + "=" + url.QueryEscape(p.Value)
	}
	return q
}

// NewState returns the form a new visitor sees, for dataset ds: the
// calculation's defaults, with the model replaced by the workload's best
// model when the default model is not measured on that workload.
func NewState(ds *floor.Dataset) State {
	in := floor.DefaultInputs()
	f := State{Basis: FieldTokens, In: in}
	f.Text[FieldTokens] = floor.FormatCompact(in.OutputTokensPerMonth)
	f.Text[FieldOutput] = floor.FormatCompact(in.OutputTokensPerRequest)
	f.Text[FieldITL] = in.TargetITLMs.String()
	f.In.Model = ModelFor(ds, in, in.Model)
	// The footprint's bundled values: embodied=nvidia and the default life.
	f.In.Factors.Footprint.Sources = &ds.Footprint
	f.SyncDerived()
	return f
}

// ModelFor returns slug when workload in.Workload of ds has that model; else
// the default model when it has that; else the model with the lowest floor
// for in (the first of the ranking); or "" when the workload has no models.
func ModelFor(ds *floor.Dataset, in floor.Inputs, slug string) string {
	w := ds.FindWorkload(in.Workload)
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

// SyncDerived rewrites the monthly volume the user is not typing from the one
// they are, through the average output length.
func (f *State) SyncDerived() {
	if f.In.OutputTokensPerRequest.IsZero() {
		return
	}
	switch f.Basis {
	case FieldRequests:
		f.Text[FieldTokens] = floor.FormatCompact(f.In.OutputTokensPerMonth)
	default:
		// Shown only; whole requests read better than 333.3333333333333333M.
		r := f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
		if r.Cmp(decimal.NewFromInt(100)) >= 0 {
			r = r.Round(0)
		} else {
			r = r.Round(3)
		}
		f.Text[FieldRequests] = floor.FormatCompact(r)
	}
}

// Derived reports whether field k is the monthly volume the user is not
// typing, which follows the other.
func (f *State) Derived(k Field) bool {
	return k == FieldTokens && f.Basis == FieldRequests || k == FieldRequests && f.Basis == FieldTokens
}

// SetErr records msg as field k's error, or clears it when msg is "". It
// changes a copy of the map: components compare their props (a State)
// with the last ones, which share the old map.
func (f *State) SetErr(k Field, msg string) {
	if f.Errs[k] == msg {
		return
	}
	errs := maps.Clone(f.Errs)
	if errs == nil {
		errs = map[Field]string{}
	}
	if msg == "" {
		delete(errs, k)
	} else {
		errs[k] = msg
	}
	f.Errs = errs
}

// Requests returns the requests per month implied by the good inputs.
func (f *State) Requests() decimal.Decimal {
	return f.In.OutputTokensPerMonth.Div(f.In.OutputTokensPerRequest)
}

// SetText sets text field k to text, as the user typed it: it keeps the
// text and, when it is good, sets the field's value (and the linked volume);
// when it is bad, it records the message and leaves every value as it was.
// It returns the bad text's error.
func (f *State) SetText(ds *floor.Dataset, k Field, text string) error {
	f.Text[k] = text
	err := f.set(ds, k, text)
	if err != nil {
		f.SetErr(k, err.Error())
		return err
	}
	f.SetErr(k, "")
	f.SyncDerived()
	return nil
}

// Edit applies one edit of field k: a text field takes any text (a bad one
// with its message), a choice only a value it knows. It reports whether the
// edit was taken.
func (f *State) Edit(ds *floor.Dataset, k Field, text string) bool {
	if Fields[k].Kind == ChoiceKind {
		return f.set(ds, k, text) == nil
	}
	f.SetText(ds, k, text)
	return true
}

// Query encodes the state as URL parameters, one per field of the
// workload's (Applies) that has a value (link or get): a text field's as typed while it is good, so a link keeps
// "2.5M", and otherwise its last good value, so a permalink is always valid.
func (f *State) Query() url.Values {
	q := url.Values{}
	for k := range Fields {
		fd := &Fields[k]
		if !f.Applies(Field(k)) {
			continue
		}
		v := fd.get(f)
		if fd.link != nil {
			v = fd.link(f)
		}
		if v == "" {
			continue
		}
		if t := strings.TrimSpace(f.Text[k]); t != "" && fd.Kind != ChoiceKind && !f.Derived(Field(k)) && f.Errs[Field(k)] == "" {
			v = t
		}
		q.Set(fd.Param, v)
	}
	return q
}

// Permalink is the state's query with the dataset version it is made with,
// so that a link opened against newer data says its figures may differ.
func (f *State) Permalink(ds *floor.Dataset) url.Values {
	q := f.Query()
	q.Set(ParamVersion, ds.DataVersion)
	return q
}

// Notice is a message about the URL the page was opened with, shown above the
// calculator. It is always rendered as text, never as markup.
type Notice string

// ParseQuery reads a page's raw query string into the values DecodeQuery
// reads: the first value of each of the calculator's parameters (params),
// and notices for what it had to read differently from the letter of the
// query. Where url.ParseQuery drops what it cannot parse, and with it good
// parameters, ParseQuery keeps them:
//
//   - a ";" is read as a separator, as "&" (with one notice, quoting the
//     first pair it splits one of the calculator's parameters off):
//     "tokens=5M;itl=50" gives tokens 5M and itl 50, where url.ParseQuery
//     drops the pair whole;
//   - any number of parameters is read (url.ParseQuery reads nothing beyond
//     10,000): only the calculator's are kept, one value each;
//   - a value whose percent-encoding is broken is taken as written, so
//     DecodeQuery rejects it with a notice quoting it; a name that cannot
//     be decoded is not one of the calculator's, and is skipped;
//   - a value's invalid UTF-8 becomes U+FFFD, here for every parameter, so
//     that nothing of a link puts invalid UTF-8 into a UTF-8 page.
func ParseQuery(raw string) (url.Values, []Notice) {
	q := url.Values{}
	var notices []Notice
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
			notices = append(notices, Notice(`Read ";" as "&" in `+floor.QuoteInput(pair)+`: parameters are separated by "&".`))
		}
	}
	return q, notices
}

// DecodeQuery decodes a permalink's query, or the calculator's form as a
// browser submits it, into a form for dataset ds. It reads each field's
// parameter as if typed, in the table's order, and never fails: a missing
// parameter, or one that is not an input of the workload (State.Applies),
// takes its default silently; a bad number stays in its field with
// the message the app gives there, and the inputs keep their default; any
// other bad, unknown or hostile parameter takes its default and adds a
// notice quoting it (shortened, with control and direction characters
// escaped).
func DecodeQuery(ds *floor.Dataset, q url.Values) (State, []Notice) {
	f := NewState(ds)
	var notices []Notice
	bad := func(param, raw, why, fallback string) {
		notices = append(notices, Notice("Ignored "+param+"="+floor.QuoteInput(raw)+": "+why+" Using "+fallback+"."))
	}
	get := func(param string, text bool) (string, bool) {
		vs, ok := q[param]
		if !ok || len(vs) == 0 {
			return "", false
		}
		v := vs[0]
		if len(v) > MaxParamLen && !text {
			bad(param, v, "longer than "+strconv.Itoa(MaxParamLen)+" characters.", "the default")
			return "", false
		}
		return v, true
	}
	for k := range Fields {
		fd := &Fields[k]
		if Field(k) == FieldModel {
			// The model falls back on the workload's default or best for
			// the inputs read so far: all the ranking depends on.
			f.In.Model = ModelFor(ds, f.In, f.In.Model)
		}
		if !f.Applies(Field(k)) {
			// Not an input of the workload read: the page neither shows
			// nor sends it (the token fields on an image page).
			continue
		}
		v, ok := get(fd.Param, fd.Kind != ChoiceKind)
		if !ok {
			continue
		}
		f.FactorsGiven = f.FactorsGiven || fd.Factor
		if fd.Kind == ChoiceKind {
			if err := f.set(ds, Field(k), v); err != nil {
				fallback := fd.get(&f)
				if fallback == "" {
					fallback = fd.Empty
				}
				bad(fd.Param, v, err.Error(), fallback)
			}
			continue
		}
		// The field shows a bad value as given, with its message, and a
		// good number as plain text.
		text := strings.TrimSpace(v)
		if err := f.SetText(ds, Field(k), v); err == nil && fd.Kind == NumberKind {
			text = fieldText(v, fd.get(&f))
		}
		f.Text[k] = shorten(text)
	}
	if f.GridChoice == GridCustom && !f.In.Factors.CustomGCO2ePerKWh.Valid {
		// A link's grid=custom without an intensity is no grid.
		f.GridChoice = ""
	}
	if v, ok := get(ParamVersion, false); ok && strings.TrimSpace(v) != ds.DataVersion {
		f.LinkVersion = strings.TrimSpace(v)
	}
	if v, ok := get(ParamQuote, false); ok {
		f.Quote = strings.TrimSpace(v) == "1"
	}
	f.SyncDerived()
	return f, notices
}

// shorten returns s cut to at most MaxParamLen bytes, at a character
// boundary, and ended with "…" when cut: what a field shows of a long value.
func shorten(s string) string {
	if len(s) <= MaxParamLen {
		return s
	}
	cut := MaxParamLen - len("…")
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

// Apply sets field k to text v as a command line gives it: as Edit does,
// except that a number given empty is refused with its parser's reason (an
// edit reads it as an optional factor left unset), and that it returns why
// a bad value is refused.
func (f *State) Apply(ds *floor.Dataset, k Field, v string) error {
	fd := &Fields[k]
	if fd.Parse != nil && strings.TrimSpace(v) == "" {
		_, err := fd.Parse(v)
		return err
	}
	if fd.Kind == ChoiceKind {
		return f.set(ds, k, v)
	}
	return f.SetText(ds, k, v)
}
