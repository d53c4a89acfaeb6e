package floor

import (
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

// ParseStatistic parses one of Statistics (case-insensitive, surrounding
// spaces ignored).
func ParseStatistic(s string) (Statistic, error) {
	if st := Statistic(strings.ToLower(strings.TrimSpace(s))); slices.Contains(Statistics[:], st) {
		return st, nil
	}
	return "", fmt.Errorf("Choose %s, not %s.", StatisticsText(), QuoteInput(s))
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

// FiguresFor returns every figure of configuration c for inputs in,
// unrounded except that each division keeps at least 16 significant digits
// (QuotientDigits). Each figure is computed from c's measurements and the
// inputs with at most one division, so no rounding compounds.
func FiguresFor(c *Configuration, in Inputs) Figures {
	if c == nil {
		return Figures{}
	}
	t := newDemand(in)
	r := newRanked(c)
	return t.figures(&r)
}

// demand is what figures need of the inputs, read once per calculation:
// for tokens the monthly output tokens, the output per request and the
// requests they make; for diffusion the monthly images or videos.
type demand struct {
	tokens, perRequest operand
	requests           decimal.Decimal
	images             operand
}

func newDemand(in Inputs) demand {
	t := demand{tokens: op(in.OutputTokensPerMonth), perRequest: op(in.OutputTokensPerRequest), images: op(in.ImagesOrVideosPerMonth)}
	if in.OutputTokensPerMonth.Sign() > 0 && in.OutputTokensPerRequest.Sign() > 0 {
		t.requests = quo(t.tokens, opOne, t.perRequest, opOne)
	}
	return t
}

// The unit conversions, as operands.
var (
	opSecondsPerHour      = op(decimal.NewFromInt(3_600))           // also joules per Wh
	opSecondsPerMonth     = op(decimal.NewFromInt(SecondsPerMonth)) // the month every fleet figure assumes
	opTokensPerMillion    = op(decimal.NewFromInt(1_000_000))       // output tokens in a million
	opJoulesPerKWh        = op(decimal.NewFromInt(3_600_000))       // joules per kWh
	opJoulesPerKWhPerYear = op(decimal.NewFromInt(3_600_000 / 12))  // joules per kWh, over the 12 months of a year
)

// gpuCounts holds the GPU counts a configuration can have as operands, so
// figures need not read them again.
var gpuCounts = func() (o [17]operand) {
	for i := range o {
		o[i] = op(decimal.NewFromInt(int64(i)))
	}
	return o
}()

// gpuCount returns n as an operand.
func gpuCount(n int) operand {
	if n < len(gpuCounts) {
		return gpuCounts[n]
	}
	return op(decimal.NewFromInt(int64(n)))
}

// newRanked returns c with the operands of its figures and the figures that
// depend on c alone, its ranks unset.
func newRanked(c *Configuration) ranked {
	r := ranked{c: c, j: op(c.JoulesPerUnit()), tps: op(c.UnitsPerSecond())}
	if c.Kind.PerToken() && r.j.d.Sign() > 0 {
		r.whPerMillion = quo(r.j, opTokensPerMillion, opSecondsPerHour, opOne)
	}
	if c.NumGPUs > 0 && c.GPUPowerWattsTotal.Sign() > 0 {
		r.avgPower = quo(op(c.GPUPowerWattsTotal), opOne, gpuCount(c.NumGPUs), opOne)
	}
	return r
}

// figures returns the figures of r's configuration for demand t.
func (t *demand) figures(r *ranked) Figures {
	var f Figures
	t.fill(&f, r)
	return f
}

// fill writes the figures of r's configuration for demand t into f.
func (t *demand) fill(f *Figures, r *ranked) {
	r.c.family().fill(t, f, r)
}

// fillTokens writes the figures of r's token configuration for demand t
// into f: a request is an answer of t's output tokens per request.
func (t *demand) fillTokens(f *Figures, r *ranked) {
	c := r.c
	f.JoulesPerOutputToken, f.RequestsPerMonth = c.JoulesPerOutputToken, t.requests
	if c.JoulesPerOutputToken.Sign() <= 0 {
		return // the dataset's validation rules this out
	}
	j := r.j
	f.WhPerMillionOutputTokens = r.whPerMillion
	f.AvgGPUPowerWatts = r.avgPower
	if t.perRequest.d.Sign() > 0 {
		f.JoulesPerRequest = j.d.Mul(t.perRequest.d)
		f.WhPerRequest = quo(j, t.perRequest, opSecondsPerHour, opOne)
	}
	if t.tokens.d.Sign() > 0 {
		f.KWhPerMonth = quo(j, t.tokens, opJoulesPerKWh, opOne)
		f.KWhPerYear = quo(j, t.tokens, opJoulesPerKWhPerYear, opOne)
	}
	if c.NumGPUs > 0 {
		gpus := gpuCount(c.NumGPUs)
		if c.TokensPerSecond.Sign() > 0 && t.tokens.d.Sign() > 0 {
			tps := r.tps
			f.GPUHoursPerMonth = quo(t.tokens, gpus, tps, opSecondsPerHour)
			// Whole replicas: the monthly volume over one replica's monthly output, rounded up.
			f.Replicas = ceilQuo(t.tokens, tps, opSecondsPerMonth)
			f.GPUsNeeded = f.Replicas * int64(c.NumGPUs)
		}
	}
}

// fillBatches writes the figures of r's image or video configuration for
// demand t into f: a request is one image or video, of r's energy.
func (t *demand) fillBatches(f *Figures, r *ranked) {
	c, j, images := r.c, r.j, t.images
	f.RequestsPerMonth = images.d
	if c.JoulesPerRequest.Sign() <= 0 {
		return // the dataset's validation rules this out
	}
	f.AvgGPUPowerWatts = r.avgPower
	f.JoulesPerRequest = c.JoulesPerRequest
	f.WhPerRequest = quo(j, opOne, opSecondsPerHour, opOne)
	if images.d.Sign() > 0 {
		f.KWhPerMonth = quo(j, images, opJoulesPerKWh, opOne)
		f.KWhPerYear = quo(j, images, opJoulesPerKWhPerYear, opOne)
		if c.NumGPUs > 0 && c.RequestsPerSecond.Sign() > 0 {
			f.GPUHoursPerMonth = quo(images, gpuCount(c.NumGPUs), r.tps, opSecondsPerHour)
			f.Replicas = ceilQuo(images, r.tps, opSecondsPerMonth)
			f.GPUsNeeded = f.Replicas * int64(c.NumGPUs)
		}
	}
}

// Floor returns the energy floor of model m on GPU model gpu ("H100"/"B200"):
// among m's configurations on gpu whose latency (Configuration.Latency at
// in.Statistic) is within the target (m.Kind.TargetOf), the one Preferred
// chooses, its figures and the spread of the qualifying set. When none qualifies, Chosen is nil and Fastest and its
// figures tell how far the target must be relaxed. When m has no
// configuration on gpu (or m is nil), Measured is 0 and both are nil.
func Floor(m *Model, gpu string, in Inputs) Result {
	if m == nil {
		return Result{GPU: gpu}
	}
	x := modelIndex(m)
	si := statIndex(in.Statistic)
	s := x.selectFloor(&x.models[0], gpu, si, x.within(si, m.Kind.TargetOf(in)))
	t := newDemand(in)
	return s.result(&t)
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
// that meet the target by energy per unit ascending (JoulesPerUnit: per
// output token, image or video; ties: lower latency, fewer GPUs, then model
// slug, GPU), then those that meet nothing, by the latency they can reach
// ascending (ties: lower energy per unit, fewer GPUs, then model slug, GPU). in.Model is ignored: the ranking
// covers every model.
func Rank(w *Workload, in Inputs) []Result {
	if w == nil {
		return nil
	}
	x := workloadIndex(w)
	si := statIndex(in.Statistic)
	within := x.within(si, w.Kind.TargetOf(in))
	// Select, sort, and compute figures last, only for what was selected.
	selected := make([]selection, 0, 2*len(x.models))
	for k := range x.models {
		im := &x.models[k]
		for _, gpu := range gpusFor(im.m, in.GPU) {
			if s := x.selectFloor(im, gpu, si, within); s.measured > 0 {
				selected = append(selected, s)
			}
		}
	}
	order := make([]int, len(selected))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return compareSelections(&selected[a], &selected[b]) })
	t := newDemand(in)
	results := make([]Result, len(selected))
	for i, k := range order {
		s := &selected[k]
		s.fill(&results[i], &t)
		results[i].Traffic = trafficFor(s.m, []string{s.gpu}, in, results[i].Chosen)
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
	x := modelIndex(m)
	si := statIndex(in.Statistic)
	within := x.within(si, m.Kind.TargetOf(in))
	var best selection
	for _, gpu := range gpusFor(m, in.GPU) {
		s := x.selectFloor(&x.models[0], gpu, si, within)
		if s.measured > 0 && (!ok || compareSelections(&s, &best) < 0) {
			best, ok = s, true
		}
	}
	if !ok {
		return Result{}, false
	}
	t := newDemand(in)
	r = best.result(&t)
	r.Traffic = trafficFor(m, gpusFor(m, in.GPU), in, r.Chosen)
	return r, true
}
