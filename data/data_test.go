package data

import (
	"testing"
)

// TestLoad loads the real embedded dataset. The counts were taken from the
// upstream task files (models by model_id, configurations by entry).
func TestLoad(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if again, _ := Load(); again != d {
		t.Errorf("Load returned a different Dataset on its second call")
	}
	want := []struct {
		id             string
		models         int
		configurations int
	}{
		{"lm-arena-chat", 18, 328},
		{"gpqa", 12, 187},
		{"sourcegraph-fim", 3, 50},
		{"image-chat", 11, 173},
		{"video-chat", 6, 100},
	}
	if len(d.Workloads) != len(want) {
		t.Fatalf("got %d workloads, want %d", len(d.Workloads), len(want))
	}
	for i, w := range want {
		t.Run(w.id, func(t *testing.T) {
			got := d.Workloads[i]
			if got.ID != w.id {
				t.Fatalf("workload %d is %q, want %q", i, got.ID, w.id)
			}
			n := 0
			for _, m := range got.Models {
				n += len(m.Configurations)
			}
			if len(got.Models) != w.models || n != w.configurations {
				t.Errorf("got %d models and %d configurations, want %d and %d", len(got.Models), n, w.models, w.configurations)
			}
		})
	}
	if d.FormatVersion != "1" || d.DataVersion != "2026-10-19" || d.Updated != "2026-10-19" || d.ITLDeadlineMs != 500 || d.Boundary != "gpu_only" {
		t.Errorf("got format %q, data version %q, updated %q, deadline %d, boundary %q", d.FormatVersion, d.DataVersion, d.Updated, d.ITLDeadlineMs, d.Boundary)
	}
}

// TestLoadQwen checks one model against the reference file's figures.
func TestLoadQwen(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	w := d.Workload("lm-arena-chat")
	if w == nil {
		t.Fatal("no lm-arena-chat workload")
	}
	if w.Name != "Text Conversation" || w.Source.Workload != "Text Conversation (lm-arena-chat)" ||
		w.Source.DataURL != "https://raw.githubusercontent.com/ml-energy/leaderboard/master/public/data/tasks/lm-arena-chat.json" {
		t.Errorf("got workload name %q, source workload %q, data URL %q", w.Name, w.Source.Workload, w.Source.DataURL)
	}
	m := w.Model("qwen-3-235b-a22b-instruct")
	if m == nil {
		t.Fatal("no qwen-3-235b-a22b-instruct model")
	}
	if m.ModelID != "Qwen/Qwen3-235B-A22B-Instruct-2507" || m.Name != "Qwen 3 235B A22B Instruct" || len(m.Configurations) != 31 {
		t.Errorf("got model %q %q with %d configurations", m.ModelID, m.Name, len(m.Configurations))
	}
	for _, c := range []struct {
		gpu, row, joules, wh, median string
	}{
		{"B200", "qwen-3-235b-a22b-instruct/B200/4/4096", "0.2402453", "66.73", "67.8"},
		{"H100", "qwen-3-235b-a22b-instruct/H100/8/256", "1.0927101", "303.53", "55.5"},
	} {
		b := m.Best[c.gpu]
		if b == nil {
			t.Errorf("no best %s row", c.gpu)
			continue
		}
		if b.RowID != c.row || b.JoulesPerOutputToken.String() != c.joules || b.WhPerMillionOutputTokens.String() != c.wh || b.MedianITLMs.String() != c.median {
			t.Errorf("best %s: got %s %s J %s Wh/M %s ms, want %s %s J %s Wh/M %s ms", c.gpu,
				b.RowID, b.JoulesPerOutputToken, b.WhPerMillionOutputTokens, b.MedianITLMs, c.row, c.joules, c.wh, c.median)
		}
	}
}
