package compile

import "energyfloor/app/floor"

// Settings are the compiler's checked-in inputs that are not in the upstream
// files: dates, texts, and the names of workloads, GPUs and precisions. The
// compiler never reads the clock; changing a date or a text here and running
// `make data` is how a new data version is made.
type Settings struct {
	// FormatVersion is the per-model file format version.
	FormatVersion string
	// Updated and DataVersion date this compilation (YYYY-MM-DD).
	Updated     string
	DataVersion string
	// Unit names the unit of the headline figure.
	Unit string
	// ITLDeadlineMs is the median inter-token latency ceiling, in
	// milliseconds, that best rows are chosen under.
	ITLDeadlineMs int64
	// Caveat must sit next to every figure; Boundary names what the energy covers.
	Caveat   string
	Boundary string

	Source SourceSettings
	// Workloads are the token-based upstream tasks, in the order the index
	// lists them. The compiler fails if upstream's index.json lists a
	// token-based (llm or mllm) task that is not here, or lacks one that is.
	Workloads []WorkloadSettings
	// DiffusionWorkloads are the diffusion upstream tasks, in the order the
	// index lists them; the compiler fails if upstream's index.json lists
	// another diffusion task, or lacks one of these.
	DiffusionWorkloads []DiffusionWorkloadSettings
	// GPUs are the GPU models a row may name.
	GPUs []string
	// Precisions maps upstream weight_precision to the name we print.
	Precisions map[string]string
	// Grid describes the grid intensity input and its source.
	Grid GridSettings
}

// GridSettings describe the grid intensity input, CO2.js's
// average-intensities.json, and the source block grid.json carries.
type GridSettings struct {
	// SHA256 is the hex SHA-256 of the input file the source block
	// describes. The compiler checks it, because the block cites the file's
	// commit and date: a new file means reviewing them.
	SHA256 string
	Source floor.GridSource
}

// co2jsCommit is the CO2.js commit the grid intensities come from.
const co2jsCommit = "27cbe8328aeaad0824fb07b3640dc45b72228c7b"

// SourceSettings hold the provenance texts shared by every workload.
type SourceSettings struct {
	Name      string
	Publisher string
	URL       string
	// DataURLPrefix + "<task>.json" is a task file's published address.
	DataURLPrefix string
	// Version is the leaderboard version; Released its release date.
	Version  string
	Released string
	// Compiled is the date upstream compiled its data. The compiler checks
	// it against index.json's last_updated, because CompiledEvidence cites it.
	Compiled         string
	CompiledEvidence string
	// Retrieved is the date the upstream files were fetched.
	Retrieved       string
	Licence         string
	LicenceEvidence []string
	Cite            string
	CiteURL         string
	UsedFor         string
	// Configurations follows "<count> stable configurations: ".
	Configurations string
}

// WorkloadSettings name one upstream task and say how it was measured.
type WorkloadSettings struct {
	// ID is upstream's task name.
	ID string
	// Name is the human name shown in the app.
	Name string
	// Method is the source block's method text, true for this task.
	Method string
}

// methodBase is the part of the method text every workload shares.
const methodBase = "Energy per output token is steady-state GPU energy divided by the output tokens generated " +
	"in the steady-state window (the benchmark's steady_state_energy_per_token), measured with Zeus under " +
	"vLLM 0.11.1 on H100 80GB HBM3 and B200 servers. Energy per request is that figure multiplied by the " +
	"average output length, not a separate measurement. "

// diffusionMethod is the method text of a diffusion workload whose
// requests are one image or video each.
func diffusionMethod(one, many string) string {
	settings := "resolution, inference steps"
	if one == "video" {
		settings += ", frames and frame rate"
	}
	return "Energy per " + one + " is the GPU energy of generating a batch, measured with Zeus on H100 80GB HBM3 " +
		"and B200 servers, divided by the " + many + " in the batch. Batch latency is the time one batch takes: every " +
		one + " of a batch is ready when the batch is. Throughput is " + many + " generated per second by the whole " +
		"configuration, whose GPUs split each " + one + "'s sequence with Ulysses and ring attention (Ulysses degree × " +
		"ring degree = GPUs). Each model generates at fixed settings (" + settings + ")."
}

// Default are the settings `make data` compiles with.
var Default = Settings{
	FormatVersion: "1",
	Updated:       "2026-10-19",
	DataVersion:   "2026-10-19",
	Unit:          "Wh per million output tokens",
	ITLDeadlineMs: 500,
	Caveat: "GPU energy only, measured at steady state on a busy server (the most energy-efficient " +
		"configuration under a latency limit). Host, network, cooling and idle time are not counted. " +
		"Every figure is a floor; a lightly used server sits well above it.",
	Boundary: "gpu_only",
	Source: SourceSettings{
		Name:          "ML.ENERGY Leaderboard",
		Publisher:     "The ML.ENERGY Initiative (started at SymbioticLab, University of Michigan)",
		URL:           "https://ml.energy/leaderboard/",
		DataURLPrefix: "https://raw.githubusercontent.com/ml-energy/leaderboard/master/public/data/tasks/",
		Version:       "3.0",
		Released:      "2025-12-01",
		Compiled:      "2026-02-16",
		CompiledEvidence: "the leaderboard's public/data/index.json last_updated, and the last commit to " +
			"the task files, both 2026-02-16",
		Retrieved: "2026-09-26",
		Licence:   "Apache-2.0 per the ml-energy/benchmark-v3 dataset card",
		LicenceEvidence: []string{
			"Hugging Face dataset ml-energy/benchmark-v3: tagged license:apache-2.0, ships a LICENSE file, " +
				"and its dataset card's License section reads Apache-2.0",
			"The ML.ENERGY Leaderboard web app's footer says Apache 2.0",
			"The leaderboard repository (github.com/ml-energy/leaderboard) carries no licence file; its JSON " +
				"files are reproduced here as published measurements until the ML.ENERGY team confirms that " +
				"the dataset licence covers them",
		},
		Cite: "Chung et al., The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and " +
			"Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371",
		CiteURL: "https://arxiv.org/abs/2505.06371",
		UsedFor: "index, per-model configurations, concurrency curves, measured GPU power",
		Configurations: "stable configurations: the leaderboard publishes the runs that passed its stability " +
			"filter; every run, including the unstable ones, is in the gated Hugging Face dataset " +
			"ml-energy/benchmark-v3",
	},
	Workloads: []WorkloadSettings{
		{ID: "lm-arena-chat", Name: "Text Conversation", Method: methodBase + "Prompt processing is included."},
		{ID: "gpqa", Name: "Problem Solving", Method: methodBase + "Prompt processing is included."},
		{ID: "sourcegraph-fim", Name: "Code Completion", Method: methodBase + "Prompt processing is included."},
		{ID: "image-chat", Name: "Image Chat",
			Method: methodBase + "Prompt processing, including the image input, is included."},
		{ID: "video-chat", Name: "Video Chat",
			Method: methodBase + "Prompt processing, including the video input, is included."},
	},
	DiffusionWorkloads: []DiffusionWorkloadSettings{
		{ID: "text-to-image", Name: "Text to Image", Request: "image", Method: diffusionMethod("image", "images")},
		{ID: "text-to-video", Name: "Text to Video", Request: "video", Method: diffusionMethod("video", "videos")},
	},
	GPUs:       []string{"B200", "H100"},
	Precisions: map[string]string{"bfloat16": "BF16", "fp8": "FP8", "mxfp4": "MXFP4"},
	Grid: GridSettings{
		SHA256: "7f0b09eb3a0b5aa08db0da7bdf7cf9571db3d1b6f163506fe41d70e655196bc0",
		Source: floor.GridSource{
			Name:      "Ember yearly electricity data via CO2.js (Green Web Foundation)",
			Publisher: "Ember (yearly electricity data), as republished by the Green Web Foundation in CO2.js",
			URL:       "https://github.com/thegreenwebfoundation/co2.js",
			DataURL:   "https://raw.githubusercontent.com/thegreenwebfoundation/co2.js/" + co2jsCommit + "/data/output/average-intensities.json",
			Commit:    co2jsCommit,
			Updated:   "2025-08-03",
			Licence:   "CC BY-SA 4.0 (the Ember data, as CO2.js states it)",
			LicenceEvidence: []string{
				"CO2.js (github.com/thegreenwebfoundation/co2.js) is licensed Apache-2.0 and states the licence of the " +
					"Ember data it republishes as CC BY-SA 4.0",
			},
			Attribution: "Carbon intensity: Ember, yearly electricity data, via CO2.js (Green Web Foundation)",
			Method: "Yearly average carbon intensity of electricity generation, location-based (not marginal, not " +
				"market-based), in gCO2e per kWh, for each country or region in its own latest year of data. Codes " +
				"are ISO 3166-1 alpha-3 codes, or the region's name (World, EU, G20…). Each intensity is CO2.js's " +
				"figure, exactly; rows are sorted by code.",
		},
	},
}
