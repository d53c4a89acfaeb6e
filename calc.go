package energyfloor

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// DefaultWorkload is the workload used when Inputs.Workload is empty.
const DefaultWorkload = "lm-arena-chat"

// DefaultInputs returns the inputs a new visitor sees: lm-arena-chat,
// 1,000,000,000 output tokens per month, 500 output tokens per request, a
// 100 ms target on the median inter-token latency, either GPU, and the model
// "qwen-3-235b-a22b-instruct".
func DefaultInputs() Inputs {
	return Inputs{
		Workload:               DefaultWorkload,
		OutputTokensPerMonth:   decimal.NewFromInt(1_000_000_000),
		OutputTokensPerRequest: decimal.NewFromInt(500),
		TargetITLMs:            decimal.NewFromInt(100),
		Statistic:              Median,
		Model:                  "qwen-3-235b-a22b-instruct",
	}
}

// ParseStatistic parses "median", "p90", "p95" or "p99" (case-insensitive,
// surrounding spaces ignored).
func ParseStatistic(s string) (Statistic, error) {
	switch st := Statistic(strings.ToLower(strings.TrimSpace(s))); st {
	case Median, P90, P95, P99:
		return st, nil
	}
	return "", fmt.Errorf("unknown latency statistic %q: use median, p90, p95 or p99", s)
}

// ITL returns the configuration's inter-token latency for statistic s, in
// milliseconds. An unknown statistic gives the median.
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

// FiguresFor returns every figure of configuration c for inputs in, unrounded.
func FiguresFor(c *Configuration, in Inputs) Figures {
	return Figures{JoulesPerOutputToken: c.JoulesPerOutputToken} // TODO
}

// Floor returns the energy floor of model m on GPU model gpu ("H100"/"B200").
func Floor(m *Model, gpu string, in Inputs) Result {
	return Result{Model: m, GPU: gpu} // TODO
}

// Rank returns one Result per model and GPU of workload w (only in.GPU when
// set), sorted: results that meet the target by JoulesPerOutputToken
// ascending, then those that meet nothing, by the latency they can reach.
func Rank(w *Workload, in Inputs) []Result {
	return nil // TODO
}

// ModelFloor returns the floor of model m over the GPUs in.GPU allows.
func ModelFloor(m *Model, in Inputs) (r Result, ok bool) {
	return Result{}, false // TODO
}
