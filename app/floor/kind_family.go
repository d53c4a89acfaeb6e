package floor

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// family is the method set of a family of kinds: tokenFamily for a
// language model's answers, batchFamily for images and videos, which
// diffusion models generate in batches. Each method answers for the kind
// what the caller would otherwise have to tell from which fields are zero.
// A figure every kind has but computes its own way belongs here: the
// GPU-seconds of one request, for instance, are NumGPUs × output tokens per
// request ÷ TokensPerSecond for tokens and NumGPUs × BatchLatencyS ÷
// BatchSize for a batch.
type family interface {
	latency(c *Configuration, s Statistic) decimal.Decimal
	joulesPerUnit(c *Configuration) decimal.Decimal
	unitsPerSecond(c *Configuration) decimal.Decimal
	// compare orders a and b, of one GPU and GPU count, along and across
	// their curves (CompareConfigurations); sameCurve reports whether their
	// settings put them on one curve (SameCurve).
	compare(a, b *Configuration) int
	sameCurve(a, b *Configuration) bool
	// rate is Configuration.Rate.
	rate(c *Configuration, in Inputs) RequestRate
	// fill writes the figures of r's configuration for demand t into f.
	fill(t *demand, f *Figures, r *ranked)
	volume(in *Inputs) *decimal.Decimal
	target(in Inputs) decimal.Decimal
	// perRequest states the output length of in, "500 output tokens a
	// request"; "" for a kind whose request is one image or video.
	perRequest(in Inputs) string
	// shortInputs states the output length (if the kind has one) and the
	// latency target of in in a few words each: "500-token answers",
	// "100 ms median"; or "30 s batch latency".
	shortInputs(in Inputs) []string
	formatLatency(v decimal.Decimal) string
	// formatReached formats a measured latency for reading.
	formatReached(v decimal.Decimal) string
	latencyName(s Statistic) string
	latencyHeading(s Statistic) string
	words(c *Configuration) string
	shortWords(c *Configuration) string
	batchWords(c *Configuration) string
	setupWords(c *Configuration) string
	batchSetting(c *Configuration) string
	generates(k Kind) string
	// caveat is WorkloadCaveat.
	caveat(d *Dataset, w *Workload, in Inputs) string
	// requestLine is Kind.RequestLine.
	requestLine(j decimal.Decimal, in Inputs, c *Configuration) string
	// fastestEnergy is Kind.FastestEnergy.
	fastestEnergy(f Figures, request string) string
	// report returns r in the kind's report shape, for JSON; reportCSV
	// writes r in it as CSV.
	report(r *Report) any
	reportCSV(r *Report) ([]byte, error)
	// reportSettings writes c's kind-specific fields into rc.
	reportSettings(rc *ReportConfiguration, c *Configuration)
	workloadName(name string) string
}

// tokenFamily is KindTokens' method set.
type tokenFamily struct{}

func (tokenFamily) latency(c *Configuration, s Statistic) decimal.Decimal { return c.ITL(s) }
func (tokenFamily) joulesPerUnit(c *Configuration) decimal.Decimal        { return c.JoulesPerOutputToken }
func (tokenFamily) unitsPerSecond(c *Configuration) decimal.Decimal       { return c.TokensPerSecond }
func (tokenFamily) rate(c *Configuration, in Inputs) RequestRate {
	return TokenRate(in.OutputTokensPerRequest, c.TokensPerSecond)
}
func (tokenFamily) fill(t *demand, f *Figures, r *ranked) { t.fillTokens(f, r) }
func (tokenFamily) volume(in *Inputs) *decimal.Decimal    { return &in.OutputTokensPerMonth }
func (tokenFamily) target(in Inputs) decimal.Decimal      { return in.TargetITLMs }
func (tokenFamily) perRequest(in Inputs) string {
	return Counted(FormatExact(in.OutputTokensPerRequest), "output token") + " a request"
}
func (tokenFamily) shortInputs(in Inputs) []string {
	return []string{FormatExact(in.OutputTokensPerRequest) + "-token answers", FormatLatency(in.TargetITLMs) + " " + in.Statistic.Name()}
}
func (tokenFamily) formatLatency(v decimal.Decimal) string { return FormatLatency(v) }
func (tokenFamily) formatReached(v decimal.Decimal) string { return FormatLatency(v) }
func (tokenFamily) latencyName(s Statistic) string         { return s.Name() + " inter-token latency" }
func (tokenFamily) latencyHeading(s Statistic) string      { return s.Heading() }
func (tokenFamily) words(c *Configuration) string {
	return strconv.Itoa(c.NumGPUs) + "×" + c.GPU + " with max_num_seqs " + strconv.Itoa(c.MaxNumSeqs)
}
func (tokenFamily) shortWords(c *Configuration) string {
	s := strconv.Itoa(c.NumGPUs) + "×" + c.GPU + ", max_num_seqs " + strconv.Itoa(c.MaxNumSeqs)
	if c.Repeat > 1 {
		s += " (run " + strconv.Itoa(c.Repeat) + ")"
	}
	return s
}
func (tokenFamily) batchWords(c *Configuration) string {
	return "with a batch size limit of " + FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs))) + " requests"
}
func (tokenFamily) setupWords(c *Configuration) string {
	return FormatNumber(decimal.NewFromFloat(c.AvgRunningBatch)) + " requests batched together on average"
}
func (tokenFamily) batchSetting(c *Configuration) string {
	return FormatInteger(decimal.NewFromInt(int64(c.MaxNumSeqs)))
}
func (tokenFamily) report(r *Report) any                             { return r }
func (tokenFamily) reportCSV(r *Report) ([]byte, error)              { return jsonCSV(r) }
func (tokenFamily) caveat(d *Dataset, _ *Workload, in Inputs) string { return Caveat(d, in.Factors) }
func (tokenFamily) requestLine(j decimal.Decimal, in Inputs, _ *Configuration) string {
	return FormatJoules(j) + " for " + Counted(FormatExact(in.OutputTokensPerRequest), "output token")
}
func (tokenFamily) fastestEnergy(f Figures, _ string) string {
	return FormatJoules(f.JoulesPerOutputToken) + " per output token: " + FormatWh(f.WhPerRequest) + " per request, "
}
func (tokenFamily) generates(Kind) string           { return "" }
func (tokenFamily) workloadName(name string) string { return name }
func (tokenFamily) compare(a, b *Configuration) int { return cmp.Compare(a.MaxNumSeqs, b.MaxNumSeqs) }
func (tokenFamily) sameCurve(a, b *Configuration) bool {
	return a.TensorParallel == b.TensorParallel && a.DataParallel == b.DataParallel && a.ExpertParallel == b.ExpertParallel
}
func (tokenFamily) reportSettings(rc *ReportConfiguration, c *Configuration) {
	reportTokenSettings(rc, c)
}

// batchFamily is the method set of KindImages and KindVideos.
type batchFamily struct{}

func (batchFamily) latency(c *Configuration, _ Statistic) decimal.Decimal { return c.BatchLatencyS }
func (batchFamily) joulesPerUnit(c *Configuration) decimal.Decimal        { return c.JoulesPerRequest }
func (batchFamily) unitsPerSecond(c *Configuration) decimal.Decimal       { return c.RequestsPerSecond }
func (batchFamily) rate(c *Configuration, _ Inputs) RequestRate {
	return BatchRate(c.BatchSize, c.BatchLatencyS)
}
func (batchFamily) fill(t *demand, f *Figures, r *ranked) { t.fillBatches(f, r) }
func (batchFamily) volume(in *Inputs) *decimal.Decimal    { return &in.ImagesOrVideosPerMonth }
func (batchFamily) target(in Inputs) decimal.Decimal      { return in.TargetLatencyS }
func (batchFamily) perRequest(Inputs) string              { return "" }
func (batchFamily) shortInputs(in Inputs) []string {
	return []string{FormatSeconds(in.TargetLatencyS) + " batch latency"}
}
func (batchFamily) formatLatency(v decimal.Decimal) string { return FormatSeconds(v) }
func (batchFamily) formatReached(v decimal.Decimal) string { return FormatReachedSeconds(v) }
func (batchFamily) latencyName(Statistic) string           { return "batch latency" }
func (batchFamily) latencyHeading(Statistic) string        { return "Batch latency" }
func (batchFamily) words(c *Configuration) string {
	return strconv.Itoa(c.NumGPUs) + "×" + c.GPU + " in batches of " + strconv.Itoa(c.BatchSize) + " (" + ulyssesRing(c) + ")"
}
func (batchFamily) shortWords(c *Configuration) string {
	return strconv.Itoa(c.NumGPUs) + "×" + c.GPU + ", " + ulyssesRing(c) + ", batch " + strconv.Itoa(c.BatchSize)
}
func (batchFamily) batchWords(c *Configuration) string {
	return "in batches of " + strconv.Itoa(c.BatchSize)
}
func (batchFamily) setupWords(c *Configuration) string { return ulyssesRing(c) }
func (batchFamily) batchSetting(c *Configuration) string {
	return strconv.Itoa(c.UlyssesDegree) + " × " + strconv.Itoa(c.RingDegree) + ", batch " + strconv.Itoa(c.BatchSize)
}
func (batchFamily) report(r *Report) any                             { return newDiffusionReport(r) }
func (batchFamily) reportCSV(r *Report) ([]byte, error)              { return jsonCSV(newDiffusionReport(r)) }
func (batchFamily) caveat(d *Dataset, w *Workload, in Inputs) string { return batchCaveat(d, w, in) }
func (batchFamily) requestLine(j decimal.Decimal, _ Inputs, c *Configuration) string {
	return FormatJoules(j) + " per " + c.Kind.Request() + ", " + c.BatchWords()
}
func (batchFamily) fastestEnergy(f Figures, request string) string {
	return FormatJoules(f.JoulesPerRequest) + " per " + request + ": "
}
func (batchFamily) generates(k Kind) string { return k.Request() }
func (batchFamily) workloadName(name string) string {
	if name == "" {
		return name
	}
	return name[:1] + strings.ToLower(name[1:])
}
func (batchFamily) compare(a, b *Configuration) int {
	return cmp.Or(cmp.Compare(a.UlyssesDegree, b.UlyssesDegree), cmp.Compare(a.RingDegree, b.RingDegree), cmp.Compare(a.BatchSize, b.BatchSize))
}
func (batchFamily) sameCurve(a, b *Configuration) bool {
	return a.UlyssesDegree == b.UlyssesDegree && a.RingDegree == b.RingDegree
}
func (batchFamily) reportSettings(rc *ReportConfiguration, c *Configuration) {
	reportDiffusionSettings(rc, c)
}

// ulyssesRing states an image or video configuration's sequence
// parallelism: "Ulysses 2 × ring 1".
func ulyssesRing(c *Configuration) string {
	return "Ulysses " + strconv.Itoa(c.UlyssesDegree) + " × ring " + strconv.Itoa(c.RingDegree)
}
