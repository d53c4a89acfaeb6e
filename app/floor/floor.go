package floor

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Statistic names the inter-token latency percentile a latency target applies to.
type Statistic string

// The latency statistics a target can apply to; Median is the default.
const (
	Median Statistic = "median"
	P90    Statistic = "p90"
	P95    Statistic = "p95"
	P99    Statistic = "p99"
)

// Statistics lists the latency statistics, in the order they are offered.
var Statistics = [...]Statistic{Median, P90, P95, P99}

// StatisticsText lists the statistics in prose: "median, p90, p95 or p99".
func StatisticsText() string {
	names := make([]string, len(Statistics))
	for i, s := range Statistics {
		names[i] = string(s)
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

// Name names the statistic in prose: "median", "p90".
func (s Statistic) Name() string { return string(s) }

// Heading names the statistic's inter-token latency in a table heading:
// "Median ITL", "P90 ITL".
func (s Statistic) Heading() string {
	if s == Median {
		return "Median ITL"
	}
	return strings.ToUpper(string(s)) + " ITL"
}

// HoursPerYear is a 365-day year in hours: 8,760.
const HoursPerYear = 365 * 24

// HoursPerMonth is the month every monthly figure assumes: a twelfth of
// HoursPerYear, 730 hours.
const HoursPerMonth = HoursPerYear / 12

// SecondsPerMonth is that month in seconds: 2,628,000.
const SecondsPerMonth = HoursPerMonth * 3_600

// Inputs are what a user asks: their traffic and their latency target and,
// beyond the floor, the factors of an estimate.
type Inputs struct {
	// Workload is upstream's task name; "" means DefaultWorkload.
	Workload string
	// OutputTokensPerMonth is the monthly output-token volume.
	OutputTokensPerMonth decimal.Decimal
	// OutputTokensPerRequest is the average output length, in tokens.
	OutputTokensPerRequest decimal.Decimal
	// TargetITLMs is the latency target, in milliseconds, applied to Statistic.
	TargetITLMs decimal.Decimal
	Statistic   Statistic
	// ImagesOrVideosPerMonth is the monthly volume, and TargetLatencyS the
	// target on a batch's latency, in seconds, of an image or video workload
	// (text-to-image, text-to-video), which reads them instead of the four
	// token fields above (Kind.VolumeOf and TargetOf choose). The requests a
	// month of any workload are Figures.RequestsPerMonth.
	ImagesOrVideosPerMonth decimal.Decimal
	TargetLatencyS         decimal.Decimal
	// GPU restricts results to H100 or B200; "" means either.
	GPU string
	// Model is the selected model's slug; "" selects none (ranking only).
	Model string
	// Factors are the estimate's assumptions; the zero Factors give none.
	// They change no figure of the floor.
	Factors Factors
}

// Figures are the energy and fleet figures of one configuration for the
// given inputs, unrounded (round only for display). A diffusion
// configuration's have no per-token figures (JoulesPerOutputToken and
// WhPerMillionOutputTokens are zero): a request is one image or video.
type Figures struct {
	JoulesPerOutputToken     decimal.Decimal
	WhPerMillionOutputTokens decimal.Decimal
	JoulesPerRequest         decimal.Decimal
	WhPerRequest             decimal.Decimal
	KWhPerMonth              decimal.Decimal
	KWhPerYear               decimal.Decimal
	RequestsPerMonth         decimal.Decimal
	// GPUHoursPerMonth is the GPU time that serving the monthly volume at the
	// configuration's throughput takes: volume / tokens per second / 3600 × GPUs.
	GPUHoursPerMonth decimal.Decimal
	// GPUsNeeded is the whole number of GPUs (whole replicas of the
	// configuration, times its GPU count) that serve the monthly volume
	// continuously over HoursPerMonth.
	GPUsNeeded int64
	// Replicas is GPUsNeeded / the configuration's GPU count.
	Replicas int64
	// AvgGPUPowerWatts is the average power of one GPU, in watts.
	AvgGPUPowerWatts decimal.Decimal
}

// Spread summarises the energy per unit (Configuration.JoulesPerUnit: per
// output token, image or video) over every configuration that meets the
// target, so the floor is not mistaken for a typical value.
type Spread struct {
	Floor   decimal.Decimal
	Median  decimal.Decimal
	Highest decimal.Decimal
}

// Result is the energy floor of one model on one GPU model.
type Result struct {
	Model *Model
	GPU   string
	// Chosen is the lowest-energy configuration meeting the target (ties:
	// lower latency, then fewer GPUs); nil when none meets it.
	Chosen *Configuration
	// Fastest, set only when Chosen is nil, is the configuration with the lowest
	// value of the target's statistic: how far the target must be relaxed.
	Fastest *Configuration
	// Figures are Chosen's, or Fastest's when nothing meets the target.
	Figures Figures
	// Qualifying counts configurations meeting the target out of Measured.
	Qualifying int
	Measured   int
	// Spread is over the qualifying configurations; zero when none qualify.
	Spread Spread
	// Traffic is the floor the monthly volume can reach over the same
	// configurations; nil when nothing meets the target.
	Traffic *Traffic
}

// Meets reports whether some configuration meets the target.
func (r *Result) Meets() bool { return r.Chosen != nil }

// Config returns the configuration r's figures are for: Chosen, or Fastest
// when nothing meets the target (nil when r has neither).
func (r *Result) Config() *Configuration {
	if r.Chosen != nil {
		return r.Chosen
	}
	return r.Fastest
}
