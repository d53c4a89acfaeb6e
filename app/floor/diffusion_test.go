package floor

import (
	"testing"

	"github.com/shopspring/decimal"
)

// dpoint builds a diffusion configuration of model slug: j joules per
// image, a batch latency of s seconds, rps images per second.
func dpoint(slug, gpu string, n, ulysses, ring, batch int, j, s, rps string) *Configuration {
	return &Configuration{
		Kind: KindImages, RowID: DiffusionRowID(slug, gpu, n, ulysses, ring, batch), Repeat: 1, GPU: gpu, NumGPUs: n, Precision: "BF16",
		GPUPowerWattsTotal: dec("700"),
		DiffusionSettings: &DiffusionSettings{UlyssesDegree: ulysses, RingDegree: ring, BatchSize: batch,
			JoulesPerRequest: dec(j), BatchLatencyS: dec(s), RequestsPerSecond: dec(rps)},
	}
}

// pictures is a hand-made text-to-image model with three curves, sorted as
// the dataset sorts them: one B200 (batches 1, 2, 4; energy rises at 4),
// two H100s with Ulysses 2 (batches 1, 2), and two H100s with ring 2
// (batch 1).
func pictures() *Model {
	m := model("pics",
		dpoint("pics", B200, 1, 1, 1, 1, "1000", "2", "0.5"),
		dpoint("pics", B200, 1, 1, 1, 2, "900", "3.5", "0.6"),
		dpoint("pics", B200, 1, 1, 1, 4, "950", "6", "0.7"),
		dpoint("pics", H100, 2, 1, 2, 1, "1300", "1.2", "0.9"),
		dpoint("pics", H100, 2, 2, 1, 1, "1200", "1.5", "0.8"),
		dpoint("pics", H100, 2, 2, 1, 2, "800", "2.5", "1.2"),
	)
	m.Generation, m.Kind = &Generation{Width: 1024, Height: 1024, InferenceSteps: 20}, KindImages
	return m
}

// imageInputs asks for images a month within seconds on gpu ("" either).
func imageInputs(images, seconds, gpu string) Inputs {
	return Inputs{Workload: "text-to-image", ImagesOrVideosPerMonth: dec(images), TargetLatencyS: dec(seconds), GPU: gpu, Model: "pics"}
}

// The expectations are worked by hand from the definitions: a
// configuration meets the target when its batch latency is at most it; the
// floor is the least energy per image among those; r = images ÷ 2,628,000;
// on each curve (GPU, GPU count, Ulysses, ring, precision, by batch size)
// the candidates are those meeting the target up to and including the first
// whose throughput exceeds r.
func TestDiffusionFloorAndTraffic(t *testing.T) {
	const b200b1, b200b2, h100u2b2, h100r2b1 = "pics/B200/1/u1xr1/b1", "pics/B200/1/u1xr1/b2", "pics/H100/2/u2xr1/b2", "pics/H100/2/u1xr2/b1"
	for _, tc := range []struct {
		name              string
		in                Inputs
		floor, traffic    string
		times, util       string // traffic ÷ floor, r ÷ the traffic configuration's throughput
		kWhMonth, trafKWh string
	}{
		// r = 1,445,400 ÷ 2,628,000 = 0.55. B200: b1 (0.5 ≤ r), b2 (0.6 > r, stop); H100 u2: b1 (0.8 > r, stop);
		// H100 r2: b1. Least: B200 b2, 900 J, 900/800 = 1.125 times the floor (H100 u2 b2, 800 J); 0.55/0.6.
		{"within 10 s at 0.55 images/s", imageInputs("1445400", "10", ""), h100u2b2, b200b2, "1.125", "0.9166666666666667",
			"321.2", "361.35"}, // 800 × 1,445,400 ÷ 3,600,000; 900 × …
		// r = 0.85: the ring-2 curve stops at its b1 (0.9 > r), but the Ulysses-2 curve is another curve: b1
		// (0.8 ≤ r) and b2 (1.2 > r) are candidates, and b2, the floor, is the least.
		{"Ulysses and ring are separate curves", imageInputs("2233800", "10", ""), h100u2b2, h100u2b2, "1", "0.7083333333333333",
			"496.4", "496.4"},
		// Every point filled (r = 10): the traffic figure is the floor.
		{"every point filled", imageInputs("26280000", "10", ""), h100u2b2, h100u2b2, "1", "8.333333333333333",
			"5840", "5840"},
		// Within 3 s: B200 b2 (3.5 s) and b4 (6 s) miss, so the B200 curve offers b1 only; H100 u2 stops at b1
		// (0.8 > 0.55), which is 1,200 J; least is B200 b1, 1,000 J = 1.25 times the floor.
		{"within 3 s", imageInputs("1445400", "3", ""), h100u2b2, b200b1, "1.25", "1.1", "321.2", "401.5"},
		// B200 alone, r = 0.3: b1 (0.5 > r) stops the walk: 1,000 J against the B200 floor b2, 900 J.
		{"B200 at 0.3 images/s", imageInputs("788400", "10", B200), b200b2, b200b1, "1.111111111111111", "0.6",
			"197.1", "219"},
		// B200 alone, r = 0.65: b1, b2 (0.6 ≤ r), b4 (0.7 > r): b2 is the least, the floor, though b4 is later.
		{"B200 past the rise", imageInputs("1708200", "10", B200), b200b2, b200b2, "1", "1.083333333333333",
			"427.05", "427.05"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := pictures()
			r, ok := ModelFloor(m, tc.in)
			if !ok || r.Chosen == nil || r.Chosen.RowID != tc.floor {
				t.Fatalf("floor: got %v (ok %t), want %s", r.Chosen, ok, tc.floor)
			}
			if r.Traffic == nil || r.Traffic.Config.RowID != tc.traffic {
				t.Fatalf("traffic: got %+v, want %s", r.Traffic, tc.traffic)
			}
			for _, f := range []struct {
				name string
				got  decimal.Decimal
				want string
			}{
				{"times floor", r.Traffic.TimesFloor, tc.times},
				{"utilisation", r.Traffic.Utilisation, tc.util},
				{"kWh per month", r.Figures.KWhPerMonth, tc.kWhMonth},
				{"traffic kWh per month", r.Traffic.Figures.KWhPerMonth, tc.trafKWh},
				{"joules per request", r.Figures.JoulesPerRequest, r.Chosen.JoulesPerRequest.String()},
				{"requests per second", r.Traffic.PerSecond, tc.in.ImagesOrVideosPerMonth.Div(dec("2628000")).Round(18).String()},
			} {
				if !sameDigits(f.got, f.want) {
					t.Errorf("%s: got %s, want %s", f.name, f.got, f.want)
				}
			}
			if !r.Figures.JoulesPerOutputToken.IsZero() || !r.Figures.WhPerMillionOutputTokens.IsZero() {
				t.Errorf("per-token figures on a diffusion result: %s J/token, %s Wh/M",
					r.Figures.JoulesPerOutputToken, r.Figures.WhPerMillionOutputTokens)
			}
		})
	}
}

// TestDiffusionFigures checks every figure of the floor at 1,445,400 images
// a month within 10 s: H100 u2 b2, 800 J, two GPUs, 1.2 images a second.
func TestDiffusionFigures(t *testing.T) {
	r, _ := ModelFloor(pictures(), imageInputs("1445400", "10", ""))
	f := r.Figures
	for _, c := range []struct {
		name string
		got  decimal.Decimal
		want string
	}{
		{"Wh per request", f.WhPerRequest, "0.2222222222222222"},         // 800 ÷ 3,600
		{"kWh per year", f.KWhPerYear, "3854.4"},                         // 321.2 × 12
		{"GPU-hours per month", f.GPUHoursPerMonth, "669.1666666666667"}, // 1,445,400 × 2 ÷ 1.2 ÷ 3,600
		{"requests per month", f.RequestsPerMonth, "1445400"},
		{"GPU power", f.AvgGPUPowerWatts, "350"}, // 700 W over two GPUs
	} {
		if !sameDigits(c.got, c.want) {
			t.Errorf("%s: got %s, want %s", c.name, c.got, c.want)
		}
	}
	// 1,445,400 ÷ (1.2 × 2,628,000) = 0.458…: one replica of two GPUs.
	if f.Replicas != 1 || f.GPUsNeeded != 2 {
		t.Errorf("got %d replicas, %d GPUs; want 1 and 2", f.Replicas, f.GPUsNeeded)
	}
}

// TestDiffusionNothingMeets: within 1 s no configuration meets the target;
// the fastest (H100 ring 2, 1.2 s) gives the figures and there is no
// traffic figure.
func TestDiffusionNothingMeets(t *testing.T) {
	r, ok := ModelFloor(pictures(), imageInputs("1000000", "1", ""))
	if !ok || r.Chosen != nil || r.Fastest == nil || r.Fastest.RowID != "pics/H100/2/u1xr2/b1" || r.Traffic != nil {
		t.Fatalf("got chosen %v, fastest %v, traffic %v; want only the fastest, pics/H100/2/u1xr2/b1", r.Chosen, r.Fastest, r.Traffic)
	}
	if !sameDigits(r.Figures.JoulesPerRequest, "1300") || !sameDigits(r.Figures.KWhPerMonth, "361.1111111111111") {
		t.Errorf("got %s J, %s kWh a month; want 1,300 and 1,300 × 1e6 ÷ 3.6e6", r.Figures.JoulesPerRequest, r.Figures.KWhPerMonth)
	}
}

// TestDiffusionRank: one row per GPU, each that GPU's floor, by energy.
func TestDiffusionRank(t *testing.T) {
	w := &Workload{ID: "text-to-image", Kind: KindImages, Models: []*Model{pictures()}}
	rows := Rank(w, imageInputs("1445400", "10", ""))
	if len(rows) != 2 || rows[0].Chosen.RowID != "pics/H100/2/u2xr1/b2" || rows[1].Chosen.RowID != "pics/B200/1/u1xr1/b2" {
		t.Fatalf("got %d rows: %v", len(rows), rows)
	}
	// The B200 row's traffic figure is over the B200 curve alone: b2 (0.6 > 0.55).
	if rows[1].Traffic == nil || rows[1].Traffic.Config.RowID != "pics/B200/1/u1xr1/b2" {
		t.Errorf("B200 row's traffic: got %+v", rows[1].Traffic)
	}
	steps := TrafficSteps(pictures(), imageInputs("0", "10", B200), dec("100000"), dec("10000000"))
	// From 100,000 images (r = 0.038): b1; from 0.5 × 2,628,000 = 1,314,000: b2, the B200 floor.
	if len(steps) != 2 || steps[0].Config.BatchSize != 1 || steps[1].Config.BatchSize != 2 || !steps[1].From.Equal(dec("1314000")) {
		t.Errorf("got steps %+v", steps)
	}
}
