package floor

import (
	"slices"
	"testing"

	"github.com/shopspring/decimal"
)

func TestRowID(t *testing.T) {
	tests := []struct {
		name               string
		gpus, seqs, repeat int
		want               string
	}{
		{"first run", 4, 4096, 1, "qwen-3-8b/B200/4/4096"},
		{"second run", 2, 256, 2, "qwen-3-8b/B200/2/256/r2"},
		{"repeat unset", 1, 8, 0, "qwen-3-8b/B200/1/8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RowID("qwen-3-8b", B200, tt.gpus, tt.seqs, tt.repeat); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// conf is a configuration with the figures the rules read.
func conf(id, gpu string, gpus, seqs, repeat int, joules, median, p99 string, under bool) *Configuration {
	d := decimal.RequireFromString
	return &Configuration{RowID: id, GPU: gpu, NumGPUs: gpus, Repeat: repeat,
		TokenSettings: &TokenSettings{MaxNumSeqs: seqs,
			JoulesPerOutputToken: d(joules), MedianITLMs: d(median), P90ITLMs: d(p99), P95ITLMs: d(p99), P99ITLMs: d(p99),
			UnderITLDeadline: under}}
}

func TestCompareConfigurations(t *testing.T) {
	want := []*Configuration{
		conf("a", B200, 1, 512, 1, "1", "1", "1", true),
		conf("b", B200, 2, 8, 1, "1", "1", "1", true),
		conf("c", B200, 2, 64, 1, "1", "1", "1", true),
		conf("d", B200, 2, 64, 2, "1", "1", "1", true),
		conf("e", H100, 1, 8, 1, "1", "1", "1", true),
	}
	got := []*Configuration{want[4], want[3], want[1], want[0], want[2]}
	slices.SortFunc(got, CompareConfigurations)
	if !slices.Equal(got, want) {
		var ids []string
		for _, c := range got {
			ids = append(ids, c.RowID)
		}
		t.Errorf("got order %v, want a b c d e", ids)
	}
}

func TestModelGPUs(t *testing.T) {
	c := func(gpu string) *Configuration { return &Configuration{GPU: gpu} }
	tests := []struct {
		name string
		cs   []*Configuration
		want []string
	}{
		{"none", nil, nil},
		{"one GPU", []*Configuration{c(H100), c(H100)}, []string{H100}},
		{"sorted", []*Configuration{c(B200), c(B200), c(H100)}, []string{B200, H100}},
		{"each run once", []*Configuration{c(H100), c(B200), c(H100)}, []string{H100, B200, H100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ModelGPUs(tt.cs); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPreferred(t *testing.T) {
	base := conf("m/H100/2/64", H100, 2, 64, 1, "0.5", "40", "90", true)
	tests := []struct {
		name string
		a    *Configuration
		s    Statistic
		want bool // a preferred to base
	}{
		{"less energy wins over latency", conf("m/H100/8/8", H100, 8, 8, 1, "0.4", "99", "99", true), Median, true},
		{"more energy loses", conf("m/H100/1/8", H100, 1, 8, 1, "0.6", "1", "1", true), Median, false},
		{"equal energy: lower median", conf("m/H100/8/8", H100, 8, 8, 1, "0.5", "39.9", "99", true), Median, true},
		{"equal energy: the statistic asked for", conf("m/H100/8/8", H100, 8, 8, 1, "0.5", "39.9", "99", true), P99, false},
		{"equal energy and latency: fewer GPUs", conf("m/H100/1/64", H100, 1, 64, 1, "0.50", "40.0", "90", true), Median, true},
		{"all equal: row id", conf("m/H100/2/64/r2", H100, 2, 64, 2, "0.5", "40", "90", true), Median, false},
		{"not preferred to itself", base, Median, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Preferred(tt.a, base, tt.s); got != tt.want {
				t.Errorf("Preferred(%s, %s, %s) = %t, want %t", tt.a.RowID, base.RowID, tt.s, got, tt.want)
			}
			if tt.a != base && tt.want && Preferred(base, tt.a, tt.s) {
				t.Errorf("Preferred holds both ways for %s and %s", tt.a.RowID, base.RowID)
			}
		})
	}
}

func TestBestRows(t *testing.T) {
	cs := []*Configuration{
		conf("m/B200/1/8", B200, 1, 8, 1, "0.9", "10", "20", true),
		conf("m/B200/1/512", B200, 1, 512, 1, "0.2", "600", "900", false), // least energy, over the ceiling
		conf("m/B200/2/64", B200, 2, 64, 1, "0.5", "40", "90", true),
		conf("m/B200/4/64", B200, 4, 64, 1, "0.5", "40", "50", true), // ties on the median: more GPUs
		conf("m/H100/1/8", H100, 1, 8, 1, "1.5", "700", "800", false),
	}
	got := BestRows(cs)
	if len(got) != 1 || got[B200] == nil || got[B200].RowID != "m/B200/2/64" {
		t.Errorf("got %v, want only B200: m/B200/2/64 (H100 has nothing within the ceiling)", got)
	}
}
