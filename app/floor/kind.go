package floor

import (
	"strconv"

	"github.com/shopspring/decimal"
)

// Kind is what one request of a workload makes: a text answer of output
// tokens, an image or a video. The dataset decides it once, when it is
// loaded (Workload.Kind, Model.Kind, Configuration.Kind); every other place
// asks the kind for its words, fields and formats, and none infers it from
// which fields are zero.
type Kind uint8

// The kinds of workload.
const (
	// KindTokens is a language model's: a request is an answer of output
	// tokens, its latency the inter-token latency at a statistic, in ms.
	KindTokens Kind = iota
	// KindImages and KindVideos are a diffusion model's (text-to-image,
	// text-to-video): a request is one image or video, generated in
	// batches, its latency the batch's, in seconds.
	KindImages
	KindVideos
	kindCount
)

// Quantity describes one input a kind takes (its monthly volume, its
// latency target): its label and unit, its bounds and its help. The link's
// field table reads it.
type Quantity struct {
	// Label is the form's label, "Output tokens per month".
	Label string
	// Unit is the unit of the value, "output tokens", "ms", "s", "images".
	Unit string
	// Min and Max bound the value (Min zero: any positive value).
	Min, Max decimal.Decimal
	// Hint is the help shown under the field.
	Hint string
	// SpanLo and SpanHi are the powers of ten a chart of the quantity
	// spans: the volumes that matter in practice.
	SpanLo, SpanHi int32
}

// kindSpec is one kind's row of kinds: everything the kind answers from a
// table rather than from a method.
type kindSpec struct {
	request  string // one request: "request", "image", "video"
	answer   string // one request where the modalities line compares kinds: "chat answer"
	unit     string // one unit of the monthly volume: "output token", "image", "video"
	verb     string // what serving the volume is, to start a sentence: "Serving", "Generating"
	perToken bool   // per-token lines, published per-prompt figures and the percentile apply
	// measured says how each configuration's figures were measured: "with
	// its batches full".
	measured string
	// family is the kind's method set: how its figures and inputs are read
	// and put in words.
	family    family
	volume    Quantity
	target    Quantity
	defVolume decimal.Decimal
	defTarget decimal.Decimal
	// method and trafficAssumes say how the figures are worked out and
	// what the figure at your traffic assumes; batching what more traffic
	// does to the energy of each unit.
	method, trafficAssumes, batching string
	// assumesPlain is trafficAssumes in plain words, for the page.
	assumesPlain string
}

// diffusionTarget is the latency target of images and videos.
var diffusionTarget = Quantity{Label: "Latency target (s)", Unit: "s", Min: MinLatencyS, Max: MaxLatencyS,
	Hint: "The time a batch of images or videos may take, at most: each is ready when its batch is."}

// kinds is the table of kinds, by Kind.
var kinds = [kindCount]kindSpec{
	KindTokens: {request: "request", answer: "chat answer", unit: "output token", verb: "Serving", perToken: true,
		measured: "with its batches full", family: tokenFamily{},
		volume: Quantity{Label: "Output tokens per month", Unit: "output tokens", Max: MaxTokensPerMonth, SpanLo: 6, SpanHi: 13,
			Hint: "For example 2.5M, 3 billion, 1e9 or 1,000,000,000."},
		target: Quantity{Label: "Inter-token latency target (ms)", Unit: "ms", Max: MaxITLMs,
			Hint: "The time between two output tokens the users may wait, at most."},
		defVolume: decimal.NewFromInt(1_000_000_000), defTarget: decimal.NewFromInt(100),
		method: Method, trafficAssumes: TrafficAssumption, assumesPlain: TrafficAssumptionPlain,
		batching: "More traffic fills bigger batches, and each token costs less, down to the floor: " +
			"the steps show where more traffic stops helping, for the selected model and GPUs at your latency target."},
	KindImages: {request: "image", answer: "image", unit: "image", verb: "Generating",
		measured: "generating full batches", family: batchFamily{},
		volume: Quantity{Label: "Images per month", Unit: "images", Max: MaxRequestsPerMonth, SpanLo: 2, SpanHi: 9,
			Hint: "For example 1M, 250k or 1,000,000: each image is one request."},
		target:    diffusionTarget,
		defVolume: decimal.NewFromInt(1_000_000), defTarget: decimal.NewFromInt(30),
		method: diffusionMethod("image"), trafficAssumes: DiffusionTrafficAssumption, assumesPlain: DiffusionTrafficAssumption, batching: diffusionBatching("image")},
	KindVideos: {request: "video", answer: "video", unit: "video", verb: "Generating",
		measured: "generating full batches", family: batchFamily{},
		volume: Quantity{Label: "Videos per month", Unit: "videos", Max: MaxRequestsPerMonth, SpanLo: 2, SpanHi: 9,
			Hint: "For example 1M, 250k or 1,000,000: each video is one request."},
		target:    diffusionTarget,
		defVolume: decimal.NewFromInt(10_000), defTarget: decimal.NewFromInt(1_800),
		method: diffusionMethod("video"), trafficAssumes: DiffusionTrafficAssumption, assumesPlain: DiffusionTrafficAssumption, batching: diffusionBatching("video")},
}

// diffusionBatching is an image's or video's batching words (request:
// "image" or "video"): a bigger batch saves little and sometimes costs more.
func diffusionBatching(request string) string {
	return "More traffic fills bigger batches; for each " + request + " a bigger batch saves little and sometimes costs more, " +
		"so the figure at your traffic is the least over the batches your volume fills: the steps show where it moves, " +
		"for the selected model and GPUs at your latency target."
}

// KindOf returns the kind whose request noun is request ("image", "video"),
// as the dataset's index names a diffusion workload's; ok is false for any
// other.
func KindOf(request string) (k Kind, ok bool) {
	for k := KindImages; k < kindCount; k++ {
		if kinds[k].request == request {
			return k, true
		}
	}
	return KindTokens, false
}

func (k Kind) spec() *kindSpec {
	if k >= kindCount {
		return &kinds[KindTokens]
	}
	return &kinds[k]
}

// String names the kind by what its volume counts: "output tokens",
// "images" or "videos".
func (k Kind) String() string { return k.Unit() + "s" }

// Request names one request of the kind: "request", "image" or "video".
func (k Kind) Request() string { return k.spec().request }

// Requests names several: Request's plural.
func (k Kind) Requests() string { return k.spec().request + "s" }

// Answer names one request where requests of different kinds are compared:
// "chat answer", "image" or "video".
func (k Kind) Answer() string { return k.spec().answer }

// Unit names one unit of the kind's monthly volume: "output token",
// "image" or "video".
func (k Kind) Unit() string { return k.spec().unit }

// Verb is what serving a volume of the kind is, to start a sentence:
// "Serving" or "Generating".
func (k Kind) Verb() string { return k.spec().verb }

// PerToken reports whether the per-token sections apply to the kind: the
// per-token figures, the published per-prompt figures (all for text
// prompts), the output length and the latency statistic.
func (k Kind) PerToken() bool { return k.spec().perToken }

// Volume is the kind's monthly volume input.
func (k Kind) Volume() Quantity { return k.spec().volume }

// Target is the kind's latency target input.
func (k Kind) Target() Quantity { return k.spec().target }

// Defaults returns the monthly volume and the latency target a new visitor
// sees on a workload of the kind: 1,000,000,000 output tokens within 100 ms,
// 1,000,000 images within 30 s, or 10,000 videos within 1,800 s.
func (k Kind) Defaults() (volume, target decimal.Decimal) {
	return k.spec().defVolume, k.spec().defTarget
}

// Method says how the figures of a workload of the kind are worked out.
func (k Kind) Method() string { return k.spec().method }

// TrafficAssumption states what the figure at your traffic assumes.
func (k Kind) TrafficAssumption() string { return k.spec().trafficAssumes }

// TrafficAssumptionPlain states what the figure at your traffic assumes in
// plain words, for the page's readers.
func (k Kind) TrafficAssumptionPlain() string { return k.spec().assumesPlain }

// BatchingWords says what more traffic does to the energy of each unit, as
// the volume chart shows it: a bigger batch makes each token cheaper; for
// images and videos it often saves little and sometimes costs more, so the
// chart's steps are where the least over the batches the volume fills moves.
func (k Kind) BatchingWords() string { return k.spec().batching }

// MeasuredWords says how each configuration's figures were measured: "with
// its batches full", "generating full batches".
func (k Kind) MeasuredWords() string { return k.spec().measured }

// WorkloadName returns a workload's name as a list of workloads gives it:
// name, or an image or video workload's in plain words ("Text to image").
func (k Kind) WorkloadName(name string) string { return k.spec().family.workloadName(name) }

// Generates names what one request generates, as `energyfloor -list`
// names it: "image" or "video"; "" for a token workload, whose requests
// are answers.
func (k Kind) Generates() string { return k.spec().family.generates(k) }

// VolumeOf returns the monthly volume of inputs in in the kind's units:
// output tokens, images or videos.
func (k Kind) VolumeOf(in Inputs) decimal.Decimal { return *k.spec().family.volume(&in) }

// setVolume sets the monthly volume of in, in the kind's units, to v.
func (k Kind) setVolume(in *Inputs, v decimal.Decimal) { *k.spec().family.volume(in) = v }

// TargetOf returns the latency target of inputs in in the kind's unit: the
// inter-token latency target in ms, or the batch latency target in s.
func (k Kind) TargetOf(in Inputs) decimal.Decimal { return k.spec().family.target(in) }

// FormatLatency formats a latency of the kind for reading: "246.4 ms", or
// a batch's "11.6392002 s".
func (k Kind) FormatLatency(v decimal.Decimal) string { return k.spec().family.formatLatency(v) }

// LatencyName names the kind's latency at statistic s: "median inter-token
// latency", or "batch latency", which has no statistic.
func (k Kind) LatencyName(s Statistic) string { return k.spec().family.latencyName(s) }

// LatencyHeading heads a table's column of the latency configurations
// reach at statistic s: "Median ITL", "P90 ITL", or "Batch latency".
func (k Kind) LatencyHeading(s Statistic) string { return k.spec().family.latencyHeading(s) }

// VolumeWords states the monthly volume of inputs in: "1,000,000,000 output
// tokens a month of 500 output tokens a request", or "1,000,000 images a
// month". Short leaves the output length out and writes the volume as
// FormatVolume does ("1 billion output tokens a month").
func (k Kind) VolumeWords(in Inputs, short bool) string {
	if short {
		return Counted(FormatVolume(k.VolumeOf(in)), k.Unit()) + " a month"
	}
	s := Counted(FormatInteger(k.VolumeOf(in)), k.Unit()) + " a month"
	if per := k.spec().family.perRequest(in); per != "" {
		s += " of " + per
	}
	return s
}

// TargetWords states the latency target of inputs in: "a 100 ms median
// inter-token latency target", or "a 30 s batch latency target".
func (k Kind) TargetWords(in Inputs) string {
	return WithArticle(k.FormatLatency(k.TargetOf(in))) + " " + k.LatencyName(in.Statistic) + " target"
}

// InputsWords states the volume and the target of inputs in as a list of
// the inputs gives them: "1,000,000,000 output tokens a month, 500 output
// tokens a request, a median inter-token latency within 100 ms", or
// "1,000,000 images a month, a batch latency within 30 s".
func (k Kind) InputsWords(in Inputs) string {
	s := Counted(FormatInteger(k.VolumeOf(in)), k.Unit()) + " a month, "
	if per := k.spec().family.perRequest(in); per != "" {
		s += per + ", "
	}
	return s + "a " + k.LatencyName(in.Statistic) + " within " + k.FormatLatency(k.TargetOf(in))
}

// InputsShort states the volume and the target of inputs in in a few words
// each, for one line: "1 billion output tokens a month", "500-token
// answers", "100 ms median"; or "1 million images a month", "30 s batch
// latency".
func (k Kind) InputsShort(in Inputs) []string {
	return append([]string{k.VolumeWords(in, true)}, k.spec().family.shortInputs(in)...)
}

// RequestLine is the line under a per-request figure j at configuration c,
// for inputs in: the energy in joules for the output length typed ("2.65 J
// for 50 output tokens"), or per image or video and the batch it is
// measured in ("54.1 J per image, in batches of 8").
func (k Kind) RequestLine(j decimal.Decimal, in Inputs, c *Configuration) string {
	return k.spec().family.requestLine(j, in, c)
}

// FastestEnergy starts the sentence giving the energy of figures f where
// nothing meets the target: "0.240 J per output token: 0.0334 Wh per
// request, ", or "7.95 kJ per image: "; the monthly figure follows.
func (k Kind) FastestEnergy(f Figures) string { return k.spec().family.fastestEnergy(f, k.Request()) }

// Words describes configuration c in a sentence: "4×B200 with max_num_seqs
// 4096", or "1×B200 in batches of 8 (Ulysses 1 × ring 1)".
func (c *Configuration) Words() string { return c.family().words(c) }

// ShortWords describes configuration c in a table or a title: "4×B200,
// max_num_seqs 4096" (with " (run 2)" on a repeated run), or "4×B200,
// Ulysses 2 × ring 2, batch 8".
func (c *Configuration) ShortWords() string { return c.family().shortWords(c) }

// BatchWords states how configuration c batches its requests: "with a
// batch size limit of 4,096 requests", or "in batches of 8".
func (c *Configuration) BatchWords() string { return c.family().batchWords(c) }

// BatchSetting is configuration c's batch setting in a table's cell:
// its max_num_seqs, "4,096", or "2 × 1, batch 8" (Ulysses × ring, batch).
func (c *Configuration) BatchSetting() string { return c.family().batchSetting(c) }

// SetupWords states the rest of configuration c's setup: "1,210 requests
// batched together on average", or "Ulysses 1 × ring 1".
func (c *Configuration) SetupWords() string { return c.family().setupWords(c) }

// LatencyWords states, for reading, the latency configuration c reaches at
// statistic s: "246.4 ms" (as measured, to 0.1 ms), or a batch's "11.7 s"
// (FormatReachedSeconds). Exact values stay in the reports and the data-*
// attributes.
func (c *Configuration) LatencyWords(s Statistic) string {
	return c.family().formatReached(c.Latency(s))
}

// FormatReachedSeconds formats a measured batch latency for reading, to
// SignificantFigures significant figures, rounded up so that a target set
// to the figure shown meets it: "11.7 s" for 11.6392002, "1,390 s" for
// 1,383.5369766.
func FormatReachedSeconds(s decimal.Decimal) string {
	if s.Sign() <= 0 {
		return FormatSeconds(s)
	}
	mag := magnitude(s)
	places := int32(SignificantFigures-1) - mag
	r := s.RoundCeil(places)
	if magnitude(r) > mag { // rounded up to the next power of ten: 999.6 → 1000
		places--
		r = s.RoundCeil(places)
	}
	return group(r.StringFixed(max(places, 0))) + " s"
}

// Latency returns the configuration's latency for statistic s: its
// inter-token latency (ITL, milliseconds), or an image or video
// configuration's batch latency (BatchLatencyS, seconds), which has no
// statistics.
func (c *Configuration) Latency(s Statistic) decimal.Decimal { return c.family().latency(c, s) }

// JoulesPerUnit returns the energy every choice of a configuration ranks
// by: joules per output token, or an image or video configuration's
// joules per image or video.
func (c *Configuration) JoulesPerUnit() decimal.Decimal { return c.family().joulesPerUnit(c) }

// UnitsPerSecond returns the configuration's throughput: output tokens per
// second, or an image or video configuration's images or videos per second.
func (c *Configuration) UnitsPerSecond() decimal.Decimal { return c.family().unitsPerSecond(c) }

// Rate returns how fast c serves requests at its full batch for inputs in
// (a token configuration's requests are in.OutputTokensPerRequest long): the
// GPU-seconds of a request and the servers a month's volume reserves follow
// from it.
func (c *Configuration) Rate(in Inputs) RequestRate { return c.family().rate(c, in) }

func (c *Configuration) family() family { return c.Kind.spec().family }

// Words states what each request makes: "1024 × 1024, 50 inference
// steps", or a video's "720 × 480, 50 inference steps, 49 frames at 8 fps".
func (g *Generation) Words() string {
	s := strconv.Itoa(g.Width) + " × " + strconv.Itoa(g.Height) + ", " + strconv.Itoa(g.InferenceSteps) + " inference steps"
	if g.Frames > 0 {
		s += ", " + strconv.Itoa(g.Frames) + " frames at " + strconv.Itoa(g.FPS) + " fps"
	}
	return s
}
