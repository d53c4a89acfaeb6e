package data_test

import (
	"fmt"

	"energyfloor/data"
)

// ExampleLoad looks up one model's lowest-energy configuration on each GPU.
func ExampleLoad() {
	d, err := data.Load()
	if err != nil {
		fmt.Println(err)
		return
	}
	m := d.TokenWorkload("lm-arena-chat").Model("qwen-3-235b-a22b-instruct")
	for _, gpu := range m.GPUs {
		b := m.Best[gpu]
		fmt.Printf("%s: %s J per output token at %s ms median ITL (%s)\n", gpu, b.JoulesPerOutputToken, b.MedianITLMs, b.RowID)
	}
	fmt.Println(d.DataVersion, d.TokenWorkload("lm-arena-chat").Source.Licence)
	// Output:
	// B200: 0.2402453 J per output token at 67.8 ms median ITL (qwen-3-235b-a22b-instruct/B200/4/4096)
	// H100: 1.0927101 J per output token at 55.5 ms median ITL (qwen-3-235b-a22b-instruct/H100/8/256)
	// 2026-10-19 Apache-2.0 per the ml-energy/benchmark-v3 dataset card
}
