package floor

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
)

// dec parses a decimal literal of a test table.
func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// cfg builds a configuration: row id "<slug>/<gpu>/<n>/<seqs>", joules per
// output token, and the median, p90, p95 and p99 latencies in ms.
func cfg(slug, gpu string, n, seqs int, j, med, p90, p95, p99 string) *Configuration {
	return &Configuration{
		RowID: fmt.Sprintf("%s/%s/%d/%d", slug, gpu, n, seqs), Repeat: 1, GPU: gpu, NumGPUs: n,
		GPUPowerWattsTotal: dec("800").Mul(decimal.NewFromInt(int64(n))),
		TokenSettings: &TokenSettings{MaxNumSeqs: seqs,
			JoulesPerOutputToken: dec(j), MedianITLMs: dec(med), P90ITLMs: dec(p90), P95ITLMs: dec(p95), P99ITLMs: dec(p99),
			TokensPerSecond: dec("1000")},
	}
}

// model builds a model from its configurations.
func model(slug string, cs ...*Configuration) *Model {
	m := &Model{Slug: slug, Name: slug, ModelID: "org/" + slug, Configurations: cs}
	for _, c := range cs {
		if !strings.Contains(strings.Join(m.GPUs, ","), c.GPU) {
			m.GPUs = append(m.GPUs, c.GPU)
		}
	}
	return m
}

// inputs returns the default inputs with a target of ms on statistic s.
func inputs(ms string, s Statistic) Inputs {
	in := DefaultInputs()
	in.TargetITLMs, in.Statistic = dec(ms), s
	return in
}

func rowOf(c *Configuration) string {
	if c == nil {
		return "<nil>"
	}
	return c.RowID
}

func TestFloorSelection(t *testing.T) {
	ties := model("ties",
		cfg("ties", H100, 4, 64, "0.5", "40", "50", "60", "70"),
		cfg("ties", H100, 2, 64, "0.5", "40", "50", "60", "70"),  // same energy and latencies, fewer GPUs
		cfg("ties", H100, 2, 32, "0.5", "30", "55", "62", "70"),  // same energy, lower median, higher p90 and p95
		cfg("ties", H100, 1, 8, "0.50", "45", "45", "65", "80"),  // same energy with another exponent, lowest p90
		cfg("ties", H100, 8, 256, "0.4", "90", "99", "99", "99"), // least energy, slowest
		cfg("ties", B200, 8, 8, "3", "10", "11", "12", "13"),
	)
	for _, tc := range []struct {
		name      string
		gpu       string
		in        Inputs
		chosen    string
		fastest   string
		qualified int
		measured  int
	}{
		{"least energy within the target", H100, inputs("100", Median), "ties/H100/8/256", "<nil>", 5, 5},
		{"tie on energy: lower median wins", H100, inputs("89.9", Median), "ties/H100/2/32", "<nil>", 4, 5},
		{"tie on energy under p90: lower p90 wins", H100, inputs("52", P90), "ties/H100/1/8", "<nil>", 3, 5},
		{"tie on energy and p95: fewer GPUs win", H100, inputs("60", P95), "ties/H100/2/64", "<nil>", 2, 5},
		{"target equal to a latency qualifies it", H100, inputs("45", P90), "ties/H100/1/8", "<nil>", 1, 5},
		{"nothing meets: the fastest under the statistic", H100, inputs("20", Median), "<nil>", "ties/H100/2/32", 0, 5},
		{"nothing meets under p99: fastest, then fewer GPUs, then row id", H100, inputs("20", P99), "<nil>", "ties/H100/2/32", 0, 5},
		{"nothing meets under p95: the fastest p95", H100, inputs("59", P95), "<nil>", "ties/H100/2/64", 0, 5},
		{"other GPU", B200, inputs("10", Median), "ties/B200/8/8", "<nil>", 1, 1},
		{"GPU not measured", "A100", inputs("100", Median), "<nil>", "<nil>", 0, 0},
		{"no GPU given", "", inputs("100", Median), "<nil>", "<nil>", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Floor(ties, tc.gpu, tc.in)
			if got := rowOf(r.Chosen); got != tc.chosen {
				t.Errorf("Chosen = %s, want %s", got, tc.chosen)
			}
			if got := rowOf(r.Fastest); got != tc.fastest {
				t.Errorf("Fastest = %s, want %s", got, tc.fastest)
			}
			if r.Qualifying != tc.qualified || r.Measured != tc.measured {
				t.Errorf("Qualifying/Measured = %d/%d, want %d/%d", r.Qualifying, r.Measured, tc.qualified, tc.measured)
			}
			if r.Meets() != (tc.chosen != "<nil>") {
				t.Errorf("Meets() = %v", r.Meets())
			}
		})
	}
}

func TestFloorNilModel(t *testing.T) {
	if r := Floor(nil, H100, DefaultInputs()); r.Measured != 0 || r.Chosen != nil || r.Fastest != nil {
		t.Errorf("Floor(nil) = %+v, want nothing measured", r)
	}
}

func TestFloorTieOnEnergyLatencyAndGPUsFallsToRowID(t *testing.T) {
	m := model("m",
		cfg("m", H100, 2, 128, "0.7", "40", "40", "40", "40"),
		cfg("m", H100, 2, 64, "0.7", "40", "40", "40", "40"),
	)
	// "m/H100/2/128" < "m/H100/2/64" as strings.
	if got := rowOf(Floor(m, H100, inputs("50", Median)).Chosen); got != "m/H100/2/128" {
		t.Errorf("Chosen = %s, want m/H100/2/128", got)
	}
	if got := rowOf(Floor(m, H100, inputs("10", Median)).Fastest); got != "m/H100/2/128" {
		t.Errorf("Fastest = %s, want m/H100/2/128", got)
	}
}

func TestFloorSpread(t *testing.T) {
	m := model("m",
		cfg("m", H100, 1, 1, "4.4", "10", "10", "10", "10"),
		cfg("m", H100, 1, 2, "1.1", "20", "20", "20", "20"),
		cfg("m", H100, 1, 4, "3.3", "30", "30", "30", "30"),
		cfg("m", H100, 1, 8, "2.25", "40", "40", "40", "40"),
		cfg("m", H100, 1, 16, "0.5", "50", "50", "50", "50"),
	)
	for _, tc := range []struct {
		name                   string
		target                 string
		floor, median, highest string
	}{
		{"one qualifies", "10", "4.4", "4.4", "4.4"},
		{"two: median is their mean", "20", "1.1", "2.75", "4.4"},
		{"three: the middle one", "30", "1.1", "3.3", "4.4"},
		{"four: mean of the middle two", "40", "1.1", "2.775", "4.4"},
		{"five", "50", "0.5", "2.25", "4.4"},
		{"none: zero spread", "5", "0", "0", "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Floor(m, H100, inputs(tc.target, Median)).Spread
			for _, f := range []struct {
				name      string
				got, want decimal.Decimal
			}{{"Floor", s.Floor, dec(tc.floor)}, {"Median", s.Median, dec(tc.median)}, {"Highest", s.Highest, dec(tc.highest)}} {
				if !f.got.Equal(f.want) {
					t.Errorf("%s = %s, want %s", f.name, f.got, f.want)
				}
			}
		})
	}
}

// rankFixture is a workload of three models: a and b on both GPUs, c on H100.
func rankFixture() *Workload {
	return &Workload{ID: "w", Models: []*Model{
		model("a",
			cfg("a", B200, 1, 8, "0.2", "30", "60", "70", "80"),
			cfg("a", H100, 1, 8, "0.3", "25", "40", "50", "60")),
		model("b",
			cfg("b", B200, 2, 8, "0.2", "30", "60", "70", "80"),  // ties with a/B200 on energy and latency, more GPUs
			cfg("b", H100, 1, 8, "0.2", "20", "30", "40", "50")), // ties on energy, lower latency
		model("c",
			cfg("c", H100, 1, 8, "0.1", "90", "95", "99", "120")),
	}}
}

func TestRankOrder(t *testing.T) {
	w := rankFixture()
	for _, tc := range []struct {
		name string
		in   Inputs
		gpu  string
		want []string // chosen or fastest row ids, in order; "!" marks one that meets nothing
	}{
		{"all meet", inputs("100", Median), "", []string{"c/H100/1/8", "b/H100/1/8", "a/B200/1/8", "b/B200/2/8", "a/H100/1/8"}},
		{"some meet, the rest by reachable latency", inputs("28", Median), "", []string{"b/H100/1/8", "a/H100/1/8", "!a/B200/1/8", "!b/B200/2/8", "!c/H100/1/8"}},
		{"none meet: by latency, then energy, then GPUs", inputs("1", Median), "", []string{"!b/H100/1/8", "!a/H100/1/8", "!a/B200/1/8", "!b/B200/2/8", "!c/H100/1/8"}},
		{"p99 target", inputs("100", P99), "", []string{"b/H100/1/8", "a/B200/1/8", "b/B200/2/8", "a/H100/1/8", "!c/H100/1/8"}},
		{"only H100", inputs("100", Median), H100, []string{"c/H100/1/8", "b/H100/1/8", "a/H100/1/8"}},
		{"only B200: c is not measured on it", inputs("100", Median), B200, []string{"a/B200/1/8", "b/B200/2/8"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			in.GPU = tc.gpu
			var got []string
			for _, r := range Rank(w, in) {
				if r.Meets() {
					got = append(got, r.Chosen.RowID)
				} else {
					got = append(got, "!"+r.Fastest.RowID)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("Rank =\n  %s\nwant\n  %s", strings.Join(got, " "), strings.Join(tc.want, " "))
			}
		})
	}
	if got := Rank(nil, DefaultInputs()); got != nil {
		t.Errorf("Rank(nil) = %v, want nil", got)
	}
	// A workload ranked before its models are decoded (the browser decodes
	// them on first need) ranks them once they are.
	late := &Workload{ID: w.ID}
	if got := Rank(late, inputs("100", Median)); len(got) != 0 {
		t.Errorf("Rank of a workload without models = %d results, want none", len(got))
	}
	late.Models = w.Models
	if got := Rank(late, inputs("100", Median)); len(got) != 5 {
		t.Errorf("Rank once its models are decoded = %d results, want 5", len(got))
	}
}

func TestModelFloor(t *testing.T) {
	w := rankFixture()
	for _, tc := range []struct {
		name  string
		model *Model
		gpu   string
		ms    string
		want  string // chosen row id, or "!" and the fastest
		ok    bool
	}{
		{"lower energy across GPUs", w.Models[0], "", "100", "a/B200/1/8", true},
		{"only one GPU meets", w.Models[0], "", "28", "a/H100/1/8", true},
		{"neither meets: the closer", w.Models[0], "", "10", "!a/H100/1/8", true},
		{"GPU filter", w.Models[0], H100, "100", "a/H100/1/8", true},
		{"equal energy: lower latency", w.Models[1], "", "100", "b/H100/1/8", true},
		{"not measured on the GPU", w.Models[2], B200, "100", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := inputs(tc.ms, Median)
			in.GPU = tc.gpu
			r, ok := ModelFloor(tc.model, in)
			got := ""
			switch {
			case r.Chosen != nil:
				got = r.Chosen.RowID
			case r.Fastest != nil:
				got = "!" + r.Fastest.RowID
			}
			if got != tc.want || ok != tc.ok {
				t.Errorf("ModelFloor = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
	if _, ok := ModelFloor(nil, DefaultInputs()); ok {
		t.Error("ModelFloor(nil) ok = true")
	}
}

func TestFiguresFor(t *testing.T) {
	// Worked by hand: 0.36 J/token, 10,000,000 tokens/month, 400 tokens/request,
	// 4 GPUs at 2,000 W together producing 1,000 tokens/s.
	c := &Configuration{NumGPUs: 4, GPUPowerWattsTotal: dec("2000"), TokenSettings: &TokenSettings{JoulesPerOutputToken: dec("0.36"), TokensPerSecond: dec("1000")}}
	in := Inputs{OutputTokensPerMonth: dec("10000000"), OutputTokensPerRequest: dec("400")}
	f := FiguresFor(c, in)
	for _, tc := range []struct {
		name      string
		got, want decimal.Decimal
	}{
		{"JoulesPerOutputToken", f.JoulesPerOutputToken, dec("0.36")},
		{"WhPerMillionOutputTokens", f.WhPerMillionOutputTokens, dec("100")}, // 0.36 × 1e6 / 3600
		{"JoulesPerRequest", f.JoulesPerRequest, dec("144")},                 // 0.36 × 400
		{"WhPerRequest", f.WhPerRequest, dec("0.04")},                        // 144 / 3600
		{"KWhPerMonth", f.KWhPerMonth, dec("1")},                             // 3.6e6 J / 3.6e6
		{"KWhPerYear", f.KWhPerYear, dec("12")},                              // × 12
		{"RequestsPerMonth", f.RequestsPerMonth, dec("25000")},               // 1e7 / 400
		{"GPUHoursPerMonth", f.GPUHoursPerMonth, dec("11.1111111111111111")}, // 1e7 × 4 / (1000 × 3600) = 11.1…, rounded at 16 places
		{"AvgGPUPowerWatts", f.AvgGPUPowerWatts, dec("500")},                 // 2000 / 4
		{"Replicas", decimal.NewFromInt(f.Replicas), dec("1")},               // 1e7 / (1000 × 3600 × 730) = 0.0038 → 1
		{"GPUsNeeded", decimal.NewFromInt(f.GPUsNeeded), dec("4")},           // 1 × 4
	} {
		if !tc.got.Equal(tc.want) {
			t.Errorf("%s = %s, want %s", tc.name, tc.got, tc.want)
		}
	}
	if got := FiguresFor(nil, in); got != (Figures{}) {
		t.Errorf("FiguresFor(nil) = %+v, want zero", got)
	}
}

func TestFiguresForReplicas(t *testing.T) {
	// One replica of 1,000 tokens/s serves 1000 × 3600 × 730 = 2,628,000,000 tokens a month.
	c := &Configuration{NumGPUs: 2, GPUPowerWattsTotal: dec("1"), TokenSettings: &TokenSettings{JoulesPerOutputToken: dec("1"), TokensPerSecond: dec("1000")}}
	for _, tc := range []struct {
		tokens   string
		replicas int64
		gpus     int64
	}{
		{"2628000000", 1, 2}, // exactly one replica's month
		{"2628000001", 2, 4}, // one token more needs a second
		{"5256000000", 2, 4},
		{"1", 1, 2},
		{"1e18", 380517504, 761035008}, // 1e18 / 2.628e9 = 380,517,503.8…
	} {
		t.Run(tc.tokens, func(t *testing.T) {
			f := FiguresFor(c, Inputs{OutputTokensPerMonth: dec(tc.tokens), OutputTokensPerRequest: dec("1")})
			if f.Replicas != tc.replicas || f.GPUsNeeded != tc.gpus {
				t.Errorf("Replicas, GPUsNeeded = %d, %d; want %d, %d", f.Replicas, f.GPUsNeeded, tc.replicas, tc.gpus)
			}
		})
	}
}

// TestQuoMatchesDecimal checks the 128-bit paths of quo, ceilQuo and mean
// against the decimal package on random operands, including ones that take
// the slow path.
func TestQuoMatchesDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func() decimal.Decimal {
		digits := 1 + rng.IntN(22) // beyond 18 digits takes the slow path
		var b strings.Builder
		b.WriteByte(byte('1' + rng.IntN(9)))
		for range digits - 1 {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
		d := dec(b.String())
		return d.Shift(int32(rng.IntN(30) - 20))
	}
	for i := range 20000 {
		x, y, z, w := random(), random(), random(), random()
		if i%3 == 0 {
			y, w = one, one
		}
		places := quotientPlaces(op(x), op(y), op(z), op(w))
		want := x.Mul(y).DivRound(z.Mul(w), places)
		if got := quo(op(x), op(y), op(z), op(w)); !got.Equal(want) {
			t.Fatalf("quo(%s, %s, %s, %s) = %s, want %s", x, y, z, w, got, want)
		}
		if d := int(magnitude(want) + places + 1); d < QuotientDigits || d > QuotientDigits+3 {
			t.Fatalf("quo(%s, %s, %s, %s) = %s keeps %d digits, want %d to %d", x, y, z, w, want, d, QuotientDigits, QuotientDigits+3)
		}
		if got, want := mean(op(x), op(z)), x.Add(z).Mul(decimal.New(5, -1)); !got.Equal(want) {
			t.Fatalf("mean(%s, %s) = %s, want %s", x, z, got, want)
		}
		if q := x.Div(z.Mul(w)); q.LessThan(dec("1e15")) {
			wantCeil := x.DivRound(z.Mul(w), 0)
			if wantCeil.Mul(z).Mul(w).LessThan(x) {
				wantCeil = wantCeil.Add(one)
			}
			if wantCeil.Sub(one).Mul(z).Mul(w).GreaterThanOrEqual(x) {
				wantCeil = wantCeil.Sub(one)
			}
			if got := ceilQuo(op(x), op(z), op(w)); got != wantCeil.IntPart() {
				t.Fatalf("ceilQuo(%s, %s, %s) = %d, want %s", x, z, w, got, wantCeil)
			}
		}
	}
}

func TestParseStatistic(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Statistic
		err  string
	}{
		{"median", Median, ""},
		{" P90 ", P90, ""},
		{"p95", P95, ""},
		{"P99", P99, ""},
		{"p50", "", `Choose median, p90, p95 or p99, not "p50".`},
		{"", "", `Choose median, p90, p95 or p99, not "".`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseStatistic(tc.in)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if got != tc.want || gotErr != tc.err {
				t.Errorf("ParseStatistic(%q) = %q, %q; want %q, %q", tc.in, got, gotErr, tc.want, tc.err)
			}
		})
	}
}

func TestITL(t *testing.T) {
	c := cfg("m", H100, 1, 8, "1", "10", "20", "30", "40")
	for s, want := range map[Statistic]string{Median: "10", P90: "20", P95: "30", P99: "40", "": "10"} {
		if got := c.ITL(s); !got.Equal(dec(want)) {
			t.Errorf("ITL(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestConcurrentFirstUse has many goroutines use a fresh workload at once,
// racing to build its index (run with -race to check the publication).
func TestConcurrentFirstUse(t *testing.T) {
	w := rankFixture()
	want := Rank(rankFixture(), DefaultInputs())
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got := Rank(w, DefaultInputs())
			for i := range got {
				if got[i].Chosen != nil && got[i].Chosen.RowID != want[i].Chosen.RowID {
					t.Errorf("result %d = %s, want %s", i, got[i].Chosen.RowID, want[i].Chosen.RowID)
				}
			}
			ModelFloor(w.Models[0], DefaultInputs())
		})
	}
	wg.Wait()
}
