package floor_test

import (
	"slices"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// TestTrafficLlamaExample is the hand-worked example on the bundled
// data: Llama 3.1 8B Instruct, lm-arena-chat, 500 output tokens a request, a
// 100 ms median target, either GPU. Worked with Python's decimal at 40
// digits:
//
//	r            = 1e9 / 2,628,000          = 380.5175038051750380…
//	1 × B200 curve: max_num_seqs 8 (1,637.3 tokens/s) > r: its only candidate, 0.3905239 J
//	1 × H100 curve: max_num_seqs 8 (1,069.6 tokens/s) > r: its only candidate, 0.4547983 J
//	Wh per request = 0.3905239 × 500 / 3,600     = 0.05423943055555555…
//	kWh per month  = 0.3905239 × 1e9 / 3,600,000 = 108.4788611111111…
//	times floor    = 0.3905239 / 0.0549226       = 7.110440874976785…
//	utilisation    = r / 1,637.3                 = 0.2324054869634001…
//
// At 1e10 (r = 3,805.17…) the H100 curve walks 8, 16, 32 (3,391.1) and 64
// (5,147.2 > r): 0.1185796 J, below the B200 curve's best (32: 0.1510693 J).
// At 1e11 (r = 38,051.7…) every qualifying point is filled: the floor.
func TestTrafficLlamaExample(t *testing.T) {
	w := loadWorkload(t, "lm-arena-chat")
	m := w.Model("llama-3-1-8b-instruct")
	in := floor.DefaultInputs()
	in.Model = m.Slug
	for _, tc := range []struct {
		tokens                                         int64
		row, j, whPerRequest, kwhPerMonth, times, util string
		fills                                          bool
	}{
		{1e9, "llama-3-1-8b-instruct/B200/1/8", "0.3905239", "0.05423943055555556", "108.4788611111111", "7.110440874976786", "0.2324054869634001", false},
		{1e10, "llama-3-1-8b-instruct/H100/1/64", "0.1185796", "0.01646938888888889", "329.3877777777778", "2.159031072818840", "0.7392708731061063", false},
		{1e11, "llama-3-1-8b-instruct/B200/1/1024", "0.0549226", "0.007628138888888889", "1525.627777777778", "1", "3.483794953583658", true},
	} {
		in.OutputTokensPerMonth = decimal.NewFromInt(tc.tokens)
		r, ok := floor.ModelFloor(m, in)
		if !ok || r.Chosen.RowID != "llama-3-1-8b-instruct/B200/1/1024" || r.Traffic == nil {
			t.Fatalf("%d: floor %v at %v, traffic %v", tc.tokens, ok, r.Chosen, r.Traffic)
		}
		tr := r.Traffic
		for _, c := range []struct {
			name string
			got  decimal.Decimal
			want string
		}{
			{"J per output token", tr.Figures.JoulesPerOutputToken, tc.j},
			{"Wh per request", tr.Figures.WhPerRequest, tc.whPerRequest},
			{"kWh per month", tr.Figures.KWhPerMonth, tc.kwhPerMonth},
			{"times floor", tr.TimesFloor, tc.times},
			{"utilisation", tr.Utilisation, tc.util},
		} {
			if w := dec(c.want); !c.got.Round(-w.Exponent()).Equal(w) {
				t.Errorf("%d: %s %s, want %s", tc.tokens, c.name, c.got, c.want)
			}
		}
		if tr.Config.RowID != tc.row || tr.Fills != tc.fills {
			t.Errorf("%d: at %s (fills %v), want %s (fills %v)", tc.tokens, tr.Config.RowID, tr.Fills, tc.row, tc.fills)
		}
	}
}

// TestTrafficQwenDefault is the default page: Qwen 3 235B A22B Instruct at 1e9
// tokens a month. The floor, 0.2402453 J, is at max_num_seqs 4,096; the
// traffic reaches 4 × B200 at 8 in flight, 6.4567701 J: 26.875… times it.
func TestTrafficQwenDefault(t *testing.T) {
	w := loadWorkload(t, "lm-arena-chat")
	in := floor.DefaultInputs()
	r, _ := floor.ModelFloor(w.Model(in.Model), in)
	if r.Traffic == nil || r.Traffic.Config.RowID != "qwen-3-235b-a22b-instruct/B200/4/8" ||
		!r.Traffic.TimesFloor.Round(3).Equal(dec("26.876")) {
		t.Fatalf("traffic floor %+v, want qwen-3-235b-a22b-instruct/B200/4/8 at 26.876 × the floor", r.Traffic)
	}
}

// everyInputs calls f with inputs over every workload, model, GPU filter,
// statistic and a spread of targets of the bundled data, at volume 0.
func everyInputs(t *testing.T, f func(m *floor.Model, in floor.Inputs)) {
	t.Helper()
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ds.TokenWorkloads {
		for _, m := range w.Models {
			for _, gpu := range []string{"", floor.H100, floor.B200} {
				for _, st := range []floor.Statistic{floor.Median, floor.P90, floor.P99} {
					for _, ms := range []string{"20", "50", "100", "250"} {
						in := floor.DefaultInputs()
						in.Workload, in.Model, in.GPU, in.Statistic, in.TargetITLMs = w.ID, m.Slug, gpu, st, dec(ms)
						f(m, in)
					}
				}
			}
		}
	}
}

// volumes are monthly output-token volumes from 1e6 to 1e13, three a decade.
var volumes = func() (v []decimal.Decimal) {
	for e := int32(6); e <= 13; e++ {
		for _, k := range []int64{1, 2, 5} {
			v = append(v, decimal.New(k, e))
		}
	}
	return v
}()

// TestTrafficProperties checks, over the bundled data, what the definition
// implies: the traffic floor is never below the floor, never rises as the
// volume grows, equals the floor once the rate reaches the throughput of
// every qualifying configuration, and is the step TrafficSteps gives for
// that volume.
func TestTrafficProperties(t *testing.T) {
	everyInputs(t, func(m *floor.Model, in floor.Inputs) {
		steps := floor.TrafficSteps(m, in, volumes[0], volumes[len(volumes)-1])
		var prev *floor.Traffic
		for _, v := range volumes {
			in.OutputTokensPerMonth = v
			r, ok := floor.ModelFloor(m, in)
			if !ok {
				return
			}
			if r.Chosen == nil {
				if r.Traffic != nil || steps != nil {
					t.Fatalf("%s %+v: nothing meets the target, yet a traffic floor", m.Slug, in)
				}
				return
			}
			tr := r.Traffic
			name := m.Slug + " " + in.GPU + " " + string(in.Statistic) + " " + in.TargetITLMs.String() + " ms at " + v.String()
			if tr.Config.JoulesPerOutputToken.LessThan(r.Chosen.JoulesPerOutputToken) {
				t.Errorf("%s: traffic floor %s below the floor %s", name, tr.Config.RowID, r.Chosen.RowID)
			}
			if prev != nil && tr.Config.JoulesPerOutputToken.GreaterThan(prev.Config.JoulesPerOutputToken) {
				t.Errorf("%s: traffic floor rose from %s to %s", name, prev.Config.RowID, tr.Config.RowID)
			}
			if maxQualifyingRate(m, in).LessThanOrEqual(tr.PerSecond) && tr.Config != r.Chosen {
				t.Errorf("%s: every qualifying configuration is filled, yet the traffic floor %s is not the floor %s", name, tr.Config.RowID, r.Chosen.RowID)
			}
			if s := stepAt(steps, v); s == nil || s.Config != tr.Config {
				t.Errorf("%s: TrafficSteps gives %v, ModelFloor %s", name, s, tr.Config.RowID)
			}
			prev = tr
		}
	})
}

// maxQualifyingRate returns the highest throughput of m's configurations
// that meet in's target on the GPUs it allows, with a margin for the
// rounding of r.
func maxQualifyingRate(m *floor.Model, in floor.Inputs) decimal.Decimal {
	var max decimal.Decimal
	for _, c := range m.Configurations {
		if (in.GPU == "" || c.GPU == in.GPU) && c.ITL(in.Statistic).LessThanOrEqual(in.TargetITLMs) && c.TokensPerSecond.GreaterThan(max) {
			max = c.TokensPerSecond
		}
	}
	return max.Add(decimal.New(1, -6))
}

// stepAt returns the step of steps that covers volume v.
func stepAt(steps []floor.TrafficStep, v decimal.Decimal) *floor.TrafficStep {
	var s *floor.TrafficStep
	for i := range steps {
		if steps[i].From.LessThanOrEqual(v) {
			s = &steps[i]
		}
	}
	return s
}

// TestTrafficRankRows checks that each ranking row's traffic floor is over
// that row's model and GPU alone: the model's traffic floor with the GPU
// filter set to the row's GPU.
func TestTrafficRankRows(t *testing.T) {
	w := loadWorkload(t, "lm-arena-chat")
	in := floor.DefaultInputs()
	for _, res := range floor.Rank(w, in) {
		one := in
		one.GPU, one.Model = res.GPU, res.Model.Slug
		mf, _ := floor.ModelFloor(res.Model, one)
		if (res.Traffic == nil) != (mf.Traffic == nil) || res.Traffic != nil && res.Traffic.Config != mf.Traffic.Config {
			t.Errorf("%s on %s: ranking row's traffic floor %v, the model's on that GPU %v", res.Model.Slug, res.GPU, res.Traffic, mf.Traffic)
		}
	}
}

// TestCurvesMostlyFall pins the numbers the assumption sentence rests on:
// along the bundled curves (SameCurve, in order of max_num_seqs then
// repeat), energy per output token falls or stays level at 705 of 724 steps
// and rises at 19, by 0.9 % to 37.8 % (median 7.2 %). TrafficAssumption
// says so in words.
func TestCurvesMostlyFall(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	steps, rises := 0, 0
	var pcts []decimal.Decimal
	for _, w := range ds.TokenWorkloads {
		for _, m := range w.Models {
			var curves [][]*floor.Configuration
			for _, c := range m.Configurations {
				i := slices.IndexFunc(curves, func(cv []*floor.Configuration) bool { return floor.SameCurve(cv[0], c) })
				if i < 0 {
					curves = append(curves, nil)
					i = len(curves) - 1
				}
				curves[i] = append(curves[i], c) // sorted: max_num_seqs, then repeat
			}
			for _, cv := range curves {
				for k := 1; k < len(cv); k++ {
					steps++
					a, b := cv[k-1].JoulesPerOutputToken, cv[k].JoulesPerOutputToken
					if b.GreaterThan(a) {
						rises++
						pcts = append(pcts, b.Div(a).Sub(decimal.NewFromInt(1)).Shift(2))
					}
				}
			}
		}
	}
	slices.SortFunc(pcts, decimal.Decimal.Cmp)
	if steps != 724 || rises != 19 || len(pcts) != 19 ||
		!pcts[0].Round(1).Equal(dec("0.9")) || !pcts[9].Round(1).Equal(dec("7.2")) || !pcts[18].Round(1).Equal(dec("37.8")) {
		t.Errorf("%d steps, %d rises by %v %%; want 724, 19, 0.9 %% to 37.8 %%, median 7.2 %%", steps, rises, pcts)
	}
}

// FuzzTrafficVolume checks the traffic floor's properties at any volume: for
// Qwen 3 235B A22B Instruct and Llama 3.1 8B Instruct with the default
// target, the traffic floor is never below the floor, and a larger volume
// never gives a higher one.
func FuzzTrafficVolume(f *testing.F) {
	for _, v := range []int64{1, 1e6, 1e9, 999_999_999, 1_000_000_001, 1e13, 1e18} {
		f.Add(v, int64(2))
	}
	w := loadWorkload(f, "lm-arena-chat")
	models := []*floor.Model{w.Model(floor.DefaultModel), w.Model("llama-3-1-8b-instruct")}
	f.Fuzz(func(t *testing.T, tokens, factor int64) {
		if tokens <= 0 || factor <= 1 || tokens > 1e18 {
			t.Skip()
		}
		in := floor.DefaultInputs()
		for _, m := range models {
			in.OutputTokensPerMonth = decimal.NewFromInt(tokens)
			lo, _ := floor.ModelFloor(m, in)
			in.OutputTokensPerMonth = decimal.NewFromInt(tokens).Mul(decimal.NewFromInt(factor))
			hi, _ := floor.ModelFloor(m, in)
			if lo.Traffic.Config.JoulesPerOutputToken.LessThan(lo.Chosen.JoulesPerOutputToken) {
				t.Errorf("%s at %d: traffic floor %s below the floor", m.Slug, tokens, lo.Traffic.Config.RowID)
			}
			if hi.Traffic.Config.JoulesPerOutputToken.GreaterThan(lo.Traffic.Config.JoulesPerOutputToken) {
				t.Errorf("%s: %d tokens at %s, %d × as many at %s", m.Slug, tokens, lo.Traffic.Config.RowID, factor, hi.Traffic.Config.RowID)
			}
		}
	})
}

// TestNextStepDefaultPage is the example on the bundled data: the
// default inputs (Qwen 3 235B A22B Instruct, lm-arena-chat, 1e9 output
// tokens a month, a 100 ms median target, either GPU). At r = 380.5…
// tokens/s the figure at your traffic is 4 × B200 at max_num_seqs 8
// (6.4567701 J; 396.8 tokens/s > r). The first throughput above r among the
// model's rows is 8 × H100 at max_num_seqs 8, 387.9 tokens/s: from
// 387.9 × 2,628,000 = 1,019,401,200 tokens a month that row is filled and
// the next point of its curve, max_num_seqs 16 (5.1783083 J), joins:
// 5.1783083 / 0.2402453 = 21.554… times the floor.
func TestNextStepDefaultPage(t *testing.T) {
	w := loadWorkload(t, "lm-arena-chat")
	m := w.Model("qwen-3-235b-a22b-instruct")
	in := floor.DefaultInputs()
	in.Model = m.Slug
	r, ok := floor.ModelFloor(m, in)
	if !ok || r.Traffic == nil {
		t.Fatalf("floor %v, traffic %v", ok, r.Traffic)
	}
	n := r.Traffic.NextStep()
	if n == nil {
		t.Fatal("no next step")
	}
	if want := decimal.NewFromInt(1_019_401_200); !n.From.Equal(want) {
		t.Errorf("from %s, want %s", n.From, want)
	}
	if want := "qwen-3-235b-a22b-instruct/H100/8/16"; n.Config.RowID != want {
		t.Errorf("at %s, want %s", n.Config.RowID, want)
	}
	if want := dec("21.554"); !n.TimesFloor.Round(3).Equal(want) {
		t.Errorf("times floor %s, want %s", n.TimesFloor, want)
	}
}

// Over every model of every workload, at volumes from 1e6 to 1e13 a month
// on either GPU, the next step is the first step of TrafficSteps above the
// volume whose energy per token is lower, and none only at the floor.
func TestNextStepIsAStep(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	hi := decimal.New(1, 14)
	for _, w := range d.TokenWorkloads {
		for _, m := range w.Models {
			for e := int32(6); e <= 13; e++ {
				in := floor.DefaultInputs()
				in.Workload, in.Model, in.OutputTokensPerMonth = w.ID, m.Slug, decimal.New(3, e)
				r, ok := floor.ModelFloor(m, in)
				if !ok || r.Traffic == nil {
					continue
				}
				var want *floor.TrafficStep
				for _, s := range floor.TrafficSteps(m, in, in.OutputTokensPerMonth, hi)[1:] {
					if s.Config.JoulesPerOutputToken.Cmp(r.Traffic.Config.JoulesPerOutputToken) < 0 {
						want = &s
						break
					}
				}
				got := r.Traffic.NextStep()
				switch {
				case want == nil && got != nil:
					t.Errorf("%s %s at %s: next step from %s; want none", w.ID, m.Slug, in.OutputTokensPerMonth, got.From)
				case want != nil && (got == nil || !got.From.Equal(want.From) || got.Config != want.Config):
					t.Errorf("%s %s at %s: next step %+v; want from %s at %s", w.ID, m.Slug, in.OutputTokensPerMonth, got, want.From, want.Config.RowID)
				}
				if got == nil && !r.Traffic.TimesFloor.Equal(decimal.NewFromInt(1)) {
					t.Errorf("%s %s at %s: no next step at %s× the floor", w.ID, m.Slug, in.OutputTokensPerMonth, r.Traffic.TimesFloor)
				}
			}
		}
	}
}
