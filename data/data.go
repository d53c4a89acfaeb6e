// Package data is Energy Floor's bundled dataset: the ML.ENERGY Leaderboard v3
// measurements and the grid carbon intensities (Ember's yearly electricity
// data via CO2.js), compiled by energyfloor/data/compile into the folder
// compiled/, and the published per-prompt figures, the everyday
// equivalents and the footprint values (embodied emissions per GPU,
// service lives, WUE), written by hand in published.json, equivalents.json
// and footprint.json; embedded in the binary, decoded once and validated record
// by record.
//
// Load returns the embedded dataset as the domain types of package floor:
// workloads, their models and every measured configuration, with provenance
// (source, version, dates, licence, citation, caveat); the grid intensities
// with their source block; and the published figures with their scopes.
// Decode reads any folder of the compiled layout (with the embedded
// published figures); tests use it on broken copies.
//
// When each part is decoded: natively (server, CLI, static build, tests)
// Load and Decode decode and validate everything before they return. In
// the browser Load decodes index.json, the grid, the published figures, the
// equivalents and the footprint values, and lists every workload, token or
// image or video, without its models; LoadWorkload decodes a workload's models on the first
// page that needs that workload (its link, or the workload select switched
// to it), so that a page starts without decoding the workloads it does not
// show.
//
// The file format is one set of types (format.go). Natively the files decode
// with goccy/go-json; the browser build fills the same types with a small
// reader that reflects on the types once, not on every value (direct.go), as
// goccy/go-json would make app.wasm much larger and encoding/json is slow in
// freshly compiled wasm. Tests check that goccy/go-json, encoding/json and that reader give the
// same dataset.
//
// Every record is validated at load, so bad data fails a test rather than a
// visitor's browser: required fields present, unknown fields refused; figures
// exact (parsed from their JSON text into decimal.Decimal), positive where
// they are energies, throughputs, power or latencies, within float64's range;
// latency percentiles in order (median ≤ p90 ≤ p95 ≤ p99); for diffusion,
// Ulysses × ring degree equal to the GPU count, generation settings positive
// (frames and fps for video only) and the caveat as floor.DiffusionCaveat
// derives it; Wh per million
// tokens consistent with joules per token; under_itl_deadline true to the
// median; row ids unique and as derived, configurations in order; best really
// the lowest-energy configuration within the ceiling, in the model file and in
// index.json; and every file agreeing with index.json on the dataset's
// version, dates, caveat, source block and counts. grid.json is checked by
// CheckGrid (every row a code, a name, a year and an intensity within
// bounds; codes sorted and unique; the source block complete) and agrees
// with index.json on version and dates; published.json's figures each have
// an id (once), a value, a date, a source, an https URL, a scope and what
// it aligns with; equivalents.json's entries each an id (once), a name, a
// unit, a positive Wh per unit, a source, an https URL, a year, a basis and
// how it was verified; footprint.json's values (checkFootprint) each an id
// (once in its table), a label, the figure as read, a basis, a scope, a
// source, an https URL, a date and the day retrieved, and a value within its
// table's bounds, with a value for every measured GPU and a full footprint
// that names rows it has. An *Error names the file, workload, model, row and field
// at fault.
package data

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"energyfloor/app/floor"
)

//go:embed compiled
var compiled embed.FS

// publishedJSON is published.json, written by hand beside this file: the
// published per-prompt figures, which have no upstream to compile from.
//
//go:embed published.json
var publishedJSON []byte

// equivalentsJSON is equivalents.json, written by hand beside this file:
// the everyday equivalents, each verified against its source.
//
//go:embed equivalents.json
var equivalentsJSON []byte

// footprintJSON is footprint.json, written by hand beside this file: the
// values of the footprint beyond energy (embodied emissions per GPU,
// service lives, WUE presets), each read at its source. It sits here, not in
// compiled/, because the compiler writes compiled/ whole from the upstream
// files and its golden test refuses a file there it did not write.
//
//go:embed footprint.json
var footprintJSON []byte

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
// app.wasm, and `make static` that writes it out, validated those bytes
// before they listened or wrote anything (server.New refuses a dataset that
// fails, and `make build` runs the binary's -check), and so did the tests,
// so repeating the checks would cost the
// browser start-up time and code for nothing. Figures that do not parse
// still fail there.
//
// In the browser Load lists the workloads (Dataset.Workloads and
// DiffusionWorkloads) without their models: LoadWorkload decodes a
// workload's models on the first page that needs it. Natively Load decodes
// and validates every workload's models before it returns.
func Load() (*floor.Dataset, error) {
	loadOnce.Do(func() {
		loaded, loadModels, loadErr = decodeParts(Files(), unmarshal, true)
		if loadErr == nil && modelsAtLoad {
			if loadErr = decodeAll(loaded, loadModels); loadErr != nil {
				loaded = nil
			}
		}
	})
	return loaded, loadErr
}

// loadModels decodes the models of Load's workload id into Load's dataset,
// once per workload (see decodeParts).
var loadModels func(id string) error

// LoadWorkload decodes the models of Load's workload id, token or
// diffusion, into Load's dataset on its first call for id (natively Load has
// done so already), and returns Load's error or its own. An id the dataset
// does not list has nothing to decode: the error is nil.
func LoadWorkload(id string) error {
	if _, err := Load(); err != nil {
		return err
	}
	return loadModels(id)
}

// Files is the embedded compiled dataset: index.json, grid.json and
// <workload>/<slug>.json.
func Files() fs.FS {
	sub, err := fs.Sub(compiled, "compiled")
	if err != nil {
		panic(err) // "compiled" is a valid path: fs.Sub cannot fail on it.
	}
	return sub
}

// Decode reads index.json, grid.json and every model file index.json lists
// from files, and the embedded published figures and equivalents, validates every record
// (natively: the browser build has no checks, see Load), and returns the
// dataset. An error names the workload, model,
// row and field at fault.
func Decode(files fs.FS) (*floor.Dataset, error) {
	return decode(files, unmarshal, true)
}

// decode decodes files with unmarshal. With validate false, or in a build
// without checks, it still parses every figure and derives each model's GPUs
// and best rows, but skips the checks that only compare what was read.
func decode(files fs.FS, unmarshal func([]byte, any) error, validate bool) (*floor.Dataset, error) {
	d, models, err := decodeParts(files, unmarshal, validate)
	if err == nil {
		err = decodeAll(d, models)
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

// decodeAll decodes every workload's models into d with models
// (decodeParts's), the token workloads then the diffusion ones, in
// index.json's order.
func decodeAll(d *floor.Dataset, models func(id string) error) error {
	for _, w := range d.AllWorkloads() {
		if err := models(w.ID); err != nil {
			return err
		}
	}
	return nil
}

// decodeParts decodes as decode does, except the workloads' models: it
// lists every workload without its models, and returns models, which
// decodes the models of workload id into it on its first call for id (and
// returns that call's error on every later one); an id index.json does not
// list has none to decode.
func decodeParts(files fs.FS, unmarshal func([]byte, any) error, validate bool) (d *floor.Dataset, models func(id string) error, err error) {
	// A constant false here lets the compiler drop every check, and the
	// linker their code, from the browser build. It is a new variable, as
	// the closures below capture it: a captured variable that is reassigned
	// is shared with them, and the compiler no longer sees it as a constant.
	check := validate && checksBuilt
	var idx Index
	if err := readFile(files, "index.json", &idx, unmarshal); err != nil {
		return nil, nil, err
	}
	if check {
		if err := checkIndex(&idx); err != nil {
			return nil, nil, err
		}
	}
	d = &floor.Dataset{
		FormatVersion: idx.Version,
		DataVersion:   idx.DataVersion,
		Updated:       idx.Updated,
		ITLDeadlineMs: int(idx.ITLDeadlineMs),
		Caveat:        idx.Caveat,
		Boundary:      idx.Boundary,
	}
	if d.Grid, d.GridSource, err = decodeGrid(files, &idx, unmarshal, check); err != nil {
		return nil, nil, err
	}
	if d.Published, d.PublishedNote, err = decodePublished(publishedJSON, unmarshal, check); err != nil {
		return nil, nil, err
	}
	if d.Equivalents, err = decodeEquivalents(equivalentsJSON, unmarshal, check); err != nil {
		return nil, nil, err
	}
	if d.Footprint, err = decodeFootprint(footprintJSON, unmarshal, validate); err != nil {
		return nil, nil, err
	}
	decoders := map[string]func() error{}
	for _, iw := range idx.Workloads {
		w := &floor.Workload{ID: iw.ID, Name: iw.Name, Source: iw.Source}
		d.TokenWorkloads = append(d.TokenWorkloads, w)
		decoders[iw.ID] = sync.OnceValue(func() error {
			return decodeModels(files, unmarshal, w, iw.ID, iw.ConfigurationCount, iw.Models, func(im *IndexModel, mf *ModelFile) (*floor.Model, error) {
				return checkModel(&idx, iw, im, mf, check)
			})
		})
	}
	for _, iw := range idx.DiffusionWorkloads {
		kind, _ := floor.KindOf(iw.Request) // checkIndex refuses any other request
		w := &floor.Workload{ID: iw.ID, Name: iw.Name, Kind: kind, Source: iw.Source}
		d.DiffusionWorkloads = append(d.DiffusionWorkloads, w)
		decoders[iw.ID] = sync.OnceValue(func() error {
			return decodeModels(files, unmarshal, w, iw.ID, iw.ConfigurationCount, iw.Models, func(im *IndexDiffusionModel, mf *DiffusionModelFile) (*floor.Model, error) {
				return checkDiffusionModel(&idx, iw, im, mf, check)
			})
		})
	}
	models = func(id string) error {
		if decode := decoders[id]; decode != nil {
			return decode()
		}
		return nil
	}
	return d, models, nil
}

// decodeModels sets w's models: those of its index entries ims, each
// decoded from its file (of type MF) with unmarshal and made a domain Model
// by check, once all are decoded and their configurations add up to count,
// the index's configuration_count of workload id (so that a failure leaves
// w without models).
func decodeModels[IM interface{ entry() modelEntry }, MF any](files fs.FS, unmarshal func([]byte, any) error, w *floor.Workload,
	id string, count int, ims []IM, check func(IM, *MF) (*floor.Model, error)) error {
	configurations := 0
	var models []*floor.Model
	for _, im := range ims {
		mf := new(MF)
		if err := readFile(files, im.entry().file, mf, unmarshal); err != nil {
			return err
		}
		m, err := check(im, mf)
		if err != nil {
			return err
		}
		configurations += len(m.Configurations)
		models = append(models, m)
	}
	if configurations != count {
		return &Error{File: "index.json", Workload: id, Field: "configuration_count",
			Err: fmt.Errorf("is %d, but its models have %d configurations", count, configurations)}
	}
	w.Models = models
	return nil
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
	return decodeFile(name, b, v, unmarshal)
}

// decodeFile decodes b, the file name, into v with unmarshal.
func decodeFile(name string, b []byte, v any, unmarshal func([]byte, any) error) error {
	if err := unmarshal(b, v); err != nil {
		return &Error{File: name, Err: fmt.Errorf("decode: %w", err)}
	}
	return nil
}

// decodeGrid reads grid.json from files, checks it (with validate; see
// decode) and returns its rows and source as the domain has them.
func decodeGrid(files fs.FS, idx *Index, unmarshal func([]byte, any) error, validate bool) ([]floor.GridIntensity, floor.GridSource, error) {
	var g GridFile
	if err := readFile(files, "grid.json", &g, unmarshal); err != nil {
		return nil, floor.GridSource{}, err
	}
	if validate && checksBuilt {
		if err := checkGridFile(idx, &g); err != nil {
			return nil, floor.GridSource{}, err
		}
	}
	grid := make([]floor.GridIntensity, len(g.Intensities))
	for i, r := range g.Intensities {
		if r == nil {
			return nil, floor.GridSource{}, &Error{File: "grid.json", Field: "intensities", Err: fmt.Errorf("row %d is null", i+1)}
		}
		var err error
		if grid[i], err = r.Intensity(); err != nil {
			return nil, floor.GridSource{}, rowError("grid.json", r.Code, err)
		}
	}
	return grid, g.Source, nil
}

// decodePublished decodes published.json's bytes b, checks them (with
// validate; see decode) and returns its figures and note as the domain has
// them.
func decodePublished(b []byte, unmarshal func([]byte, any) error, validate bool) ([]floor.PublishedFigure, string, error) {
	var p PublishedFile
	if err := decodeFile("published.json", b, &p, unmarshal); err != nil {
		return nil, "", err
	}
	if validate && checksBuilt {
		if err := checkPublished(&p); err != nil {
			return nil, "", err
		}
	}
	figures := make([]floor.PublishedFigure, len(p.Figures))
	for i, r := range p.Figures {
		if r == nil {
			return nil, "", &Error{File: "published.json", Field: "figures", Err: fmt.Errorf("figure %d is null", i+1)}
		}
		var err error
		if figures[i], err = r.Figure(); err != nil {
			return nil, "", rowError("published.json", r.ID, err)
		}
	}
	return figures, p.Note, nil
}

// decodeEquivalents decodes equivalents.json's bytes b, checks them (with
// validate; see decode) and returns the equivalents as the domain has them.
func decodeEquivalents(b []byte, unmarshal func([]byte, any) error, validate bool) ([]floor.Equivalent, error) {
	var f EquivalentsFile
	if err := decodeFile("equivalents.json", b, &f, unmarshal); err != nil {
		return nil, err
	}
	if validate && checksBuilt {
		if err := checkEquivalents(&f); err != nil {
			return nil, err
		}
	}
	eqs := make([]floor.Equivalent, len(f.Equivalents))
	for i, r := range f.Equivalents {
		if r == nil {
			return nil, &Error{File: "equivalents.json", Field: "equivalents", Err: fmt.Errorf("equivalent %d is null", i+1)}
		}
		var err error
		if eqs[i], err = r.Equivalent(); err != nil {
			return nil, rowError("equivalents.json", r.ID, err)
		}
	}
	return eqs, nil
}

// rowError locates err, a *FieldError of row in file, as an *Error.
func rowError(file, row string, err error) error {
	field, err := splitField(err)
	return &Error{File: file, Row: row, Field: field, Err: err}
}

// splitField returns the field and the cause of err when it is a
// *FieldError, and "" and err otherwise.
func splitField(err error) (field string, cause error) {
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.Field, fe.Err
	}
	return "", err
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
