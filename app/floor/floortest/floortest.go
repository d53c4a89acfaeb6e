// Package floortest holds a small dataset for tests of the packages that
// read floor's figures (link, ui): its round figures let a test's expected
// values be worked out by hand.
package floortest

import (
	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// Dataset returns the fixture dataset: two models with round figures, so every expected value
// in these tests can be worked out by hand.
//
// alpha (1×H100):  a1 J 1.0 @ median 10 ms; a2 J 0.36 @ 50 ms, 1,000 tok/s;
//
//	a3 J 0.1 @ 100 ms.
//
// beta (2×B200):   b1 J 2.0 @ median 30 ms; b2 J 0.9 @ 80 ms.
func Dataset() *floor.Dataset {
	d := decimal.RequireFromString
	conf := func(slug, gpu string, n, seqs int, j, med, p90, p95, p99, tps, watts string) *floor.Configuration {
		return &floor.Configuration{
			RowID: slug + "/" + gpu + "/" + itoa(n) + "/" + itoa(seqs), Repeat: 1, GPU: gpu, NumGPUs: n,
			Precision: "BF16", GPUPowerWattsTotal: d(watts),
			TokenSettings: &floor.TokenSettings{
				TensorParallel: n, DataParallel: 1, ExpertParallel: 1, MaxNumSeqs: seqs,
				AvgRunningBatch: float64(seqs), JoulesPerOutputToken: d(j),
				WhPerMillionOutputTokens: d(j).Mul(decimal.NewFromInt(1_000_000)).Div(decimal.NewFromInt(3600)).Round(2),
				MedianITLMs:              d(med), P90ITLMs: d(p90), P95ITLMs: d(p95), P99ITLMs: d(p99),
				TokensPerSecond: d(tps), AvgOutputTokens: 500,
			},
		}
	}
	alpha := &floor.Model{Slug: "alpha", Name: "Alpha 8B", ModelID: "example/alpha-8b", GPUs: []string{"H100"},
		Configurations: []*floor.Configuration{
			conf("alpha", "H100", 1, 8, "1.0", "10", "12", "13", "15", "100", "400"),
			conf("alpha", "H100", 1, 64, "0.36", "50", "60", "70", "90", "1000", "360"),
			conf("alpha", "H100", 1, 256, "0.1", "100", "120", "130", "150", "3000", "300"),
		}}
	beta := &floor.Model{Slug: "beta", Name: "Beta 70B", ModelID: "example/beta-70b", GPUs: []string{"B200"},
		Configurations: []*floor.Configuration{
			conf("beta", "B200", 2, 16, "2.0", "30", "31", "32", "33", "500", "1600"),
			conf("beta", "B200", 2, 128, "0.9", "80", "85", "90", "95", "2000", "1800"),
		}}
	src := floor.Source{
		Name: "ML.ENERGY Leaderboard", Publisher: "The ML.ENERGY Initiative", URL: "https://ml.energy/leaderboard/",
		Version: "3.0", Released: "2025-12-01", Retrieved: "2026-09-26", Licence: "Apache-2.0",
		Cite:    "Chung et al., The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371",
		CiteURL: "https://arxiv.org/abs/2505.06371", Method: "Steady-state GPU energy per output token.",
	}
	return &floor.Dataset{
		FormatVersion: "1", DataVersion: "2026-10-19", ITLDeadlineMs: 500,
		Caveat: "GPU energy only. Every figure is a floor.",
		TokenWorkloads: []*floor.Workload{
			{ID: "lm-arena-chat", Name: "Text Conversation", Source: src, Models: []*floor.Model{alpha, beta}},
			{ID: "gpqa", Name: "Problem Solving", Source: src, Models: []*floor.Model{beta}},
		},
		Grid: []floor.GridIntensity{
			{Code: "DEU", Name: "Germany", Year: 2024, GCO2ePerKWh: d("342.06")},
			{Code: "World", Name: "World", Year: 2024, GCO2ePerKWh: d("473.2")},
		},
		GridSource: floor.GridSource{Name: "Ember via CO2.js", Attribution: "Carbon intensity: Ember, yearly electricity data, via CO2.js (Green Web Foundation)"},
		Published: []floor.PublishedFigure{
			{ID: "accelerators", Publisher: "Google", Subject: "median prompt, accelerators only", WhPerPrompt: decimal.NewNullDecimal(d("0.10")), Date: "2025-05",
				Source: "A paper", URL: "https://example.org/paper", Scope: "Active accelerators only.", AlignsWith: floor.AlignsWithFloor},
			{ID: "comprehensive", Publisher: "Google", Subject: "median prompt", WhPerPrompt: decimal.NewNullDecimal(d("0.24")), Date: "2025-05",
				Source: "A paper", URL: "https://example.org/paper", Scope: "Accelerators, host, idle and overhead.", AlignsWith: floor.AlignsWithGoogle},
		},
		PublishedNote: "A model, a prompt and a provider all differ.",
		Equivalents: []floor.Equivalent{
			{ID: "led-10w-hour", Name: "hours of a 10 W LED bulb", Unit: "hour of a 10 W LED bulb", WhPerUnit: d("10"), Size: d("3600"),
				Ladder: []floor.Rung{{Name: "seconds of a 10 W LED bulb", Unit: "second", Size: d("1")}, {Name: "hours of a 10 W LED bulb", Unit: "hour", Size: d("3600")}},
				Source: "A datasheet", URL: "https://example.org/led", Basis: "10 W for an hour.", Verification: "Primary."},
			{ID: "home-month", Name: "months of a home's electricity", Unit: "month of a home's electricity", WhPerUnit: d("300000"), Size: d("2628000"),
				Ladder: []floor.Rung{{Name: "hours of a home's electricity", Unit: "hour", Size: d("3600")}, {Name: "days of a home's electricity", Unit: "day", Size: d("86400")}},
				Source: "A survey", URL: "https://example.org/home", Year: 2025, Basis: "3.6 MWh a year ÷ 12.", Verification: "Primary."},
		},
	}
}

func itoa(n int) string { return decimal.NewFromInt(int64(n)).String() }
