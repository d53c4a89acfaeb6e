package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The dataset's file format, version FormatVersion: these types are the one
// definition of index.json, grid.json and <workload>/<slug>.json, which the
// compiler (data/compile) writes in field order, and of published.json,
// written by hand (grid.json's, published.json's, equivalents.json's and
// footprint.json's types are in format_files.go). The native loader decodes them with goccy/go-json and the
// browser's reader (direct.go) fills the same types. Figures stay JSON number text (json.Number) until Row.configuration
// parses them into exact decimals: 0.2402453 is exactly 0.2402453, with no
// float64 in between, and a file is written back as it was read.
//
// The reference example of a model file is
// ../shared/reference/qwen-3-235b-a22b-instruct.json.

// FormatVersion is the version of the file format these types define.
const FormatVersion = "1"

// Index is index.json: the dataset's version, dates, caveat, licence and
// citation, and every workload with its models' metadata and best rows, so
// the models can be listed without reading every file.
type Index struct {
	Header
	Caveat    string           `json:"caveat"`
	Boundary  string           `json:"boundary"`
	Licence   string           `json:"licence"`
	Cite      string           `json:"cite"`
	CiteURL   string           `json:"cite_url"`
	Workloads []*IndexWorkload `json:"workloads"`
	// DiffusionWorkloads are the image and video generation workloads.
	DiffusionWorkloads []*IndexDiffusionWorkload `json:"diffusion_workloads"`
}

// IndexDiffusionWorkload is one diffusion workload in index.json: Request
// names what one request makes, "image" or "video".
type IndexDiffusionWorkload struct {
	WorkloadName
	Request string `json:"request"`
	WorkloadCounts
	Models []*IndexDiffusionModel `json:"models"`
}

// IndexDiffusionModel is one model of a diffusion workload in index.json,
// with its generation settings; File names its model file.
type IndexDiffusionModel struct {
	ModelInfo
	Generation         floor.Generation `json:"generation"`
	File               string           `json:"file"`
	ConfigurationCount int              `json:"configuration_count"`
}

// DiffusionModelFile is <workload>/<slug>.json for a diffusion workload:
// one model, with the dataset's header, the workload's source block, the
// caveat true for its generation settings, and every configuration.
type DiffusionModelFile struct {
	ModelFileHead
	Generation     floor.Generation `json:"generation"`
	Configurations []*DiffusionRow  `json:"configurations"`
}

// DiffusionRow is one measured diffusion configuration as written (the
// units are in floor.Configuration's fields).
type DiffusionRow struct {
	floor.DiffusionSetup
	JoulesPerRequest   json.Number `json:"joules_per_request"`
	BatchLatencyS      json.Number `json:"batch_latency_s"`
	RequestsPerSecond  json.Number `json:"requests_per_second"`
	GPUPowerWattsTotal json.Number `json:"gpu_power_watts_total"`
	RowID              string      `json:"row_id"`
}

// Configuration parses the row into a floor.Configuration, every figure
// exactly; a figure that is missing, not a number, beyond float64's range or
// with more than maxDecimals decimals is a *FieldError. The row does not
// say whether it makes images or videos: its Kind is KindImages, and the
// caller sets the Kind its workload gives (the two share their settings
// and their rules, CompareConfigurations and SameCurve).
func (r *DiffusionRow) Configuration() (*floor.Configuration, error) {
	c := &floor.Configuration{
		RowID:     r.RowID,
		Repeat:    1,
		GPU:       r.GPU,
		NumGPUs:   r.NumGPUs,
		Kind:      floor.KindImages,
		Precision: r.Precision,
		DiffusionSettings: &floor.DiffusionSettings{
			BatchSize:     r.BatchSize,
			UlyssesDegree: r.UlyssesDegree,
			RingDegree:    r.RingDegree,
		},
	}
	if err := parseMeasured([]measuredFigure{
		{"joules_per_request", r.JoulesPerRequest, &c.JoulesPerRequest},
		{"batch_latency_s", r.BatchLatencyS, &c.BatchLatencyS},
		{"requests_per_second", r.RequestsPerSecond, &c.RequestsPerSecond},
		{"gpu_power_watts_total", r.GPUPowerWattsTotal, &c.GPUPowerWattsTotal},
	}); err != nil {
		return nil, err
	}
	return c, nil
}

// Header opens index.json and every model file: the format version, the
// dates, the unit of the energy figures and, for the token workloads, the
// latency ceiling of the best rows. A diffusion model file's header is
// DiffusionHeader's.
type Header struct {
	Version       string `json:"version"`
	Updated       string `json:"updated"`
	DataVersion   string `json:"data_version"`
	Unit          string `json:"unit"`
	ITLDeadlineMs int64  `json:"itl_deadline_ms,omitempty"`
}

// DiffusionHeader is the header of a diffusion model file whose requests
// each make one request ("image" or "video"): index.json's (idx), with the
// unit of the file's energy figures (joules_per_request) and no inter-token
// latency ceiling, which does not apply to images and videos.
func DiffusionHeader(idx Header, request string) Header {
	idx.Unit = "J per " + request
	idx.ITLDeadlineMs = 0
	return idx
}

// ModelInfo describes a model, in index.json and in its own file.
type ModelInfo struct {
	Slug          string      `json:"slug"`
	Name          string      `json:"name"`
	ModelID       string      `json:"model_id"`
	ParamsB       json.Number `json:"params_b"`
	ActiveParamsB json.Number `json:"active_params_b"`
	Architecture  string      `json:"architecture"`
	GPUs          []string    `json:"gpus"`
}

// IndexWorkload is one workload in index.json.
type IndexWorkload struct {
	WorkloadName
	WorkloadCounts
	Models []*IndexModel `json:"models"`
}

// WorkloadName and WorkloadCounts are what both kinds of workload in
// index.json (IndexWorkload, IndexDiffusionWorkload) have, on either side
// of a diffusion workload's request: the workload's id and names, then its
// counts and source block.
type WorkloadName struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	UpstreamName string `json:"upstream_name"`
}

type WorkloadCounts struct {
	ModelCount         int          `json:"model_count"`
	ConfigurationCount int          `json:"configuration_count"`
	Source             floor.Source `json:"source"`
}

// IndexModel is one model of a workload in index.json; File names its model
// file.
type IndexModel struct {
	ModelInfo
	File               string          `json:"file"`
	ConfigurationCount int             `json:"configuration_count"`
	Best               map[string]*Row `json:"best"`
}

// ModelFile is <workload>/<slug>.json: one model on one workload, with the
// dataset's header, the workload's source block (its selection text true
// for this model), every configuration and the best rows.
type ModelFile struct {
	ModelFileHead
	Configurations []*Row          `json:"configurations"`
	Best           map[string]*Row `json:"best"`
}

// ModelFileHead opens both kinds of model file (ModelFile,
// DiffusionModelFile): the dataset's header, the workload's source block,
// the caveat, the boundary and the model's description.
type ModelFileHead struct {
	Header
	Source   floor.Source `json:"source"`
	Caveat   string       `json:"caveat"`
	Boundary string       `json:"boundary"`
	ModelInfo
}

// Row is one measured configuration as written (the units are in
// floor.Configuration's fields).
type Row struct {
	floor.TokenSetup
	AvgRequestsInFlight      json.Number `json:"avg_requests_in_flight"`
	WhPerMillionOutputTokens json.Number `json:"wh_per_million_output_tokens"`
	JoulesPerOutputToken     json.Number `json:"joules_per_output_token"`
	MedianITLMs              json.Number `json:"median_itl_ms"`
	P90ITLMs                 json.Number `json:"p90_itl_ms"`
	P99ITLMs                 json.Number `json:"p99_itl_ms"`
	TokensPerSecond          json.Number `json:"tokens_per_second"`
	GPUPowerWattsTotal       json.Number `json:"gpu_power_watts_total"`
	AvgOutputTokens          int         `json:"avg_output_tokens"`
	UnderITLDeadline         bool        `json:"under_itl_deadline"`
	AvgRunningBatch          json.Number `json:"avg_running_batch"`
	P95ITLMs                 json.Number `json:"p95_itl_ms"`
	RowID                    string      `json:"row_id"`
	Repeat                   int         `json:"repeat"`
}

// FieldError is a figure of a Row that does not parse, named by its field.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

func (e *FieldError) Unwrap() error { return e.Err }

// maxDecimals bounds the decimals of a figure; the dataset writes at most 7.
const maxDecimals = 12

// Configuration parses the row into a floor.Configuration, every figure
// exactly. A figure that is missing, not a number, beyond float64's range or
// with more than maxDecimals decimals is a *FieldError, and so is an
// avg_requests_in_flight that differs from avg_running_batch (the same
// figure, written twice).
func (r *Row) Configuration() (*floor.Configuration, error) {
	c := &floor.Configuration{
		RowID:     r.RowID,
		Repeat:    r.Repeat,
		GPU:       r.GPU,
		NumGPUs:   r.NumGPUs,
		Kind:      floor.KindTokens,
		Precision: r.Precision,
		TokenSettings: &floor.TokenSettings{
			TensorParallel:   r.TensorParallel,
			DataParallel:     r.DataParallel,
			ExpertParallel:   r.ExpertParallel,
			MaxNumSeqs:       r.MaxNumSeqs,
			AvgOutputTokens:  r.AvgOutputTokens,
			UnderITLDeadline: r.UnderITLDeadline,
		},
	}
	var inFlight, batch decimal.Decimal
	if err := parseMeasured([]measuredFigure{
		{"avg_requests_in_flight", r.AvgRequestsInFlight, &inFlight},
		{"wh_per_million_output_tokens", r.WhPerMillionOutputTokens, &c.WhPerMillionOutputTokens},
		{"joules_per_output_token", r.JoulesPerOutputToken, &c.JoulesPerOutputToken},
		{"median_itl_ms", r.MedianITLMs, &c.MedianITLMs},
		{"p90_itl_ms", r.P90ITLMs, &c.P90ITLMs},
		{"p99_itl_ms", r.P99ITLMs, &c.P99ITLMs},
		{"tokens_per_second", r.TokensPerSecond, &c.TokensPerSecond},
		{"gpu_power_watts_total", r.GPUPowerWattsTotal, &c.GPUPowerWattsTotal},
		{"avg_running_batch", r.AvgRunningBatch, &batch},
		{"p95_itl_ms", r.P95ITLMs, &c.P95ITLMs},
	}); err != nil {
		return nil, err
	}
	if !inFlight.Equal(batch) {
		return nil, &FieldError{"avg_requests_in_flight", fmt.Errorf("is %s, but avg_running_batch is %s", inFlight, batch)}
	}
	c.AvgRunningBatch = batch.InexactFloat64()
	return c, nil
}

// measuredFigure is a measured row's figure: its field's name, its text as
// written and where its value goes.
type measuredFigure struct {
	name string
	text json.Number
	to   *decimal.Decimal
}

// parseMeasured parses each figure of a measured row (Row, DiffusionRow)
// exactly into its place, in order; the first that is missing, not a
// number, or fails checkDigits is a *FieldError.
func parseMeasured(figures []measuredFigure) error {
	for _, f := range figures {
		d, err := parseFigure(string(f.text))
		if err == nil {
			err = checkDigits(d)
		}
		if err != nil {
			return &FieldError{f.name, err}
		}
		*f.to = d
	}
	return nil
}

// checkDigits checks that d is within float64's range with at most
// maxDecimals decimals. decimal.Decimal holds any literal, but a figure
// beyond float64's range is not a measurement (and would be infinite in a
// chart), and bounding the digits before any arithmetic also bounds what
// comparing two figures costs: decimal scales both to one exponent.
func checkDigits(d decimal.Decimal) error {
	if d.NumDigits()+int(d.Exponent()) > 308 {
		return fmt.Errorf("is %s, beyond float64's range", shortDecimal(d))
	}
	if d.Exponent() < -maxDecimals {
		return fmt.Errorf("is %s, with more than %d decimals", shortDecimal(d), maxDecimals)
	}
	return nil
}

// parseParams parses a model's parameter count (billions) for the domain,
// which only shows it.
func parseParams(n json.Number) (float64, error) {
	v, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return 0, fmt.Errorf("is %s, not a number within float64's range", floor.QuoteInput(string(n)))
	}
	return v, nil
}

// parseField parses field name's JSON number literal exactly; one that is
// missing or not a number is a *FieldError.
func parseField(name string, n json.Number) (decimal.Decimal, error) {
	d, err := parseFigure(string(n))
	if err != nil {
		return decimal.Decimal{}, &FieldError{name, err}
	}
	return d, nil
}

// parseFigure parses a JSON number literal exactly.
func parseFigure(s string) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, errors.New("missing")
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("is %s, not a number", floor.QuoteInput(s))
	}
	return d, nil
}
