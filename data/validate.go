package data

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// precisions are the weight precisions a configuration may name.
var precisions = []string{"BF16", "FP8", "MXFP4"}

// whSlack bounds how far wh_per_million_output_tokens may sit from
// joules_per_output_token × 1e6 / 3600: half a cent of rounding, plus what
// rounding joules to 7 decimals can move it (5e-8 J × 1e6 / 3600).
var whSlack = decimal.RequireFromString("0.0050139")

var (
	j2500    = decimal.NewFromInt(2500)
	nine     = decimal.NewFromInt(9)
	whSlack9 = whSlack.Mul(nine)
)

func checkIndex(idx *Index) error {
	fail := func(field string, err error) error { return &Error{File: "index.json", Field: field, Err: err} }
	if idx.Version != FormatVersion {
		return fail("version", fmt.Errorf("is %q, want format version %q", idx.Version, FormatVersion))
	}
	for _, f := range []struct{ name, value string }{
		{"updated", idx.Updated}, {"data_version", idx.DataVersion}, {"unit", idx.Unit}, {"caveat", idx.Caveat},
		{"boundary", idx.Boundary}, {"licence", idx.Licence}, {"cite", idx.Cite}, {"cite_url", idx.CiteURL},
	} {
		if f.value == "" {
			return fail(f.name, errors.New("missing"))
		}
	}
	if idx.ITLDeadlineMs <= 0 {
		return fail("itl_deadline_ms", fmt.Errorf("is %d, want a positive number of milliseconds", idx.ITLDeadlineMs))
	}
	if len(idx.Workloads) == 0 {
		return fail("workloads", errors.New("missing"))
	}
	seen := map[string]bool{}
	for _, w := range idx.Workloads {
		if w == nil {
			return fail("workloads", errors.New("a workload has no id"))
		}
		if err := checkIndexWorkload(seen, "workloads", w.entry()); err != nil {
			return err
		}
	}
	for _, w := range idx.DiffusionWorkloads {
		if w == nil {
			return fail("diffusion_workloads", errors.New("a workload has no id"))
		}
		if err := checkIndexWorkload(seen, "diffusion_workloads", w.entry()); err != nil {
			return err
		}
		if w.Request != "image" && w.Request != "video" {
			return &Error{File: "index.json", Workload: w.ID, Field: "request", Err: fmt.Errorf("is %q, want \"image\" or \"video\"", w.Request)}
		}
		for _, m := range w.Models {
			if err := checkGeneration(w.Request, m.Generation); err != nil {
				return &Error{File: "index.json", Workload: w.ID, Model: m.Slug, Field: "generation", Err: err}
			}
		}
	}
	return nil
}

// indexWorkload is what both kinds of workload in index.json have; models
// are its models' descriptions and files (a nil description for a null
// model).
type indexWorkload struct {
	id, name, upstreamName         string
	source                         *floor.Source
	configurationCount, modelCount int
	models                         []modelEntry
}

// modelEntry is a model of index.json: its description and file.
type modelEntry struct {
	info *ModelInfo
	file string
}

// entry returns what checkIndexWorkload checks of w; likewise for the
// other kinds of workload and model in index.json.
func (w *IndexWorkload) entry() indexWorkload {
	return indexWorkload{w.ID, w.Name, w.UpstreamName, &w.Source, w.ConfigurationCount, w.ModelCount, entries(w.Models)}
}

func (w *IndexDiffusionWorkload) entry() indexWorkload {
	return indexWorkload{w.ID, w.Name, w.UpstreamName, &w.Source, w.ConfigurationCount, w.ModelCount, entries(w.Models)}
}

func (m *IndexModel) entry() modelEntry {
	if m == nil {
		return modelEntry{}
	}
	return modelEntry{&m.ModelInfo, m.File}
}

func (m *IndexDiffusionModel) entry() modelEntry {
	if m == nil {
		return modelEntry{}
	}
	return modelEntry{&m.ModelInfo, m.File}
}

// entries returns the descriptions and files of index.json's models ms.
func entries[M interface{ entry() modelEntry }](ms []M) []modelEntry {
	out := make([]modelEntry, len(ms))
	for i, m := range ms {
		out[i] = m.entry()
	}
	return out
}

// checkIndexWorkload checks a workload of index.json's list: an id listed
// once (seen), a name, an upstream name, a complete source block stating
// its configuration count, and its models, as many as model_count, sorted
// by slug, each in the file <workload>/<slug>.json.
func checkIndexWorkload(seen map[string]bool, list string, w indexWorkload) error {
	if w.id == "" {
		return &Error{File: "index.json", Field: list, Err: errors.New("a workload has no id")}
	}
	wfail := func(field string, err error) error {
		return &Error{File: "index.json", Workload: w.id, Field: field, Err: err}
	}
	if seen[w.id] {
		return wfail("id", errors.New("listed twice"))
	}
	seen[w.id] = true
	if w.name == "" {
		return wfail("name", errors.New("missing"))
	}
	if w.upstreamName == "" {
		return wfail("upstream_name", errors.New("missing"))
	}
	if err := checkSource(w.source); err != nil {
		return wfail("source", err)
	}
	if want := strconv.Itoa(w.configurationCount) + " "; w.configurationCount <= 0 || !strings.HasPrefix(w.source.Configurations, want) {
		return wfail("source.configurations", fmt.Errorf("%q does not start with the workload's configuration_count %d", w.source.Configurations, w.configurationCount))
	}
	if len(w.models) == 0 || w.modelCount != len(w.models) {
		return wfail("model_count", fmt.Errorf("is %d, but %d models are listed", w.modelCount, len(w.models)))
	}
	for i, m := range w.models {
		if m.info == nil || m.info.Slug == "" {
			return wfail("models", fmt.Errorf("model %d has no slug", i+1))
		}
		mfail := func(field string, err error) error {
			return &Error{File: "index.json", Workload: w.id, Model: m.info.Slug, Field: field, Err: err}
		}
		if i > 0 && w.models[i-1].info.Slug >= m.info.Slug {
			return mfail("slug", fmt.Errorf("not after %q: models must be sorted by slug, each once", w.models[i-1].info.Slug))
		}
		if want := w.id + "/" + m.info.Slug + ".json"; m.file != want {
			return mfail("file", fmt.Errorf("is %q, want %q", m.file, want))
		}
	}
	return nil
}

// checkSource checks that a provenance block has every field.
func checkSource(s *floor.Source) error {
	for _, f := range []struct{ name, value string }{
		{"name", s.Name}, {"publisher", s.Publisher}, {"url", s.URL}, {"data_url", s.DataURL},
		{"version", s.Version}, {"released", s.Released}, {"compiled", s.Compiled},
		{"compiled_evidence", s.CompiledEvidence}, {"retrieved", s.Retrieved}, {"licence", s.Licence},
		{"workload", s.Workload}, {"method", s.Method}, {"selection", s.Selection}, {"cite", s.Cite},
		{"cite_url", s.CiteURL}, {"used_for", s.UsedFor}, {"configurations", s.Configurations},
	} {
		if f.value == "" {
			return fmt.Errorf("%s: missing", f.name)
		}
	}
	if len(s.LicenceEvidence) == 0 {
		return errors.New("licence_evidence: missing")
	}
	return nil
}

// checkModel validates one model file against itself and the index, and
// returns it as a domain Model. With validate false it only parses the
// figures and derives the model's GPUs and best rows (decode).
func checkModel(idx *Index, w *IndexWorkload, im *IndexModel, mf *ModelFile, validate bool) (*floor.Model, error) {
	validate = validate && checksBuilt // constant false in the browser build (see decode)
	fail := modelFail(im.File, w.ID, im.Slug)
	m, err := checkModelFile(idx, &mf.Header, &idx.Header, mf.Boundary, &mf.ModelInfo, &im.ModelInfo, &mf.Source,
		sameSource(&mf.Source, &w.Source), len(mf.Configurations), im.ConfigurationCount, validate, fail,
		modelField{"caveat", mf.Caveat, idx.Caveat})
	if err != nil {
		return nil, err
	}
	deadline := decimal.NewFromInt(idx.ITLDeadlineMs)
	written := map[string]*Row{} // by row id
	for i, r := range mf.Configurations {
		if r == nil {
			return nil, fail("", "configurations", fmt.Errorf("configuration %d is null", i+1))
		}
		c, err := r.Configuration()
		if err == nil && validate {
			err = checkRow(c, mf.Slug, deadline)
		}
		if err != nil {
			field, err := splitField(err)
			return nil, fail(rowName(r.RowID, "configuration", i), field, err)
		}
		if validate {
			if written[c.RowID] != nil {
				return nil, fail(c.RowID, "row_id", errors.New("not unique"))
			}
			written[c.RowID] = r
			if i > 0 && floor.CompareConfigurations(m.Configurations[i-1], c) >= 0 {
				return nil, fail(c.RowID, "row_id", fmt.Errorf("not after %q: configurations must be sorted by gpu, num_gpus, max_num_seqs, repeat", m.Configurations[i-1].RowID))
			}
		}
		m.Configurations = append(m.Configurations, c)
	}
	m.GPUs = floor.ModelGPUs(m.Configurations)
	m.Best = floor.BestRows(m.Configurations)
	if !validate {
		return m, nil
	}
	if !slices.Equal(m.GPUs, mf.GPUs) {
		return nil, fail("", "gpus", fmt.Errorf("is %v, but the configurations are on %v", mf.GPUs, m.GPUs))
	}
	// The best rows written in the model file and in index.json must be
	// the ones recomputed from the configurations.
	for _, best := range []struct {
		file string
		rows map[string]*Row
	}{{im.File, mf.Best}, {"index.json", im.Best}} {
		bad := func(row string, err error) error {
			return &Error{File: best.file, Workload: w.ID, Model: im.Slug, Row: row, Field: "best", Err: err}
		}
		for gpu := range best.rows {
			if m.Best[gpu] == nil {
				return nil, bad("", fmt.Errorf("names a %s row, but no %s configuration is within %d ms", gpu, gpu, idx.ITLDeadlineMs))
			}
		}
		for gpu, want := range m.Best {
			r := best.rows[gpu]
			if r == nil {
				return nil, bad("", fmt.Errorf("has no %s row; want %s", gpu, want.RowID))
			}
			switch {
			case r.RowID != want.RowID:
				return nil, bad(r.RowID, fmt.Errorf("%s row is not the lowest-energy configuration within %d ms, %s", gpu, idx.ITLDeadlineMs, want.RowID))
			case *r != *written[want.RowID]:
				// Compared as written: the compiler copies the row.
				return nil, bad(r.RowID, fmt.Errorf("%s row differs from that configuration in %s", gpu, im.File))
			}
		}
	}
	return m, nil
}

// modelFail returns what wraps an error of a row and field of a model
// file (file, of model slug on workload) for checkModel and its kin.
func modelFail(file, workload, slug string) func(row, field string, err error) error {
	return func(row, field string, err error) error {
		return &Error{File: file, Workload: workload, Model: slug, Row: row, Field: field, Err: err}
	}
}

// modelField is a field of a model file that must equal index.json's.
type modelField struct{ name, got, want string }

// checkModelFile checks what every kind of model file shares against
// index.json (idx, and im, the model's entry there): the header h (against
// want, the header the kind of file must have), boundary
// and model description given there (and more, the fields the kind adds),
// a complete source block the same as the workload's (sourceMatches), and
// configurations rows, as many as index.json counts. It returns the domain
// Model these describe, without its configurations. With validate false it
// only counts the rows and parses the parameter counts. fail wraps an error with its row and field.
func checkModelFile(idx *Index, h, want *Header, boundary string, mi, im *ModelInfo, src *floor.Source, sourceMatches bool,
	configurations, counted int, validate bool, fail func(row, field string, err error) error, more ...modelField) (*floor.Model, error) {
	validate = validate && checksBuilt // constant false in the browser build (see decode)
	if validate {
		for _, f := range []modelField{
			{"version", h.Version, want.Version},
			{"updated", h.Updated, want.Updated},
			{"data_version", h.DataVersion, want.DataVersion},
			{"unit", h.Unit, want.Unit},
			{"itl_deadline_ms", strconv.FormatInt(h.ITLDeadlineMs, 10), strconv.FormatInt(want.ITLDeadlineMs, 10)},
		} {
			if f.got != f.want {
				return nil, fail("", f.name, fmt.Errorf("is %q, want %q, as index.json's header gives for this kind of file", f.got, f.want))
			}
		}
		for _, f := range append([]modelField{
			{"boundary", boundary, idx.Boundary},
			{"slug", mi.Slug, im.Slug},
			{"name", mi.Name, im.Name},
			{"model_id", mi.ModelID, im.ModelID},
			{"architecture", mi.Architecture, im.Architecture},
			{"params_b", string(mi.ParamsB), string(im.ParamsB)},
			{"active_params_b", string(mi.ActiveParamsB), string(im.ActiveParamsB)},
			{"gpus", fmt.Sprint(mi.GPUs), fmt.Sprint(im.GPUs)},
		}, more...) {
			if f.got != f.want {
				return nil, fail("", f.name, fmt.Errorf("is %q, but index.json has %q", f.got, f.want))
			}
		}
		for _, f := range []struct{ name, value string }{{"name", mi.Name}, {"model_id", mi.ModelID}, {"architecture", mi.Architecture}} {
			if f.value == "" {
				return nil, fail("", f.name, errors.New("missing"))
			}
		}
		if err := checkSource(src); err != nil {
			return nil, fail("", "source", err)
		}
		if !sourceMatches {
			return nil, fail("", "source", errors.New("differs from the workload's source block in index.json"))
		}
	}
	if configurations == 0 || configurations != counted {
		return nil, fail("", "configurations", fmt.Errorf("has %d, but index.json counts %d", configurations, counted))
	}
	params, err := parseParams(mi.ParamsB)
	if err != nil {
		return nil, fail("", "params_b", err)
	}
	active, err := parseParams(mi.ActiveParamsB)
	if err != nil {
		return nil, fail("", "active_params_b", err)
	}
	if validate && (!(params > 0) || !(active > 0) || active > params) {
		return nil, fail("", "active_params_b", fmt.Errorf("%s active of %s total parameters (billions): want 0 < active ≤ total", mi.ActiveParamsB, mi.ParamsB))
	}
	return &floor.Model{Slug: mi.Slug, Name: mi.Name, ModelID: mi.ModelID, ParamsB: params, ActiveParamsB: active,
		Architecture: mi.Architecture, Selection: src.Selection}, nil
}

// intField and figureField are a row's whole numbers and figures, by JSON
// name.
type (
	intField struct {
		name  string
		value int
	}
	figureField struct {
		name  string
		value decimal.Decimal
	}
)

// checkRowBasics checks what every kind of row has: a GPU, whole numbers
// (ints) and figures that are positive, and a known precision.
func checkRowBasics(r *floor.Configuration, ints []intField, figures []figureField) error {
	if r.GPU == "" {
		return &FieldError{"gpu", errors.New("missing")}
	}
	for _, f := range ints {
		if f.value <= 0 {
			return &FieldError{f.name, fmt.Errorf("is %d, want a positive whole number", f.value)}
		}
	}
	if !slices.Contains(precisions, r.Precision) {
		return &FieldError{"precision", fmt.Errorf("is %q, want one of %v", r.Precision, precisions)}
	}
	for _, f := range figures {
		if f.value.Sign() <= 0 {
			return &FieldError{f.name, fmt.Errorf("is %s, want a positive number", f.value)}
		}
	}
	return nil
}

// checkRow validates one configuration on its own.
func checkRow(r *floor.Configuration, slug string, deadline decimal.Decimal) error {
	bad := func(field string, format string, args ...any) error {
		return &FieldError{field, fmt.Errorf(format, args...)}
	}
	if err := checkRowBasics(r, []intField{
		{"num_gpus", r.NumGPUs}, {"tensor_parallel", r.TensorParallel}, {"data_parallel", r.DataParallel},
		{"expert_parallel", r.ExpertParallel}, {"max_num_seqs", r.MaxNumSeqs}, {"avg_output_tokens", r.AvgOutputTokens},
		{"repeat", r.Repeat},
	}, []figureField{
		{"joules_per_output_token", r.JoulesPerOutputToken}, {"wh_per_million_output_tokens", r.WhPerMillionOutputTokens},
		{"tokens_per_second", r.TokensPerSecond}, {"gpu_power_watts_total", r.GPUPowerWattsTotal},
		{"median_itl_ms", r.MedianITLMs},
	}); err != nil {
		return err
	}
	switch {
	case r.P90ITLMs.LessThan(r.MedianITLMs):
		return bad("p90_itl_ms", "is %s, below median_itl_ms %s", r.P90ITLMs, r.MedianITLMs)
	case r.P95ITLMs.LessThan(r.P90ITLMs):
		return bad("p95_itl_ms", "is %s, below p90_itl_ms %s", r.P95ITLMs, r.P90ITLMs)
	case r.P99ITLMs.LessThan(r.P95ITLMs):
		return bad("p99_itl_ms", "is %s, below p95_itl_ms %s", r.P99ITLMs, r.P95ITLMs)
	case !(r.AvgRunningBatch > 0) || math.IsInf(r.AvgRunningBatch, 0):
		return bad("avg_running_batch", "is %v, want a positive number", r.AvgRunningBatch)
	case r.UnderITLDeadline != r.MedianITLMs.LessThanOrEqual(deadline):
		return bad("under_itl_deadline", "is %t, but median_itl_ms is %s against a %s ms ceiling", r.UnderITLDeadline, r.MedianITLMs, deadline)
	}
	// |wh − J × 2500/9| ≤ slack, multiplied through by 9 to avoid a division.
	if r.JoulesPerOutputToken.Mul(j2500).Sub(r.WhPerMillionOutputTokens.Mul(nine)).Abs().GreaterThan(whSlack9) {
		wh := r.JoulesPerOutputToken.Mul(j2500).Div(nine).Round(2)
		return bad("wh_per_million_output_tokens", "is %s, but joules_per_output_token %s makes %s", r.WhPerMillionOutputTokens, r.JoulesPerOutputToken, wh)
	}
	id := floor.RowID(slug, r.GPU, r.NumGPUs, r.MaxNumSeqs, r.Repeat)
	if r.RowID != id {
		return bad("row_id", "is %q, want %q", r.RowID, id)
	}
	return nil
}

// sameSource reports whether two source blocks agree on everything but the
// model-specific selection text.
func sameSource(a, b *floor.Source) bool {
	fields := func(s *floor.Source) []string {
		return append([]string{s.Name, s.Publisher, s.URL, s.DataURL, s.Version, s.Released, s.Compiled,
			s.CompiledEvidence, s.Retrieved, s.Licence, s.Workload, s.Method, s.Cite, s.CiteURL, s.UsedFor,
			s.Configurations}, s.LicenceEvidence...)
	}
	return slices.Equal(fields(a), fields(b))
}
