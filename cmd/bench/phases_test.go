package main

import (
	"maps"
	"testing"
)

func TestPhases(t *testing.T) {
	marks := map[string]float64{"ef:wasm-requested": 200, "ef:wasm-compiled": 500, "ef:instantiated": 510,
		"ef:main": 600, "ef:nav": 640, "ef:decoded": 690, "ef:rendered": 850}
	cold := map[string]float64{"wait": 200, "download": 250, "compile": 50}
	warm := map[string]float64{"wait": 200, "compile": 300} // from the worker's cache: no download
	for _, tt := range []struct {
		name                string
		wasmEnd             float64
		interactive, answer float64
		load                map[string]float64
	}{
		{"typed after the first page", 450, 871.5, 21.5, cold},
		{"typed while the app started: on the first page", 450, 820, 0, cold},
		{"app.wasm from the worker's cache", -1, 871.5, 21.5, warm},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := breakdown{Marks: marks, WasmEnd: tt.wasmEnd}.phases(tt.interactive)
			want := map[string]float64{"instantiate": 10, "go_init": 90,
				"goapp_init": 40, "decode": 50, "render": 160, "answer": tt.answer, "longest_task": 0}
			maps.Copy(want, tt.load)
			if !maps.Equal(got, want) {
				t.Errorf("phases = %v, want %v", got, want)
			}
		})
	}
}

func TestLongestTask(t *testing.T) {
	marks := map[string]float64{"ef:main": 600, "ef:nav": 640, "ef:decoded": 690, "ef:rendered": 850, "ef:live": 905}
	for _, tt := range []struct {
		name        string
		marks       map[string]float64
		tasks       [][2]float64
		interactive float64
		ms          float64
		piece       string
	}{
		{"marks set in it, in order", marks, [][2]float64{{600, 30}, {630, 95}, {900, 60}}, 860, 95, "ef:nav ef:decoded"},
		{"a mark at its very end counts", marks, [][2]float64{{630, 10}, {790, 60}}, 860, 60, "ef:rendered"},
		{"none in it: the last before it", marks, [][2]float64{{700, 80}, {910, 120}}, 860, 120, "after ef:live"},
		{"a tie keeps the first", marks, [][2]float64{{630, 50}, {860, 50}}, 860, 50, "ef:nav"},
		{"a second after interactive at most", marks, [][2]float64{{630, 50}, {1861, 200}}, 860, 50, "ef:nav"},
		{"before any mark", marks, [][2]float64{{100, 70}}, 860, 70, "before ef:main"},
		{"a page without marks", nil, [][2]float64{{100, 70}}, 860, 70, ""},
		{"no long task", marks, nil, 860, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ms, piece := breakdown{Marks: tt.marks, Tasks: tt.tasks}.longestTask(tt.interactive)
			if ms != tt.ms || piece != tt.piece {
				t.Errorf("longestTask = %v, %q; want %v, %q", ms, piece, tt.ms, tt.piece)
			}
		})
	}
}
