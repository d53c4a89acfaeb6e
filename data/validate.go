package data

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

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

// shortDecimal writes d for a message, in scientific notation when it is
// long, without ever building a long string.
func shortDecimal(d decimal.Decimal) string {
	if e := int(d.Exponent()); e > -20 && d.NumDigits()+e <= 40 {
		return d.String()
	}
	c, sign := d.Coefficient().String(), ""
	if strings.HasPrefix(c, "-") {
		sign, c = "-", c[1:]
	}
	exp := int(d.Exponent()) + len(c) - 1
	mantissa := c[:1]
	if len(c) > 8 {
		mantissa += "." + c[1:8] + "…"
	} else if len(c) > 1 {
		mantissa += "." + c[1:]
	}
	return fmt.Sprintf("%s%se%d", sign, mantissa, exp)
}

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
		if w == nil || w.ID == "" {
			return fail("workloads", errors.New("a workload has no id"))
		}
		wfail := func(field string, err error) error {
			return &Error{File: "index.json", Workload: w.ID, Field: field, Err: err}
		}
		if seen[w.ID] {
			return wfail("id", errors.New("listed twice"))
		}
		seen[w.ID] = true
		if w.Name == "" {
			return wfail("name", errors.New("missing"))
		}
		if w.UpstreamName == "" {
			return wfail("upstream_name", errors.New("missing"))
		}
		if err := checkSource(&w.Source); err != nil {
			return wfail("source", err)
		}
		if want := strconv.Itoa(w.ConfigurationCount) + " "; w.ConfigurationCount <= 0 || !strings.HasPrefix(w.Source.Configurations, want) {
			return wfail("source.configurations", fmt.Errorf("%q does not start with the workload's configuration_count %d", w.Source.Configurations, w.ConfigurationCount))
		}
		if len(w.Models) == 0 || w.ModelCount != len(w.Models) {
			return wfail("model_count", fmt.Errorf("is %d, but %d models are listed", w.ModelCount, len(w.Models)))
		}
		for i, m := range w.Models {
			if m == nil || m.Slug == "" {
				return wfail("models", fmt.Errorf("model %d has no slug", i+1))
			}
			if i > 0 && w.Models[i-1].Slug >= m.Slug {
				return &Error{File: "index.json", Workload: w.ID, Model: m.Slug, Field: "slug",
					Err: fmt.Errorf("not after %q: models must be sorted by slug, each once", w.Models[i-1].Slug)}
			}
			if want := w.ID + "/" + m.Slug + ".json"; m.File != want {
				return &Error{File: "index.json", Workload: w.ID, Model: m.Slug, Field: "file",
					Err: fmt.Errorf("is %q, want %q", m.File, want)}
			}
		}
	}
	for _, w := range idx.DiffusionWorkloads {
		if w == nil || w.ID == "" {
			return fail("diffusion_workloads", errors.New("a workload has no id"))
		}
		wfail := func(field string, err error) error {
			return &Error{File: "index.json", Workload: w.ID, Field: field, Err: err}
		}
		if seen[w.ID] {
			return wfail("id", errors.New("listed twice"))
		}
		seen[w.ID] = true
		switch {
		case w.Name == "":
			return wfail("name", errors.New("missing"))
		case w.UpstreamName == "":
			return wfail("upstream_name", errors.New("missing"))
		case w.Request != "image" && w.Request != "video":
			return wfail("request", fmt.Errorf("is %q, want \"image\" or \"video\"", w.Request))
		}
		if err := checkSource(&w.Source); err != nil {
			return wfail("source", err)
		}
		if want := strconv.Itoa(w.ConfigurationCount) + " "; w.ConfigurationCount <= 0 || !strings.HasPrefix(w.Source.Configurations, want) {
			return wfail("source.configurations", fmt.Errorf("%q does not start with the workload's configuration_count %d", w.Source.Configurations, w.ConfigurationCount))
		}
		if len(w.Models) == 0 || w.ModelCount != len(w.Models) {
			return wfail("model_count", fmt.Errorf("is %d, but %d models are listed", w.ModelCount, len(w.Models)))
		}
		for i, m := range w.Models {
			if m == nil || m.Slug == "" {
				return wfail("models", fmt.Errorf("model %d has no slug", i+1))
			}
			mfail := func(field string, err error) error {
				return &Error{File: "index.json", Workload: w.ID, Model: m.Slug, Field: field, Err: err}
			}
			if i > 0 && w.Models[i-1].Slug >= m.Slug {
				return mfail("slug", fmt.Errorf("not after %q: models must be sorted by slug, each once", w.Models[i-1].Slug))
			}
			if want := w.ID + "/" + m.Slug + ".json"; m.File != want {
				return mfail("file", fmt.Errorf("is %q, want %q", m.File, want))
			}
			if err := checkGeneration(w.Request, m.Generation); err != nil {
				return mfail("generation", err)
			}
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
	fail := func(row, field string, err error) error {
		return &Error{File: im.File, Workload: w.ID, Model: im.Slug, Row: row, Field: field, Err: err}
	}
	if validate {
		for _, f := range []struct{ name, got, want string }{
			{"version", mf.Version, idx.Version},
			{"updated", mf.Updated, idx.Updated},
			{"data_version", mf.DataVersion, idx.DataVersion},
			{"unit", mf.Unit, idx.Unit},
			{"itl_deadline_ms", strconv.FormatInt(mf.ITLDeadlineMs, 10), strconv.FormatInt(idx.ITLDeadlineMs, 10)},
			{"caveat", mf.Caveat, idx.Caveat},
			{"boundary", mf.Boundary, idx.Boundary},
			{"slug", mf.Slug, im.Slug},
			{"name", mf.Name, im.Name},
			{"model_id", mf.ModelID, im.ModelID},
			{"architecture", mf.Architecture, im.Architecture},
			{"params_b", string(mf.ParamsB), string(im.ParamsB)},
			{"active_params_b", string(mf.ActiveParamsB), string(im.ActiveParamsB)},
			{"gpus", fmt.Sprint(mf.GPUs), fmt.Sprint(im.GPUs)},
		} {
			if f.got != f.want {
				return nil, fail("", f.name, fmt.Errorf("is %q, but index.json has %q", f.got, f.want))
			}
		}
		for _, f := range []struct{ name, value string }{{"name", mf.Name}, {"model_id", mf.ModelID}, {"architecture", mf.Architecture}} {
			if f.value == "" {
				return nil, fail("", f.name, errors.New("missing"))
			}
		}
		if err := checkSource(&mf.Source); err != nil {
			return nil, fail("", "source", err)
		}
		if !sameSource(&mf.Source, &w.Source) {
			return nil, fail("", "source", errors.New("differs from the workload's source block in index.json"))
		}
	}
	if len(mf.Configurations) == 0 || len(mf.Configurations) != im.ConfigurationCount {
		return nil, fail("", "configurations", fmt.Errorf("has %d, but index.json counts %d", len(mf.Configurations), im.ConfigurationCount))
	}

	params, err := parseParams(mf.ParamsB)
	if err != nil {
		return nil, fail("", "params_b", err)
	}
	active, err := parseParams(mf.ActiveParamsB)
	if err != nil {
		return nil, fail("", "active_params_b", err)
	}
	if validate && (!(params > 0) || !(active > 0) || active > params) {
		return nil, fail("", "active_params_b", fmt.Errorf("%s active of %s total parameters (billions): want 0 < active ≤ total", mf.ActiveParamsB, mf.ParamsB))
	}
	deadline := decimal.NewFromInt(idx.ITLDeadlineMs)
	m := &floor.Model{
		Slug:          mf.Slug,
		Name:          mf.Name,
		ModelID:       mf.ModelID,
		ParamsB:       params,
		ActiveParamsB: active,
		Architecture:  mf.Architecture,
		Selection:     mf.Source.Selection,
	}
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

// checkRow validates one configuration on its own.
func checkRow(r *floor.Configuration, slug string, deadline decimal.Decimal) error {
	bad := func(field string, format string, args ...any) error {
		return &FieldError{field, fmt.Errorf(format, args...)}
	}
	if r.GPU == "" {
		return bad("gpu", "missing")
	}
	for _, f := range []struct {
		name  string
		value int
	}{
		{"num_gpus", r.NumGPUs}, {"tensor_parallel", r.TensorParallel}, {"data_parallel", r.DataParallel},
		{"expert_parallel", r.ExpertParallel}, {"max_num_seqs", r.MaxNumSeqs}, {"avg_output_tokens", r.AvgOutputTokens},
		{"repeat", r.Repeat},
	} {
		if f.value <= 0 {
			return bad(f.name, "is %d, want a positive whole number", f.value)
		}
	}
	if !slices.Contains(precisions, r.Precision) {
		return bad("precision", "is %q, want one of %v", r.Precision, precisions)
	}
	for _, f := range []struct {
		name  string
		value decimal.Decimal
	}{
		{"joules_per_output_token", r.JoulesPerOutputToken}, {"wh_per_million_output_tokens", r.WhPerMillionOutputTokens},
		{"tokens_per_second", r.TokensPerSecond}, {"gpu_power_watts_total", r.GPUPowerWattsTotal},
		{"median_itl_ms", r.MedianITLMs},
	} {
		if f.value.Sign() <= 0 {
			return bad(f.name, "is %s, want a positive number", f.value)
		}
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

// rowName names row i of a list in a message: its key, or "<kind> <i+1>"
// when it has none.
func rowName(key, kind string, i int) string {
	if key == "" {
		return fmt.Sprintf("%s %d", kind, i+1)
	}
	return key
}

// checkText checks a text shown to people: present, with no control or
// formatting characters.
func checkText(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("missing")
	}
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.In(r, unicode.Cc, unicode.Cf) }) {
		return fmt.Errorf("%s has a control or formatting character", floor.QuoteInput(s))
	}
	return nil
}

// checkBounded checks min ≤ d ≤ max, with at most maxDecimals decimals.
// Like Row.Configuration, it checks the digits (checkDigits) before
// comparing: decimal scales both sides of a comparison to one exponent.
func checkBounded(d, min, max decimal.Decimal) error {
	if err := checkDigits(d); err != nil {
		return err
	}
	if d.LessThan(min) || d.GreaterThan(max) {
		return fmt.Errorf("is %s, want %s to %s", shortDecimal(d), min, max)
	}
	return nil
}

// checkID checks a row id of a bundled table: lower-case letters, digits
// and hyphens, not given before (seen records it).
func checkID(id string, seen map[string]bool) error {
	switch {
	case id == "" || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") != "":
		return fmt.Errorf("is %s, want lower-case letters, digits and hyphens", floor.QuoteInput(id))
	case seen[id]:
		return errors.New("given twice")
	}
	seen[id] = true
	return nil
}

// checkHTTPS checks a source's URL: https, with a host, without spaces.
func checkHTTPS(u string) error {
	if !strings.HasPrefix(u, "https://") || len(u) == len("https://") || strings.ContainsFunc(u, unicode.IsSpace) {
		return fmt.Errorf("is %s, want an https URL", floor.QuoteInput(u))
	}
	return nil
}

// isDate reports whether s is a date written YYYY-MM or YYYY-MM-DD, with a
// month from 01 to 12 and a day from 01 to 31.
func isDate(s string) bool {
	if len(s) != 7 && len(s) != 10 {
		return false
	}
	layout := "2006-01"
	if len(s) == 10 {
		layout = "2006-01-02"
	}
	_, err := time.Parse(layout, s)
	return err == nil
}
