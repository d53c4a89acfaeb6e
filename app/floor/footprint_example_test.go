package floor_test

import (
	"fmt"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// A token configuration, 4 × B200 serving 600-token answers at 15,000
// tokens a second, charged NVIDIA's 284.25 kgCO2e per B200 over 6 years, at
// 10 million requests a month: at the floor each request carries its own
// GPU-seconds; at your traffic the one reserved server is charged for the
// whole month.
func ExampleEmbodiedAtTraffic() {
	rate := floor.TokenRate(decimal.NewFromInt(600), decimal.NewFromInt(15_000))
	perGPUSecond := floor.EmbodiedPerGPUSecond(decimal.RequireFromString("284.25"), decimal.Zero, decimal.NewFromInt(6))
	requests := decimal.NewFromInt(10_000_000)

	gpuSeconds := rate.GPUSecondsPerRequest(4)
	atFloor := floor.EmbodiedAtFloor(gpuSeconds, perGPUSecond, requests)
	atTraffic := floor.EmbodiedAtTraffic(rate, 4, perGPUSecond, requests)
	fmt.Printf("%s GPU-seconds a request, %s gCO2e a GPU-second\n", floor.FormatNumber(gpuSeconds), floor.FormatNumber(perGPUSecond))
	fmt.Printf("floor: %s g a request, %s a month\n", floor.FormatNumber(atFloor.GPerRequest), floor.FormatEmbodiedKg(atFloor.KgPerMonth))
	fmt.Printf("traffic: %d server, %s g a request, %s a month\n", atTraffic.Servers,
		floor.FormatNumber(atTraffic.GPerRequest), floor.FormatEmbodiedKg(atTraffic.KgPerMonth))
	// Output:
	// 0.160 GPU-seconds a request, 0.00150 gCO2e a GPU-second
	// floor: 0.000240 g a request, 2.40 kgCO2e a month
	// traffic: 1 server, 0.00158 g a request, 15.8 kgCO2e a month
}

// Water for a request of 0.5 Wh of GPU energy with host 0.43, idle 0.17 and
// PUE 1.09: on-site at Microsoft's 0.27 L/kWh, off-site at 3.1 L/kWh.
func ExampleWaterOnsiteML() {
	it := floor.ITWh(decimal.RequireFromString("0.5"), decimal.RequireFromString("0.43"), decimal.RequireFromString("0.17"))
	onsite := floor.WaterOnsiteML(decimal.RequireFromString("0.27"), it)
	offsite := floor.WaterOffsiteML(decimal.RequireFromString("3.1"), it, decimal.RequireFromString("1.09"))
	fmt.Printf("IT %s Wh: on-site %s mL, off-site %s mL\n", it, onsite, offsite)
	fmt.Println("100 million requests:", floor.FormatWaterL(floor.WaterLPerMonth(onsite.Add(offsite), decimal.NewFromInt(100_000_000))))
	// Output:
	// IT 0.8 Wh: on-site 0.216 mL, off-site 2.7032 mL
	// 100 million requests: 292 m³
}
