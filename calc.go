package energyfloor

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// DefaultWorkload is the workload used when Inputs.Workload is empty.
const DefaultWorkload = "lm-arena-chat"

// DefaultModel is the slug of the model selected by DefaultInputs.
const DefaultModel = "qwen-3-235b-a22b-instruct"

// DivisionPlaces is the number of decimal places every division in the
// calculation keeps (rounded half away from zero at the last place). It is far
// below anything displayed: rounding for people happens only in the Format
// functions.
const DivisionPlaces = 20

// DefaultInputs returns the inputs a new visitor sees: lm-arena-chat,
// 1,000,000,000 output tokens per month, 500 output tokens per request, a
// 100 ms target on the median inter-token latency, either GPU, and the model
// DefaultModel.
func DefaultInputs() Inputs {
	return Inputs{
		Workload:               DefaultWorkload,
		OutputTokensPerMonth:   decimal.NewFromInt(1_000_000_000),
		OutputTokensPerRequest: decimal.NewFromInt(500),
		TargetITLMs:            decimal.NewFromInt(100),
		Statistic:              Median,
		Model:                  DefaultModel,
	}
}

// Statistics lists the latency statistics in the order a user is offered them.
var Statistics = []Statistic{Median, P90, P95, P99}

// ParseStatistic parses "median", "p90", "p95" or "p99" (case-insensitive,
// surrounding spaces ignored).
func ParseStatistic(s string) (Statistic, error) {
	switch st := Statistic(strings.ToLower(strings.TrimSpace(s))); st {
	case Median, P90, P95, P99:
		return st, nil
	}
	return "", fmt.Errorf("Choose median, p90, p95 or p99, not %q.", truncate(s, 20))
}

// ITL returns the configuration's inter-token latency for statistic s, in
// milliseconds. Any other statistic gives the median.
func (c *Configuration) ITL(s Statistic) decimal.Decimal {
	switch s {
	case P90:
		return c.P90ITLMs
	case P95:
		return c.P95ITLMs
	case P99:
		return c.P99ITLMs
	}
	return c.MedianITLMs
}

// Constants of the unit conversions.
var (
	secondsPerHour       = decimal.NewFromInt(3_600)                 // J per Wh
	joulesPerKWh         = decimal.NewFromInt(3_600_000)             // J per kWh
	joulesPerKWhPerYear  = decimal.NewFromInt(3_600_000 / 12)        // J per kWh, over 12 months
	whPerMillionPerJoule = decimal.NewFromInt(1_000_000)             // tokens per million
	secondsPerMonth      = decimal.NewFromInt(3_600 * HoursPerMonth) // the month every fleet figure assumes
)

// FiguresFor returns every figure of configuration c for inputs in,
// unrounded except that each division keeps DivisionPlaces decimal places.
// Each figure is computed from c.JoulesPerOutputToken and the inputs with at
// most one division, so no rounding compounds.
func FiguresFor(c *Configuration, in Inputs) Figures {
	j := c.JoulesPerOutputToken
	tokens := in.OutputTokensPerMonth
	perRequest := in.OutputTokensPerRequest
	gpus := decimal.NewFromInt(int64(c.NumGPUs))

	f := Figures{JoulesPerOutputToken: j}
	f.WhPerMillionOutputTokens = j.Mul(whPerMillionPerJoule).DivRound(secondsPerHour, DivisionPlaces)
	f.JoulesPerRequest = j.Mul(perRequest)
	f.WhPerRequest = f.JoulesPerRequest.DivRound(secondsPerHour, DivisionPlaces)
	monthJoules := j.Mul(tokens)
	f.KWhPerMonth = monthJoules.DivRound(joulesPerKWh, DivisionPlaces)
	f.KWhPerYear = monthJoules.DivRound(joulesPerKWhPerYear, DivisionPlaces)
	if perRequest.Sign() > 0 {
		f.RequestsPerMonth = tokens.DivRound(perRequest, DivisionPlaces)
	}
	if c.TokensPerSecond.Sign() > 0 {
		f.GPUHoursPerMonth = tokens.Mul(gpus).DivRound(c.TokensPerSecond.Mul(secondsPerHour), DivisionPlaces)
		// Replicas is exact: the integer quotient, plus one for any remainder.
		q, r := tokens.QuoRem(c.TokensPerSecond.Mul(secondsPerMonth), 0)
		if r.Sign() > 0 {
			q = q.Add(decimal.NewFromInt(1))
		}
		f.Replicas = q.IntPart()
		f.GPUsNeeded = f.Replicas * int64(c.NumGPUs)
	}
	if c.NumGPUs > 0 {
		f.AvgGPUPowerWatts = c.GPUPowerWattsTotal.DivRound(gpus, DivisionPlaces)
	}
	return f
}

// byEnergy orders configurations by joules per output token, then latency
// statistic s, then GPU count.
func byEnergy(a, b *Configuration, s Statistic) int {
	if c := a.JoulesPerOutputToken.Cmp(b.JoulesPerOutputToken); c != 0 {
		return c
	}
	if c := a.ITL(s).Cmp(b.ITL(s)); c != 0 {
		return c
	}
	return cmp.Compare(a.NumGPUs, b.NumGPUs)
}

// byLatency orders configurations by latency statistic s, then joules per
// output token, then GPU count.
func byLatency(a, b *Configuration, s Statistic) int {
	if c := a.ITL(s).Cmp(b.ITL(s)); c != 0 {
		return c
	}
	return byEnergy(a, b, s)
}

// lessEnergy reports whether a is selected over b: byEnergy, then row id.
func lessEnergy(a, b *Configuration, s Statistic) bool {
	if c := byEnergy(a, b, s); c != 0 {
		return c < 0
	}
	return a.RowID < b.RowID
}

// lessLatency reports whether a is faster than b: byLatency, then row id.
func lessLatency(a, b *Configuration, s Statistic) bool {
	if c := byLatency(a, b, s); c != 0 {
		return c < 0
	}
	return a.RowID < b.RowID
}

// Floor returns the energy floor of model m on GPU model gpu ("H100"/"B200"):
// among m's configurations on gpu whose in.Statistic latency is within
// in.TargetITLMs, the one with the lowest joules per output token (ties: lower
// latency, then fewer GPUs, then row id), its figures and the spread of the
// qualifying set. When none qualifies, Chosen is nil and Fastest and its
// figures tell how far the target must be relaxed. When m has no
// configuration on gpu, Measured is 0 and both are nil.
func Floor(m *Model, gpu string, in Inputs) Result {
	r := Result{Model: m, GPU: gpu}
	var qualifying []decimal.Decimal
	for _, c := range m.Configurations {
		if c.GPU != gpu {
			continue
		}
		r.Measured++
		if c.ITL(in.Statistic).Cmp(in.TargetITLMs) <= 0 {
			if qualifying == nil {
				qualifying = make([]decimal.Decimal, 0, len(m.Configurations))
			}
			qualifying = append(qualifying, c.JoulesPerOutputToken)
			if r.Chosen == nil || lessEnergy(c, r.Chosen, in.Statistic) {
				r.Chosen = c
			}
		} else if r.Chosen == nil && (r.Fastest == nil || lessLatency(c, r.Fastest, in.Statistic)) {
			r.Fastest = c
		}
	}
	r.Qualifying = len(qualifying)
	switch {
	case r.Chosen != nil:
		r.Fastest = nil
		r.Figures = FiguresFor(r.Chosen, in)
		r.Spread = spread(qualifying)
	case r.Fastest != nil:
		r.Figures = FiguresFor(r.Fastest, in)
	}
	return r
}

// spread returns the floor, median and highest of js (not empty), sorting js.
func spread(js []decimal.Decimal) Spread {
	slices.SortFunc(js, decimal.Decimal.Cmp)
	n := len(js)
	s := Spread{Floor: js[0], Highest: js[n-1], Median: js[n/2]}
	if n%2 == 0 {
		s.Median = js[n/2-1].Add(js[n/2]).Div(decimal.NewFromInt(2)) // exact: halving a decimal terminates
	}
	return s
}

// compareResults orders Results as Rank does: those that meet the target
// first, by their chosen configuration's joules per output token, latency
// statistic s and GPU count; then those that meet nothing, by the latency
// statistic they can reach, its joules per output token and GPU count; then by
// model slug and GPU.
func compareResults(a, b *Result, s Statistic) int {
	am, bm := a.Meets(), b.Meets()
	switch {
	case am && !bm:
		return -1
	case !am && bm:
		return 1
	case am:
		if c := byEnergy(a.Chosen, b.Chosen, s); c != 0 {
			return c
		}
	case a.Fastest != nil && b.Fastest != nil:
		if c := byLatency(a.Fastest, b.Fastest, s); c != 0 {
			return c
		}
	}
	if c := strings.Compare(a.Model.Slug, b.Model.Slug); c != 0 {
		return c
	}
	return strings.Compare(a.GPU, b.GPU)
}

// gpusFor returns the GPU models a model's results cover: in.GPU when set,
// otherwise every GPU m was measured on.
func gpusFor(m *Model, gpu string) []string {
	if gpu != "" {
		return []string{gpu}
	}
	return m.GPUs
}

// Rank returns one Result per model and GPU of workload w (only in.GPU when
// set; a model not measured on a GPU has no result for it), sorted: results
// that meet the target by JoulesPerOutputToken ascending (ties: lower latency
// statistic, fewer GPUs, then model slug, GPU), then those that meet nothing,
// by the latency they can reach ascending. in.Model is ignored: the ranking
// covers every model.
func Rank(w *Workload, in Inputs) []Result {
	if w == nil {
		return nil
	}
	results := make([]Result, 0, 2*len(w.Models))
	for _, m := range w.Models {
		for _, gpu := range gpusFor(m, in.GPU) {
			if r := Floor(m, gpu, in); r.Measured > 0 {
				results = append(results, r)
			}
		}
	}
	slices.SortFunc(results, func(a, b Result) int { return compareResults(&a, &b, in.Statistic) })
	return results
}

// ModelFloor returns the floor of model m over the GPUs in.GPU allows: the
// lowest-energy Result that meets the target (ordered as Rank orders), or,
// when none meets it, the one that comes closest (the lowest latency it can
// reach). ok is false when m has no configuration on the allowed GPUs.
func ModelFloor(m *Model, in Inputs) (r Result, ok bool) {
	if m == nil {
		return Result{}, false
	}
	for _, gpu := range gpusFor(m, in.GPU) {
		cand := Floor(m, gpu, in)
		if cand.Measured == 0 {
			continue
		}
		if !ok || compareResults(&cand, &r, in.Statistic) < 0 {
			r, ok = cand, true
		}
	}
	return r, ok
}

// truncate shortens s to at most n runes for quoting in a message.
func truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
