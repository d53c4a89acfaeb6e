// Package floor holds the domain of Energy Floor: the measured serving
// configurations of the ML.ENERGY Leaderboard v3, and the one implementation of
// the energy-floor calculation shared by the browser UI, the server's prerender
// and the CLI.
//
// It is pure Go: no go-app, no syscall/js, no I/O. Every figure a user sees is
// computed and rounded with github.com/shopspring/decimal.
//
// # Beyond the GPU floor
//
// The floor is measured GPU energy only, and it stays the headline. An
// estimate carries it on to what a facility's meter, the grid and the bill
// see, with assumptions the user chooses (Factors); each is its own labelled,
// sourced line next to the floor, never folded into it:
//
//	E_gpu      = the floor: Figures.WhPerRequest (Wh), Figures.KWhPerMonth (kWh)
//	E_estimate = E_gpu × (1 + host + idle) × pue                        Wh per request, kWh per month
//	carbon     = E_estimate (kWh) × grid intensity (gCO2e per kWh)      gCO2e per request, kgCO2e per month
//	cost       = E_estimate (kWh per month) × price (currency per kWh)  currency per month
//
// host is the energy of the host's CPUs and memory, and idle that of idle and
// provisioned-but-unused machines, each as a fraction of GPU energy (0 to
// MaxOverhead); pue is facility energy over IT energy (MinPUE to MaxPUE). The
// grid intensity is a location-based annual average: a bundled country's or
// region's (Dataset.Grid) or the user's own. With host 0, idle 0 and pue 1 (the
// zero Factors, and the "GPU only" preset) the estimate is the floor itself.
// Presets gives the factors' published sources.
//
// Every estimate figure is the unrounded floor figure times the factors,
// exactly: there is no division (Wh to kWh and grams to kilograms shift the
// decimal point), so the estimate keeps every digit of the floor's figures,
// whose quotients keep at least QuotientDigits significant digits. The
// floor's own figures never change with the factors.
//
// # The floor at your traffic
//
// The floor is measured at the batch that fills the GPUs; a month's traffic
// usually cannot fill it. Each model and GPU set is measured along a
// concurrency curve (SameCurve: max_num_seqs 8, 16, 32 …), and the curve says
// what the traffic can reach:
//
//	r          = output tokens per month ÷ SecondsPerMonth      output tokens per second
//	candidates = on each curve, the configurations that meet the target, in
//	             curve order, up to and including the first whose measured
//	             tokens per second exceeds r
//	at traffic = the candidate Preferred chooses
//
// A configuration whose throughput is at most r runs as measured: the
// traffic fills one or more replicas of it. The first one above r cannot be
// filled; the traffic keeps its servers at fewer requests in flight, where,
// per the measured curves, each token costs no less than at that point. The
// traffic floor is never below the floor, equals it once r reaches the
// throughput of every candidate, and never rises as the volume grows.
//
// # Images and videos
//
// On a diffusion workload (text-to-image, text-to-video: Workload.Kind
// KindImages or KindVideos, Model.Generation its fixed settings) a request is one
// image or video, and the same functions compute the same definitions with
// these in place of the token figures:
//
//	energy per request = Configuration.JoulesPerRequest                J (the energy every choice ranks by: JoulesPerUnit)
//	latency            = Configuration.BatchLatencyS ≤ Inputs.TargetLatencyS   s, no statistic: every image of a batch is ready with it
//	Wh per request     = J ÷ 3,600
//	kWh per month      = J × Inputs.ImagesOrVideosPerMonth ÷ 3,600,000  (a year: × 12)
//	GPU-hours a month  = requests × GPUs ÷ Configuration.RequestsPerSecond ÷ 3,600
//	r                  = requests a month ÷ SecondsPerMonth              images or videos per second (Traffic.PerSecond)
//
// The floor is chosen by the same preference order (Preferred); a curve
// (SameCurve) is a model's configurations with the same GPU, GPU count,
// Ulysses degree, ring degree and precision, ordered by batch size. The
// per-token figures (JoulesPerOutputToken, WhPerMillionOutputTokens) are
// zero. DiffusionTrafficAssumption states what the traffic floor assumes.
package floor

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/shopspring/decimal"
)

// GPU models measured by the leaderboard.
const (
	H100 = "H100"
	B200 = "B200"
)

// Dataset is the whole bundled dataset: every workload with its models.
type Dataset struct {
	// FormatVersion is the per-model file format version ("1").
	FormatVersion string
	// DataVersion names this compilation of the dataset (a date, "2026-10-19").
	DataVersion string
	// Updated is the date the compiled dataset was last changed.
	Updated string
	// ITLDeadlineMs is the leaderboard's median inter-token latency ceiling
	// (milliseconds) that `Best` is selected under.
	ITLDeadlineMs int
	// Caveat is the text that must sit next to every figure.
	Caveat string
	// Boundary names what the energy covers ("gpu_only").
	Boundary string
	// TokenWorkloads are the language model workloads (lm-arena-chat, gpqa,
	// …): a request is an answer of output tokens.
	TokenWorkloads []*Workload
	// DiffusionWorkloads are the image and video generation workloads
	// (text-to-image, text-to-video): a request is one image or video, its
	// latency the batch's (Configuration.BatchLatencyS).
	DiffusionWorkloads []*Workload
	// Grid holds the bundled grid carbon intensities, sorted by code, and
	// GridSource their provenance.
	Grid       []GridIntensity
	GridSource GridSource
	// Published are per-prompt energy figures others have published, each
	// with its scope, in the order they are shown; PublishedNote is the
	// sentence shown with them.
	Published     []PublishedFigure
	PublishedNote string
	// Equivalents are everyday energies a figure can be restated in, each
	// with its source, in the order they are shown (Equivalents counts them).
	Equivalents []Equivalent
	// Footprint holds the bundled values of the footprint beyond energy,
	// each with its source.
	Footprint FootprintSources
}

// GridIntensity is one country's or region's yearly average carbon
// intensity of electricity generation: a location-based annual average.
type GridIntensity struct {
	// Code is the ISO 3166-1 alpha-3 code ("DEU") or the region's name
	// ("World", "EU"): the permalink's and the CLI's name for it.
	Code string
	// Name is the country's or region's name, "Germany".
	Name string
	// Year is the year the figure is for.
	Year int
	// GCO2ePerKWh is grams of CO2-equivalent per kWh generated.
	GCO2ePerKWh decimal.Decimal
}

// GridSource is the provenance of the grid intensities, as the dataset
// writes it in grid.json (keys in this order).
type GridSource struct {
	// Name is how a sentence names the source: "Ember yearly electricity
	// data via CO2.js (Green Web Foundation)".
	Name      string `json:"name"`
	Publisher string `json:"publisher"`
	URL       string `json:"url"`
	// DataURL is the exact file compiled: the one at Commit, last changed
	// upstream on Updated.
	DataURL         string   `json:"data_url"`
	Commit          string   `json:"commit"`
	Updated         string   `json:"updated"`
	Licence         string   `json:"licence"`
	LicenceEvidence []string `json:"licence_evidence"`
	// Attribution must be shown whenever a carbon figure is.
	Attribution string `json:"attribution"`
	Method      string `json:"method"`
}

// Alignments: which of the calculator's lines a published figure's scope
// matches (PublishedFigure.AlignsWith). A preset's ID names an estimate with
// that preset's factors; the GPU only preset's is the floor itself.
const (
	AlignsWithFloor  = PresetGPUOnly
	AlignsWithGoogle = PresetGoogle2025
	AlignsWithNone   = "none"
	// AlignsWithOnsiteWater is a published water figure's scope when it
	// counts on-site water alone, as a WUE times IT energy does.
	AlignsWithOnsiteWater = "onsite"
)

// PublishedFigure is a per-prompt energy figure someone has published, with
// what it counts: shown beside the floor and the estimate for scale, never
// as a measurement of the user's model.
type PublishedFigure struct {
	// ID names the figure, "google-2025-comprehensive".
	ID string
	// Publisher is who published it, "Google".
	Publisher string
	// Subject is what the figure is for, "median Gemini Apps text prompt".
	Subject string
	// WhPerPrompt is the published energy per prompt, in Wh;
	// GCO2ePerPrompt the carbon (gCO2e) and WaterMLPerPrompt the water (mL).
	// Each is valid when it is published.
	WhPerPrompt      decimal.NullDecimal
	GCO2ePerPrompt   decimal.NullDecimal
	WaterMLPerPrompt decimal.NullDecimal
	// Approximate reports a figure given as "about" or "roughly".
	Approximate bool
	// Date is the month the figure is for, "2025-05", or, when its source
	// does not say, the month it was published.
	Date string
	// Source names the publication; URL is where it is.
	Source string
	URL    string
	// Scope says what the figure counts and what it does not.
	Scope string
	// AlignsWith is the line of ours its scope matches: AlignsWithFloor,
	// AlignsWithGoogle or AlignsWithNone.
	AlignsWith string
	// CarbonScope and WaterScope say what the carbon and the water count;
	// WaterAlignsWith is the line of ours the water's scope matches,
	// AlignsWithOnsiteWater or AlignsWithNone.
	CarbonScope, WaterScope string
	WaterAlignsWith         string
}

// Workload is one upstream task (lm-arena-chat, gpqa, …) with its models.
type Workload struct {
	// ID is upstream's task name, "lm-arena-chat".
	ID string
	// Name is the human name, "Text Conversation".
	Name string
	// Kind is what one request makes: an answer of output tokens, an image
	// or a video.
	Kind   Kind
	Source Source
	// Models are sorted by slug.
	Models []*Model

	// index is the calculation's index of Models, built on first use by
	// Rank: a Workload must not change after that.
	index atomic.Pointer[index]
}

// Source is the provenance of one workload's figures, as the dataset
// writes it in index.json and in every model file (keys in this order).
type Source struct {
	Name             string   `json:"name"`
	Publisher        string   `json:"publisher"`
	URL              string   `json:"url"`
	DataURL          string   `json:"data_url"`
	Version          string   `json:"version"`
	Released         string   `json:"released"`
	Compiled         string   `json:"compiled"`
	CompiledEvidence string   `json:"compiled_evidence"`
	Retrieved        string   `json:"retrieved"`
	Licence          string   `json:"licence"`
	LicenceEvidence  []string `json:"licence_evidence"`
	Workload         string   `json:"workload"`
	Method           string   `json:"method"`
	// Selection says how the best rows were chosen; in a model's file it is
	// true for that model.
	Selection      string `json:"selection"`
	Cite           string `json:"cite"`
	CiteURL        string `json:"cite_url"`
	UsedFor        string `json:"used_for"`
	Configurations string `json:"configurations"`
}

// Model is one LLM measured on one workload.
type Model struct {
	// Slug identifies the model in URLs and row ids, "qwen-3-235b-a22b-instruct".
	Slug string
	// Name is the display name, "Qwen 3 235B A22B Instruct".
	Name string
	// ModelID is the Hugging Face id, "Qwen/Qwen3-235B-A22B-Instruct-2507".
	ModelID string
	// ParamsB and ActiveParamsB are total and active parameters, in billions.
	ParamsB       float64
	ActiveParamsB float64
	Architecture  string
	// GPUs lists the GPU models measured, sorted.
	GPUs []string
	// Configurations are sorted by GPU, GPU count, max_num_seqs, repeat.
	Configurations []*Configuration
	// Best maps a GPU model to the lowest-energy configuration whose median
	// inter-token latency is within Dataset.ITLDeadlineMs.
	Best map[string]*Configuration
	// Selection says how Best was chosen, true for this model: the selection
	// text of its source block (Workload.Source.Selection states only the rule).
	Selection string
	// Kind is its workload's.
	Kind Kind
	// Generation is what each request of a diffusion model makes, fixed for
	// every configuration; nil for a token model.
	Generation *Generation
	// Caveat is a diffusion model's caveat, true for its generation
	// settings, shown instead of Dataset.Caveat; "" for a token model.
	Caveat string

	// index is the calculation's index of Configurations, built on first use
	// by Floor or ModelFloor: a Model must not change after that.
	index atomic.Pointer[index]
}

// Configuration is one measured serving configuration: what every kind
// shares, and the settings and figures of its kind. Exactly one of
// TokenSettings and DiffusionSettings is set, the one Kind names, so a
// configuration has no field that is meaningless for its kind; their
// fields are promoted (c.MaxNumSeqs, c.BatchSize) and reading the other
// kind's panics rather than reading a zero. What every kind has but states
// its own way, callers ask the configuration: JoulesPerUnit, Latency,
// UnitsPerSecond, BatchSetting, Words.
type Configuration struct {
	// RowID identifies the row, "qwen-3-235b-a22b-instruct/B200/4/4096";
	// a repeated run of the same configuration has "/r2", "/r3", … appended.
	RowID string
	// Repeat numbers the runs of one configuration from 1.
	Repeat  int
	GPU     string
	NumGPUs int
	// Kind is its model's, and says which settings it has.
	Kind Kind
	// Precision is the weight precision: BF16, FP8 or MXFP4.
	Precision string
	// GPUPowerWattsTotal is the average power of all its GPUs together, in watts.
	GPUPowerWattsTotal decimal.Decimal

	// TokenSettings is a language model's configuration (KindTokens); nil
	// for any other kind.
	*TokenSettings
	// DiffusionSettings is an image or video configuration's (KindImages,
	// KindVideos); nil for tokens.
	*DiffusionSettings
}

// TokenSettings is what only a token configuration (one vLLM run) has: its
// parallelism, its batch size limit and its figures per output token.
type TokenSettings struct {
	TensorParallel int
	DataParallel   int
	ExpertParallel int
	MaxNumSeqs     int
	// AvgRunningBatch is the average number of requests in flight.
	AvgRunningBatch float64

	// JoulesPerOutputToken is GPU energy per output token, in joules: the
	// dataset's most precise energy figure, the start of every calculation.
	JoulesPerOutputToken decimal.Decimal
	// WhPerMillionOutputTokens is the dataset's rounded display figure.
	WhPerMillionOutputTokens decimal.Decimal
	// Inter-token latency percentiles, in milliseconds.
	MedianITLMs decimal.Decimal
	P90ITLMs    decimal.Decimal
	P95ITLMs    decimal.Decimal
	P99ITLMs    decimal.Decimal
	// TokensPerSecond is output tokens per second for the whole configuration.
	TokensPerSecond decimal.Decimal
	// AvgOutputTokens is the measured average output length, in tokens.
	AvgOutputTokens int
	// UnderITLDeadline reports median ITL within Dataset.ITLDeadlineMs.
	UnderITLDeadline bool
}

// DiffusionSettings is what only an image or video configuration
// (text-to-image, text-to-video) has: BatchSize images or videos generated
// together, with Ulysses and ring sequence parallelism (UlyssesDegree ×
// RingDegree = NumGPUs), and its figures per image or video.
type DiffusionSettings struct {
	BatchSize     int
	UlyssesDegree int
	RingDegree    int
	// JoulesPerRequest is GPU energy per image or video, in joules.
	JoulesPerRequest decimal.Decimal
	// BatchLatencyS is the time to generate one batch, in seconds: every
	// image or video of a batch is ready when the batch is.
	BatchLatencyS decimal.Decimal
	// RequestsPerSecond is images or videos per second for the whole
	// configuration.
	RequestsPerSecond decimal.Decimal
}

// Generation is what one request of a diffusion model makes: an image of
// Width × Height pixels, or a video of Frames frames at FPS frames a second,
// in InferenceSteps denoising steps. Every configuration of a model shares it.
type Generation struct {
	Width          int `json:"width"`
	Height         int `json:"height"`
	InferenceSteps int `json:"inference_steps"`
	// Frames and FPS are zero for an image.
	Frames int `json:"frames,omitempty"`
	FPS    int `json:"fps,omitempty"`
}

// TokenWorkload returns the token (language model) workload with upstream
// task name id, or nil, as for a diffusion workload's id: FindWorkload
// finds either kind.
func (d *Dataset) TokenWorkload(id string) *Workload { return workloadIn(d.TokenWorkloads, id) }

// FindWorkload returns the workload, token or diffusion, with upstream task
// name id, or nil.
func (d *Dataset) FindWorkload(id string) *Workload {
	if w := d.TokenWorkload(id); w != nil {
		return w
	}
	return d.DiffusionWorkload(id)
}

// AllWorkloads returns the token workloads, then the diffusion ones.
func (d *Dataset) AllWorkloads() []*Workload {
	return append(append([]*Workload(nil), d.TokenWorkloads...), d.DiffusionWorkloads...)
}

// DiffusionWorkload returns the diffusion workload with upstream task name
// id, or nil.
func (d *Dataset) DiffusionWorkload(id string) *Workload { return workloadIn(d.DiffusionWorkloads, id) }

// workloadIn returns the workload of ws with upstream task name id, or nil.
func workloadIn(ws []*Workload, id string) *Workload {
	for _, w := range ws {
		if w.ID == id {
			return w
		}
	}
	return nil
}

// Model returns the model with the given slug, or nil.
func (w *Workload) Model(slug string) *Model {
	for _, m := range w.Models {
		if m.Slug == slug {
			return m
		}
	}
	return nil
}

// GridIntensity returns the bundled grid intensity with the given code
// (exact, as the permalink gives it), and whether there is one.
func (d *Dataset) GridIntensity(code string) (GridIntensity, bool) {
	i, ok := slices.BinarySearchFunc(d.Grid, code, func(g GridIntensity, code string) int { return strings.Compare(g.Code, code) })
	if !ok {
		return GridIntensity{}, false
	}
	return d.Grid[i], true
}
