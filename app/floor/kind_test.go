package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"
)

// TestKinds: each kind's words, fields and latency format, written out by
// hand, for a configuration of its own and the inputs of a new page.
func TestKinds(t *testing.T) {
	tokens := &floor.Configuration{Kind: floor.KindTokens, RowID: "m/B200/4/4096", Repeat: 2, GPU: floor.B200, NumGPUs: 4,
		TokenSettings: &floor.TokenSettings{MaxNumSeqs: 4096, AvgRunningBatch: 1210.5, MedianITLMs: dec("67.8"), P90ITLMs: dec("80.25")}}
	image := &floor.Configuration{Kind: floor.KindImages, RowID: "m/H100/2/u2xr1/b8", Repeat: 1, GPU: floor.H100, NumGPUs: 2,
		DiffusionSettings: &floor.DiffusionSettings{UlyssesDegree: 2, RingDegree: 1, BatchSize: 8, BatchLatencyS: dec("11.6392002")}}
	video := &floor.Configuration{Kind: floor.KindVideos, RowID: "v/B200/8/u8xr1/b1", Repeat: 1, GPU: floor.B200, NumGPUs: 8,
		DiffusionSettings: &floor.DiffusionSettings{UlyssesDegree: 8, RingDegree: 1, BatchSize: 1, BatchLatencyS: dec("204.667731")}}
	in := floor.DefaultInputs()
	in.Statistic = floor.P90
	in.ImagesOrVideosPerMonth, in.TargetLatencyS = dec("2000000"), dec("20")
	for _, tc := range []struct {
		kind                                             floor.Kind
		c                                                *floor.Configuration
		request, requests, answer, unit, generates       string
		volumeLabel, volumeUnit, targetLabel, targetUnit string
		latencyName, latencyHeading, latency             string
		words, short, batch, setup, setting              string
		volumeWords, short2, targetWords, inputsWords    string
		inputsShort                                      string
		defVolume, defTarget                             string
		perToken                                         bool
	}{
		{floor.KindTokens, tokens, "request", "requests", "chat answer", "output token", "",
			"Output tokens per month", "output tokens", "Inter-token latency target (ms)", "ms",
			"p90 inter-token latency", "P90 ITL", "80.25 ms",
			"4×B200 with max_num_seqs 4096", "4×B200, max_num_seqs 4096 (run 2)", "with a batch size limit of 4,096 requests",
			"1,210 requests batched together on average", "4,096",
			"1,000,000,000 output tokens a month of 500 output tokens a request", "1 billion output tokens a month",
			"a 100 ms p90 inter-token latency target",
			"1,000,000,000 output tokens a month, 500 output tokens a request, a p90 inter-token latency within 100 ms",
			"1 billion output tokens a month · 500-token answers · 100 ms p90",
			"1000000000", "100", true},
		{floor.KindImages, image, "image", "images", "image", "image", "image",
			"Images per month", "images", "Latency target (s)", "s",
			"batch latency", "Batch latency", "11.7 s",
			"2×H100 in batches of 8 (Ulysses 2 × ring 1)", "2×H100, Ulysses 2 × ring 1, batch 8", "in batches of 8",
			"Ulysses 2 × ring 1", "2 × 1, batch 8",
			"2,000,000 images a month", "2 million images a month", "a 20 s batch latency target",
			"2,000,000 images a month, a batch latency within 20 s",
			"2 million images a month · 20 s batch latency",
			"1000000", "30", false},
		{floor.KindVideos, video, "video", "videos", "video", "video", "video",
			"Videos per month", "videos", "Latency target (s)", "s",
			"batch latency", "Batch latency", "205 s",
			"8×B200 in batches of 1 (Ulysses 8 × ring 1)", "8×B200, Ulysses 8 × ring 1, batch 1", "in batches of 1",
			"Ulysses 8 × ring 1", "8 × 1, batch 1",
			"2,000,000 videos a month", "2 million videos a month", "a 20 s batch latency target",
			"2,000,000 videos a month, a batch latency within 20 s",
			"2 million videos a month · 20 s batch latency",
			"10000", "1800", false},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			k, c := tc.kind, tc.c
			defVolume, defTarget := k.Defaults()
			for _, f := range []struct{ name, got, want string }{
				{"Request", k.Request(), tc.request},
				{"Requests", k.Requests(), tc.requests},
				{"Answer", k.Answer(), tc.answer},
				{"Unit", k.Unit(), tc.unit},
				{"Generates", k.Generates(), tc.generates},
				{"Volume().Label", k.Volume().Label, tc.volumeLabel},
				{"Volume().Unit", k.Volume().Unit, tc.volumeUnit},
				{"Target().Label", k.Target().Label, tc.targetLabel},
				{"Target().Unit", k.Target().Unit, tc.targetUnit},
				{"LatencyName", k.LatencyName(floor.P90), tc.latencyName},
				{"LatencyHeading", k.LatencyHeading(floor.P90), tc.latencyHeading},
				{"LatencyWords", c.LatencyWords(floor.P90), tc.latency},
				{"Words", c.Words(), tc.words},
				{"ShortWords", c.ShortWords(), tc.short},
				{"BatchWords", c.BatchWords(), tc.batch},
				{"SetupWords", c.SetupWords(), tc.setup},
				{"BatchSetting", c.BatchSetting(), tc.setting},
				{"VolumeWords", k.VolumeWords(in, false), tc.volumeWords},
				{"VolumeWords short", k.VolumeWords(in, true), tc.short2},
				{"TargetWords", k.TargetWords(in), tc.targetWords},
				{"InputsWords", k.InputsWords(in), tc.inputsWords},
				{"InputsShort", strings.Join(k.InputsShort(in), " · "), tc.inputsShort},
				{"default volume", defVolume.String(), tc.defVolume},
				{"default target", defTarget.String(), tc.defTarget},
			} {
				if f.got != f.want {
					t.Errorf("%s: got %q, want %q", f.name, f.got, f.want)
				}
			}
			if k.PerToken() != tc.perToken {
				t.Errorf("PerToken: got %v, want %v", k.PerToken(), tc.perToken)
			}
		})
	}
}

// TestKindOf: the index's request nouns name the image and video kinds;
// anything else is no kind.
func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		request string
		want    floor.Kind
		ok      bool
	}{{"image", floor.KindImages, true}, {"video", floor.KindVideos, true}, {"request", floor.KindTokens, false}, {"", floor.KindTokens, false}} {
		if got, ok := floor.KindOf(tc.request); got != tc.want || ok != tc.ok {
			t.Errorf("KindOf(%q) = %v, %v; want %v, %v", tc.request, got, ok, tc.want, tc.ok)
		}
	}
}

// TestStatisticLabels: a statistic in prose and in a heading.
func TestStatisticLabels(t *testing.T) {
	for _, tc := range []struct {
		s             floor.Statistic
		name, heading string
	}{{floor.Median, "median", "Median ITL"}, {floor.P90, "p90", "P90 ITL"}, {floor.P99, "p99", "P99 ITL"}} {
		if tc.s.Name() != tc.name || tc.s.Heading() != tc.heading {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.s, tc.s.Name(), tc.s.Heading(), tc.name, tc.heading)
		}
	}
}

// TestFormatReachedSeconds: a batch latency to three significant figures,
// rounded up, worked by hand.
func TestFormatReachedSeconds(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"11.6392002", "11.7 s"}, {"1383.5369766", "1,390 s"}, {"204.667731", "205 s"}, {"550.1499804", "551 s"},
		{"30", "30.0 s"}, {"999.6", "1,000 s"}, {"0.04312", "0.0432 s"}, {"1.2", "1.20 s"},
	} {
		if got := floor.FormatReachedSeconds(dec(tc.in)); got != tc.want {
			t.Errorf("FormatReachedSeconds(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
