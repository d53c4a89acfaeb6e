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
	secondsPerHour      = decimal.NewFromInt(3_600)                 // also joules per Wh
	joulesPerKWh        = decimal.NewFromInt(3_600_000)             // joules per kWh
	joulesPerKWhPerYear = decimal.NewFromInt(3_600_000 / 12)        // joules per kWh, over the 12 months of a year
	tokensPerMillion    = decimal.NewFromInt(1_000_000)             // output tokens in a million
	secondsPerMonth     = decimal.NewFromInt(3_600 * HoursPerMonth) // the month every fleet figure assumes
)

// FiguresFor returns every figure of configuration c for inputs in,
// unrounded except that each division keeps at least 16 significant digits
// (QuotientDigits). Each figure is computed from c's measurements and the
// inputs with at most one division, so no rounding compounds.
func FiguresFor(c *Configuration, in Inputs) Figures {
	return figures(c, in, requestsPerMonth(in))
}

// requestsPerMonth is the monthly volume over the average output length.
func requestsPerMonth(in Inputs) decimal.Decimal {
	if in.OutputTokensPerMonth.Sign() <= 0 || in.OutputTokensPerRequest.Sign() <= 0 {
		return decimal.Decimal{}
	}
	return quo(in.OutputTokensPerMonth, one, in.OutputTokensPerRequest, one)
}

// figures is FiguresFor with the requests per month, the same for every
// configuration, computed once by the caller.
func figures(c *Configuration, in Inputs, requests decimal.Decimal) Figures {
	j := c.JoulesPerOutputToken
	tokens := in.OutputTokensPerMonth
	perRequest := in.OutputTokensPerRequest
	f := Figures{JoulesPerOutputToken: j, RequestsPerMonth: requests}
	if j.Sign() <= 0 {
		return f // the dataset's validation rules this out
	}
	f.WhPerMillionOutputTokens = quo(j, tokensPerMillion, secondsPerHour, one)
	if perRequest.Sign() > 0 {
		f.JoulesPerRequest = j.Mul(perRequest)
		f.WhPerRequest = quo(j, perRequest, secondsPerHour, one)
	}
	if tokens.Sign() > 0 {
		f.KWhPerMonth = quo(j, tokens, joulesPerKWh, one)
		f.KWhPerYear = quo(j, tokens, joulesPerKWhPerYear, one)
	}
	if c.NumGPUs > 0 {
		gpus := decimal.NewFromInt(int64(c.NumGPUs))
		f.AvgGPUPowerWatts = quo(c.GPUPowerWattsTotal, one, gpus, one)
		if c.TokensPerSecond.Sign() > 0 && tokens.Sign() > 0 {
			f.GPUHoursPerMonth = quo(tokens, gpus, c.TokensPerSecond, secondsPerHour)
			// Whole replicas: the monthly volume over one replica's monthly output, rounded up.
			f.Replicas = ceilQuo(tokens, c.TokensPerSecond, secondsPerMonth).IntPart()
			f.GPUsNeeded = f.Replicas * int64(c.NumGPUs)
		}
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
	r := selectFloor(m, gpu, in.Statistic, comparableTarget(m, in), nil)
	r.Figures = r.figures(in, requestsPerMonth(in))
	return r
}

// comparableTarget returns in.TargetITLMs with the same exponent as m's
// latencies when that only appends zeros, so comparing them allocates
// nothing. The value is unchanged.
func comparableTarget(m *Model, in Inputs) decimal.Decimal {
	t := in.TargetITLMs
	if len(m.Configurations) > 0 {
		if e := m.Configurations[0].ITL(in.Statistic).Exponent(); t.Exponent() > e {
			t = t.Round(-e)
		}
	}
	return t
}

// selectFloor is Floor without the figures: the selection, the counts and
// the spread, for target as prepared by comparableTarget. scratch is a buffer
// it may reuse for the qualifying configurations' indexes.
func selectFloor(m *Model, gpu string, stat Statistic, target decimal.Decimal, scratch *[]int) Result {
	r := Result{Model: m, GPU: gpu}
	var buf []int
	if scratch != nil {
		buf = (*scratch)[:0]
	}
	for i, c := range m.Configurations {
		if c.GPU != gpu {
			continue
		}
		r.Measured++
		if c.ITL(stat).Cmp(target) <= 0 {
			buf = append(buf, i)
			if r.Chosen == nil || lessEnergy(c, r.Chosen, stat) {
				r.Chosen = c
			}
		} else if r.Chosen == nil && (r.Fastest == nil || lessLatency(c, r.Fastest, stat)) {
			r.Fastest = c
		}
	}
	r.Qualifying = len(buf)
	if r.Chosen != nil {
		r.Fastest = nil
		r.Spread = spread(m.Configurations, buf)
	}
	if scratch != nil {
		*scratch = buf
	}
	return r
}

// figures returns the figures of r's chosen configuration, or of its fastest
// when none meets the target.
func (r *Result) figures(in Inputs, requests decimal.Decimal) Figures {
	switch {
	case r.Chosen != nil:
		return figures(r.Chosen, in, requests)
	case r.Fastest != nil:
		return figures(r.Fastest, in, requests)
	}
	return Figures{}
}

// spread returns the floor, median and highest joules per output token of
// the configurations cs[i] for i in idx (not empty), sorting idx.
func spread(cs []*Configuration, idx []int) Spread {
	slices.SortFunc(idx, func(a, b int) int {
		return cs[a].JoulesPerOutputToken.Cmp(cs[b].JoulesPerOutputToken)
	})
	j := func(k int) decimal.Decimal { return cs[idx[k]].JoulesPerOutputToken }
	n := len(idx)
	s := Spread{Floor: j(0), Highest: j(n - 1), Median: j(n / 2)}
	if n%2 == 0 {
		s.Median = j(n/2 - 1).Add(j(n / 2)).Mul(half) // exact: halving a decimal terminates
	}
	return s
}

var half = decimal.New(5, -1)

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
	// Select first, sort by index, and compute figures last, so the sort moves
	// no large values.
	selected := make([]Result, 0, 2*len(w.Models))
	var scratch []int
	for _, m := range w.Models {
		target := comparableTarget(m, in)
		for _, gpu := range gpusFor(m, in.GPU) {
			if r := selectFloor(m, gpu, in.Statistic, target, &scratch); r.Measured > 0 {
				selected = append(selected, r)
			}
		}
	}
	order := make([]int, len(selected))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return compareResults(&selected[a], &selected[b], in.Statistic) })
	requests := requestsPerMonth(in)
	results := make([]Result, len(selected))
	for i, k := range order {
		results[i] = selected[k]
		results[i].Figures = results[i].figures(in, requests)
	}
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
