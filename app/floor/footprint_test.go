package floor

import (
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
)

// The hand-worked figures below have more digits than any page shows; a
// quotient keeps QuotientDigits significant digits, so got and want are
// compared to 14.
const footprintDigits = 14

func sameTo14(t *testing.T, what string, got decimal.Decimal, want string) {
	t.Helper()
	g, _ := roundSig(got, footprintDigits)
	w, _ := roundSig(decimal.RequireFromString(want), footprintDigits)
	if !g.Equal(w) {
		t.Errorf("%s = %s, want %s (to %d significant digits)", what, got, want, footprintDigits)
	}
}

// A year is 8,760 h × 3,600 s = 31,536,000 s, so L years are L × 31,536,000
// GPU-seconds of one GPU.
func TestEmbodiedPerGPUSecond(t *testing.T) {
	tests := []struct {
		name, e, k, life, want string
	}{
		// 284.25 × 1,000 ÷ (6 × 31,536,000) = 284,250 ÷ 189,216,000
		{"B200 (2,274 ÷ 8) over 6 years", "284.25", "0", "6", "0.00150225139523084728564"},
		// 164 × 1,000 ÷ (3 × 31,536,000) = 164,000 ÷ 94,608,000
		{"H100 (1,312 ÷ 8) over EcoLogits' 3 years", "164", "0", "3", "0.00173346862844579739557"},
		// (164 + 5,700 ÷ 8) × 1,000 ÷ (6 × 31,536,000) = 876,500 ÷ 189,216,000
		{"H100 and a 5,700 kg server over 6 years", "164", "5700", "6", "0.00463227211229494334517"},
		// 164,000 ÷ 189,216,000
		{"H100 over 6 years", "164", "0", "6", "0.000866734314222898697785"},
		// 0 kg is 0 g whatever the life.
		{"nothing set", "0", "0", "6", "0"},
		// 8,000 × 1,000 ÷ (1 × 31,536,000): only the server, at 1 year
		{"server only", "0", "8000", "1", "0.0317097919837645865043"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sameTo14(t, "embodied per GPU-second", EmbodiedPerGPUSecond(dec(tt.e), dec(tt.k), dec(tt.life)), tt.want)
		})
	}
}

func TestGPUSecondsPerRequest(t *testing.T) {
	tests := []struct {
		name string
		rate RequestRate
		gpus int
		want string
	}{
		// 4 × 600 ÷ 15,000 = 0.16
		{"tokens: 4 GPUs, 600 output tokens, 15,000 tokens a second", TokenRate(dec("600"), dec("15000")), 4, "0.16"},
		// 8 × 512 ÷ 3,000 = 1.365333…
		{"tokens: 8 GPUs, 512 output tokens, 3,000 tokens a second", TokenRate(dec("512"), dec("3000")), 8, "1.36533333333333333333"},
		// 1 × 20 ÷ 8 = 2.5
		{"images: 1 GPU, a batch of 8 in 20 s", BatchRate(8, dec("20")), 1, "2.5"},
		// 8 × 120 ÷ 1 = 960
		{"videos: 8 GPUs, a batch of 1 in 120 s", BatchRate(1, dec("120")), 8, "960"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sameTo14(t, "GPU-seconds per request", tt.rate.GPUSecondsPerRequest(tt.gpus), tt.want)
		})
	}
}

func TestServers(t *testing.T) {
	rate := TokenRate(dec("600"), dec("15000")) // 25 requests a second
	tests := []struct {
		requests string
		want     int64
	}{
		{"0", 1},           // a service that is up holds one copy
		{"10000000", 1},    // 10,000,000 ÷ 2,628,000 = 3.81 a second; ⌈3.81 ÷ 25⌉ = 1
		{"65700000", 1},    // 25 × 2,628,000: exactly one full server
		{"65700001", 2},    // one more request needs a second copy
		{"131400000", 2},   // exactly two
		{"1000000000", 16}, // 380.5 a second ÷ 25 = 15.2, so 16
	}
	for _, tt := range tests {
		if got := rate.Servers(dec(tt.requests)); got != tt.want {
			t.Errorf("Servers(%s) = %d, want %d", tt.requests, got, tt.want)
		}
	}
	// Images: a batch of 8 in 20 s is 0.4 a second; 1,000,000 a month is
	// 0.381 a second, so one copy; 1,051,201 is 0.40000038 a second, two.
	if got := BatchRate(8, dec("20")).Servers(dec("1000000")); got != 1 {
		t.Errorf("images: Servers(1,000,000) = %d, want 1", got)
	}
	if got := BatchRate(8, dec("20")).Servers(dec("1051201")); got != 2 {
		t.Errorf("images: Servers(1,051,201) = %d, want 2", got)
	}
}

// TestEmbodiedToken is a token configuration, 4 × B200 serving 600-token
// answers at 15,000 tokens a second (25 a second), at 10 million requests a
// month: 3.81 a second, one server part-used.
func TestEmbodiedToken(t *testing.T) {
	rate := TokenRate(dec("600"), dec("15000"))
	perGPUSecond := EmbodiedPerGPUSecond(dec("284.25"), decimal.Zero, dec("6"))
	requests := dec("10000000")

	// At the floor: 0.16 GPU-s × 284,250 ÷ 189,216,000 g = 0.000240360… g a
	// request; × 10,000,000 ÷ 1,000 = 2.40360… kg a month.
	f := EmbodiedAtFloor(rate.GPUSecondsPerRequest(4), perGPUSecond, requests)
	sameTo14(t, "floor g per request", f.GPerRequest, "0.000240360223236935565703")
	sameTo14(t, "floor kg per month", f.KgPerMonth, "2.40360223236935565703")

	// At your traffic: S = 1; 1 × 4 × 2,628,000 × 284,250 ÷ 189,216,000 g =
	// 4 × 284,250 ÷ 72 g (2,628,000 ÷ 31,536,000 = 1 ÷ 12, over 6 years 1 ÷
	// 72) = 15,791.67 g = 15.7917 kg a month; ÷ 10,000,000 = 0.00157917 g a
	// request.
	r := EmbodiedAtTraffic(rate, 4, perGPUSecond, requests)
	if r.Servers != 1 {
		t.Errorf("servers = %d, want 1", r.Servers)
	}
	sameTo14(t, "traffic kg per month", r.KgPerMonth, "15.7916666666666666667")
	sameTo14(t, "traffic g per request", r.GPerRequest, "0.00157916666666666666667")
	if got, want := FormatEmbodiedKg(r.KgPerMonth), "15.8 kgCO2e"; got != want {
		t.Errorf("FormatEmbodiedKg = %q, want %q", got, want)
	}
}

// TestEmbodiedImage is an image configuration, 1 × H100 making a batch of 8
// in 20 s (0.4 a second), at 1,000,000 images a month (0.381 a second).
func TestEmbodiedImage(t *testing.T) {
	rate := BatchRate(8, dec("20"))
	perGPUSecond := EmbodiedPerGPUSecond(dec("164"), decimal.Zero, dec("6"))
	requests := dec("1000000")
	// 2.5 GPU-s × 164,000 ÷ 189,216,000 = 0.00216684 g an image; 2.16684 kg
	// a month.
	f := EmbodiedAtFloor(rate.GPUSecondsPerRequest(1), perGPUSecond, requests)
	sameTo14(t, "floor g per image", f.GPerRequest, "0.00216683578555724674446")
	sameTo14(t, "floor kg per month", f.KgPerMonth, "2.16683578555724674446")
	// One GPU for the month: 164,000 ÷ 72 g = 2,277.78 g; ÷ 1,000,000 images.
	r := EmbodiedAtTraffic(rate, 1, perGPUSecond, requests)
	sameTo14(t, "traffic kg per month", r.KgPerMonth, "2.27777777777777777778")
	sameTo14(t, "traffic g per image", r.GPerRequest, "0.00227777777777777777778")
}

// TestEmbodiedVideo is a video configuration, 8 × B200 making one video in
// 120 s: 960 GPU-s × 284,250 ÷ 189,216,000 = 1.44216 g a video.
func TestEmbodiedVideo(t *testing.T) {
	f := EmbodiedAtFloor(BatchRate(1, dec("120")).GPUSecondsPerRequest(8),
		EmbodiedPerGPUSecond(dec("284.25"), decimal.Zero, dec("6")), dec("1000"))
	sameTo14(t, "floor g per video", f.GPerRequest, "1.44216133942161339422")
	sameTo14(t, "floor kg per month", f.KgPerMonth, "1.44216133942161339422")
}

// TestEmbodiedNoRequests charges a month with no requests its reserved
// server and no request anything.
func TestEmbodiedNoRequests(t *testing.T) {
	r := EmbodiedAtTraffic(TokenRate(dec("600"), dec("15000")), 4, EmbodiedPerGPUSecond(dec("284.25"), decimal.Zero, dec("6")), decimal.Zero)
	if r.Servers != 1 || !r.GPerRequest.IsZero() {
		t.Errorf("got %d servers, %s g a request; want 1 and 0", r.Servers, r.GPerRequest)
	}
	sameTo14(t, "kg per month", r.KgPerMonth, "15.7916666666666666667")
}

// TestEmbodiedTrafficAtLeastFloor: reserved GPUs are charged busy or idle,
// so at your traffic a request carries at least its floor allocation, and
// exactly that when the reserved servers are fully used.
func TestEmbodiedTrafficAtLeastFloor(t *testing.T) {
	lives := []string{"1", "3", "5.5", "6", "15"}
	rates := []struct {
		rate RequestRate
		gpus int
		// full is the requests a month that fill one copy: Requests ÷
		// Seconds × 2,628,000, a whole number here.
		full int64
	}{
		{TokenRate(dec("600"), dec("15000")), 4, 25 * SecondsPerMonth},
		{TokenRate(dec("500"), dec("3000")), 8, 3000 * SecondsPerMonth / 500},
		{BatchRate(8, dec("20")), 1, 8 * SecondsPerMonth / 20},
		{BatchRate(1, dec("120")), 8, SecondsPerMonth / 120},
	}
	for _, rt := range rates {
		for _, life := range lives {
			p := EmbodiedPerGPUSecond(dec("284.25"), dec("5700"), dec(life))
			gpuSeconds := rt.rate.GPUSecondsPerRequest(rt.gpus)
			for _, requests := range []int64{1, 999, rt.full - 1, rt.full, rt.full + 1, 3 * rt.full, 3*rt.full + 7, 1_000_000_007} {
				name := fmt.Sprintf("%v %d GPUs, life %s, %d requests", rt.rate, rt.gpus, life, requests)
				n := decimal.NewFromInt(requests)
				floor := EmbodiedAtFloor(gpuSeconds, p, n)
				traffic := EmbodiedAtTraffic(rt.rate, rt.gpus, p, n)
				fullyUsed := requests%rt.full == 0
				// Both sides carry a quotient's rounding: compare to 14
				// digits, and "at least" after that rounding.
				f, _ := roundSig(floor.GPerRequest, footprintDigits)
				g, _ := roundSig(traffic.GPerRequest, footprintDigits)
				if fullyUsed && !f.Equal(g) {
					t.Errorf("%s: fully used, traffic %s g a request, want the floor's %s", name, traffic.GPerRequest, floor.GPerRequest)
				}
				if g.LessThan(f) {
					t.Errorf("%s: traffic %s g a request is below the floor's %s", name, traffic.GPerRequest, floor.GPerRequest)
				}
				if !fullyUsed && !g.GreaterThan(f) {
					t.Errorf("%s: part-used, traffic %s g a request, want more than the floor's %s", name, traffic.GPerRequest, floor.GPerRequest)
				}
			}
		}
	}
}

// TestWater: on-site water is WUE × IT energy, with host and idle but no
// PUE; off-site water is litres per kWh × facility energy, after PUE.
func TestWater(t *testing.T) {
	tests := []struct {
		name                               string
		gpuWh, host, idle, pue, wue, water string
		it, onsite, offsite                string
	}{
		// IT = 0.5 Wh; on-site 0.27 × 0.5 = 0.135 mL; off-site 3.1 × 0.5 × 1 = 1.55 mL
		{"GPU only", "0.5", "0", "0", "1", "0.27", "3.1", "0.5", "0.135", "1.55"},
		// IT = 0.5 × (1 + 0.43 + 0.17) = 0.8 Wh; on-site 0.27 × 0.8 = 0.216
		// mL, PUE 1.09 not applied; off-site 3.1 × 0.8 × 1.09 = 2.7032 mL
		{"host, idle and PUE", "0.5", "0.43", "0.17", "1.09", "0.27", "3.1", "0.8", "0.216", "2.7032"},
		// Dry cooling: WUE 0 consumes no water on site.
		{"dry cooling", "0.5", "0.43", "0.17", "1.09", "0", "3.1", "0.8", "0", "2.7032"},
		// Google's own figures: 0.2208 Wh of IT energy (0.24 Wh less 8% of
		// overhead) at its WUE of 1.15 L/kWh is 0.25392 mL, the paper's 0.26
		// mL from rounded inputs.
		{"Google's median prompt", "0.2208", "0", "0", "1.09", "1.15", "0", "0.2208", "0.25392", "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := ITWh(dec(tt.gpuWh), dec(tt.host), dec(tt.idle))
			if !it.Equal(dec(tt.it)) {
				t.Errorf("IT energy = %s Wh, want %s", it, tt.it)
			}
			if got := WaterOnsiteML(dec(tt.wue), it); !got.Equal(dec(tt.onsite)) {
				t.Errorf("on-site water = %s mL, want %s", got, tt.onsite)
			}
			if got := WaterOffsiteML(dec(tt.water), it, dec(tt.pue)); !got.Equal(dec(tt.offsite)) {
				t.Errorf("off-site water = %s mL, want %s", got, tt.offsite)
			}
		})
	}
}

// TestWaterScales: each water figure is proportional to the energy it is
// defined on, and on-site water does not move with PUE.
func TestWaterScales(t *testing.T) {
	for _, wh := range []string{"0.001", "0.24", "1", "37.5"} {
		for _, k := range []string{"2", "3", "10"} {
			e, m := dec(wh), dec(k)
			it, itK := ITWh(e, dec("0.43"), dec("0.17")), ITWh(e.Mul(m), dec("0.43"), dec("0.17"))
			if got, want := WaterOnsiteML(dec("1.15"), itK), WaterOnsiteML(dec("1.15"), it).Mul(m); !got.Equal(want) {
				t.Errorf("on-site water of %s × %s Wh = %s, want %s", k, wh, got, want)
			}
			if got, want := WaterOffsiteML(dec("2.5"), itK, dec("1.2")), WaterOffsiteML(dec("2.5"), it, dec("1.2")).Mul(m); !got.Equal(want) {
				t.Errorf("off-site water of %s × %s Wh = %s, want %s", k, wh, got, want)
			}
			if got, want := WaterOffsiteML(dec("2.5"), it, dec("1.2").Mul(m)), WaterOffsiteML(dec("2.5"), it, dec("1.2")).Mul(m); !got.Equal(want) {
				t.Errorf("off-site water at %s × PUE 1.2 = %s, want %s", k, got, want)
			}
		}
	}
}

func TestWaterLPerMonth(t *testing.T) {
	tests := []struct{ ml, requests, want, text string }{
		// 0.216 mL × 10,000,000 = 2,160,000 mL = 2,160 L
		{"0.216", "10000000", "2160", "2,160 L"},
		// 0.216 mL × 100,000,000 = 21,600 L = 21.6 m³
		{"0.216", "100000000", "21600", "21.6 m³"},
		// 9,999.6 L rounds to 10,000: shown in m³
		{"0.99996", "10000000", "9999.6", "10.0 m³"},
		{"0.26", "1", "0.00026", "0.000260 L"},
	}
	for _, tt := range tests {
		l := WaterLPerMonth(dec(tt.ml), dec(tt.requests))
		if !l.Equal(dec(tt.want)) {
			t.Errorf("%s mL × %s = %s L, want %s", tt.ml, tt.requests, l, tt.want)
		}
		if got := FormatWaterL(l); got != tt.text {
			t.Errorf("FormatWaterL(%s) = %q, want %q", l, got, tt.text)
		}
	}
}

func TestFormatEmbodiedKg(t *testing.T) {
	for _, tt := range []struct{ kg, want string }{
		{"2.40360223", "2.40 kgCO2e"},
		{"9949", "9,950 kgCO2e"},
		{"9999.4", "10.0 tCO2e"}, // rounds to 10,000 kg: shown in tonnes
		{"31583.33", "31.6 tCO2e"},
	} {
		if got := FormatEmbodiedKg(dec(tt.kg)); got != tt.want {
			t.Errorf("FormatEmbodiedKg(%s) = %q, want %q", tt.kg, got, tt.want)
		}
	}
}
