package compile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"energyfloor/data"

	json "github.com/goccy/go-json"
	"github.com/shopspring/decimal"
)

// InputError is bad upstream input, located by file, model, row and field.
// Model, Row and Field are empty or zero when the problem is not in one.
type InputError struct {
	// File is the upstream file's path.
	File string
	// Model is the row's model_id.
	Model string
	// Row numbers the task file's configurations from 1.
	Row int
	// Field is the JSON field at fault.
	Field string
	Err   error
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Model != "" {
		fmt.Fprintf(&b, ": model %q", e.Model)
	}
	if e.Row > 0 {
		fmt.Fprintf(&b, ": configuration %d", e.Row)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": field %q", e.Field)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *InputError) Unwrap() error { return e.Err }

// upstream is what the compiler reads from the leaderboard's files.
type upstream struct {
	tasks     map[string]*task
	diffusion map[string]*diffusionTask
}

// task is one tasks/<task>.json.
type task struct {
	file        string
	displayName string
	rows        []*upstreamRow
}

// upstreamRow is one upstream configuration, checked, with its output row.
type upstreamRow struct {
	modelID, nickname, architecture string
	params, active                  decimal.Decimal
	out                             *data.Row
}

func readUpstream(dir string, s Settings) (*upstream, error) {
	file := filepath.Join(dir, "index.json")
	var idx struct {
		LastUpdated   *string             `json:"last_updated"`
		Architectures map[string][]string `json:"architectures"`
	}
	if err := readJSON(file, &idx); err != nil {
		return nil, err
	}
	if idx.LastUpdated == nil {
		return nil, &InputError{File: file, Field: "last_updated", Err: errors.New("missing")}
	}
	if *idx.LastUpdated != s.Source.Compiled {
		return nil, &InputError{File: file, Field: "last_updated", Err: fmt.Errorf(
			"is %q but the settings' compiled date is %q: review the settings' dates and evidence texts",
			*idx.LastUpdated, s.Source.Compiled)}
	}
	if idx.Architectures == nil {
		return nil, &InputError{File: file, Field: "architectures", Err: errors.New("missing")}
	}
	var tokenTasks, want []string
	tokenTasks = append(tokenTasks, idx.Architectures["llm"]...)
	tokenTasks = append(tokenTasks, idx.Architectures["mllm"]...)
	sort.Strings(tokenTasks)
	for _, w := range s.Workloads {
		want = append(want, w.ID)
	}
	sort.Strings(want)
	if !slices.Equal(tokenTasks, want) {
		return nil, &InputError{File: file, Field: "architectures", Err: fmt.Errorf(
			"lists the token-based (llm, mllm) tasks %v but the settings compile %v", tokenTasks, want)}
	}
	var diffusionTasks []string
	want = want[:0]
	diffusionTasks = append(diffusionTasks, idx.Architectures["diffusion"]...)
	sort.Strings(diffusionTasks)
	for _, w := range s.DiffusionWorkloads {
		want = append(want, w.ID)
	}
	sort.Strings(want)
	if !slices.Equal(diffusionTasks, want) {
		return nil, &InputError{File: file, Field: "architectures", Err: fmt.Errorf(
			"lists the diffusion tasks %v but the settings compile %v", diffusionTasks, want)}
	}
	up := &upstream{tasks: map[string]*task{}, diffusion: map[string]*diffusionTask{}}
	for _, w := range s.Workloads {
		t, err := readTask(filepath.Join(dir, "tasks", w.ID+".json"), w.ID, s)
		if err != nil {
			return nil, err
		}
		up.tasks[w.ID] = t
	}
	for _, w := range s.DiffusionWorkloads {
		t, err := readDiffusionTask(filepath.Join(dir, "tasks", w.ID+".json"), w, s)
		if err != nil {
			return nil, err
		}
		up.diffusion[w.ID] = t
	}
	return up, nil
}

// withoutPath drops the file name from an *fs.PathError, which InputError
// already names.
func withoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// readJSON decodes file into v, naming the file in every error.
func readJSON(file string, v any) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return &InputError{File: file, Err: withoutPath(err)}
	}
	if err := json.Unmarshal(b, v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) && se.Offset > 0 && se.Offset <= int64(len(b)) {
			before := b[:se.Offset-1] // Offset counts the bytes read, up to the bad one

			line := bytes.Count(before, []byte("\n")) + 1
			col := len(before) - bytes.LastIndexByte(before, '\n')
			return &InputError{File: file, Err: fmt.Errorf("malformed JSON at line %d, column %d: %w", line, col, err)}
		}
		return &InputError{File: file, Err: fmt.Errorf("malformed JSON: %w", err)}
	}
	return nil
}

// taskDoc is a task file's envelope: its display name and its
// configurations, each still raw.
type taskDoc struct {
	displayName    string
	configurations []map[string]json.RawMessage
}

// readTaskDoc reads the task file of task id and checks its envelope.
func readTaskDoc(file, id string) (*taskDoc, error) {
	var doc struct {
		Task            *string                       `json:"task"`
		TaskDisplayName *string                       `json:"task_display_name"`
		Configurations  *[]map[string]json.RawMessage `json:"configurations"`
	}
	if err := readJSON(file, &doc); err != nil {
		return nil, err
	}
	switch {
	case doc.Task == nil:
		return nil, &InputError{File: file, Field: "task", Err: errors.New("missing")}
	case *doc.Task != id:
		return nil, &InputError{File: file, Field: "task", Err: fmt.Errorf("is %q, want %q", *doc.Task, id)}
	case doc.TaskDisplayName == nil || *doc.TaskDisplayName == "":
		return nil, &InputError{File: file, Field: "task_display_name", Err: errors.New("missing")}
	case doc.Configurations == nil:
		return nil, &InputError{File: file, Field: "configurations", Err: errors.New("missing")}
	case len(*doc.Configurations) == 0:
		return nil, &InputError{File: file, Field: "configurations", Err: errors.New("the task has no configurations")}
	}
	return &taskDoc{displayName: *doc.TaskDisplayName, configurations: *doc.Configurations}, nil
}

func readTask(file, id string, s Settings) (*task, error) {
	doc, err := readTaskDoc(file, id)
	if err != nil {
		return nil, err
	}
	t := &task{file: file, displayName: doc.displayName}
	first := map[string]*upstreamRow{}
	for i, raw := range doc.configurations {
		r, err := readRow(raw, s)
		if err != nil {
			err.File, err.Row = file, i+1
			return nil, err
		}
		if f := first[r.modelID]; f == nil {
			first[r.modelID] = r
		} else if err := sameModel(f, r); err != nil {
			err.File, err.Row = file, i+1
			return nil, err
		}
		t.rows = append(t.rows, r)
	}
	return t, nil
}

// sameModel checks that r describes its model as the model's first row does.
func sameModel(first, r *upstreamRow) *InputError {
	diff := func(field, a, b string) *InputError {
		return &InputError{Model: r.modelID, Field: field,
			Err: fmt.Errorf("is %s, but the model's first configuration has %s", b, a)}
	}
	switch {
	case first.nickname != r.nickname:
		return diff("nickname", strconv.Quote(first.nickname), strconv.Quote(r.nickname))
	case first.architecture != r.architecture:
		return diff("architecture", strconv.Quote(first.architecture), strconv.Quote(r.architecture))
	case !first.params.Equal(r.params):
		return diff("total_params_billions", first.params.String(), r.params.String())
	case !first.active.Equal(r.active):
		return diff("activated_params_billions", first.active.String(), r.active.String())
	}
	return nil
}

// fields reads the fields of one upstream configuration, remembering the
// first error.
type fields struct {
	raw   map[string]json.RawMessage
	model string
	err   *InputError
}

func (f *fields) fail(field string, err error) {
	if f.err == nil {
		f.err = &InputError{Model: f.model, Field: field, Err: err}
	}
}

func (f *fields) get(field string) (json.RawMessage, bool) {
	raw, ok := f.raw[field]
	if !ok {
		f.fail(field, errors.New("missing"))
	}
	return raw, ok
}

// str reads a non-empty string.
func (f *fields) str(field string) string {
	raw, ok := f.get(field)
	if !ok {
		return ""
	}
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		f.fail(field, fmt.Errorf("is %s, want a string", short(raw)))
		return ""
	}
	if s == "" {
		f.fail(field, errors.New("is empty"))
	}
	return s
}

// positive reads a finite number greater than zero, exactly as written.
func (f *fields) positive(field string) decimal.Decimal {
	raw, ok := f.get(field)
	if !ok {
		return decimal.Zero
	}
	d, err := parsePositive(raw)
	if err != nil {
		f.fail(field, err)
	}
	return d
}

// count reads a positive integer.
func (f *fields) count(field string) int {
	d := f.positive(field)
	if f.err != nil {
		return 0
	}
	if !d.IsInteger() || d.GreaterThan(decimal.NewFromInt(math.MaxInt32)) {
		f.fail(field, fmt.Errorf("is %s, want a whole number", d))
		return 0
	}
	return int(d.IntPart())
}

// parsePositive parses a JSON number literal that must be finite and positive.
// JSON has no NaN or infinity: upstream could only write them as strings, as
// null, or as a literal beyond float64's range (1e999), which Python reads as
// infinity.
func parsePositive(raw json.RawMessage) (decimal.Decimal, error) {
	s := string(raw)
	if s == "" || s == "null" || s == "true" || s == "false" || strings.ContainsAny(s[:1], `"[{`) {
		return decimal.Zero, fmt.Errorf("is %s, want a number", short(raw))
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return decimal.Zero, fmt.Errorf("is %s, want a number", short(raw))
	}
	if math.IsInf(f, 0) {
		return decimal.Zero, fmt.Errorf("is %s, beyond float64's range (infinite), want a finite number", short(raw))
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, fmt.Errorf("is %s, want a number: %w", short(raw), err)
	}
	if d.Sign() <= 0 {
		return decimal.Zero, fmt.Errorf("is %s, want a positive number", short(raw))
	}
	return d, nil
}

// short quotes raw JSON for a message, cut to a readable length.
func short(raw json.RawMessage) string {
	s := string(raw)
	if s == "" {
		return "empty"
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// readRow checks one upstream configuration and derives its output row.
func readRow(raw map[string]json.RawMessage, s Settings) (*upstreamRow, *InputError) {
	if raw == nil {
		return nil, &InputError{Err: errors.New("is null, want an object")}
	}
	f := &fields{raw: raw}
	r := &upstreamRow{modelID: f.str("model_id")}
	if f.err != nil {
		return nil, f.err
	}
	f.model = r.modelID
	r.nickname = f.str("nickname")
	r.architecture = f.str("architecture")
	r.params = f.positive("total_params_billions")
	r.active = f.positive("activated_params_billions")
	gpu := f.str("gpu_model")
	if f.err == nil && !slices.Contains(s.GPUs, gpu) {
		f.fail("gpu_model", fmt.Errorf("is %q, not one of the known GPUs %v", gpu, s.GPUs))
	}
	precision := f.str("weight_precision")
	name, ok := s.Precisions[precision]
	if f.err == nil && !ok {
		known := slices.Sorted(maps.Keys(s.Precisions))
		f.fail("weight_precision", fmt.Errorf("is %q, an unknown precision (known: %s)", precision, strings.Join(known, ", ")))
	}
	out := &data.Row{
		GPU:            gpu,
		NumGPUs:        f.count("num_gpus"),
		TensorParallel: f.count("tensor_parallel"),
		DataParallel:   f.count("data_parallel"),
		ExpertParallel: f.count("expert_parallel"),
		Precision:      name,
		MaxNumSeqs:     f.count("max_num_seqs"),
	}
	batch := f.positive("avg_batch_size")
	joules := f.positive("energy_per_token_joules")
	median := f.positive("median_itl_ms")
	p90 := f.positive("p90_itl_ms")
	p95 := f.positive("p95_itl_ms")
	p99 := f.positive("p99_itl_ms")
	tps := f.positive("output_throughput_tokens_per_sec")
	watts := f.positive("avg_power_watts")
	outLen := f.positive("avg_output_len")
	if f.err != nil {
		return nil, f.err
	}
	switch {
	case p90.LessThan(median):
		f.fail("p90_itl_ms", fmt.Errorf("is %s, below median_itl_ms %s", p90, median))
	case p95.LessThan(p90):
		f.fail("p95_itl_ms", fmt.Errorf("is %s, below p90_itl_ms %s", p95, p90))
	case p99.LessThan(p95):
		f.fail("p99_itl_ms", fmt.Errorf("is %s, below p95_itl_ms %s", p99, p95))
	}

	out.JoulesPerOutputToken = pyNumber(joules.Round(7))
	out.WhPerMillionOutputTokens = pyNumber(joules.Mul(decimal.NewFromInt(1_000_000)).DivRound(decimal.NewFromInt(3600), 2))
	out.MedianITLMs = pyNumber(median.Round(1))
	out.P90ITLMs = pyNumber(p90.Round(1))
	out.P95ITLMs = pyNumber(p95.Round(1))
	out.P99ITLMs = pyNumber(p99.Round(1))
	out.TokensPerSecond = pyNumber(tps.Round(1))
	out.GPUPowerWattsTotal = json.Number(watts.Round(0).String())
	out.AvgOutputTokens = int(outLen.Round(0).IntPart())
	out.AvgRunningBatch = pyNumber(batch.Round(1))
	out.AvgRequestsInFlight = out.AvgRunningBatch
	// A figure that rounds to zero would print as a measured zero.
	for _, c := range []struct {
		field   string
		written string
	}{
		{"energy_per_token_joules", string(out.JoulesPerOutputToken)},
		{"energy_per_token_joules", string(out.WhPerMillionOutputTokens)},
		{"median_itl_ms", string(out.MedianITLMs)},
		{"output_throughput_tokens_per_sec", string(out.TokensPerSecond)},
		{"avg_power_watts", string(out.GPUPowerWattsTotal)},
		{"avg_output_len", strconv.Itoa(out.AvgOutputTokens)},
		{"avg_batch_size", string(out.AvgRunningBatch)},
	} {
		if d, _ := decimal.NewFromString(c.written); d.Sign() <= 0 {
			f.fail(c.field, fmt.Errorf("is %s, which rounds to zero", raw[c.field]))
		}
	}
	if f.err != nil {
		return nil, f.err
	}
	r.out = out
	return r, nil
}
