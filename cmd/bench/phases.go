package main

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"energyfloor/app/ui"
)

// breakdown is what __efBreakdown returns: the ef: marks, the end of
// app.wasm's response (-1 when none came over the network), the long tasks
// ([start, duration], ms) and the service worker's activation (-1: none).
type breakdown struct {
	Marks   map[string]float64 `json:"marks"`
	WasmEnd float64            `json:"wasmEnd"`
	Tasks   [][2]float64       `json:"tasks"`
	Worker  float64            `json:"worker"`
}

// phaseNames are the start-up phases, in order.
var phaseNames = []string{"wait", "download", "compile", "instantiate", "go_init", "goapp_init", "decode", "render", "answer", "longest_task"}

// phaseSpecs returns the start-up breakdown's figures, cold then warm:
// phase_<name>_cold, …_warm.
func phaseSpecs() []figureSpec {
	var specs []figureSpec
	for _, suffix := range []string{"_cold", "_warm"} {
		for _, name := range phaseNames {
			target := ""
			if name == "longest_task" {
				target = "≤ 150 ms"
			}
			specs = append(specs, figureSpec{"phase_" + name + suffix, "ms", target})
		}
	}
	return specs
}

// phases splits a start-up into its phases, in ms, by the ef: marks (see
// the package doc); a phase whose marks are missing is left out (go-app's
// floor page sets none).
func (bd breakdown) phases(interactive float64) map[string]float64 {
	m := bd.Marks
	out := map[string]float64{}
	span := func(name, from, to string) {
		a, okA := m[from]
		b, okB := m[to]
		if from == "" {
			a, okA = 0, true
		}
		if to == "interactive" {
			b, okB = interactive, interactive >= 0
		}
		if okA && okB && b >= a {
			out[name] = b - a
		}
	}
	span("wait", "", ui.MarkWasmRequested)
	if req, ok := m[ui.MarkWasmRequested]; ok && bd.WasmEnd >= req {
		out["download"] = bd.WasmEnd - req
		if c, ok := m[ui.MarkWasmCompiled]; ok && c >= bd.WasmEnd {
			out["compile"] = c - bd.WasmEnd
		}
	} else {
		span("compile", ui.MarkWasmRequested, ui.MarkWasmCompiled) // from the worker's cache: reading and compiling
	}
	span("instantiate", ui.MarkWasmCompiled, ui.MarkInstantiated)
	span("go_init", ui.MarkInstantiated, ui.MarkMain)
	span("goapp_init", ui.MarkMain, ui.MarkNav)
	span("decode", ui.MarkNav, ui.MarkDecoded)
	span("render", ui.MarkDecoded, ui.MarkRendered)
	// A value typed while the app started is on the first page already:
	// interactive then comes before ef:rendered (marked when go-app's frame
	// is done), and the answer takes no time of its own.
	if r, ok := m[ui.MarkRendered]; ok && interactive >= 0 {
		out["answer"] = max(0, interactive-r)
	}
	out["longest_task"], _ = bd.longestTask(interactive)
	return out
}

// longestTask returns the longest main-thread task that started by a second
// after interactive (0 when none), and the piece of the start-up it was:
// the ef: marks set during it, in order ("ef:nav ef:decoded"), or "after"
// the last one set before it, or "before" the first; "" when the page set
// none (go-app's floor).
func (bd breakdown) longestTask(interactive float64) (ms float64, piece string) {
	var start float64
	for _, t := range bd.Tasks {
		if t[0] <= interactive+1000 && t[1] > ms {
			start, ms = t[0], t[1]
		}
	}
	if ms == 0 {
		return 0, ""
	}
	names := slices.Collect(maps.Keys(bd.Marks))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(bd.Marks[a], bd.Marks[b]), cmp.Compare(a, b)) })
	var in []string
	before := ""
	for _, name := range names {
		switch at := bd.Marks[name]; {
		case at < start:
			before = name
		case at <= start+ms:
			in = append(in, name)
		}
	}
	if len(in) > 0 {
		return ms, strings.Join(in, " ")
	}
	if before != "" {
		return ms, "after " + before
	}
	if len(names) > 0 {
		return ms, "before " + names[0]
	}
	return ms, ""
}
