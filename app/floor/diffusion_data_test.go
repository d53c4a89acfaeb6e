package floor_test

import (
	"slices"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// loadDiffusion returns the bundled diffusion workload id.
func loadDiffusion(tb testing.TB, id string) *floor.Workload {
	tb.Helper()
	d, err := data.Load()
	if err != nil {
		tb.Fatalf("data.Load: %v", err)
	}
	w := d.DiffusionWorkload(id)
	if w == nil {
		tb.Fatalf("diffusion workload %q not in the dataset", id)
	}
	return w
}

// diffusionInputs asks for requests a month within seconds on gpu ("" either).
func diffusionInputs(workload, requests, seconds, gpu string) floor.Inputs {
	return floor.Inputs{Workload: workload, ImagesOrVideosPerMonth: dec(requests), TargetLatencyS: dec(seconds), GPU: gpu}
}

// TestFloorFluxAt20s: FLUX.1-dev within 20 s, 1,000,000 images a month.
// Worked out from upstream's tasks/text-to-image.json with a Python script
// (decimal module), independently of this package: each figure rounded half
// up as the compiler writes it (J to 4 decimals, per second to 10), the
// configurations whose batch_latency_s ≤ 20 sorted by energy, latency, GPUs.
// On H100 28 of FLUX's configurations qualify and the least is one H100 at
// batch 1: 7,948.585 J, 11.6392002 s, 0.0859165567 images/s; on B200 35
// qualify, the least one B200 at batch 1: 6,678.8068 J, 7.7549325 s,
// 0.1289501871 images/s. At r = 0.3805… images/s every curve's batch-1
// point is filled already, and energy per image only rises along both
// GPUs' one-GPU curves within 20 s, so the figure at your traffic is the
// floor.
func TestFloorFluxAt20s(t *testing.T) {
	m := loadDiffusion(t, "text-to-image").Model("flux-1-dev")
	for _, tc := range []struct {
		gpu, row                      string
		qualifying                    int
		joules, wh, kWhMonth, kWhYear string
		gpuHours                      string
		replicas                      int64
	}{
		{floor.H100, "flux-1-dev/H100/1/u1xr1/b1", 28, "7948.585", "2.207940277777778", "2207.940277777778", "26495.28333333333",
			"3233.111153973630", 5}, // 1e6 ÷ 0.0859165567 ÷ 3,600; ⌈1e6 ÷ (0.0859165567 × 2,628,000)⌉ = ⌈4.43⌉
		{floor.B200, "flux-1-dev/B200/1/u1xr1/b1", 35, "6678.8068", "1.855224111111111", "1855.224111111111", "22262.68933333333",
			"2154.147923510673", 3}, // ⌈2.95⌉
		// Either GPU: the B200 result, with its 35 qualifying.
		{"", "flux-1-dev/B200/1/u1xr1/b1", 35, "6678.8068", "1.855224111111111", "1855.224111111111", "22262.68933333333",
			"2154.147923510673", 3},
	} {
		t.Run("gpu "+tc.gpu, func(t *testing.T) {
			in := diffusionInputs("text-to-image", "1000000", "20", tc.gpu)
			r, ok := floor.ModelFloor(m, in)
			if !ok || r.Chosen == nil || r.Chosen.RowID != tc.row || r.Qualifying != tc.qualifying {
				t.Fatalf("got %v with %d qualifying, want %s with %d", r.Chosen, r.Qualifying, tc.row, tc.qualifying)
			}
			f := r.Figures
			for _, c := range []struct {
				name string
				got  decimal.Decimal
				want string
			}{
				{"J per image", f.JoulesPerRequest, tc.joules}, {"Wh per image", f.WhPerRequest, tc.wh},
				{"kWh a month", f.KWhPerMonth, tc.kWhMonth}, {"kWh a year", f.KWhPerYear, tc.kWhYear},
				{"GPU-hours a month", f.GPUHoursPerMonth, tc.gpuHours},
			} {
				if !sameDigits(c.got, c.want) {
					t.Errorf("%s: got %s, want %s", c.name, c.got, c.want)
				}
			}
			if f.Replicas != tc.replicas || f.GPUsNeeded != tc.replicas {
				t.Errorf("got %d replicas, %d GPUs; want %d of one GPU", f.Replicas, f.GPUsNeeded, tc.replicas)
			}
			if r.Traffic == nil || r.Traffic.Config != r.Chosen || !r.Traffic.TimesFloor.Equal(decimal.NewFromInt(1)) {
				t.Errorf("traffic: got %+v, want the floor", r.Traffic)
			}
		})
	}
}

// TestTrafficCogVideoX2B: a video model whose figure at your traffic is not
// its floor, at the video defaults (10,000 videos a month within 1,800 s,
// either GPU). Worked out from upstream's tasks/text-to-video.json as
// above: the floor is one B200 at batch 16, 26,360.4759 J (550.15 s); r =
// 10,000 ÷ 2,628,000 = 0.0038051750… videos/s is below the one-B200
// curve's batch-1 throughput, 0.0288516906, so that curve stops at batch 1,
// 27,038.686 J, which is the least candidate: 27,038.686 ÷ 26,360.4759 =
// 1.0257282949… times the floor, utilisation 0.0038051750 ÷ 0.0288516906 =
// 0.1318874200….
func TestTrafficCogVideoX2B(t *testing.T) {
	m := loadDiffusion(t, "text-to-video").Model("cogvideox-2b")
	r, ok := floor.ModelFloor(m, diffusionInputs("text-to-video", "10000", "1800", ""))
	if !ok || r.Chosen == nil || r.Chosen.RowID != "cogvideox-2b/B200/1/u1xr1/b16" {
		t.Fatalf("floor: got %v", r.Chosen)
	}
	tr := r.Traffic
	if tr == nil || tr.Config.RowID != "cogvideox-2b/B200/1/u1xr1/b1" || tr.Fills {
		t.Fatalf("traffic: got %+v, want cogvideox-2b/B200/1/u1xr1/b1, not filled", tr)
	}
	for _, c := range []struct {
		name string
		got  decimal.Decimal
		want string
	}{
		{"floor Wh per video", r.Figures.WhPerRequest, "7.322354416666667"},
		{"floor kWh a month", r.Figures.KWhPerMonth, "73.22354416666667"},
		{"traffic Wh per video", tr.Figures.WhPerRequest, "7.510746111111111"},
		{"traffic kWh a month", tr.Figures.KWhPerMonth, "75.10746111111111"},
		{"r", tr.PerSecond, "0.003805175038051750"},
		{"utilisation", tr.Utilisation, "0.1318874200755414"},
		{"times the floor", tr.TimesFloor, "1.025728294988787"},
	} {
		if !sameDigits(c.got, c.want) {
			t.Errorf("%s: got %s, want %s", c.name, c.got, c.want)
		}
	}
}

// requestVolumes are monthly image or video volumes from 1 to 1e9, three a
// decade.
var requestVolumes = func() (v []decimal.Decimal) {
	for e := int32(0); e <= 9; e++ {
		for _, k := range []int64{1, 2, 5} {
			v = append(v, decimal.New(k, e))
		}
	}
	return v
}()

// TestDiffusionTrafficProperties checks, for every diffusion model × GPU
// filter × latency target × monthly volume of the bundled data, what the
// definition implies: the figure at your traffic is never below the floor,
// never rises as the volume grows, equals the floor once every qualifying
// configuration is filled, and is the step TrafficSteps gives.
func TestDiffusionTrafficProperties(t *testing.T) {
	d, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, w := range d.DiffusionWorkloads {
		for _, m := range w.Models {
			for _, gpu := range []string{"", floor.H100, floor.B200} {
				for _, s := range []string{"0.5", "5", "20", "30", "100", "600", "1800", "7200"} {
					in := diffusionInputs(w.ID, "0", s, gpu)
					steps := floor.TrafficSteps(m, in, requestVolumes[0], requestVolumes[len(requestVolumes)-1])
					var prev *floor.Traffic
					for _, v := range requestVolumes {
						in.ImagesOrVideosPerMonth = v
						r, ok := floor.ModelFloor(m, in)
						if !ok {
							break
						}
						name := m.Slug + " " + gpu + " " + s + " s at " + v.String()
						if r.Chosen == nil {
							if r.Traffic != nil || steps != nil {
								t.Fatalf("%s: nothing meets the target, yet a traffic floor", name)
							}
							break
						}
						checked++
						tr := r.Traffic
						if tr.Config.JoulesPerRequest.LessThan(r.Chosen.JoulesPerRequest) {
							t.Errorf("%s: traffic %s below the floor %s", name, tr.Config.RowID, r.Chosen.RowID)
						}
						if prev != nil && tr.Config.JoulesPerRequest.GreaterThan(prev.Config.JoulesPerRequest) {
							t.Errorf("%s: traffic rose from %s to %s", name, prev.Config.RowID, tr.Config.RowID)
						}
						if maxRate(m, in).LessThanOrEqual(tr.PerSecond) && !tr.Config.JoulesPerRequest.Equal(r.Chosen.JoulesPerRequest) {
							t.Errorf("%s: every qualifying configuration filled, yet %s is not the floor %s", name, tr.Config.RowID, r.Chosen.RowID)
						}
						var step *floor.TrafficStep
						for i := range steps {
							if steps[i].From.LessThanOrEqual(v) {
								step = &steps[i]
							}
						}
						if step == nil || step.Config != tr.Config {
							t.Errorf("%s: TrafficSteps gives %v, ModelFloor %s", name, step, tr.Config.RowID)
						}
						prev = tr
					}
				}
			}
		}
	}
	if checked < 2000 {
		t.Errorf("checked %d cases that meet the target; want the grid to exercise at least 2,000", checked)
	}
}

// maxRate returns the highest throughput of m's configurations meeting in's
// target on the GPUs it allows, with a margin for the rounding of r.
func maxRate(m *floor.Model, in floor.Inputs) decimal.Decimal {
	var max decimal.Decimal
	for _, c := range m.Configurations {
		if (in.GPU == "" || c.GPU == in.GPU) && c.BatchLatencyS.LessThanOrEqual(in.TargetLatencyS) && c.RequestsPerSecond.GreaterThan(max) {
			max = c.RequestsPerSecond
		}
	}
	return max.Add(decimal.New(1, -12))
}

// TestDiffusionCurvesRise pins the figures DiffusionTrafficAssumption
// states: along the bundled curves (SameCurve, by batch size) the next batch
// size up costs more per image at 150 of 516 steps (by at most 7.3%,
// median 1.4%) and more per video at 83 of 301 (at most 6.3%, median
// 0.5%).
func TestDiffusionCurvesRise(t *testing.T) {
	for _, tc := range []struct {
		id                  string
		steps, rises        int
		most, median, words string
	}{
		{"text-to-image", 516, 150, "7.3", "1.4", "per image at 150 of 516 steps (by at most 7.3%, median 1.4%)"},
		{"text-to-video", 301, 83, "6.3", "0.5", "per video at 83 of 301 (by at most 6.3%, median 0.5%)"},
	} {
		steps, rises := 0, 0
		var pcts []decimal.Decimal
		for _, m := range loadDiffusion(t, tc.id).Models {
			var curves [][]*floor.Configuration
			for _, c := range m.Configurations {
				i := slices.IndexFunc(curves, func(cv []*floor.Configuration) bool { return floor.SameCurve(cv[0], c) })
				if i < 0 {
					curves = append(curves, nil)
					i = len(curves) - 1
				}
				curves[i] = append(curves[i], c) // sorted by batch size
			}
			for _, cv := range curves {
				for k := 1; k < len(cv); k++ {
					if cv[k].BatchSize <= cv[k-1].BatchSize {
						t.Fatalf("%s: curve out of batch order at %s", m.Slug, cv[k].RowID)
					}
					steps++
					if a, b := cv[k-1].JoulesPerRequest, cv[k].JoulesPerRequest; b.GreaterThan(a) {
						rises++
						pcts = append(pcts, b.Div(a).Sub(decimal.NewFromInt(1)).Shift(2))
					}
				}
			}
		}
		slices.SortFunc(pcts, decimal.Decimal.Cmp)
		n := len(pcts)
		median := pcts[n/2]
		if n%2 == 0 {
			median = pcts[n/2-1].Add(pcts[n/2]).Div(decimal.NewFromInt(2))
		}
		if steps != tc.steps || rises != tc.rises || !pcts[n-1].Round(1).Equal(dec(tc.most)) || !median.Round(1).Equal(dec(tc.median)) {
			t.Errorf("%s: %d steps, %d rises, at most %s %%, median %s %%; want %d, %d, %s, %s", tc.id, steps, rises,
				pcts[n-1].Round(2), median.Round(2), tc.steps, tc.rises, tc.most, tc.median)
		}
		if !strings.Contains(floor.DiffusionTrafficAssumption, tc.words) {
			t.Errorf("DiffusionTrafficAssumption does not say %q", tc.words)
		}
	}
}

// sameDigits reports whether got rounds to want at want's last decimal
// place: a quotient keeps at least 16 significant digits, and a worked-out
// want gives that many.
func sameDigits(got decimal.Decimal, want string) bool {
	w := dec(want)
	return got.Round(-w.Exponent()).Equal(w)
}
