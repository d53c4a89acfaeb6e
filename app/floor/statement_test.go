package floor_test

import (
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// statementFixture is a dataset of one workload and one model measured on
// one H100 at max_num_seqs 8, 16 and 32, whose figures are worked by hand
// in TestStatement.
func statementFixture() (*floor.Dataset, *floor.Workload) {
	c := func(seqs int, j, itl, tps string) *floor.Configuration {
		return &floor.Configuration{RowID: "m/H100/1/" + decimal.NewFromInt(int64(seqs)).String(), Repeat: 1, GPU: floor.H100, NumGPUs: 1,
			Precision: "BF16", GPUPowerWattsTotal: dec("700"),
			TokenSettings: &floor.TokenSettings{MaxNumSeqs: seqs, JoulesPerOutputToken: dec(j),
				MedianITLMs: dec(itl), P90ITLMs: dec(itl), P95ITLMs: dec(itl), P99ITLMs: dec(itl),
				TokensPerSecond: dec(tps)}}
	}
	m := &floor.Model{Slug: "m", Name: "Model M", ModelID: "org/m", GPUs: []string{floor.H100},
		Configurations: []*floor.Configuration{c(8, "0.72", "20", "1000"), c(16, "0.54", "30", "2000"), c(32, "0.36", "40", "4000")}}
	w := &floor.Workload{ID: "chat", Name: "Chat", Models: []*floor.Model{m},
		Source: floor.Source{Name: "ML.ENERGY Leaderboard", Version: "3.0 (released 2025-12-01); data compiled 2026-02-16",
			Cite: "Chung et al., The ML.ENERGY Benchmark, NeurIPS 2025 Datasets and Benchmarks"}}
	ds := &floor.Dataset{DataVersion: "2026-01-02", TokenWorkloads: []*floor.Workload{w}}
	return ds, w
}

// TestStatement checks the statement, written out by hand, for the default
// inputs on the bundled dataset, for a fixture with factors set, and where
// nothing meets the target.
//
// The fixture's figures: 3.6 billion output tokens a month of 1,000 a
// request, a 50 ms median target. The floor is max_num_seqs 32 at 0.36 J a
// token: 0.36 × 1,000 / 3,600 = 0.1 Wh a request and 0.36 × 3.6e9 / 3.6e6
// = 360 kWh a month. The volume averages 3.6e9 / 2,628,000 = 1,369.9 tokens
// a second: it fills max_num_seqs 8 (1,000) but not 16 (2,000), the last
// point in its reach, at 0.54 J: 0.15 Wh a request, 540 kWh a month, 1.5×
// the floor. Host 0.5, idle 0 and PUE 2 give × 3: 0.3 Wh and 1,080 kWh; at
// 500 gCO2e/kWh, 0.15 g a request and 540 kg a month; at 0.2 EUR a kWh, 216
// EUR a month.
func TestStatement(t *testing.T) {
	real, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	fixture, fw := statementFixture()
	// What the figures leave out, named in every statement (OutsideScope).
	const scope = "Outside these figures: training, the hardware's manufacture, water, networks and end-user devices."
	const cite = " Source: ML.ENERGY Leaderboard v3.0 (data version 2026-10-19); cite Chung et al., The ML.ENERGY Benchmark: Toward " +
		"Automated Inference Energy Measurement and Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371."
	withFactors := floor.Inputs{Workload: "chat", OutputTokensPerMonth: dec("3.6e9"), OutputTokensPerRequest: dec("1000"),
		TargetITLMs: dec("50"), Statistic: floor.Median, GPU: floor.H100, Model: "m",
		Factors: floor.Factors{Host: dec("0.5"), PUE: dec("2"), CustomGCO2ePerKWh: decimal.NewNullDecimal(dec("500")),
			PricePerKWh: decimal.NewNullDecimal(dec("0.2")), Currency: "EUR"}}
	tight := floor.DefaultInputs()
	tight.TargetITLMs, tight.Statistic, tight.GPU = dec("10"), floor.P99, floor.H100
	for _, tc := range []struct {
		name      string
		ds        *floor.Dataset
		w         *floor.Workload
		in        floor.Inputs
		permalink string
		want      string
	}{
		{"default inputs", real, real.TokenWorkload(floor.DefaultWorkload), floor.DefaultInputs(), "",
			"Serving 1,000,000,000 output tokens a month of 500 output tokens a request with Qwen 3 235B A22B Instruct on the Text " +
				"Conversation workload (lm-arena-chat), within a 100 ms median inter-token latency target on either GPU (H100 or B200), " +
				"takes at least 0.0334 Wh per request and 66.7 kWh per month of GPU energy, at 4×B200 with max_num_seqs 4096. " +
				"At that volume, on the configurations it can keep busy, it takes at least 0.897 Wh per request and 1.79 MWh per month, " +
				"26.9× the floor. These are measured GPU energy only, and a floor: host, network, cooling and idle time are not counted. " + scope + cite},
		{"fixture with factors and a link", fixture, fw, withFactors, "https://example.org/?model=m",
			"Serving 3,600,000,000 output tokens a month of 1,000 output tokens a request with Model M on the Chat workload (chat), " +
				"within a 50 ms median inter-token latency target on H100 only, takes at least 0.100 Wh per request and 360 kWh per month " +
				"of GPU energy, at 1×H100 with max_num_seqs 32. At that volume, on the configurations it can keep busy, it takes at least " +
				"0.150 Wh per request and 540 kWh per month, 1.50× the floor. These are measured GPU energy only, and a floor: host, " +
				"network, cooling and idle time are not counted. " + scope + " Assuming host 0.5, idle 0 and PUE 2 (× 3), your own grid intensity of " +
				"500 gCO2e/kWh and a price of 0.2 EUR per kWh, the estimate is 0.300 Wh per request and 1.08 MWh per month, 0.150 gCO2e " +
				"per request and 540 kgCO2e per month, costing 216 EUR a month; at your traffic, 0.450 Wh per request and 1.62 MWh per month, 0.225 gCO2e per request and 810 kgCO2e per month, costing 324 EUR a month. Source: ML.ENERGY Leaderboard v3.0 (data version " +
				"2026-01-02); cite Chung et al., The ML.ENERGY Benchmark, NeurIPS 2025 Datasets and Benchmarks. https://example.org/?model=m"},
		{"nothing meets the target", real, real.TokenWorkload(floor.DefaultWorkload), tight, "",
			"No measured configuration of Qwen 3 235B A22B Instruct on the Text Conversation workload (lm-arena-chat) meets a 10 ms " +
				"p99 inter-token latency target on H100 only, so there is no energy floor for it: the fastest, 8×H100 with max_num_seqs 8, " +
				"reaches 21.8 ms." + cite},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := floor.ModelFloor(tc.w.Model(tc.in.Model), tc.in)
			if !ok {
				t.Fatalf("no result for %s", tc.in.Model)
			}
			if got := floor.Statement(tc.ds, tc.w, tc.in, r, tc.permalink); got != tc.want {
				t.Errorf("Statement =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestShortStatement checks the one-sentence statement's text: the floor
// and the figure at your traffic per request as TestStatement works them
// out, the model, the workload in words, the target, the scope and source.
func TestShortStatement(t *testing.T) {
	real, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	_, fw := statementFixture()
	lm := real.TokenWorkload(floor.DefaultWorkload)
	tight := floor.DefaultInputs()
	tight.TargetITLMs, tight.Statistic, tight.GPU = dec("10"), floor.P99, floor.H100
	withLink := floor.Inputs{Workload: "chat", OutputTokensPerMonth: dec("3.6e9"), OutputTokensPerRequest: dec("1000"),
		TargetITLMs: dec("50"), Statistic: floor.Median, GPU: floor.H100, Model: "m"}
	notMeasured := floor.DefaultInputs()
	notMeasured.GPU, notMeasured.Model = floor.B200, "m"
	for _, tc := range []struct {
		name      string
		w         *floor.Workload
		in        floor.Inputs
		permalink string
		want      string
	}{
		{"default inputs", lm, floor.DefaultInputs(), "",
			"Qwen 3 235B A22B Instruct needs at least 0.0334 Wh per request for text conversation within a 100 ms median inter-token " +
				"latency target, and 0.897 Wh per request at 1 billion output tokens a month (GPU energy only; ML.ENERGY Leaderboard v3)."},
		{"with a link", fw, withLink, "https://example.org/?model=m",
			"Model M needs at least 0.100 Wh per request for chat within a 50 ms median inter-token latency target, and 0.150 Wh per " +
				"request at 3.6 billion output tokens a month (GPU energy only; ML.ENERGY Leaderboard v3). https://example.org/?model=m"},
		{"nothing meets the target", lm, tight, "",
			"No measured configuration of Qwen 3 235B A22B Instruct meets a 10 ms p99 inter-token latency target for text conversation, " +
				"so there is no energy floor (ML.ENERGY Leaderboard v3)."},
		{"not measured", fw, notMeasured, "",
			"Model M was not measured for chat on B200 only, so there is no energy floor (ML.ENERGY Leaderboard v3)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := floor.ModelFloor(tc.w.Model(tc.in.Model), tc.in)
			if !ok {
				r = floor.Result{Model: tc.w.Model(tc.in.Model)}
			}
			if got := floor.ShortStatement(tc.w, tc.in, r, tc.permalink); got != tc.want {
				t.Errorf("ShortStatement =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestShortStatementWords holds the one-sentence statement to 45 words
// (ShortWords), its link counted as one, for every model of every workload,
// images and videos too, at the longest volume words and statistic.
func TestShortStatementWords(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	const link = "https://example.org/energy/?itl=100&model=m&output=500&pct=median&tokens=1B&v=2026-10-19&workload=w"
	for _, w := range d.AllWorkloads() {
		for _, m := range w.Models {
			for _, stat := range []floor.Statistic{floor.Median, floor.P99} {
				in := floor.DefaultInputs()
				in.Workload, in.Model, in.Statistic, in.TargetITLMs = w.ID, m.Slug, stat, dec("1234.5")
				in.OutputTokensPerMonth, in.ImagesOrVideosPerMonth, in.TargetLatencyS = dec("1019401200"), dec("1019401200"), dec("1234.5")
				in, r, _ := floor.StatementFloor(w, in)
				s := floor.ShortStatement(w, in, r, link)
				if n := len(strings.Fields(s)); n > floor.ShortWords {
					t.Errorf("%s, %s, %s: %d words: %s", w.ID, m.Slug, stat, n, s)
				}
			}
		}
	}
}

// TestStatementNotMeasured checks the statement for a model with no
// configuration on the allowed GPUs.
func TestStatementNotMeasured(t *testing.T) {
	ds, w := statementFixture()
	in := floor.DefaultInputs()
	in.GPU, in.Model = floor.B200, "m"
	r, ok := floor.ModelFloor(w.Model("m"), in)
	if ok {
		t.Fatalf("ModelFloor on B200 ok = true, want false")
	}
	r.Model = w.Model("m")
	want := "Model M was not measured on the Chat workload (chat) on B200 only, so there is no energy floor for it. " +
		"Source: ML.ENERGY Leaderboard v3.0 (data version 2026-01-02); cite Chung et al., The ML.ENERGY Benchmark, NeurIPS 2025 Datasets and Benchmarks."
	if got := floor.Statement(ds, w, in, r, ""); got != want {
		t.Errorf("Statement =\n%s\nwant\n%s", got, want)
	}
}

// TestMethodTwoSentences holds Method, which the printout states, to two
// sentences.
func TestMethodTwoSentences(t *testing.T) {
	if n := len(regexp.MustCompile(`[.!?](\s|$)`).FindAllString(floor.Method, -1)); n != 2 || !strings.HasSuffix(floor.Method, ".") {
		t.Errorf("Method has %d sentence ends, want 2:\n%s", n, floor.Method)
	}
}
