package compile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"
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
	tasks     map[string]*task[*upstreamRow]
	diffusion map[string]*task[*diffusionRow]
}

// task is one tasks/<task>.json with its rows, token (upstreamRow) or
// diffusion (diffusionRow).
type task[R any] struct {
	file        string
	displayName string
	rows        []R
}

// upstreamRow is one upstream configuration, checked, with its output row.
type upstreamRow struct {
	rowModel
	architecture string
	out          *data.Row
}

// checkTasks checks that index.json (file) lists, as tasks of a kind, the
// tasks the settings compile (want), in any order.
func checkTasks(file, kind string, listed, want []string) error {
	listed, want = slices.Sorted(slices.Values(listed)), slices.Sorted(slices.Values(want))
	if !slices.Equal(listed, want) {
		return &InputError{File: file, Field: "architectures", Err: fmt.Errorf(
			"lists the %s tasks %v but the settings compile %v", kind, listed, want)}
	}
	return nil
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
	var tokenIDs, diffusionIDs []string
	for _, w := range s.Workloads {
		tokenIDs = append(tokenIDs, w.ID)
	}
	for _, w := range s.DiffusionWorkloads {
		diffusionIDs = append(diffusionIDs, w.ID)
	}
	if err := checkTasks(file, "token-based (llm, mllm)", append(slices.Clone(idx.Architectures["llm"]), idx.Architectures["mllm"]...), tokenIDs); err != nil {
		return nil, err
	}
	if err := checkTasks(file, "diffusion", idx.Architectures["diffusion"], diffusionIDs); err != nil {
		return nil, err
	}
	up := &upstream{tasks: map[string]*task[*upstreamRow]{}, diffusion: map[string]*task[*diffusionRow]{}}
	for _, w := range s.Workloads {
		t, err := readTask(filepath.Join(dir, "tasks", w.ID+".json"), w.ID,
			func(raw map[string]json.RawMessage) (*upstreamRow, *InputError) { return readRow(raw, s) }, sameModel)
		if err != nil {
			return nil, err
		}
		up.tasks[w.ID] = t
	}
	for _, w := range s.DiffusionWorkloads {
		fs := fieldsFor(w.Request)
		t, err := readTask(filepath.Join(dir, "tasks", w.ID+".json"), w.ID,
			func(raw map[string]json.RawMessage) (*diffusionRow, *InputError) { return readDiffusionRow(raw, fs, s) }, sameDiffusionModel)
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

// readTask reads file, the task file of task id: its envelope, then each
// configuration with read, checking with same that each row describes its
// model as the model's first row does; the first that fails is an
// *InputError naming file and row.
func readTask[R interface{ modelOf() *rowModel }](file, id string, read func(map[string]json.RawMessage) (R, *InputError),
	same func(first, r R) *InputError) (*task[R], error) {
	doc, err := readTaskDoc(file, id)
	if err != nil {
		return nil, err
	}
	t := &task[R]{file: file, displayName: doc.displayName}
	first := map[string]R{}
	for i, raw := range doc.configurations {
		r, err := read(raw)
		if err == nil {
			if f, ok := first[r.modelOf().modelID]; !ok {
				first[r.modelOf().modelID] = r
			} else {
				err = same(f, r)
			}
		}
		if err != nil {
			err.File, err.Row = file, i+1
			return nil, err
		}
		t.rows = append(t.rows, r)
	}
	return t, nil
}

// sameModel checks that r describes its model as the model's first row does.
func sameModel(first, r *upstreamRow) *InputError {
	if err := r.sameAs(&first.rowModel); err != nil {
		return err
	}
	if first.architecture != r.architecture {
		return r.differs("architecture", strconv.Quote(first.architecture), strconv.Quote(r.architecture))
	}
	return nil
}

// readRow checks one upstream configuration and derives its output row.
func readRow(raw map[string]json.RawMessage, s Settings) (*upstreamRow, *InputError) {
	f, model, err := readRowModel(raw)
	if err != nil {
		return nil, err
	}
	r := &upstreamRow{rowModel: model, architecture: f.str("architecture")}
	gpu, name := f.gpuAndPrecision(s)
	out := &data.Row{TokenSetup: floor.TokenSetup{
		GPU:            gpu,
		NumGPUs:        f.count("num_gpus"),
		TensorParallel: f.count("tensor_parallel"),
		DataParallel:   f.count("data_parallel"),
		ExpertParallel: f.count("expert_parallel"),
		Precision:      name,
		MaxNumSeqs:     f.count("max_num_seqs"),
	}}
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
