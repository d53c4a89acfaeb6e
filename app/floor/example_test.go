package floor_test

import (
	"fmt"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

func ExampleParseNumber() {
	for _, s := range []string{"1,000,000,000", "1e9", "2.5M", " 3T ", "3 billion", "3bn", "3.000.000.000", "1.500", "0x10", "1,5", "1.500,5", "3 billions", "-5", "1e309"} {
		d, err := floor.ParseNumber(s)
		if err != nil {
			fmt.Printf("%q: %v\n", s, err)
			continue
		}
		fmt.Printf("%q: %s\n", s, d)
	}
	// Output:
	// "1,000,000,000": 1000000000
	// "1e9": 1000000000
	// "2.5M": 2500000
	// " 3T ": 3000000000000
	// "3 billion": 3000000000
	// "3bn": 3000000000
	// "3.000.000.000": 3000000000
	// "1.500": 1.5
	// "0x10": Enter a decimal number: hexadecimal, octal and binary are not accepted.
	// "1,5": Use a point for decimals, and commas or spaces only between groups of three digits, as in 1,000,000.5.
	// "1.500,5": The comma is not read as a decimal point: type 1,500.5 if that is the number.
	// "3 billions": Write "billion" after a number, not "billions".
	// "-5": Must be more than zero.
	// "1e309": Must be at most 1,000,000,000,000,000,000 (10^18).
}

func ExampleParseITLMs() {
	_, err := floor.ParseITLMs("90000")
	fmt.Println(err)
	// Output: Must be at most 60,000 ms.
}

func ExampleFormatWh() {
	for _, s := range []string{"0.0333674", "58.34", "66734.8", "4560000", "7890000000"} {
		fmt.Println(floor.FormatWh(decimal.RequireFromString(s)))
	}
	// Output:
	// 0.0334 Wh
	// 58.3 Wh
	// 66.7 kWh
	// 4.56 MWh
	// 7.89 GWh
}

func ExampleFormatCompact() {
	for _, s := range []string{"1000000000", "2500000", "500", "1234567891"} {
		fmt.Println(floor.FormatCompact(decimal.RequireFromString(s)))
	}
	// Output:
	// 1B
	// 2.5M
	// 500
	// 1.234567891B
}

func ExampleFormatNumber() {
	fmt.Println(floor.FormatNumber(decimal.RequireFromString("1234567")))
	fmt.Println(floor.FormatNumber(decimal.RequireFromString("0.2402453")))
	fmt.Println(floor.FormatInteger(decimal.RequireFromString("1000000000")))
	// Output:
	// 1,230,000
	// 0.240
	// 1,000,000,000
}

func ExampleModelFloor() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	in := floor.DefaultInputs() // 1B output tokens a month, 500 a request, 100 ms median
	r, _ := floor.ModelFloor(d.TokenWorkload(in.Workload).Model(in.Model), in)
	c := r.Chosen
	fmt.Printf("%s on %d×%s at max_num_seqs %d (median ITL %s ms)\n", r.Model.Name, c.NumGPUs, c.GPU, c.MaxNumSeqs, c.MedianITLMs)
	fmt.Println(floor.FormatJoules(r.Figures.JoulesPerOutputToken), "per output token")
	fmt.Println(floor.FormatWh(r.Figures.WhPerRequest), "per request")
	fmt.Println(floor.FormatWh(r.Figures.KWhPerMonth.Shift(3)), "per month")
	// Output:
	// Qwen 3 235B A22B Instruct on 4×B200 at max_num_seqs 4096 (median ITL 67.8 ms)
	// 0.240 J per output token
	// 0.0334 Wh per request
	// 66.7 kWh per month
}

func ExampleModelFloor_nothingMeetsTheTarget() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	in := floor.DefaultInputs()
	in.TargetITLMs = decimal.NewFromInt(16)
	r, _ := floor.ModelFloor(d.TokenWorkload(in.Workload).Model(in.Model), in)
	fmt.Println("meets the target:", r.Meets())
	fmt.Printf("closest: %s ms on %d×%s, %s per output token\n",
		r.Fastest.MedianITLMs, r.Fastest.NumGPUs, r.Fastest.GPU, floor.FormatJoules(r.Figures.JoulesPerOutputToken))
	// Output:
	// meets the target: false
	// closest: 16.6 ms on 8×B200, 8.40 J per output token
}

func ExampleRank() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	in := floor.DefaultInputs()
	for _, r := range floor.Rank(d.TokenWorkload(in.Workload), in)[:3] {
		fmt.Printf("%s %s: %s per request\n", r.Model.Name, r.GPU, floor.FormatWh(r.Figures.WhPerRequest))
	}
	// Output:
	// Qwen 3 8B B200: 0.00737 Wh per request
	// Llama 3.1 8B Instruct B200: 0.00763 Wh per request
	// Qwen 3 30B A3B Instruct B200: 0.00783 Wh per request
}

func ExampleFiguresFor() {
	c := &floor.Configuration{
		NumGPUs:            4,
		GPUPowerWattsTotal: decimal.RequireFromString("2000"),
		TokenSettings: &floor.TokenSettings{
			JoulesPerOutputToken: decimal.RequireFromString("0.36"),
			TokensPerSecond:      decimal.RequireFromString("1000"),
		},
	}
	in := floor.Inputs{
		OutputTokensPerMonth:   decimal.RequireFromString("10000000"),
		OutputTokensPerRequest: decimal.RequireFromString("400"),
	}
	f := floor.FiguresFor(c, in)
	fmt.Println(f.WhPerRequest, "Wh per request")
	fmt.Println(f.KWhPerMonth, "kWh per month")
	fmt.Println(f.GPUsNeeded, "GPUs")
	// Output:
	// 0.04 Wh per request
	// 1 kWh per month
	// 4 GPUs
}

func ExampleFloor() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	in := floor.DefaultInputs()
	in.TargetITLMs = decimal.NewFromInt(20)
	m := d.TokenWorkload(in.Workload).Model(in.Model)
	for _, gpu := range m.GPUs {
		r := floor.Floor(m, gpu, in)
		if !r.Meets() {
			fmt.Printf("%s: none of %d configurations within 20 ms; the fastest reaches %s ms\n", gpu, r.Measured, r.Fastest.MedianITLMs)
			continue
		}
		fmt.Printf("%s: %d of %d within 20 ms; floor %s, median %s, highest %s per output token\n", gpu, r.Qualifying, r.Measured,
			floor.FormatJoules(r.Spread.Floor), floor.FormatJoules(r.Spread.Median), floor.FormatJoules(r.Spread.Highest))
	}
	// Output:
	// B200: 3 of 23 within 20 ms; floor 5.58 J, median 6.46 J, highest 8.40 J per output token
	// H100: none of 8 configurations within 20 ms; the fastest reaches 20.2 ms
}

func ExampleFormatJoules() {
	for _, s := range []string{"0.2402453", "120.12265", "4198.01385", "4560000"} {
		fmt.Println(floor.FormatJoules(decimal.RequireFromString(s)))
	}
	fmt.Println(floor.FormatWatts(decimal.RequireFromString("3196")))
	// Output:
	// 0.240 J
	// 120 J
	// 4.20 kJ
	// 4.56 MJ
	// 3.20 kW
}

func ExampleParseStatistic() {
	s, err := floor.ParseStatistic(" P99 ")
	fmt.Println(s, err)
	_, err = floor.ParseStatistic("p50")
	fmt.Println(err)
	// Output:
	// p99 <nil>
	// Choose median, p90, p95 or p99, not "p50".
}

func ExampleFactors_Estimate() {
	d, err := data.Load()
	if err != nil {
		panic(err)
	}
	in := floor.DefaultInputs()
	r, _ := floor.ModelFloor(d.TokenWorkload(in.Workload).Model(in.Model), in)

	p, _ := floor.PresetByID(floor.PresetGoogle2025)
	f := floor.Factors{Host: p.Host, Idle: p.Idle, PUE: p.PUE}
	f.Grid, _ = d.GridIntensity("DEU")
	f.PricePerKWh = decimal.NewNullDecimal(decimal.RequireFromString("0.30"))
	f.Currency = "EUR"
	e := f.Estimate(r.Figures)
	fmt.Println("floor:   ", floor.FormatWh(r.Figures.WhPerRequest), "per request,", floor.FormatWh(r.Figures.KWhPerMonth.Shift(3)), "per month")
	fmt.Println("estimate:", floor.FormatWh(e.WhPerRequest), "per request,", floor.FormatWh(e.KWhPerMonth.Shift(3)), "per month, ×", f.EnergyFactor())
	fmt.Println("carbon:  ", floor.FormatNumber(e.GCO2ePerRequest.Decimal), "gCO2e per request,", floor.FormatNumber(e.KgCO2ePerMonth.Decimal), "kgCO2e per month")
	fmt.Println("cost:    ", floor.FormatNumber(e.CostPerMonth.Decimal), f.Currency, "per month")
	// Output:
	// floor:    0.0334 Wh per request, 66.7 kWh per month
	// estimate: 0.0582 Wh per request, 116 kWh per month, × 1.744
	// carbon:   0.0199 gCO2e per request, 39.8 kgCO2e per month
	// cost:     34.9 EUR per month
}

func ExamplePresets() {
	for _, p := range floor.Presets() {
		fmt.Printf("%s: host %s, idle %s, PUE %s\n", p.Name, p.Host, p.Idle, p.PUE)
	}
	// Output:
	// GPU only: host 0, idle 0, PUE 1
	// Google 2025 proportions: host 0.43, idle 0.17, PUE 1.09
	// Industry-average facility: host 0.43, idle 0.17, PUE 1.56
}

func ExampleParsePUE() {
	for _, s := range []string{"1.09", "0.9", "3.5"} {
		d, err := floor.ParsePUE(s)
		fmt.Printf("%q: %s %v\n", s, d, err)
	}
	h, err := floor.ParseOverhead("0")
	fmt.Println(h, err)
	_, err = floor.ParseOverhead("43%")
	fmt.Println(err)
	// Output:
	// "1.09": 1.09 <nil>
	// "0.9": 0 Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09.
	// "3.5": 0 Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09.
	// 0 <nil>
	// Enter a fraction of GPU energy, not a percentage: 0.43 for 43%.
}

func ExampleCaveatNote() {
	f := floor.Factors{Host: decimal.RequireFromString("0.5"), PUE: decimal.RequireFromString("1.2"),
		CustomGCO2ePerKWh: decimal.NewNullDecimal(decimal.NewFromInt(400))}
	fmt.Println(floor.CaveatNote(floor.Factors{}, floor.GridSource{}) == "")
	fmt.Println(floor.CaveatNote(f, floor.GridSource{}))
	// Output:
	// true
	// Beyond the measured floor, host 0.5, idle 0 and PUE 1.2 are your own assumptions; carbon uses your own grid intensity, 400 gCO2e/kWh, taken as a location-based annual average.
}
