package link

import (
	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// Applies reports whether field k is an input of the state's workload, as
// the field's row asks the kind (Spec.kinds): the output length, the token
// volume, the inter-token latency and its statistic are a token workload's
// only, the latency in seconds an image or video workload's only; every
// other field is every kind's. The page draws and sends only the fields
// that apply, and a permalink writes only theirs.
func (f *State) Applies(k Field) bool { return fieldKinds[k] == nil || fieldKinds[k](f.Kind) }

// fieldKinds holds each field's Spec.kinds, for Applies, which the fields'
// own parsers call.
var fieldKinds [FieldCount]func(floor.Kind) bool

func init() {
	for k := range Fields {
		fieldKinds[k] = Fields[k].kinds
	}
}

// perToken and perRequest are a Spec's kinds: the token kind's inputs, and
// the image and video kinds'.
var (
	perToken   = floor.Kind.PerToken
	perRequest = func(k floor.Kind) bool { return !k.PerToken() }
)

// setKind makes the state's kind the kind of workload w, which it switches
// to. An image or video workload's volume and target start at its kind's
// defaults; back to a token workload, the requests field follows the token
// volume again, which the state kept. A field that no longer applies drops
// a bad text, and its message, for its last good value.
func (f *State) setKind(w *floor.Workload) {
	if w.Kind == f.Kind {
		return
	}
	f.Kind = w.Kind
	if !w.Kind.PerToken() {
		req, s := w.Kind.Defaults()
		f.In.ImagesOrVideosPerMonth, f.In.TargetLatencyS = req, s
		f.Text[FieldRequests], f.Text[FieldLatency] = floor.FormatCompact(req), s.String()
		f.Basis = FieldRequests // a diffusion workload's volume is its requests
		f.SetErr(FieldRequests, "")
		f.SetErr(FieldLatency, "")
	} else {
		f.Basis = FieldTokens
		f.SetErr(FieldRequests, "")
		f.SyncDerived()
	}
	// The number fields that apply to one kind only, and their values (not
	// through Fields, whose workload row calls this).
	for _, v := range []struct {
		k     Field
		value decimal.Decimal
	}{{FieldOutput, f.In.OutputTokensPerRequest}, {FieldTokens, f.In.OutputTokensPerMonth}, {FieldITL, f.In.TargetITLMs},
		{FieldLatency, f.In.TargetLatencyS}} {
		if !f.Applies(v.k) && f.Errs[v.k] != "" {
			f.SetErr(v.k, "")
			f.Text[v.k] = floor.FormatCompact(v.value)
		}
	}
}
