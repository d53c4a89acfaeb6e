package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// The expected values in this file were worked out from the compiled
// dataset's figures (data/compiled/lm-arena-chat/*.json) by hand and with
// Python's decimal module, independently of this package.

const qwen = "qwen-3-235b-a22b-instruct"

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// qwenInputs returns the default inputs (1e9 tokens a month, 500 a request)
// with a target of ms on statistic s and GPU gpu.
func qwenInputs(ms string, s floor.Statistic, gpu string) floor.Inputs {
	in := floor.DefaultInputs()
	in.TargetITLMs, in.Statistic, in.GPU = dec(ms), s, gpu
	return in
}

func TestFloorQwenLMArenaChat(t *testing.T) {
	m := loadWorkload(t, "lm-arena-chat").Model(qwen)
	if m == nil {
		t.Fatalf("model %s not in lm-arena-chat", qwen)
	}
	type spread struct{ floor, median, highest string }
	for _, tc := range []struct {
		name       string
		in         floor.Inputs
		row        string // the configuration selected: Chosen, or Fastest when !meets
		meets      bool
		joules     string
		itl        string // its latency under the target's statistic
		qualifying int
		measured   int
		spread     spread
	}{
		// 500 ms on the median (the leaderboard's own ceiling): every B200
		// configuration qualifies (slowest median 240.9 ms) and 4×B200 at
		// max_num_seqs 4096 has the least energy.
		{"500 ms median on B200", qwenInputs("500", floor.Median, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/4/4096", true, "0.2402453", "67.8", 23, 23,
			spread{"0.2402453", "0.7109701", "8.3960277"}},
		// 100 ms: 15 of 23 qualify; the 4096 run still does (median 67.8 ms).
		{"100 ms median on B200", qwenInputs("100", floor.Median, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/4/4096", true, "0.2402453", "67.8", 15, 23,
			spread{"0.2402453", "2.0430333", "8.3960277"}},
		// 20 ms: 4×8 (19.7), 8×8 (16.6) and 8×16 (18.7) qualify; 8×16 has the least energy.
		{"20 ms median on B200", qwenInputs("20", floor.Median, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/8/16", true, "5.5810838", "18.7", 3, 23,
			spread{"5.5810838", "6.4567701", "8.3960277"}},
		// No H100 configuration reaches 20 ms; the fastest is 8×H100 at 8, 20.2 ms.
		{"20 ms median on H100 meets nothing", qwenInputs("20", floor.Median, floor.H100),
			"qwen-3-235b-a22b-instruct/H100/8/8", false, "7.2925891", "20.2", 0, 8,
			spread{"0", "0", "0"}},
		// p99 within 100 ms on B200: 11 qualify; 8×B200 at 256 (p99 97.0) has the least energy.
		{"100 ms p99 on B200", qwenInputs("100", floor.P99, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/8/256", true, "0.9397195", "97.0", 11, 23,
			spread{"0.9397195", "3.0527544", "8.3960277"}},
		// p99 within 100 ms on H100: 8 to 128 qualify (p99 89.3 at 128); 192 (101.4) does not.
		{"100 ms p99 on H100", qwenInputs("100", floor.P99, floor.H100),
			"qwen-3-235b-a22b-instruct/H100/8/128", true, "1.4862393", "89.3", 6, 8,
			spread{"1.4862393", "3.1097184", "7.2925891"}},
		// Every H100 median is within 100 ms: the median of 8 is the mean of 1.8191199 and 2.393957.
		{"100 ms median on H100", qwenInputs("100", floor.Median, floor.H100),
			"qwen-3-235b-a22b-instruct/H100/8/256", true, "1.0927101", "55.5", 8, 8,
			spread{"1.0927101", "2.10653845", "7.2925891"}},
		// A target equal to a measured latency qualifies that configuration:
		// at 67.8 ms the same 15 qualify as at 100 ms (the next median is 103.9).
		{"67.8 ms median on B200 includes 67.8", qwenInputs("67.8", floor.Median, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/4/4096", true, "0.2402453", "67.8", 15, 23,
			spread{"0.2402453", "2.0430333", "8.3960277"}},
		// 0.01 ms less excludes it; 4×B200 at 512 (67.1 ms) is next.
		{"67.79 ms median on B200 excludes it", qwenInputs("67.79", floor.Median, floor.B200),
			"qwen-3-235b-a22b-instruct/B200/4/512", true, "0.4629842", "67.1", 14, 23,
			spread{"0.4629842", "2.2923556", "8.3960277"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := floor.Floor(m, tc.in.GPU, tc.in)
			c := r.Chosen
			if !tc.meets {
				c = r.Fastest
				if r.Chosen != nil {
					t.Errorf("Chosen = %s, want nil", r.Chosen.RowID)
				}
			}
			if c == nil {
				t.Fatalf("no configuration selected, want %s (meets %v)", tc.row, tc.meets)
			}
			if c.RowID != tc.row || r.Meets() != tc.meets {
				t.Errorf("selected %s (meets %v), want %s (meets %v)", c.RowID, r.Meets(), tc.row, tc.meets)
			}
			if !r.Figures.JoulesPerOutputToken.Equal(dec(tc.joules)) {
				t.Errorf("JoulesPerOutputToken = %s, want %s", r.Figures.JoulesPerOutputToken, tc.joules)
			}
			if got := c.ITL(tc.in.Statistic); !got.Equal(dec(tc.itl)) {
				t.Errorf("%s ITL = %s ms, want %s", tc.in.Statistic, got, tc.itl)
			}
			if r.Qualifying != tc.qualifying || r.Measured != tc.measured {
				t.Errorf("Qualifying/Measured = %d/%d, want %d/%d", r.Qualifying, r.Measured, tc.qualifying, tc.measured)
			}
			for _, f := range []struct {
				name      string
				got, want decimal.Decimal
			}{{"Floor", r.Spread.Floor, dec(tc.spread.floor)}, {"Median", r.Spread.Median, dec(tc.spread.median)}, {"Highest", r.Spread.Highest, dec(tc.spread.highest)}} {
				if !f.got.Equal(f.want) {
					t.Errorf("Spread.%s = %s, want %s", f.name, f.got, f.want)
				}
			}
		})
	}
}

func TestModelFloorQwen(t *testing.T) {
	m := loadWorkload(t, "lm-arena-chat").Model(qwen)
	for _, tc := range []struct {
		name  string
		in    floor.Inputs
		row   string
		meets bool
	}{
		// B200's 0.2402453 beats H100's 1.0927101.
		{"default inputs: B200", floor.DefaultInputs(), "qwen-3-235b-a22b-instruct/B200/4/4096", true},
		// Only B200 reaches 20 ms.
		{"20 ms: only B200 meets it", qwenInputs("20", floor.Median, ""), "qwen-3-235b-a22b-instruct/B200/8/16", true},
		// Nothing reaches 16 ms; 8×B200 at 8 comes closest (16.6 ms; H100 20.2 ms).
		{"16 ms: the closest is B200 at 16.6 ms", qwenInputs("16", floor.Median, ""), "qwen-3-235b-a22b-instruct/B200/8/8", false},
		{"H100 only", qwenInputs("100", floor.Median, floor.H100), "qwen-3-235b-a22b-instruct/H100/8/256", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := floor.ModelFloor(m, tc.in)
			if !ok {
				t.Fatal("ok = false")
			}
			c := r.Chosen
			if c == nil {
				c = r.Fastest
			}
			if c.RowID != tc.row || r.Meets() != tc.meets {
				t.Errorf("ModelFloor = %s (meets %v), want %s (meets %v)", c.RowID, r.Meets(), tc.row, tc.meets)
			}
		})
	}
}

func TestFiguresQwenDefault(t *testing.T) {
	// 4×B200 at 4096: 0.2402453 J/token, 13,303.3 tokens/s, 3,196 W, with
	// 1e9 tokens a month at 500 tokens a request. Quotients keep 16+ digits:
	// 0.2402453 × 1e6 / 3600 = 66.7348055…; × 500 / 3600 = 0.03336740277…;
	// 1e9 × 4 / (13303.3 × 3600) = 83.5214654…; 1e9 / (13303.3 × 3600 × 730)
	// = 0.0286 replicas, so 1 replica of 4 GPUs.
	r, _ := floor.ModelFloor(loadWorkload(t, "lm-arena-chat").Model(qwen), floor.DefaultInputs())
	f := r.Figures
	for _, tc := range []struct {
		name      string
		got, want decimal.Decimal
		display   string
		formatted string
	}{
		{"JoulesPerOutputToken", f.JoulesPerOutputToken, dec("0.2402453"), floor.FormatJoules(f.JoulesPerOutputToken), "0.240 J"},
		{"WhPerMillionOutputTokens", f.WhPerMillionOutputTokens, dec("66.734805555555556"), floor.FormatWh(f.WhPerMillionOutputTokens), "66.7 Wh"},
		{"JoulesPerRequest", f.JoulesPerRequest, dec("120.12265"), floor.FormatJoules(f.JoulesPerRequest), "120 J"},
		{"WhPerRequest", f.WhPerRequest, dec("0.0333674027777777778"), floor.FormatWh(f.WhPerRequest), "0.0334 Wh"},
		{"KWhPerMonth", f.KWhPerMonth, dec("66.734805555555556"), floor.FormatWh(f.KWhPerMonth.Shift(3)), "66.7 kWh"},
		{"KWhPerYear", f.KWhPerYear, dec("800.81766666666667"), floor.FormatWh(f.KWhPerYear.Shift(3)), "801 kWh"},
		{"RequestsPerMonth", f.RequestsPerMonth, dec("2000000"), floor.FormatInteger(f.RequestsPerMonth), "2,000,000"},
		{"GPUHoursPerMonth", f.GPUHoursPerMonth, dec("83.521465434223923"), floor.FormatNumber(f.GPUHoursPerMonth), "83.5"},
		{"AvgGPUPowerWatts", f.AvgGPUPowerWatts, dec("799"), floor.FormatWatts(f.AvgGPUPowerWatts), "799 W"},
		{"Replicas", decimal.NewFromInt(f.Replicas), dec("1"), "", ""},
		{"GPUsNeeded", decimal.NewFromInt(f.GPUsNeeded), dec("4"), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.got.Equal(tc.want) {
				t.Errorf("got %s, want %s", tc.got, tc.want)
			}
			if tc.display != tc.formatted {
				t.Errorf("formatted %q, want %q", tc.display, tc.formatted)
			}
		})
	}
}

func TestRankLMArenaChat(t *testing.T) {
	w := loadWorkload(t, "lm-arena-chat")
	for _, tc := range []struct {
		name string
		in   floor.Inputs
		want []string // selected row ids in order; "!" marks results that meet nothing
	}{
		{"default inputs: 100 ms median, either GPU", floor.DefaultInputs(), []string{
			"qwen-3-8b/B200/1/1536", "llama-3-1-8b-instruct/B200/1/1024", "qwen-3-30b-a3b-instruct/B200/1/1024", "qwen-3-14b/B200/1/1024", "llama-3-1-8b-instruct/H100/1/512", "qwen-3-8b/H100/1/512", "qwen-3-30b-a3b-instruct/H100/2/1024", "gemma-3-12b/B200/1/512", "qwen-3-14b/H100/1/256", "qwen-3-32b/B200/1/384", "nvidia-nemotron-nano-12b-v2/B200/1/256", "nvidia-nemotron-nano-9b-v2/B200/1/256", "nvidia-nemotron-nano-9b-v2/H100/1/256", "gemma-3-12b/H100/1/128", "gemma-3-27b/B200/1/256", "nvidia-nemotron-nano-12b-v2/H100/1/256", "qwen-3-32b/H100/2/256", "qwen-3-235b-a22b-instruct/B200/4/4096", "llama-3-1-70b-instruct/B200/2/512", "llama-3-3-70b-instruct/B200/2/512", "gemma-3-27b/H100/2/192", "llama-4-scout-17b-16e-instruct/H100/4/512", "llama-3-1-70b-instruct/H100/4/512", "llama-3-3-70b-instruct/H100/4/768", "llama-4-maverick-17b-128e-instruct-fp8/H100/8/384", "qwen-3-235b-a22b-instruct-fp8/B200/2/256", "qwen-3-235b-a22b-instruct-fp8/H100/8/512", "deepseek-v3-1/B200/8/512", "qwen-3-235b-a22b-instruct/H100/8/256", "llama-3-1-405b-instruct-fp8/B200/4/512", "llama-3-1-405b-instruct/B200/8/512", "llama-3-1-405b-instruct-fp8/H100/8/256",
		}},
		{"12 ms median: 13 meet, 19 ranked by the latency they reach", qwenInputs("12", floor.Median, ""), []string{
			"llama-3-1-8b-instruct/B200/1/64", "llama-3-1-8b-instruct/H100/1/64", "qwen-3-8b/H100/1/32", "qwen-3-8b/B200/1/32", "nvidia-nemotron-nano-9b-v2/B200/1/32", "qwen-3-14b/B200/1/32", "gemma-3-12b/B200/1/32", "nvidia-nemotron-nano-9b-v2/H100/1/16", "nvidia-nemotron-nano-12b-v2/B200/1/16", "qwen-3-30b-a3b-instruct/B200/1/16", "nvidia-nemotron-nano-12b-v2/H100/1/8", "qwen-3-30b-a3b-instruct/H100/2/8", "llama-4-maverick-17b-128e-instruct-fp8/H100/8/8", "!qwen-3-14b/H100/1/8", "!gemma-3-12b/H100/1/8", "!gemma-3-27b/B200/1/8", "!qwen-3-32b/B200/1/8", "!gemma-3-27b/H100/2/8", "!qwen-3-32b/H100/2/8", "!llama-3-1-70b-instruct/B200/2/8", "!llama-3-3-70b-instruct/B200/2/8", "!llama-3-1-70b-instruct/H100/4/8", "!qwen-3-235b-a22b-instruct/B200/8/8", "!deepseek-v3-1/B200/8/8", "!llama-3-3-70b-instruct/H100/4/8", "!qwen-3-235b-a22b-instruct/H100/8/8", "!llama-4-scout-17b-16e-instruct/H100/8/8", "!qwen-3-235b-a22b-instruct-fp8/H100/8/8", "!llama-3-1-405b-instruct/B200/8/32", "!llama-3-1-405b-instruct-fp8/B200/4/8", "!llama-3-1-405b-instruct-fp8/H100/8/8", "!qwen-3-235b-a22b-instruct-fp8/B200/2/8",
		}},
		{"100 ms p99 on H100 only", qwenInputs("100", floor.P99, floor.H100), []string{
			"llama-3-1-8b-instruct/H100/1/384", "qwen-3-8b/H100/1/384", "qwen-3-30b-a3b-instruct/H100/2/512", "qwen-3-14b/H100/1/192", "gemma-3-12b/H100/1/128", "nvidia-nemotron-nano-9b-v2/H100/1/96", "nvidia-nemotron-nano-12b-v2/H100/1/64", "qwen-3-32b/H100/2/128", "gemma-3-27b/H100/2/128", "llama-4-maverick-17b-128e-instruct-fp8/H100/8/256", "llama-4-scout-17b-16e-instruct/H100/4/128", "llama-3-1-70b-instruct/H100/4/64", "llama-3-3-70b-instruct/H100/4/64", "qwen-3-235b-a22b-instruct/H100/8/128", "qwen-3-235b-a22b-instruct-fp8/H100/8/96", "llama-3-1-405b-instruct-fp8/H100/8/16",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			results := floor.Rank(w, tc.in)
			got := make([]string, len(results))
			for i, r := range results {
				if r.Meets() {
					got[i] = r.Chosen.RowID
				} else {
					got[i] = "!" + r.Fastest.RowID
				}
			}
			if g, want := strings.Join(got, "\n"), strings.Join(tc.want, "\n"); g != want {
				t.Errorf("Rank order:\n%s\nwant:\n%s", g, want)
			}
		})
	}
}
