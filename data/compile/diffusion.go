package compile

import (
	"fmt"
	"strconv"
	"strings"

	"energyfloor/app/floor"
	"energyfloor/data"

	json "github.com/goccy/go-json"
	"github.com/shopspring/decimal"
)

// DiffusionWorkloadSettings name one upstream diffusion task and the fields
// its rows give a request's energy, throughput and size in.
type DiffusionWorkloadSettings struct {
	// ID is upstream's task name; Name the human name shown in the app.
	ID   string
	Name string
	// Request is what one request makes, "image" or "video".
	Request string
	// Method is the source block's method text, true for this task.
	Method string
}

// diffusionFields are the upstream field names of a diffusion task whose
// requests are images ("image") or videos ("video").
type diffusionFields struct {
	energy, throughput, width, height string
	video                             bool
}

func fieldsFor(request string) diffusionFields {
	if request == "video" {
		return diffusionFields{"energy_per_video_joules", "throughput_videos_per_sec", "video_width", "video_height", true}
	}
	return diffusionFields{"energy_per_image_joules", "throughput_images_per_sec", "image_width", "image_height", false}
}

// The decimals each diffusion figure is written with: enough for at least
// MinSignificantDigits significant digits on every measured value (the
// least energy is 337.9 J per image, the least latency 0.64 s, the least
// throughput 0.00059 videos a second), which the compiler checks.
const (
	joulesDecimals       = 4
	latencyDecimals      = 7
	throughputDecimals   = 10
	MinSignificantDigits = 7
)

// diffusionRow is one upstream diffusion configuration, checked, with its
// output row.
type diffusionRow struct {
	rowModel
	gen floor.Generation
	out *data.DiffusionRow
}

// sameDiffusionModel checks that r describes its model, and what it
// generates, as the model's first row does.
func sameDiffusionModel(first, r *diffusionRow) *InputError {
	if err := r.sameAs(&first.rowModel); err != nil {
		return err
	}
	if first.out.Precision != r.out.Precision {
		return r.differs("weight_precision", first.out.Precision, r.out.Precision)
	}
	request := "image"
	if first.gen.Frames > 0 {
		request = "video"
	}
	fs := fieldsFor(request)
	for _, g := range []struct {
		field string
		a, b  int
	}{
		{fs.width, first.gen.Width, r.gen.Width}, {fs.height, first.gen.Height, r.gen.Height},
		{"inference_steps", first.gen.InferenceSteps, r.gen.InferenceSteps},
		{"num_frames", first.gen.Frames, r.gen.Frames}, {"fps", first.gen.FPS, r.gen.FPS},
	} {
		if g.a != g.b {
			return r.differs(g.field, strconv.Itoa(g.a), strconv.Itoa(g.b))
		}
	}
	return nil
}

// readDiffusionRow checks one upstream diffusion configuration and derives
// its output row.
func readDiffusionRow(raw map[string]json.RawMessage, fs diffusionFields, s Settings) (*diffusionRow, *InputError) {
	f, model, err := readRowModel(raw)
	if err != nil {
		return nil, err
	}
	r := &diffusionRow{rowModel: model}
	gpu, name := f.gpuAndPrecision(s)
	out := &data.DiffusionRow{DiffusionSetup: floor.DiffusionSetup{
		GPU:           gpu,
		NumGPUs:       f.count("num_gpus"),
		UlyssesDegree: f.count("ulysses_degree"),
		RingDegree:    f.count("ring_degree"),
		Precision:     name,
		BatchSize:     f.count("batch_size"),
	}}
	r.gen = floor.Generation{Width: f.count(fs.width), Height: f.count(fs.height), InferenceSteps: f.count("inference_steps")}
	if fs.video {
		r.gen.Frames, r.gen.FPS = f.count("num_frames"), f.count("fps")
	}
	joules := f.positive(fs.energy)
	latency := f.positive("batch_latency_s")
	throughput := f.positive(fs.throughput)
	watts := f.positive("avg_power_watts")
	if f.err != nil {
		return nil, f.err
	}
	if out.UlyssesDegree*out.RingDegree != out.NumGPUs {
		f.fail("num_gpus", fmt.Errorf("is %d, but ulysses_degree %d × ring_degree %d is %d", out.NumGPUs, out.UlyssesDegree, out.RingDegree, out.UlyssesDegree*out.RingDegree))
		return nil, f.err
	}
	for _, c := range []struct {
		field    string
		value    decimal.Decimal
		decimals int32
		digits   int
		to       *json.Number
	}{
		{fs.energy, joules, joulesDecimals, MinSignificantDigits, &out.JoulesPerRequest},
		{"batch_latency_s", latency, latencyDecimals, MinSignificantDigits, &out.BatchLatencyS},
		{fs.throughput, throughput, throughputDecimals, MinSignificantDigits, &out.RequestsPerSecond},
		{"avg_power_watts", watts, 0, 1, &out.GPUPowerWattsTotal},
	} {
		d := c.value.Round(c.decimals)
		if c.decimals == 0 {
			*c.to = json.Number(d.String())
		} else {
			*c.to = pyNumber(d)
		}
		if d.Sign() <= 0 {
			f.fail(c.field, fmt.Errorf("is %s, which rounds to zero", raw[c.field]))
		} else if n := significant(d, c.decimals); n < c.digits {
			f.fail(c.field, fmt.Errorf("is %s, rounded to %d decimals with %d significant digits, fewer than %d", raw[c.field], c.decimals, n, c.digits))
		}
	}
	if f.err != nil {
		return nil, f.err
	}
	r.out = out
	return r, nil
}

// significant counts the significant digits of d rounded to decimals
// decimals, trailing zeros included (467.8950 has 7).
func significant(d decimal.Decimal, decimals int32) int {
	return len(strings.TrimLeft(d.Shift(decimals).Truncate(0).String(), "0"))
}

// diffusionModel is one model of one diffusion workload, ready to write.
type diffusionModel struct {
	data.ModelInfo
	gen  floor.Generation
	rows []*data.DiffusionRow
}

func buildDiffusionModels(t *task[*diffusionRow]) ([]*diffusionModel, error) {
	order, rows, err := groupByModel(t.file, t.rows,
		func(r *diffusionRow) (*rowModel, *data.DiffusionRow) { return &r.rowModel, r.out },
		func(r *diffusionRow) *diffusionModel {
			return &diffusionModel{ModelInfo: modelInfo(r.modelID, r.nickname, r.params, r.active, diffusionArchitecture), gen: r.gen}
		},
		func(m *diffusionModel) *data.ModelInfo { return &m.ModelInfo })
	if err != nil {
		return nil, err
	}
	for _, m := range order {
		ws := rows[m]
		configs := make([]*floor.Configuration, len(ws))
		for i, w := range ws {
			if i > 0 && floor.CompareConfigurations(ws[i-1].c, w.c) == 0 {
				return nil, &InputError{File: t.file, Model: m.ModelID, Err: fmt.Errorf(
					"measures %s on %d GPUs, Ulysses %d × ring %d, batch %d twice", w.row.GPU, w.row.NumGPUs, w.row.UlyssesDegree, w.row.RingDegree, w.row.BatchSize)}
			}
			w.row.RowID = floor.DiffusionRowID(m.Slug, w.row.GPU, w.row.NumGPUs, w.row.UlyssesDegree, w.row.RingDegree, w.row.BatchSize)
			m.rows = append(m.rows, w.row)
			configs[i] = w.c
		}
		m.GPUs = floor.ModelGPUs(configs)
	}
	return order, nil
}

// diffusionArchitecture is the architecture of every diffusion model:
// upstream's index lists the diffusion tasks under "diffusion", and its rows
// name no architecture of their own.
const diffusionArchitecture = "Diffusion"

// batchRange returns the least and greatest batch size of rows.
func batchRange(rows []*data.DiffusionRow) (lo, hi int) {
	for i, r := range rows {
		if i == 0 || r.BatchSize < lo {
			lo = r.BatchSize
		}
		if r.BatchSize > hi {
			hi = r.BatchSize
		}
	}
	return lo, hi
}

// diffusionSelection is a diffusion source block's selection text: there
// are no best rows, as there is no upstream latency ceiling for diffusion.
const diffusionSelection = "Every configuration is listed; there is no index row, as the leaderboard sets no latency " +
	"ceiling for image and video generation: the floor is chosen for the latency target given."

func diffusionSource(s Settings, ws DiffusionWorkloadSettings, configurations int) floor.Source {
	src := workloadSource(s, WorkloadSettings{ID: ws.ID, Name: ws.Name, Method: ws.Method}, configurations)
	src.Selection = diffusionSelection
	return src
}

// buildDiffusion adds the diffusion workloads to idx and their model files
// to files.
func buildDiffusion(up *upstream, s Settings, header data.Header, idx *data.Index, files map[string][]byte, sum *Summary) error {
	for _, ws := range s.DiffusionWorkloads {
		t := up.diffusion[ws.ID]
		models, err := buildDiffusionModels(t)
		if err != nil {
			return err
		}
		iw := &data.IndexDiffusionWorkload{
			WorkloadName:   data.WorkloadName{ID: ws.ID, Name: ws.Name, UpstreamName: t.displayName},
			Request:        ws.Request,
			WorkloadCounts: data.WorkloadCounts{ModelCount: len(models), ConfigurationCount: len(t.rows), Source: diffusionSource(s, ws, len(t.rows))},
		}
		for _, m := range models {
			lo, hi := batchRange(m.rows)
			mf := &data.DiffusionModelFile{
				ModelFileHead: data.ModelFileHead{Header: data.DiffusionHeader(header, ws.Request), Source: iw.Source, Caveat: floor.DiffusionCaveat(ws.Request, m.gen, lo, hi),
					Boundary: s.Boundary, ModelInfo: m.ModelInfo},
				Generation:     m.gen,
				Configurations: m.rows,
			}
			file := ws.ID + "/" + m.Slug + ".json"
			if files[file], err = encode(mf); err != nil {
				return fmt.Errorf("encode %s: %w", file, err)
			}
			iw.Models = append(iw.Models, &data.IndexDiffusionModel{
				ModelInfo:          m.ModelInfo,
				Generation:         m.gen,
				File:               file,
				ConfigurationCount: len(m.rows),
			})
		}
		idx.DiffusionWorkloads = append(idx.DiffusionWorkloads, iw)
		sum.Workloads = append(sum.Workloads, WorkloadSummary{ID: ws.ID, Models: len(models), Configurations: len(t.rows)})
	}
	return nil
}
