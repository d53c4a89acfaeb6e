// Command energyfloor prints the least GPU energy each large language model of
// the ML.ENERGY Leaderboard v3 needs to serve a monthly output-token volume
// within a latency target (or each image or video model, a monthly number of
// images or videos within a batch latency target): a ranking of every model
// and GPU of a workload,
// with the configuration behind each figure, the caveat and the citation. It
// gives the same figures as the app: the calculation is package floor's.
//
// Usage:
//
//	energyfloor [flags]
//
// Flags:
//
//	-workload id       upstream task: lm-arena-chat (default), gpqa, sourcegraph-fim, image-chat, video-chat,
//	                   text-to-image, text-to-video
//	-tokens n          output tokens per month (default 1B); 1000000000, 1e9, 1,000,000,000, 2.5M, 3 billion …
//	-requests n        requests per month: for a token workload linked through -output-tokens, taking
//	                   precedence over -tokens (as requests= does on the page); for text-to-image and
//	                   text-to-video the images or videos a month (default -tokens over -output-tokens;
//	                   1M images; 10k videos)
//	-latency-s n       text-to-image, text-to-video: the batch latency target in seconds, 0.1 to 100,000
//	                   (default 30 for images, 1,800 for videos); a configuration meets it when its
//	                   batch_latency_s is at most it, with no percentile
//	-output-tokens n   average output tokens per request (default 500)
//	-itl-ms n          inter-token latency target in milliseconds (default 100)
//	-percentile s      the latency statistic the target applies to: median (default), p90, p95, p99
//	-gpu g             H100 or B200, in any case (default, or "either": either)
//	-model m           only this model: its slug (qwen-3-8b) or Hugging Face id (Qwen/Qwen3-8B)
//	-host-overhead f   estimate: host CPU and memory energy as a fraction of GPU energy, 0 to 5 (default 0)
//	-idle-overhead f   estimate: idle and provisioned-but-unused machines, a fraction of GPU energy, 0 to 5 (default 0)
//	-pue n             estimate: facility energy over IT energy, 1 to 3 (default 1)
//	-grid code         carbon at a bundled grid's yearly average intensity: DEU, USA, World, EU … (any case)
//	-gco2-per-kwh n    carbon at your own grid intensity, gCO2e per kWh, 0 to 2,000 (overrides -grid)
//	-price-per-kwh n   cost at this electricity price per kWh, 0 to 1,000
//	-currency s        the price's currency, shown as text, at most 8 characters
//	-embodied-kg kg    manufacture: embodied kgCO2e per GPU, 0 to 10,000, or nvidia for NVIDIA's
//	                   figure of each row's GPU (its HGX baseboard's, shared by its eight GPUs)
//	-life-years n      manufacture: service life in years, 1 to 15 (default: the sourced useful life
//	                   of a hyperscaler's servers, named in -json's footprint_sources)
//	-server-kg kg      manufacture: the rest of an 8-GPU server without its GPUs, kgCO2e, 0 to 100,000
//	-wue n             water on site: litres per kWh of IT energy, 0 to 20
//	-offsite-water n   water off site, consumed generating the electricity: litres per kWh, 0 to 100
//	-link URL          read the inputs from a permalink of the app, as the page reads it
//	                   (any origin or path prefix, /embed too; link.Decode): the same
//	                   figures as the equivalent flags, which, given too, apply on top (a
//	                   -workload without the link's model ranks every model, with a
//	                   notice); a parameter the page would drop gives the page's notice on
//	                   stderr, as does a link made with another data version; a bad number
//	                   is a usage error naming the parameter with the page's message
//	-statement         print the statement to quote instead of the table: one paragraph
//	                   (floor.Statement) for -model, else the default model, over -gpu;
//	                   with -json, the JSON's statement field carries it
//	-short             print the statement in one sentence of at most 45 words instead
//	                   (floor.ShortStatement; -statement -short too); -json gives it as
//	                   statement_short whether or not -short is set
//	-origin URL        the app's public URL (https://example.org/energy): the statement,
//	                   and -json's, then end with the page's permalink (link.PermalinkOf)
//	-json              print one JSON object instead of the table (the contract below)
//	-list              list the workloads and their models, then exit (-list -json too)
//	-version           print the app and data versions, then exit (-version -json too)
//
// Numbers take any form the app's fields take (floor.ParseNumber): 1000000000,
// 1e9, 1,000,000,000, 1 000 000 000, 1.000.000.000 (two or more dots, each
// before three digits; a single dot is a decimal point), 2.5M, 1.2B, 3T, 3bn,
// 3 billion, 250 thousand (k, thousand; M, mn, million; B, bn, billion; T, tn,
// trillion; in any case).
//
// Beyond the floor, the estimate (package floor's "Beyond the GPU floor"):
// E_estimate = floor × (1 + host + idle) × pue; carbon = E_estimate × grid
// intensity; cost = E_estimate × price. The presets' values: Google 2025
// proportions -host-overhead 0.43 -idle-overhead 0.17 -pue 1.09;
// industry-average facility the same with -pue 1.56. When any factor is set
// (host or idle above 0, PUE above 1, a grid intensity or a price), the table
// gains the estimate's columns (and carbon's and cost's when set), a line
// stating the factors, a second sentence in the caveat and, for a bundled
// grid, the grid data's attribution; with none set, the output shows the
// GPU floor alone.
//
// The whole footprint (package floor's footprint.go): manufacture charges a
// request the GPU-seconds it takes (num_gpus × output tokens per request ÷
// tokens_per_second, or num_gpus × batch_latency_s ÷ batch_size) at
// (E + K ÷ 8) × 1,000 ÷ (L × 8,760 × 3,600) gCO2e a GPU-second, E from
// -embodied-kg, K from -server-kg, L from -life-years; at your traffic every
// GPU of the ⌈rate ÷ throughput⌉ copies the month keeps reserved is charged
// for the month, busy or idle. Water is -wue × the IT energy (before PUE)
// plus -offsite-water × the facility energy. Set, they add the table's
// manufacture and water columns and the statement's figures.
//
// Examples:
//
//	energyfloor -tokens 2.5B -itl-ms 50
//	energyfloor -workload gpqa -percentile p99 -itl-ms 200 -gpu H100 -json
//	energyfloor -host-overhead 0.43 -idle-overhead 0.17 -pue 1.09 -grid DEU -price-per-kwh 0.30 -currency EUR
//	energyfloor -list
//	go build -ldflags "-X main.version=1.0.0" -o bin/energyfloor ./cmd/energyfloor
//
// Each row is one model on one GPU: the lowest-energy measured configuration
// whose chosen latency statistic is within the target (ties: lower latency,
// then fewer GPUs, then row id). Its "At your traffic" column is the energy
// per request at the least-energy configuration the monthly volume can keep
// busy, with how many times the floor it is. Rows that meet nothing are marked "!" and
// show the lowest latency the model reaches on that GPU and the energy
// there, so you know how far to relax the target. Order: the rows that meet
// the target by joules per output token, then the others by the latency they
// reach.
//
// Exit status: 0 on success; 2 for a usage error or a number it cannot read,
// with "energyfloor: -flag "value": the problem" on standard error for every
// problem at once (the value quoted as the app's notices quote it: at most 40
// characters, with control and direction characters escaped); 1 when the bundled dataset fails to load or output cannot
// be written.
//
// # The -json contract
//
// Scripts and tests depend on this; fields may be added, none renamed or
// removed (floor.Report is its one definition; the app's downloads use it
// too). One object:
//
//   - inputs: workload, output_tokens_per_month, output_tokens_per_request,
//     itl_target_ms, percentile, gpu (null for either), model (the slug, or
//     null for every model); the estimate's factors: host_overhead,
//     idle_overhead, pue (0, 0 and 1 when not set), grid (the code of the
//     bundled grid the carbon figures use, or null for none or a custom
//     intensity), grid_year (that grid figure's year, or null),
//     grid_gco2e_per_kwh (the intensity the carbon figures use, bundled or
//     -gco2-per-kwh, or null), price_per_kwh (or null), currency ("" for
//     none); the footprint's: embodied ("nvidia", a number of kgCO2e per
//     GPU, or null), service_life_years (the life manufacture is spread
//     over, or null when it is not counted), server_kg, wue_l_per_kwh,
//     offsite_water_l_per_kwh (each null when unset).
//   - footprint_sources: the bundled footprint values the figures use
//     (each GPU's embodied value with embodied=nvidia, the default service
//     life, a WUE preset's value): for, id, label, value, figure, basis,
//     scope, source, url, date, retrieved; empty when none.
//   - data_version, app_version ("dev" unless set with -ldflags "-X
//     main.version=…"), hours_per_month (730), caveat (with a second sentence
//     on the factors when any is set), citation, citation_url, source (name,
//     url, data_url, version, retrieved, licence).
//   - grid_source: null, or when the carbon figures use a bundled grid its
//     source: name, attribution, url, data_url, commit, updated, licence.
//   - statement: the statement to quote, one paragraph (floor.Statement,
//     the text -statement prints), for the model the results are limited to
//     with -model, else the default model (qwen-3-235b-a22b-instruct, or
//     when the workload lacks it the first of the ranking), over the -gpu
//     filter; it ends with the permalink only with -origin.
//   - statement_short: the same statement in one sentence of at most 45
//     words (floor.ShortStatement, the text -statement -short prints), for
//     the same model; with the permalink only with -origin.
//   - equivalents: the statement's floor restated in everyday energies,
//     empty when nothing meets the target: for each figure, per request
//     then per month, one entry per bundled equivalent: of (the page's id of
//     the figure: energy-per-request or energy-per-month), id, name, unit,
//     wh_per_unit, count (the figure's Wh over wh_per_unit, unrounded),
//     source, url, year (null when the source states none), basis and
//     verification (how the figure was checked against its source).
//   - results: one entry per model and GPU, in ranking order.
//
// -version -json prints one object too: app_version and data_version.
//
// Each entry of results has:
//
//   - rank, model_id (the Hugging Face id), model and slug (both the slug),
//     name, gpu;
//   - meets_target; row_id: the chosen configuration's row id, null when no
//     configuration meets the target; reachable_itl_ms: null, or when nothing
//     meets the target the lowest value of the target's statistic the model
//     reaches on that GPU;
//   - configuration: the configuration the figures are for (the chosen one,
//     or the fastest when nothing meets the target): row_id, gpu, num_gpus,
//     tensor_parallel, data_parallel, expert_parallel, precision,
//     max_num_seqs, repeat, median_itl_ms, p90_itl_ms, p95_itl_ms,
//     p99_itl_ms, tokens_per_second, gpu_power_watts_total;
//   - qualifying_configurations, measured_configurations, spread (floor,
//     median, highest joules per output token over the qualifying
//     configurations; null when none qualifies);
//   - the figures: joules_per_output_token, wh_per_million_output_tokens,
//     joules_per_request, wh_per_request, kwh_per_month, kwh_per_year,
//     requests_per_month, gpu_hours_per_month, replicas and gpus_needed (whole
//     replicas of the configuration that serve the volume over a 730-hour
//     month), avg_gpu_power_watts;
//   - estimate: null when no factor is set, else the same configuration's
//     figures beyond the floor: wh_per_request and kwh_per_month (the
//     floor's times (1 + host + idle) × pue), g_co2e_per_request and
//     kg_co2e_per_month (null without a grid intensity), cost_per_month (in
//     the inputs' currency; null without a price), gpu_seconds_per_request
//     (the configuration's GPU time per request), embodied_kg_per_gpu,
//     embodied_g_per_request and embodied_kg_per_month (null unless
//     manufacture is set; at your traffic charged for the reserved GPUs),
//     water_onsite_ml_per_request, water_offsite_ml_per_request,
//     water_ml_per_request and water_l_per_month (null unless set). The
//     floor's own figures above never change with the factors;
//   - traffic: null when no configuration meets the target, else the floor
//     at your traffic (package floor's "The floor at your traffic"): the
//     least-energy configuration the monthly volume can keep busy along the
//     model's measured concurrency curves on this row's GPU:
//     output_tokens_per_second (the volume's average rate over the 730-hour
//     month), joules_per_output_token, wh_per_request, kwh_per_month, row_id,
//     utilisation (the rate over the configuration's measured throughput:
//     below 1 the share of the month one replica is busy, from 1 on the
//     replicas it fills), times_floor (its joules per output token over this
//     row's), configuration (the same shape as above), estimate (the same
//     shape as above, for the traffic floor; null without factors) and
//     next_step: where the figure at your traffic next falls as the volume
//     grows, null when it is the floor already, else from_tokens_per_month
//     (the first monthly volume above the inputs' at which its joules per
//     output token are lower: the start of a step of the page's volume
//     chart) and times_floor (there).
//
// # Images and videos
//
// On text-to-image and text-to-video a request is one image or video
// (package floor's "Images and videos"). Their -json has the same object
// with these differences, and none of the token-only fields:
//
//   - inputs: workload, requests_per_month (images or videos), latency_target_s,
//     gpu, model and the factors as above, in place of output_tokens_per_month,
//     output_tokens_per_request, itl_target_ms and percentile;
//   - caveat: the model's (true for its generation settings) with -model,
//     else one for every model;
//   - each entry of results: rank, model_id, model, slug, name, gpu,
//     meets_target, row_id (model/GPU/GPU count/u<Ulysses>xr<ring>/b<batch>,
//     "flux-1-dev/B200/1/u1xr1/b1"), reachable_latency_s (in place of
//     reachable_itl_ms: the lowest batch latency when nothing meets the
//     target), configuration, qualifying_configurations,
//     measured_configurations, spread (joules per image or video),
//     joules_per_request, wh_per_request, kwh_per_month, kwh_per_year,
//     requests_per_month, gpu_hours_per_month, replicas, gpus_needed,
//     avg_gpu_power_watts, estimate and traffic;
//   - configuration: row_id, gpu, num_gpus, ulysses_degree, ring_degree,
//     precision, batch_size, batch_latency_s, requests_per_second (images or
//     videos a second), gpu_power_watts_total, and generation: width, height,
//     inference_steps, and for video frames and fps;
//   - traffic: requests_per_second (the volume's average rate), joules_per_request,
//     wh_per_request, kwh_per_month, row_id, utilisation, times_floor,
//     configuration, estimate, and next_step with from_requests_per_month and
//     times_floor.
//
// Every figure is a JSON number written as a plain decimal (never an
// exponent, never a string) and is not rounded for display: energies come
// from the dataset's joules_per_output_token, and each derived figure
// involves at most one division, kept to at least 16 significant digits; the
// estimate's figures multiply those exactly.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"

	"energyfloor/app/floor"
	"energyfloor/app/link"
	"energyfloor/data"
)

// version is the app version printed by -version and in -json's
// app_version; release builds set it with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// run is the command: it parses args, calculates and writes to stdout, with
// messages on stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("energyfloor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { usage(fs) }
	// The inputs' flags come from the link's table of fields, in its order.
	var texts [link.FieldCount]*string
	for k, fd := range link.Fields {
		if fd.Flag != "" {
			texts[k] = fs.String(fd.Flag, link.FlagDefault(link.Field(k)), link.FlagUsage(link.Field(k)))
		}
	}
	permalink := fs.String("link", "", "read the inputs from the app's permalink `URL` (any origin and path prefix, /embed too); flags given as well apply on top")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	statement := fs.Bool("statement", false, "print the statement to quote, one paragraph, instead of the table (for -model, else the default model)")
	short := fs.Bool("short", false, "print the statement to quote in one sentence of at most 45 words, instead of the table")
	origin := fs.String("origin", "", "the app's public `URL` (https://example.org/energy): the statement, and -json's, then end with the permalink")
	list := fs.Bool("list", false, "list the workloads and their models")
	showVersion := fs.Bool("version", false, "print the app and data versions (as JSON with -json)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage // flag has printed the problem and the usage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "energyfloor: unexpected argument %q: every input is a flag (see -h)\n", fs.Arg(0))
		return exitUsage
	}

	d, err := data.Load()
	if err != nil {
		fmt.Fprintf(stderr, "energyfloor: the bundled dataset failed to load: %v\n", err)
		return exitError
	}
	if *showVersion {
		return written(stderr, writeVersion(stdout, d, *asJSON))
	}
	if *list {
		return written(stderr, writeList(stdout, d, *asJSON))
	}

	f, modelGiven, ok := readInputs(d, fs, &texts, *permalink, *origin, stderr)
	if !ok {
		return exitUsage
	}
	in := f.In
	w := d.FindWorkload(in.Workload)
	if modelGiven && w.Model(in.Model) == nil {
		// The link's model, which -workload's workload does not have.
		fmt.Fprintf(stderr, "energyfloor: -link: Ignored %s=%s: no such model on %s (-workload). Ranking every model.\n",
			link.Fields[link.FieldModel].Param, floor.QuoteInput(in.Model), w.ID)
		modelGiven = false
	}
	results := floor.Rank(w, in)
	if modelGiven {
		results = slices.DeleteFunc(results, func(r floor.Result) bool { return r.Model.Slug != in.Model })
	} else {
		in.Model = "" // every model, and the statement's default
	}
	rep := report{dataset: d, workload: w, in: in, results: results, origin: strings.TrimSuffix(*origin, "/")}
	if (*statement || *short) && !*asJSON {
		return written(stderr, rep.writeStatement(stdout, *short))
	}
	if *asJSON {
		return written(stderr, rep.writeJSON(stdout))
	}
	return written(stderr, rep.writeTable(stdout))
}

// readInputs reads the inputs of the command line: -link's, then each
// input flag given (texts, by field), with -origin checked. It reports
// every problem at once on stderr, and ok false when there was one.
// modelGiven reports that the link or -model chose a model.
func readInputs(d *floor.Dataset, fs *flag.FlagSet, texts *[link.FieldCount]*string, permalink, origin string, stderr io.Writer) (f link.State, modelGiven, ok bool) {
	var problems []string
	bad := func(flag, value string, err error) {
		problems = append(problems, fmt.Sprintf("-%s %s: %v", flag, floor.QuoteInput(value), err))
	}
	f = link.NewState(d)
	if set(fs, "link") {
		if f, modelGiven, ok = readLink(d, permalink, stderr); !ok {
			return f, false, false
		}
	}
	for k, fd := range link.Fields {
		if texts[k] == nil || !set(fs, fd.Flag) {
			continue
		}
		v := *texts[k]
		if err := f.Apply(d, link.Field(k), v); err != nil {
			bad(fd.Flag, v, flagProblem(d, &f, link.Field(k), v, err))
		}
		modelGiven = modelGiven || link.Field(k) == link.FieldModel
	}
	if origin != "" {
		if err := checkOrigin(origin); err != nil {
			bad("origin", origin, err)
		}
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, "energyfloor:", p)
	}
	return f, modelGiven, len(problems) == 0
}

// set reports whether flag name was given.
func set(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// flagProblem returns what is wrong with value v of field k's flag, given
// the page's reason err: a number's and a text's as the page says them (an
// empty number too, which the page reads as a factor left unset); a choice's
// with what the CLI can list.
func flagProblem(d *floor.Dataset, f *link.State, k link.Field, v string, err error) error {
	switch k {
	case link.FieldWorkload:
		return fmt.Errorf("Unknown workload: choose one of %s.", strings.Join(workloadIDs(d), ", "))
	case link.FieldGrid:
		return fmt.Errorf("Unknown grid: use an ISO 3166-1 alpha-3 country code such as DEU, USA or IND, or a region: %s.",
			strings.Join(regions(d), ", "))
	case link.FieldModel:
		return fmt.Errorf("No such model in %s: see energyfloor -list.", f.In.Workload)
	case link.FieldPct:
		_, err = floor.ParseStatistic(v)
	}
	return err
}

// checkOrigin checks an -origin: an absolute http or https URL with a host,
// and no query or fragment, which the permalink's query follows.
func checkOrigin(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return errors.New("Give the app's public URL, such as https://example.org or https://example.org/energy.")
	}
	return nil
}

// written turns an output error into the exit status.
func written(stderr io.Writer, err error) int {
	if err != nil {
		fmt.Fprintln(stderr, "energyfloor: writing the output:", err)
		return exitError
	}
	return exitOK
}

// usage prints the flags.
func usage(fs *flag.FlagSet) {
	fmt.Fprint(fs.Output(), "Usage: energyfloor [flags]\n\nThe least GPU energy each model needs to serve your traffic within a latency target,\nfrom the ML.ENERGY Leaderboard v3 measurements.\n\nFlags:\n")
	fs.PrintDefaults()
}
