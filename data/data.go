// Package data is Energy Floor's bundled dataset: the ML.ENERGY Leaderboard v3
// measurements compiled by energyfloor/data/compile into the folder compiled/,
// embedded in the binary, decoded once and validated record by record.
//
// Load returns the embedded dataset as the domain types of package energyfloor:
// workloads, their models and every measured configuration, with provenance
// (source, version, dates, licence, citation, caveat). Decode reads any folder of
// the same layout; tests use it on broken copies.
//
// Natively the files decode with goccy/go-json; the browser build reads them
// with a small hand-written reader without reflection (direct.go), several
// times faster in freshly compiled wasm. Tests check that both give the same
// dataset, and validation is the same code on both.
//
// Every record is validated at load, so bad data fails a test rather than a
// visitor's browser: required fields present, unknown fields refused; figures
// exact (parsed from their JSON text into decimal.Decimal), positive where
// they are energies, throughputs, power or latencies, within float64's range;
// latency percentiles in order (median ≤ p90 ≤ p95 ≤ p99); Wh per million
// tokens consistent with joules per token; under_itl_deadline true to the
// median; row ids unique and as derived, configurations in order; best really
// the lowest-energy configuration within the ceiling, in the model file and in
// index.json; and every file agreeing with index.json on the dataset's
// version, dates, caveat, source block and counts. An *Error names the file,
// workload, model, row and field at fault.
package data

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sync"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

//go:embed compiled
var compiled embed.FS

var (
	loadOnce sync.Once
	loaded   *floor.Dataset
	loadErr  error
)

// Load decodes the embedded dataset on its first call and returns the same
// Dataset to every caller after it. The Dataset is shared: callers must not
// modify it.
//
// Natively (server, CLI, static build) Load validates every record, as Decode
// does. The browser build has no checks (checksBuilt is false there) and
// decodes the same embedded bytes without them: the server that serves
// app.wasm, and `make static` that writes it out, validated those bytes when
// they started, and so did the tests; repeating the checks cost the browser
// about 110 ms of its start-up and app.wasm 40 KB of code. Figures that do
// not parse still fail there.
func Load() (*floor.Dataset, error) {
	loadOnce.Do(func() {
		loaded, loadErr = decode(Files(), unmarshal, true, "")
	})
	return loaded, loadErr
}

// LoadWorkload decodes index.json and the model files of one workload only,
// the one with upstream task name id (floor.DefaultWorkload when id
// names none), checked as Load checks them, and returns a partial dataset:
// every workload has its ID, name and source, but only that one has models.
// The browser draws its first page from it (lm-arena-chat, the default, is
// 37 % of the model files' bytes) and takes the whole dataset from Load once
// the page is interactive. Each call decodes afresh; the caller owns the result.
func LoadWorkload(id string) (*floor.Dataset, error) {
	return decodeWorkload(Files(), unmarshal, true, id)
}

// decodeWorkload is LoadWorkload's decode: id "" names no workload, so it
// too gives the default one.
func decodeWorkload(files fs.FS, unmarshal func([]byte, any) error, validate bool, id string) (*floor.Dataset, error) {
	if id == "" {
		id = floor.DefaultWorkload
	}
	return decode(files, unmarshal, validate, id)
}

// Files is the embedded compiled dataset: index.json and
// <workload>/<slug>.json.
func Files() fs.FS {
	sub, err := fs.Sub(compiled, "compiled")
	if err != nil {
		panic(err) // "compiled" is a valid path: fs.Sub cannot fail on it.
	}
	return sub
}

// Decode reads index.json and every model file it lists from files, validates
// every record (natively: the browser build has no checks, see Load), and
// returns the dataset. An error names the workload, model,
// row and field at fault.
func Decode(files fs.FS) (*floor.Dataset, error) {
	return decode(files, unmarshal, true, "")
}

// decode decodes files with unmarshal. With validate false, or in a build
// without checks, it still parses every figure and derives each model's GPUs
// and best rows, but skips the checks that only compare what was read. With
// only set, it reads the model files of that workload alone (see
// LoadWorkload); "" reads them all.
func decode(files fs.FS, unmarshal func([]byte, any) error, validate bool, only string) (*floor.Dataset, error) {
	// A constant false here lets the compiler drop every check, and the
	// linker their code, from the browser build.
	validate = validate && checksBuilt
	var idx fileIndex
	if err := readFile(files, "index.json", &idx, unmarshal); err != nil {
		return nil, err
	}
	if validate {
		if err := checkIndex(&idx); err != nil {
			return nil, err
		}
	}
	d := &floor.Dataset{
		FormatVersion: idx.Version,
		DataVersion:   idx.DataVersion,
		Updated:       idx.Updated,
		ITLDeadlineMs: int(idx.ITLDeadlineMs),
		Caveat:        idx.Caveat,
		Boundary:      idx.Boundary,
	}
	if only != "" && !slices.ContainsFunc(idx.Workloads, func(w *fileWorkload) bool { return w.ID == only }) {
		only = floor.DefaultWorkload
	}
	for _, iw := range idx.Workloads {
		w := &floor.Workload{ID: iw.ID, Name: iw.Name, Source: iw.Source.domain()}
		d.Workloads = append(d.Workloads, w)
		if only != "" && iw.ID != only {
			continue
		}
		configurations := 0
		for _, im := range iw.Models {
			var mf fileModel
			if err := readFile(files, im.File, &mf, unmarshal); err != nil {
				return nil, err
			}
			m, err := checkModel(&idx, iw, im, &mf, validate)
			if err != nil {
				return nil, err
			}
			configurations += len(m.Configurations)
			w.Models = append(w.Models, m)
		}
		if configurations != iw.ConfigurationCount {
			return nil, &Error{File: "index.json", Workload: iw.ID, Field: "configuration_count",
				Err: fmt.Errorf("is %d, but its models have %d configurations", iw.ConfigurationCount, configurations)}
		}
	}
	return d, nil
}

func readFile(files fs.FS, name string, v any, unmarshal func([]byte, any) error) error {
	if !fs.ValidPath(name) || path.Ext(name) != ".json" {
		return &Error{File: name, Err: fmt.Errorf("not a dataset file name")}
	}
	b, err := fs.ReadFile(files, name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // Error names the file already.
			err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
		}
		return &Error{File: name, Err: err}
	}
	if err := unmarshal(b, v); err != nil {
		return &Error{File: name, Err: fmt.Errorf("decode: %w", err)}
	}
	return nil
}

// Error is a dataset file that fails to decode or validate, located by file,
// workload, model, row and field (empty when not applicable).
type Error struct {
	File     string
	Workload string
	Model    string
	Row      string
	Field    string
	Err      error
}

func (e *Error) Error() string {
	s := "dataset"
	for _, p := range []struct{ name, value string }{
		{"file", e.File}, {"workload", e.Workload}, {"model", e.Model}, {"row", e.Row}, {"field", e.Field},
	} {
		if p.value != "" {
			s += fmt.Sprintf(": %s %q", p.name, p.value)
		}
	}
	return s + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// fileIndex is index.json.
type fileIndex struct {
	Version       string          `json:"version"`
	Updated       string          `json:"updated"`
	DataVersion   string          `json:"data_version"`
	Unit          string          `json:"unit"`
	ITLDeadlineMs int64           `json:"itl_deadline_ms"`
	Caveat        string          `json:"caveat"`
	Boundary      string          `json:"boundary"`
	Licence       string          `json:"licence"`
	Cite          string          `json:"cite"`
	CiteURL       string          `json:"cite_url"`
	Workloads     []*fileWorkload `json:"workloads"`
}

type fileWorkload struct {
	ID                 string            `json:"id"`
	Name               string            `json:"name"`
	UpstreamName       string            `json:"upstream_name"`
	ModelCount         int               `json:"model_count"`
	ConfigurationCount int               `json:"configuration_count"`
	Source             fileSource        `json:"source"`
	Models             []*fileIndexModel `json:"models"`
}

type fileIndexModel struct {
	Slug               string              `json:"slug"`
	Name               string              `json:"name"`
	ModelID            string              `json:"model_id"`
	ParamsB            float64             `json:"params_b"`
	ActiveParamsB      float64             `json:"active_params_b"`
	Architecture       string              `json:"architecture"`
	GPUs               []string            `json:"gpus"`
	File               string              `json:"file"`
	ConfigurationCount int                 `json:"configuration_count"`
	Best               map[string]*fileRow `json:"best"`
}

type fileSource struct {
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
	Selection        string   `json:"selection"`
	Cite             string   `json:"cite"`
	CiteURL          string   `json:"cite_url"`
	UsedFor          string   `json:"used_for"`
	Configurations   string   `json:"configurations"`
}

func (s *fileSource) domain() floor.Source {
	return floor.Source{
		Name:             s.Name,
		Publisher:        s.Publisher,
		URL:              s.URL,
		DataURL:          s.DataURL,
		Version:          s.Version,
		Released:         s.Released,
		Compiled:         s.Compiled,
		CompiledEvidence: s.CompiledEvidence,
		Retrieved:        s.Retrieved,
		Licence:          s.Licence,
		LicenceEvidence:  append([]string(nil), s.LicenceEvidence...),
		Workload:         s.Workload,
		Method:           s.Method,
		Selection:        s.Selection,
		Cite:             s.Cite,
		CiteURL:          s.CiteURL,
		UsedFor:          s.UsedFor,
		Configurations:   s.Configurations,
	}
}

// fileModel is <workload>/<slug>.json.
type fileModel struct {
	Version        string              `json:"version"`
	Updated        string              `json:"updated"`
	DataVersion    string              `json:"data_version"`
	Unit           string              `json:"unit"`
	ITLDeadlineMs  int64               `json:"itl_deadline_ms"`
	Source         fileSource          `json:"source"`
	Caveat         string              `json:"caveat"`
	Boundary       string              `json:"boundary"`
	Slug           string              `json:"slug"`
	Name           string              `json:"name"`
	ModelID        string              `json:"model_id"`
	ParamsB        float64             `json:"params_b"`
	ActiveParamsB  float64             `json:"active_params_b"`
	Architecture   string              `json:"architecture"`
	GPUs           []string            `json:"gpus"`
	Configurations []*fileRow          `json:"configurations"`
	Best           map[string]*fileRow `json:"best"`
}

// fileRow is one configuration as written. Figures stay JSON number text
// (json.Number) until parse turns them into exact decimal.Decimal values:
// 0.2402453 is exactly 0.2402453, with no float64 in between.
type fileRow struct {
	GPU                      string      `json:"gpu"`
	NumGPUs                  int         `json:"num_gpus"`
	TensorParallel           int         `json:"tensor_parallel"`
	DataParallel             int         `json:"data_parallel"`
	ExpertParallel           int         `json:"expert_parallel"`
	Precision                string      `json:"precision"`
	MaxNumSeqs               int         `json:"max_num_seqs"`
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

// parse converts a row into a domain Configuration, parsing every figure.
func (r *fileRow) parse() (*floor.Configuration, *rowError) {
	c := &floor.Configuration{
		RowID:            r.RowID,
		Repeat:           r.Repeat,
		GPU:              r.GPU,
		NumGPUs:          r.NumGPUs,
		TensorParallel:   r.TensorParallel,
		DataParallel:     r.DataParallel,
		ExpertParallel:   r.ExpertParallel,
		Precision:        r.Precision,
		MaxNumSeqs:       r.MaxNumSeqs,
		AvgOutputTokens:  r.AvgOutputTokens,
		UnderITLDeadline: r.UnderITLDeadline,
	}
	var inFlight, batch decimal.Decimal
	for _, f := range []struct {
		name string
		text json.Number
		to   *decimal.Decimal
	}{
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
	} {
		d, err := parseFigure(string(f.text))
		if err != nil {
			return nil, &rowError{f.name, err}
		}
		// decimal.Decimal holds any literal, but a figure beyond float64's
		// range is not a measurement (and would be infinite in a chart), and
		// the dataset writes at most 7 decimals. Bounding both before any
		// arithmetic also bounds what comparing two figures costs: decimal
		// scales both to one exponent.
		if d.NumDigits()+int(d.Exponent()) > 308 {
			return nil, &rowError{f.name, fmt.Errorf("is %s, beyond float64's range", shortDecimal(d))}
		}
		if d.Exponent() < -maxDecimals {
			return nil, &rowError{f.name, fmt.Errorf("is %s, with more than %d decimals", shortDecimal(d), maxDecimals)}
		}
		*f.to = d
	}
	if !inFlight.Equal(batch) {
		return nil, &rowError{"avg_requests_in_flight", fmt.Errorf("is %s, but avg_running_batch is %s", inFlight, batch)}
	}
	c.AvgRunningBatch = batch.InexactFloat64()
	return c, nil
}

// maxDecimals bounds the decimals of a figure; the dataset writes at most 7.
const maxDecimals = 12

// parseFigure parses a JSON number literal exactly. The figures in the
// dataset have few digits, so the common case builds the decimal from an
// int64 and an exponent directly, several times faster than
// decimal.NewFromString, which takes the rest.
func parseFigure(s string) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, errors.New("missing")
	}
	var mant int64
	exp, digits, i := 0, 0, 0
	neg := s[0] == '-'
	if neg {
		i++
	}
	seenDot, ok := false, i < len(s)
	for ; i < len(s) && ok; i++ {
		switch ch := s[i]; {
		case ch >= '0' && ch <= '9':
			if digits == 18 {
				ok = false // too many digits for an int64
				break
			}
			if mant > 0 || ch != '0' {
				digits++
			}
			mant = mant*10 + int64(ch-'0')
			if seenDot {
				exp--
			}
		case ch == '.' && !seenDot:
			seenDot = true
		default:
			ok = false // an exponent, or not a number
		}
	}
	if !ok {
		d, err := decimal.NewFromString(s)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("is %q, not a number", s)
		}
		return d, nil
	}
	if neg {
		mant = -mant
	}
	return decimal.New(mant, int32(exp)), nil
}
