// Package compile turns the ML.ENERGY Leaderboard v3's published files into
// Energy Floor's bundled dataset (data/compiled), the same bytes for the same
// input.
//
// # Input
//
// The leaderboard's public/data layout: index.json (its last_updated and the
// architectures that name the token-based tasks, "llm" and "mllm") and
// tasks/<task>.json (every stable configuration of every model for one task).
// The workloads compiled are Settings.Workloads: lm-arena-chat, gpqa,
// sourcegraph-fim, image-chat and video-chat; and Settings.DiffusionWorkloads:
// text-to-image and text-to-video, which measure images and videos, not
// tokens (see Diffusion below). Dates and texts that are not in the upstream files come from
// Settings (settings.go), never from the clock.
//
// And the Green Web Foundation's CO2.js average-intensities.json (Ember's
// yearly electricity data): an object keyed by ISO 3166-1 alpha-3 code or
// region name ("World", "EU"), each entry with its country_code (the key, or
// "" for a region), country_or_region, year and
// emissions_intensity_gco2_per_kwh. Settings.Grid pins the file by its
// SHA-256 and gives the source block that cites it.
//
// # Output
//
// index.json lists the dataset's version, dates, caveat, licence and citation,
// and every workload with its source block, counts and models (metadata, file
// name and best rows), so the app can list models without reading every file.
// grid.json holds every grid intensity: the dataset's version and dates, the
// unit, the source block (attribution, licence, source and data URL, commit
// and date of the file compiled) and one row per country or region (code,
// name, year, gco2e_per_kwh as its exact decimal), sorted by code, each on
// one line; data.CheckGrid's rules hold for it (every code once, every
// intensity from 0 to 2,000 gCO2e per kWh).
// <workload>/<slug>.json is one model on one workload, in format version "1"
// (the reference file qwen-3-235b-a22b-instruct.json): metadata, the source
// block, every configuration and best. Keys are in a fixed order (struct
// field order; the GPUs of best sorted). Each configuration is one line of
// compact JSON, and every other object or array that nests objects or arrays
// has one member per line, indented by two spaces; files end in a newline.
// So a changed figure shows in a diff as its configuration's line.
//
// # Derivation
//
// Every figure is derived from the upstream number's decimal text as published
// (Python's shortest repr of the float), not from its binary value, and is
// rounded half up (half away from zero; every figure is positive) with
// github.com/shopspring/decimal:
//
//	joules_per_output_token       energy_per_token_joules, J per output token, 7 decimals
//	wh_per_million_output_tokens  energy_per_token_joules × 1e6 / 3600, Wh per million output tokens, 2 decimals (exact division)
//	median/p90/p95/p99_itl_ms     the same upstream percentiles of inter-token latency, ms, 1 decimal
//	tokens_per_second             output_throughput_tokens_per_sec (whole configuration), 1 decimal
//	gpu_power_watts_total         avg_power_watts (all its GPUs together), W, integer
//	avg_output_tokens             avg_output_len, tokens, integer
//	avg_running_batch             avg_batch_size, requests in flight, 1 decimal
//	avg_requests_in_flight        the same figure as avg_running_batch
//	params_b, active_params_b     total_params_billions, activated_params_billions, as published
//
// The only upstream value on which this differs from Python's round() (half to
// even on the binary value) is Llama 4 Scout's lm-arena-chat H100/8/384
// avg_batch_size 383.25: 383.3 here, 383.2 with round(). Fractional figures are
// written like Python writes floats (8.0, 1264.0); integer figures as integers.
//
// precision is weight_precision renamed by Settings.Precisions: bfloat16 → BF16,
// fp8 → FP8, mxfp4 → MXFP4; any other value is an error. gpu is gpu_model,
// which must be one of Settings.GPUs. num_gpus, tensor_parallel,
// data_parallel, expert_parallel and max_num_seqs are copied.
//
// A model's slug is its nickname lowercased, every run of characters other than
// a-z and 0-9 replaced by "-", leading and trailing "-" dropped
// ("Qwen 3 235B A22B Instruct" → "qwen-3-235b-a22b-instruct"); name is the
// nickname; gpus are its GPU models, sorted.
//
// Configurations are sorted by gpu, num_gpus, max_num_seqs, then upstream's
// order. Upstream repeats some runs of one configuration (Qwen 3 30B A3B
// Instruct on lm-arena-chat at H100/2/256 and H100/2/512; gpt-oss-20b on gpqa at
// H100/1/96): every run is kept, numbered by repeat from 1 in upstream's order.
// row_id is "<slug>/<gpu>/<num_gpus>/<max_num_seqs>", with "/r<repeat>"
// appended from the second run on, so every row id is unique.
//
// under_itl_deadline is median_itl_ms (as written, 1 decimal) ≤
// Settings.ITLDeadlineMs. best maps each GPU to its configuration with the
// lowest joules_per_output_token among those under the deadline (ties: lower
// median_itl_ms, fewer GPUs, then row id); a GPU with none under the deadline
// has no best row, and the selection text says so. Best is chosen on the
// written figures, so anyone can check it from the file alone.
//
// # Diffusion
//
// text-to-image and text-to-video (Settings.DiffusionWorkloads) measure one
// image or video per request. Their models are listed under index.json's
// diffusion_workloads, each with its generation settings, and written to
// <workload>/<slug>.json as a data.DiffusionModelFile: metadata, generation
// (width, height, inference_steps; for video frames and fps, each the same on
// every upstream row of the model, or an error), the source block, the
// caveat floor.DiffusionCaveat derives from the generation settings and the
// model's batch sizes, and every configuration, one line each:
//
//	joules_per_request     energy_per_image_joules / energy_per_video_joules, J, 4 decimals
//	batch_latency_s        batch_latency_s, s, 7 decimals
//	requests_per_second    throughput_images_per_sec / throughput_videos_per_sec, 10 decimals
//	gpu_power_watts_total  avg_power_watts, W, integer
//
// rounded half up, each energy, latency and throughput keeping at least
// MinSignificantDigits significant digits (the compiler fails otherwise).
// gpu, num_gpus, ulysses_degree, ring_degree and batch_size are copied
// (num_gpus must be ulysses_degree × ring_degree), precision renamed as for
// tokens. Configurations are sorted by gpu, num_gpus, ulysses_degree,
// ring_degree, batch_size (each measured once, or an error); row_id is
// floor.DiffusionRowID's "<slug>/<gpu>/<num_gpus>/u<ulysses>xr<ring>/b<batch>".
// There are no best rows: the leaderboard sets no latency ceiling for
// diffusion. architecture is "Diffusion" (upstream's index groups these tasks
// under it; its rows name none).
//
// # Source block
//
// Each workload's source block is true for that workload: workload names it
// ("Text Conversation (lm-arena-chat)"), data_url is its task file's published
// address, configurations starts with its number of configurations, and method
// says what prompt processing covers (the image or video input for image-chat
// and video-chat). In a model's file, selection is true for that model: that
// no measured configuration reaches the ceiling, or how many exceed it and
// which GPU, if any, has none within it.
//
// # Errors
//
// Bad upstream input stops the compiler before it writes anything, with an
// *InputError naming the file, model, row and field: a missing or unreadable
// file, malformed JSON (which includes Python's bare NaN and Infinity), a
// missing or mistyped field, a zero, negative, NaN (JSON has no NaN: a string
// "NaN") or infinite (a literal beyond float64's range such as 1e999) figure,
// latency percentiles out of order, an unknown precision or GPU, a task with
// no configurations; and a grid file other than the one Settings.Grid
// describes, a grid entry with a field missing, unknown or mistyped, a code
// given twice, or a row data.CheckGrid refuses.
package compile

import (
	"fmt"
	"strings"

	"energyfloor/app/floor"
	"energyfloor/data"

	json "github.com/goccy/go-json"
	"github.com/shopspring/decimal"
)

// Input names the compiler's input files.
type Input struct {
	// Upstream is the leaderboard's public/data folder.
	Upstream string
	// Grid is CO2.js's average-intensities.json.
	Grid string
}

// Summary counts what one compilation produced: per workload in index
// order, and the grid's countries and regions.
type Summary struct {
	Workloads []WorkloadSummary
	GridRows  int
}

// WorkloadSummary counts one workload's models and configurations.
type WorkloadSummary struct {
	ID             string
	Models         int
	Configurations int
}

// Build compiles the input files in memory: it returns every output file by
// its slash-separated path relative to the output folder.
func Build(in Input, s Settings) (map[string][]byte, Summary, error) {
	var sum Summary
	up, err := readUpstream(in.Upstream, s)
	if err != nil {
		return nil, sum, err
	}
	grid, err := readGrid(in.Grid, s)
	if err != nil {
		return nil, sum, err
	}
	files := map[string][]byte{}
	if files["grid.json"], err = encode(grid); err != nil {
		return nil, sum, fmt.Errorf("encode grid.json: %w", err)
	}
	sum.GridRows = len(grid.Intensities)
	header := data.Header{
		Version:       s.FormatVersion,
		Updated:       s.Updated,
		DataVersion:   s.DataVersion,
		Unit:          s.Unit,
		ITLDeadlineMs: s.ITLDeadlineMs,
	}
	idx := &data.Index{
		Header:   header,
		Caveat:   s.Caveat,
		Boundary: s.Boundary,
		Licence:  s.Source.Licence,
		Cite:     s.Source.Cite,
		CiteURL:  s.Source.CiteURL,
	}
	for _, ws := range s.Workloads {
		t := up.tasks[ws.ID]
		models, err := buildModels(t, s)
		if err != nil {
			return nil, sum, err
		}
		iw := &data.IndexWorkload{
			WorkloadName:   data.WorkloadName{ID: ws.ID, Name: ws.Name, UpstreamName: t.displayName},
			WorkloadCounts: data.WorkloadCounts{ModelCount: len(models), ConfigurationCount: len(t.rows), Source: workloadSource(s, ws, len(t.rows))},
		}
		for _, m := range models {
			src := iw.Source
			src.Selection = selection(s, m)
			mf := &data.ModelFile{
				ModelFileHead:  data.ModelFileHead{Header: header, Source: src, Caveat: s.Caveat, Boundary: s.Boundary, ModelInfo: m.ModelInfo},
				Configurations: m.rows,
				Best:           m.best,
			}
			file := ws.ID + "/" + m.Slug + ".json"
			if files[file], err = encode(mf); err != nil {
				return nil, sum, fmt.Errorf("encode %s: %w", file, err)
			}
			iw.Models = append(iw.Models, &data.IndexModel{
				ModelInfo:          m.ModelInfo,
				File:               file,
				ConfigurationCount: len(m.rows),
				Best:               m.best,
			})
		}
		idx.Workloads = append(idx.Workloads, iw)
		sum.Workloads = append(sum.Workloads, WorkloadSummary{ID: ws.ID, Models: len(models), Configurations: len(t.rows)})
	}
	if err := buildDiffusion(up, s, header, idx, files, &sum); err != nil {
		return nil, sum, err
	}
	if files["index.json"], err = encode(idx); err != nil {
		return nil, sum, fmt.Errorf("encode index.json: %w", err)
	}
	return files, sum, nil
}

// Compile compiles the input files into the folder out, atomically: out is
// replaced only when everything succeeded.
func Compile(in Input, out string, s Settings) (Summary, error) {
	files, sum, err := Build(in, s)
	if err != nil {
		return sum, err
	}
	return sum, writeAtomic(out, files)
}

// encode is the one byte format of every output file: goccy/go-json's
// compact encoding (keys in struct field order, map keys sorted), laid out by
// layout, and a final newline.
func encode(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if b, err = layout(b); err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func workloadSource(s Settings, ws WorkloadSettings, configurations int) floor.Source {
	ss := s.Source
	return floor.Source{
		Name:             ss.Name,
		Publisher:        ss.Publisher,
		URL:              ss.URL,
		DataURL:          ss.DataURLPrefix + ws.ID + ".json",
		Version:          fmt.Sprintf("%s (released %s); data compiled %s", ss.Version, ss.Released, ss.Compiled),
		Released:         ss.Released,
		Compiled:         ss.Compiled,
		CompiledEvidence: ss.CompiledEvidence,
		Retrieved:        ss.Retrieved,
		Licence:          ss.Licence,
		LicenceEvidence:  ss.LicenceEvidence,
		Workload:         fmt.Sprintf("%s (%s)", ws.Name, ws.ID),
		Method:           ws.Method,
		Selection:        selection(s, nil),
		Cite:             ss.Cite,
		CiteURL:          ss.CiteURL,
		UsedFor:          ss.UsedFor,
		Configurations:   fmt.Sprintf("%d %s", configurations, ss.Configurations),
	}
}

// pyNumber writes d as Python writes a float: shortest decimal, at least one
// fractional digit.
func pyNumber(d decimal.Decimal) json.Number {
	s := d.String()
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return json.Number(s)
}
