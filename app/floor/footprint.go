package floor

import (
	"github.com/shopspring/decimal"
)

// This file holds the footprint beyond energy (issue 53): the GPUs'
// manufacturing (embodied) emissions, charged by the GPU-seconds a request
// keeps a configuration's GPUs busy, and the water that cooling and
// electricity generation consume. The functions take plain decimals, so
// that any caller (a token, image or video configuration; the page, the CLI
// or the report) computes each figure the one way defined here:
//
//	GPU-seconds per request = num_gpus × Seconds ÷ Requests          (RequestRate)
//	  tokens:                 num_gpus × output tokens per request ÷ tokens_per_second
//	  images and videos:      num_gpus × batch_latency_s ÷ batch_size
//	embodied per GPU-second = (E + K ÷ 8) × 1,000 ÷ (L × 8,760 × 3,600)  gCO2e
//	at the floor:             per request = GPU-seconds per request × embodied per GPU-second
//	                          per month   = per request × requests a month
//	at your traffic:          S = ⌈r ÷ requests a second served⌉, at least 1,
//	                          r = requests a month ÷ 2,628,000
//	                          per month   = S × num_gpus × 730 × 3,600 × embodied per GPU-second
//	                          per request = per month ÷ requests a month
//	on-site water  (mL)     = WUE (L/kWh) × IT energy (Wh), IT = GPU × (1 + host + idle), no PUE
//	off-site water (mL)     = L/kWh × facility energy (Wh), facility = IT × PUE
//
// E is the embodied kgCO2e of one GPU, K that of the rest of an 8-GPU server
// (0 unless set) shared by its eight GPUs, L the service life in years. A
// litre per kWh times a Wh is a millilitre, so the water figures need no
// conversion. Every division keeps QuotientDigits significant digits
// (arith.go); products are exact.

// GPUsPerServer is the number of GPUs the rest of a server's embodied
// emissions (K) is shared by: the HGX baseboards the data was measured on
// carry eight.
const GPUsPerServer = 8

// SecondsPerYear is HoursPerYear in seconds: 31,536,000.
const SecondsPerYear = HoursPerYear * 3_600

var (
	opSecondsPerYear = op(decimal.NewFromInt(SecondsPerYear))
	// opGramsPerKgPerServerGPU is 1,000 ÷ GPUsPerServer: (E + K ÷ 8) × 1,000
	// is (8E + K) × 125.
	opGramsPerKgPerServerGPU = op(decimal.NewFromInt(1_000 / GPUsPerServer))
	decGPUsPerServer         = decimal.NewFromInt(GPUsPerServer)
)

// RequestRate is how fast a configuration serves requests at its full
// batch: Requests every Seconds. A token configuration serves
// tokens_per_second requests every (output tokens per request) seconds
// (TokenRate); an image or video configuration serves batch_size requests
// every batch_latency_s seconds (BatchRate). Kept as a fraction, the rate
// gives the GPU-seconds and the server count with one rounding each.
type RequestRate struct {
	// Requests and Seconds are positive.
	Requests, Seconds decimal.Decimal
}

// TokenRate is the rate of a token configuration that generates
// tokensPerSecond output tokens a second (its batch's total) for requests
// of outputTokensPerRequest output tokens each.
func TokenRate(outputTokensPerRequest, tokensPerSecond decimal.Decimal) RequestRate {
	return RequestRate{Requests: tokensPerSecond, Seconds: outputTokensPerRequest}
}

// BatchRate is the rate of an image or video configuration that makes
// batchSize requests in batchLatencyS seconds.
func BatchRate(batchSize int, batchLatencyS decimal.Decimal) RequestRate {
	return RequestRate{Requests: decimal.NewFromInt(int64(batchSize)), Seconds: batchLatencyS}
}

// GPUSecondsPerRequest is the GPU time one request takes at the rate on
// numGPUs GPUs: numGPUs × Seconds ÷ Requests, GPU-seconds.
func (r RequestRate) GPUSecondsPerRequest(numGPUs int) decimal.Decimal {
	return quo(op(decimal.NewFromInt(int64(numGPUs))), op(r.Seconds), op(r.Requests), opOne)
}

// Servers is S, the whole copies of the configuration a month's volume of
// requestsPerMonth keeps reserved: ⌈requests a second ÷ the rate⌉, at least
// 1 (a service that is up holds one copy however little it serves).
func (r RequestRate) Servers(requestsPerMonth decimal.Decimal) int64 {
	if requestsPerMonth.Sign() <= 0 {
		return 1
	}
	// r ÷ (Requests ÷ Seconds) = requests a month × Seconds ÷ (Requests × SecondsPerMonth).
	return max(1, ceilQuo(op(requestsPerMonth.Mul(r.Seconds)), op(r.Requests), opSecondsPerMonth))
}

// EmbodiedPerGPUSecond is the manufacturing emissions one GPU-second
// carries, gCO2e: (E + K ÷ 8) × 1,000 ÷ (L × 8,760 × 3,600), with E
// gpuKg the kgCO2e of one GPU, K serverKg that of the rest of an 8-GPU
// server (0 for none), and L lifeYears the service life (positive).
func EmbodiedPerGPUSecond(gpuKg, serverKg, lifeYears decimal.Decimal) decimal.Decimal {
	return quo(op(gpuKg.Mul(decGPUsPerServer).Add(serverKg)), opGramsPerKgPerServerGPU, op(lifeYears), opSecondsPerYear)
}

// Embodied is manufacturing emissions charged to a month's requests.
type Embodied struct {
	// GPerRequest is gCO2e per request.
	GPerRequest decimal.Decimal
	// KgPerMonth is kgCO2e per month.
	KgPerMonth decimal.Decimal
}

// EmbodiedAtFloor charges each request its own GPU-seconds,
// gpuSecondsPerRequest, at gPerGPUSecond (EmbodiedPerGPUSecond): the
// allocation of a fully used server.
func EmbodiedAtFloor(gpuSecondsPerRequest, gPerGPUSecond, requestsPerMonth decimal.Decimal) Embodied {
	g := gpuSecondsPerRequest.Mul(gPerGPUSecond)
	return Embodied{GPerRequest: g, KgPerMonth: g.Mul(requestsPerMonth).Shift(-3)}
}

// ReservedEmbodied is manufacturing emissions at your traffic: every GPU
// the month's volume keeps reserved is charged for the whole month, busy or
// idle.
type ReservedEmbodied struct {
	// Servers is S, the copies of the configuration reserved.
	Servers int64
	Embodied
}

// EmbodiedAtTraffic charges a month of requestsPerMonth requests the whole
// month of the Servers(requestsPerMonth) copies of a configuration of
// numGPUs GPUs serving at rate: per month, S × numGPUs × SecondsPerMonth ×
// gPerGPUSecond; per request, that over requestsPerMonth (0 when there are
// no requests). At full use it equals EmbodiedAtFloor.
func EmbodiedAtTraffic(rate RequestRate, numGPUs int, gPerGPUSecond, requestsPerMonth decimal.Decimal) ReservedEmbodied {
	s := rate.Servers(requestsPerMonth)
	g := decimal.NewFromInt(s * int64(numGPUs) * SecondsPerMonth).Mul(gPerGPUSecond)
	e := ReservedEmbodied{Servers: s, Embodied: Embodied{GPerRequest: decimal.Zero, KgPerMonth: g.Shift(-3)}}
	if requestsPerMonth.Sign() > 0 && g.Sign() > 0 {
		e.GPerRequest = quo(op(g), opOne, op(requestsPerMonth), opOne)
	}
	return e
}

// ITWh is the IT energy WUE is defined on: gpuWh × (1 + host + idle),
// before PUE.
func ITWh(gpuWh, host, idle decimal.Decimal) decimal.Decimal {
	return gpuWh.Mul(one.Add(host).Add(idle))
}

// WaterOnsiteML is the water the data centre consumes on site, mL: WUE
// (litres per kWh of IT energy) × itWh (ITWh). PUE does not multiply it: WUE
// is defined per kWh of IT energy.
func WaterOnsiteML(wueLPerKWh, itWh decimal.Decimal) decimal.Decimal { return wueLPerKWh.Mul(itWh) }

// WaterOffsiteML is the water consumed generating the electricity, mL:
// lPerKWh (litres per kWh generated) × itWh × pue, the facility's energy.
func WaterOffsiteML(lPerKWh, itWh, pue decimal.Decimal) decimal.Decimal {
	return lPerKWh.Mul(itWh).Mul(pue)
}

// WaterLPerMonth is mlPerRequest for requestsPerMonth requests, in litres.
func WaterLPerMonth(mlPerRequest, requestsPerMonth decimal.Decimal) decimal.Decimal {
	return mlPerRequest.Mul(requestsPerMonth).Shift(-3)
}

// tenThousand is where a monthly figure, rounded, changes to the larger
// unit.
var tenThousand = decimal.NewFromInt(10_000)

// FormatWaterL formats litres a month to SignificantFigures: "8,450 L",
// and in cubic metres from 10,000 L: "12.3 m³".
func FormatWaterL(l decimal.Decimal) string {
	if r, _ := roundSig(l, SignificantFigures); r.Abs().Cmp(tenThousand) >= 0 {
		return FormatNumber(l.Shift(-3)) + " m³"
	}
	return FormatNumber(l) + " L"
}

// FormatEmbodiedKg formats kgCO2e a month to SignificantFigures: "15.8
// kgCO2e", and in tonnes from 10,000 kg: "12.3 tCO2e".
func FormatEmbodiedKg(kg decimal.Decimal) string {
	if r, _ := roundSig(kg, SignificantFigures); r.Abs().Cmp(tenThousand) >= 0 {
		return FormatNumber(kg.Shift(-3)) + " tCO2e"
	}
	return FormatNumber(kg) + " kgCO2e"
}
