package floor

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// point builds a point of a concurrency curve: precision names the curve
// (with gpu and n), tps is its measured output tokens per second.
func point(slug, gpu string, n int, precision string, seqs, repeat int, j, med, tps string) *Configuration {
	c := cfg(slug, gpu, n, seqs, j, med, med, med, med)
	c.Precision, c.Repeat, c.TokensPerSecond = precision, repeat, dec(tps)
	c.TensorParallel, c.DataParallel, c.ExpertParallel = n, 1, 1
	if repeat > 1 {
		c.RowID = RowID(slug, gpu, n, seqs, repeat)
	}
	return c
}

// curves is a model with three concurrency curves: on one H100, on two
// H100s and on two B200s. Its configurations are sorted as the dataset sorts
// them (CompareConfigurations).
func curves() *Model {
	return model("curves",
		point("curves", B200, 2, "BF16", 8, 1, "0.8", "5", "500"),
		point("curves", B200, 2, "BF16", 16, 1, "0.2", "6", "1000"),
		point("curves", H100, 1, "BF16", 8, 1, "1.0", "10", "100"),
		point("curves", H100, 1, "BF16", 16, 1, "0.6", "20", "200"),
		point("curves", H100, 1, "BF16", 32, 1, "0.4", "40", "300"),
		point("curves", H100, 1, "BF16", 64, 1, "0.3", "150", "400"), // misses a 100 ms target
		point("curves", H100, 2, "BF16", 8, 1, "0.9", "12", "150"),
		point("curves", H100, 2, "BF16", 16, 1, "0.5", "18", "250"),
		point("curves", H100, 2, "BF16", 16, 2, "0.45", "19", "240"), // a repeat of the run above
	)
}

// sameDigits reports whether got rounds to want at want's last decimal
// place: a quotient keeps at least QuotientDigits significant digits, and a
// hand-worked want gives that many.
func sameDigits(got decimal.Decimal, want string) bool {
	w := dec(want)
	return got.Round(-w.Exponent()).Equal(w)
}

// volume returns the monthly volume whose average rate is rate output
// tokens per second: rate × 2,628,000.
func volume(rate string) decimal.Decimal { return dec(rate).Mul(decimal.NewFromInt(2_628_000)) }

// The expectations below are worked by hand from the definition: on each
// curve, walk the configurations that meet the target in order of
// max_num_seqs then repeat, up to and including the first whose throughput
// exceeds r; of every such candidate take the one Preferred chooses.
func TestTrafficFloor(t *testing.T) {
	for _, tc := range []struct {
		name        string
		gpu         string
		rate        string // r, output tokens per second
		target      string // median ms
		want        string
		timesFloor  string // want's J ÷ the floor's J
		utilisation string // r ÷ want's tokens per second
		fills       bool
	}{
		// Every curve's first point exceeds r = 50: B200/2/8 (500), H100/1/8
		// (100), H100/2/8 (150). Least energy: 0.8 J; floor 0.2 (B200/2/16): 4×.
		{"light traffic: each curve's first point", "", "50", "100", "curves/B200/2/8", "4", "0.1", false},
		// H100 alone, r = 50: H100/1/8 (1.0 J) or H100/2/8 (0.9 J); floor 0.4
		// (H100/1/32): 0.9 / 0.4 = 2.25; 50 / 150 = 0.333….
		{"the GPU filter", H100, "50", "100", "curves/H100/2/8", "2.25", "0.3333333333333333", false},
		// B200 alone leaves one curve. r = 500 = B200/2/8's 500: that point runs
		// as measured and the next, 1000 > 500, is the last candidate: 0.2 J,
		// the floor itself, half busy.
		{"one curve: a point at exactly r is filled", B200, "500", "100", "curves/B200/2/16", "1", "0.5", false},
		// r = 3000 fills B200/2/16 three times over.
		{"traffic fills the floor", B200, "3000", "100", "curves/B200/2/16", "1", "3", true},
		// H100, r = 245: H100/1 walks 8 (100), 16 (200), 32 (300 > 245): best
		// 0.4. H100/2 walks 8 (150), 16 run 1 (250 > 245) and stops before run 2
		// (0.45 J at 240): best 0.5. Floor 0.4: 1×, 245/300.
		{"a repeat after the stop is no candidate", H100, "245", "100", "curves/H100/1/32", "1", "0.8166666666666667", false},
		// H100 with a 19 ms target: H100/1 has only 8 (10 ms) within it; H100/2
		// has 8, 16 run 1 (18 ms) and run 2 (19 ms). At r = 250, run 1 (250) is
		// filled and run 2 (240) too, so run 2's 0.45 J is a candidate: the
		// floor itself (the qualifying least is 0.45). 250 / 240 = 1.0416….
		{"a repeat before the stop is a candidate", H100, "250", "19", "curves/H100/2/16/r2", "1", "1.041666666666667", true},
		// At 18 ms run 2 misses the target: H100/2 walks 8 (150) and 16 run 1
		// (250 > 200). Best 0.5 J; the floor is 0.5 too. 200 / 250 = 0.8.
		{"a point that misses the target is skipped", H100, "200", "18", "curves/H100/2/16", "1", "0.8", false},
		// 64 (150 ms) misses 100 ms: it is neither a candidate nor a stop.
		{"heavy traffic reaches the floor", H100, "10000", "100", "curves/H100/1/32", "1", "33.33333333333333", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := inputs(tc.target, Median)
			in.GPU, in.OutputTokensPerMonth = tc.gpu, volume(tc.rate)
			r, ok := ModelFloor(curves(), in)
			if !ok || r.Traffic == nil {
				t.Fatalf("ModelFloor: ok %v, traffic %v; want a traffic floor", ok, r.Traffic)
			}
			tr := r.Traffic
			if got := tr.Config.RowID; got != tc.want {
				t.Errorf("traffic floor at %s, want %s", got, tc.want)
			}
			if !tr.TimesFloor.Equal(dec(tc.timesFloor)) {
				t.Errorf("times floor %s, want %s", tr.TimesFloor, tc.timesFloor)
			}
			if !sameDigits(tr.Utilisation, tc.utilisation) {
				t.Errorf("utilisation %s, want %s", tr.Utilisation, tc.utilisation)
			}
			if tr.Fills != tc.fills {
				t.Errorf("fills %v, want %v", tr.Fills, tc.fills)
			}
			if !tr.PerSecond.Equal(dec(tc.rate)) {
				t.Errorf("rate %s, want %s", tr.PerSecond, tc.rate)
			}
			if !tr.Figures.JoulesPerOutputToken.Equal(tr.Config.JoulesPerOutputToken) {
				t.Errorf("figures' J %s, want the configuration's %s", tr.Figures.JoulesPerOutputToken, tr.Config.JoulesPerOutputToken)
			}
		})
	}
}

// The traffic floor's figures are the configuration's: 0.5 J × 500 tokens =
// 250 J = 0.069444… Wh per request; 0.5 J × 525,600,000 tokens =
// 262,800,000 J = 73 kWh per month.
func TestTrafficFigures(t *testing.T) {
	in := inputs("18", Median)
	in.GPU, in.OutputTokensPerMonth = H100, volume("200")
	r, _ := ModelFloor(curves(), in)
	f := r.Traffic.Figures
	if want := "0.06944444444444444"; !sameDigits(f.WhPerRequest, want) {
		t.Errorf("Wh per request %s, want %s", f.WhPerRequest, want)
	}
	if want := dec("73"); !f.KWhPerMonth.Equal(want) {
		t.Errorf("kWh per month %s, want %s", f.KWhPerMonth, want)
	}
}

func TestTrafficNothingMeets(t *testing.T) {
	in := inputs("1", Median)
	in.OutputTokensPerMonth = volume("100")
	if r, _ := ModelFloor(curves(), in); r.Traffic != nil {
		t.Errorf("traffic floor at %s; want none when nothing meets the target", r.Traffic.Config.RowID)
	}
	for _, r := range Rank(&Workload{ID: "w", Models: []*Model{curves()}}, in) {
		if r.Traffic != nil {
			t.Errorf("%s: traffic floor at %s; want none", r.GPU, r.Traffic.Config.RowID)
		}
	}
}

// Each ranking row's traffic floor is over its own GPU only: at r = 50 the
// B200 row is at B200/2/8 (0.8 J, 4 × its floor 0.2) and the H100 row at
// H100/2/8 (0.9 J, 2.25 × its floor 0.4).
func TestRankTraffic(t *testing.T) {
	in := inputs("100", Median)
	in.OutputTokensPerMonth = volume("50")
	got := map[string]string{}
	for _, r := range Rank(&Workload{ID: "w", Models: []*Model{curves()}}, in) {
		got[r.GPU] = r.Traffic.Config.RowID + " " + r.Traffic.TimesFloor.String()
	}
	want := map[string]string{B200: "curves/B200/2/8 4", H100: "curves/H100/2/8 2.25"}
	for gpu := range want {
		if got[gpu] != want[gpu] {
			t.Errorf("%s row: %q, want %q", gpu, got[gpu], want[gpu])
		}
	}
}

func TestSameCurve(t *testing.T) {
	base := point("m", H100, 2, "BF16", 8, 1, "1", "10", "100")
	for _, tc := range []struct {
		name   string
		change func(c *Configuration)
		want   bool
	}{
		{"other max_num_seqs", func(c *Configuration) { c.MaxNumSeqs = 64 }, true},
		{"a repeat", func(c *Configuration) { c.Repeat = 2 }, true},
		{"other GPU", func(c *Configuration) { c.GPU = B200 }, false},
		{"other GPU count", func(c *Configuration) { c.NumGPUs = 4 }, false},
		{"other tensor parallelism", func(c *Configuration) { c.TensorParallel = 1 }, false},
		{"other data parallelism", func(c *Configuration) { c.DataParallel = 2 }, false},
		{"other expert parallelism", func(c *Configuration) { c.ExpertParallel = 2 }, false},
		{"other precision", func(c *Configuration) { c.Precision = "FP8" }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, settings := *base, *base.TokenSettings
			c.TokenSettings = &settings
			tc.change(&c)
			if got := SameCurve(base, &c); got != tc.want {
				t.Errorf("SameCurve = %v, want %v", got, tc.want)
			}
		})
	}
}

// TrafficSteps of the curves model on H100 at a 100 ms target, by hand: from
// r = 1, every curve's first point is a candidate (H100/1/8 at 1.0 J,
// H100/2/8 at 0.9 J): H100/2/8. At r = 100 H100/1/16 (0.6) joins; at r = 150
// H100/2/16 (0.5); at r = 200 H100/1/32 (0.4), the floor; at 250 run 2 of
// H100/2/16 (0.45) and at 300 nothing (H100/1/64 misses the target) change
// nothing.
func TestTrafficSteps(t *testing.T) {
	in := inputs("100", Median)
	in.GPU = H100
	steps := TrafficSteps(curves(), in, volume("1"), volume("100000"))
	var got []string
	for _, s := range steps {
		got = append(got, s.From.Div(decimal.NewFromInt(SecondsPerMonth)).String()+" "+s.Config.RowID)
	}
	want := []string{"1 curves/H100/2/8", "100 curves/H100/1/16", "150 curves/H100/2/16", "200 curves/H100/1/32"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("steps %q, want %q", got, want)
	}
}

// The next step, by hand from the definition: the first volume above the
// traffic's where the least-energy reachable point is cheaper per token
// than the traffic floor's.
func TestNextStep(t *testing.T) {
	// twoCurves: curve A (one H100) at 8 (1.0 J, 150 tokens/s) and 16 (0.5 J,
	// 300); curve B (two H100s) at 8 (0.9 J, 100) and 16 (0.95 J, 200). At
	// r = 50 both first points are candidates: B/8, 0.9 J. At r = 100 B/8 is
	// filled and B/16 (0.95 J) joins: the figure stays 0.9 J, no step. At
	// r = 150 A/8 is filled and A/16 (0.5 J) joins: the next step, the floor
	// itself (the least qualifying energy is 0.5 J).
	twoCurves := model("two",
		point("two", H100, 1, "BF16", 8, 1, "1.0", "10", "150"),
		point("two", H100, 1, "BF16", 16, 1, "0.5", "20", "300"),
		point("two", H100, 2, "BF16", 8, 1, "0.9", "10", "100"),
		point("two", H100, 2, "BF16", 16, 1, "0.95", "20", "200"),
	)
	for _, tc := range []struct {
		name   string
		m      *Model
		gpu    string
		rate   string // r, output tokens per second
		target string // median ms
		from   string // the next step's rate; "" for none
		config string
		times  string
	}{
		// curves on H100 at r = 50: H100/2/8, 0.9 J. At r = 100 H100/1/8 is
		// filled and H100/1/16 (0.6 J) joins: 0.6 / 0.4 = 1.5 times the floor.
		{"the next point up a curve", curves(), H100, "50", "100", "100", "curves/H100/1/16", "1.5"},
		// Either GPU at r = 50: B200/2/8, 0.8 J. At r = 100 H100/1/16 (0.6 J)
		// joins, on another curve and GPU: 0.6 / 0.2 = 3.
		{"another curve", curves(), "", "50", "100", "100", "curves/H100/1/16", "3"},
		// H100 at r = 100 exactly: H100/1/16 (0.6 J) is reachable already; the
		// next is r = 150, where H100/2/8 is filled and H100/2/16 (0.5 J) joins.
		{"a volume at a step is on that step", curves(), H100, "100", "100", "150", "curves/H100/2/16", "1.25"},
		{"a volume that changes nothing is skipped", twoCurves, "", "50", "100", "150", "two/H100/1/16", "1"},
		// B200 at r = 500 is at the floor (B200/2/16): nothing lower.
		{"at the floor", curves(), B200, "500", "100", "", "", ""},
		// H100 at a 19 ms target, r = 100: H100/1/8 (1.0 J) and H100/2/8
		// (0.9 J), then 16 run 1 (0.5 J) from r = 150.
		{"a tighter target", curves(), H100, "100", "19", "150", "curves/H100/2/16", "1.111111111111111"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := inputs(tc.target, Median)
			in.GPU, in.OutputTokensPerMonth = tc.gpu, volume(tc.rate)
			r, ok := ModelFloor(tc.m, in)
			if !ok || r.Traffic == nil {
				t.Fatalf("ModelFloor: ok %v, traffic %v; want a traffic floor", ok, r.Traffic)
			}
			got := r.Traffic.NextStep()
			if tc.from == "" {
				if got != nil {
					t.Fatalf("next step from %s at %s; want none", got.From, got.Config.RowID)
				}
				return
			}
			if got == nil {
				t.Fatalf("no next step; want one from r = %s at %s", tc.from, tc.config)
			}
			if !got.From.Equal(volume(tc.from)) {
				t.Errorf("from %s tokens a month, want %s (r = %s)", got.From, volume(tc.from), tc.from)
			}
			if got.Config.RowID != tc.config {
				t.Errorf("at %s, want %s", got.Config.RowID, tc.config)
			}
			if !sameDigits(got.TimesFloor, tc.times) {
				t.Errorf("times floor %s, want %s", got.TimesFloor, tc.times)
			}
		})
	}
	var none *Traffic
	if none.NextStep() != nil {
		t.Error("a nil traffic floor has a next step")
	}
}
