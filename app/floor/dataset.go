// Package floor holds the domain of Energy Floor: the measured serving
// configurations of the ML.ENERGY Leaderboard v3, and the one implementation of
// the energy-floor calculation shared by the browser UI, the server's prerender
// and the CLI.
//
// It is pure Go: no go-app, no syscall/js, no I/O. Every figure a user sees is
// computed and rounded with github.com/shopspring/decimal.
package floor

import (
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
	Boundary  string
	Workloads []*Workload
}

// Workload is one upstream task (lm-arena-chat, gpqa, …) with its models.
type Workload struct {
	// ID is upstream's task name, "lm-arena-chat".
	ID string
	// Name is the human name, "Text Conversation".
	Name   string
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

	// index is the calculation's index of Configurations, built on first use
	// by Floor or ModelFloor: a Model must not change after that.
	index atomic.Pointer[index]
}

// Configuration is one measured serving configuration (one vLLM run).
type Configuration struct {
	// RowID identifies the row, "qwen-3-235b-a22b-instruct/B200/4/4096";
	// a repeated run of the same configuration has "/r2", "/r3", … appended.
	RowID string
	// Repeat numbers the runs of one configuration from 1.
	Repeat         int
	GPU            string
	NumGPUs        int
	TensorParallel int
	DataParallel   int
	ExpertParallel int
	// Precision is the weight precision: BF16, FP8 or MXFP4.
	Precision  string
	MaxNumSeqs int
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
	// GPUPowerWattsTotal is the average power of all its GPUs together, in watts.
	GPUPowerWattsTotal decimal.Decimal
	// AvgOutputTokens is the measured average output length, in tokens.
	AvgOutputTokens int
	// UnderITLDeadline reports median ITL within Dataset.ITLDeadlineMs.
	UnderITLDeadline bool
}

// Workload returns the workload with upstream task name id, or nil.
func (d *Dataset) Workload(id string) *Workload {
	for _, w := range d.Workloads {
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
