package link

import (
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// Kind is how a field is drawn and read.
type Kind int

const (
	NumberKind Kind = iota // a text field for a number, with a decimal keypad
	TextKind               // a text field for text
	ChoiceKind             // a select: it takes only the values it knows
)

// Spec is one input of the calculator. A text field (NumberKind, TextKind)
// keeps what the user typed (State.Text), with a message when it is bad
// (State.Errs), and its last good value in the state's inputs, where a bad
// text never reaches; a choice takes only a value it knows.
type Spec struct {
	Param string // URL parameter, and the name the form submits it under
	// Flag is the CLI's flag ("" for none); Usage its help, with the name
	// of its value in back quotes, as package flag reads it.
	Flag, Usage string
	// JSON is its key in the report's inputs (floor.ReportInputs), "" for
	// none: the report states the volume as tokens only.
	JSON  string
	ID    string // DOM id of its control
	Label string
	Hint  string // a text field's hint, shown unless it holds a bad text
	Kind  Kind
	// factor marks the estimate's inputs (Beyond the GPU): a link that sets
	// one opens that section.
	Factor bool
	// kinds, when set, says which kinds of workload take the input (nil:
	// every kind), as State.Applies asks.
	kinds func(floor.Kind) bool
	// linked marks the two monthly volumes: the user types one
	// (State.Basis), and the other follows through the output length.
	Linked bool
	// empty says what a choice's empty value means, in a notice.
	Empty string
	// Parse is a number field's parser, one of floor's; Min and Max its
	// bounds, floor's constants, which its help and hint state (Min is
	// zero for a number that must be more than zero).
	Parse    func(string) (decimal.Decimal, error)
	Min, Max decimal.Decimal
	// Range is the bounds in words ("0 to 2,000") where the help or hint
	// states them (rangeMark), else "": the README states them too.
	Range string
	// set reads a choice's or a text's text with floor's lookup or parser
	// and, when it is good, sets the state's inputs to its value; when it
	// is bad it changes no value and returns why, in a sentence for the
	// user. A number field has put instead: State.set reads its text with
	// Parse (a factor's empty text is the factor unset, a null value) and
	// put takes the value, or returns why the state cannot.
	set func(f *State, ds *floor.Dataset, text string) error
	put func(f *State, d decimal.NullDecimal) error
	// get returns the value the field holds: a choice's option value, a
	// number as a plain decimal ("" for an optional one left empty).
	get func(f *State) string
	// link, when set, returns what a permalink writes for the field in
	// place of get; "" leaves the field out.
	link func(f *State) string
}

// The presets whose factors the help and hints give as examples.
var (
	google, _   = floor.PresetByID(floor.PresetGoogle2025)
	industry, _ = floor.PresetByID(floor.PresetIndustryAverage)
)

// rangeMark in a field's Usage or Hint stands for its bounds in words, "0 to
// 2,000", which init writes from Min and Max: the parser's constants.
const rangeMark = "{range}"

// defaultsMark in a field's Usage stands for its defaults on an image page
// and a video page, which FlagUsage writes.
const defaultsMark = "{defaults}"

func init() {
	for k := range Fields {
		fd := &Fields[k]
		if !strings.Contains(fd.Usage+fd.Hint, rangeMark) {
			continue
		}
		fd.Range = floor.FormatExact(fd.Min) + " to " + floor.FormatExact(fd.Max)
		fd.Usage = strings.ReplaceAll(fd.Usage, rangeMark, fd.Range)
		fd.Hint = strings.ReplaceAll(fd.Hint, rangeMark, fd.Range)
	}
}

// set reads text into field k: a number with its parser (a factor's empty
// text is the factor unset), then its put; anything else with its set. A
// monthly volume (Linked) becomes the one the user types, and the other's
// message goes: it follows. It returns why a bad text is refused.
func (f *State) set(ds *floor.Dataset, k Field, text string) error {
	fd := &Fields[k]
	if fd.Linked {
		f.Basis = k
		for o := range Fields {
			if Fields[o].Linked && Field(o) != k {
				f.SetErr(Field(o), "")
			}
		}
	}
	if fd.Parse == nil {
		return fd.set(f, ds, text)
	}
	if fd.Factor && strings.TrimSpace(text) == "" {
		return fd.put(f, decimal.NullDecimal{})
	}
	d, err := fd.Parse(text)
	if err != nil {
		return err
	}
	return fd.put(f, decimal.NewNullDecimal(d))
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
func (k Field) String() string { return Fields[k].ID }

// FieldByID returns the field whose control has DOM id id.
func FieldByID(id string) (Field, bool) {
	for k := range Fields {
		if Fields[k].ID == id {
			return Field(k), true
		}
	}
	return 0, false
}

// params lists the URL parameters the calculator reads: the fields', the
// data version and the embed's quote; it ignores any other.
var params = func() []string {
	ps := make([]string, 0, FieldCount+2)
	for k := range Fields {
		ps = append(ps, Fields[k].Param)
	}
	return append(ps, ParamVersion, ParamQuote)
}()

// Value returns the value field k holds in f: a choice's option value, a
// number as a plain decimal ("" for an optional one left empty).
func (f *State) Value(k Field) string { return Fields[k].get(f) }
