package compile

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"
	"github.com/shopspring/decimal"
)

// rowModel is what every upstream row says of its model.
type rowModel struct {
	modelID, nickname string
	params, active    decimal.Decimal
}

// modelOf returns r: what a row of either kind (upstreamRow, diffusionRow)
// says of its model.
func (r *rowModel) modelOf() *rowModel { return r }

// sameAs checks that r names its model, and gives its parameter counts, as
// first, the model's first row, does.
func (r *rowModel) sameAs(first *rowModel) *InputError {
	switch {
	case first.nickname != r.nickname:
		return r.differs("nickname", strconv.Quote(first.nickname), strconv.Quote(r.nickname))
	case !first.params.Equal(r.params):
		return r.differs("total_params_billions", first.params.String(), r.params.String())
	case !first.active.Equal(r.active):
		return r.differs("activated_params_billions", first.active.String(), r.active.String())
	}
	return nil
}

// differs is the error of r's field that is b where the model's first row
// has a.
func (r *rowModel) differs(field, a, b string) *InputError {
	return &InputError{Model: r.modelID, Field: field, Err: fmt.Errorf("is %s, but the model's first configuration has %s", b, a)}
}

// readRowModel starts reading an upstream row, raw: the reader of its
// fields and the model it names.
func readRowModel(raw map[string]json.RawMessage) (*fields, rowModel, *InputError) {
	if raw == nil {
		return nil, rowModel{}, &InputError{Err: errors.New("is null, want an object")}
	}
	f := &fields{raw: raw}
	m := rowModel{modelID: f.str("model_id")}
	if f.err != nil {
		return nil, rowModel{}, f.err
	}
	f.model = m.modelID
	m.nickname = f.str("nickname")
	m.params = f.positive("total_params_billions")
	m.active = f.positive("activated_params_billions")
	return f, m, nil
}

// fields reads the fields of one upstream configuration, remembering the
// first error.
type fields struct {
	raw   map[string]json.RawMessage
	model string
	err   *InputError
}

func (f *fields) fail(field string, err error) {
	if f.err == nil {
		f.err = &InputError{Model: f.model, Field: field, Err: err}
	}
}

func (f *fields) get(field string) (json.RawMessage, bool) {
	raw, ok := f.raw[field]
	if !ok {
		f.fail(field, errors.New("missing"))
	}
	return raw, ok
}

// str reads a non-empty string.
func (f *fields) str(field string) string {
	raw, ok := f.get(field)
	if !ok {
		return ""
	}
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		f.fail(field, fmt.Errorf("is %s, want a string", short(raw)))
		return ""
	}
	if s == "" {
		f.fail(field, errors.New("is empty"))
	}
	return s
}

// positive reads a finite number greater than zero, exactly as written.
func (f *fields) positive(field string) decimal.Decimal {
	raw, ok := f.get(field)
	if !ok {
		return decimal.Zero
	}
	d, err := parsePositive(raw)
	if err != nil {
		f.fail(field, err)
	}
	return d
}

// count reads a positive integer.
func (f *fields) count(field string) int {
	d := f.positive(field)
	if f.err != nil {
		return 0
	}
	if !d.IsInteger() || d.GreaterThan(decimal.NewFromInt(math.MaxInt32)) {
		f.fail(field, fmt.Errorf("is %s, want a whole number", d))
		return 0
	}
	return int(d.IntPart())
}

// parsePositive parses a JSON number literal that must be finite and positive.
// JSON has no NaN or infinity: upstream could only write them as strings, as
// null, or as a literal beyond float64's range (1e999), which Python reads as
// infinity.
func parsePositive(raw json.RawMessage) (decimal.Decimal, error) {
	s := string(raw)
	if s == "" || s == "null" || s == "true" || s == "false" || strings.ContainsAny(s[:1], `"[{`) {
		return decimal.Zero, fmt.Errorf("is %s, want a number", short(raw))
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return decimal.Zero, fmt.Errorf("is %s, want a number", short(raw))
	}
	if math.IsInf(f, 0) {
		return decimal.Zero, fmt.Errorf("is %s, beyond float64's range (infinite), want a finite number", short(raw))
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, fmt.Errorf("is %s, want a number: %w", short(raw), err)
	}
	if d.Sign() <= 0 {
		return decimal.Zero, fmt.Errorf("is %s, want a positive number", short(raw))
	}
	return d, nil
}

// short quotes raw JSON for a message, cut to a readable length.
func short(raw json.RawMessage) string {
	s := string(raw)
	if s == "" {
		return "empty"
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// gpuAndPrecision reads a configuration's GPU and weight precision, each one
// of Settings' (the precision by its output name).
func (f *fields) gpuAndPrecision(s Settings) (gpu, precision string) {
	gpu = f.str("gpu_model")
	if f.err == nil && !slices.Contains(s.GPUs, gpu) {
		f.fail("gpu_model", fmt.Errorf("is %q, not one of the known GPUs %v", gpu, s.GPUs))
	}
	upstream := f.str("weight_precision")
	precision, ok := s.Precisions[upstream]
	if f.err == nil && !ok {
		known := slices.Sorted(maps.Keys(s.Precisions))
		f.fail("weight_precision", fmt.Errorf("is %q, an unknown precision (known: %s)", upstream, strings.Join(known, ", ")))
	}
	return gpu, precision
}
