package main

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"energyfloor/app/ui"
)

// breakdown is what __efBreakdown returns: the marks (ui.Marks), the end of
// app.wasm's response (-1 when none came over the network), the long tasks
// ([start, duration], ms) and the service worker's activation (-1: none).
type breakdown struct {
	Marks   map[string]float64 `json:"marks"`
	WasmEnd float64            `json:"wasmEnd"`
	Tasks   [][2]float64       `json:"tasks"`
	Worker  float64            `json:"worker"`
}

// The points of a start-up other than its marks (ui.Marks) that phases
// are timed between.
const (
	navigationStart = "navigation start" // 0 ms
	wasmEnd         = "wasm end"         // app.wasm's response ends (over the network only)
	interactive     = "interactive"      // a typed value has changed the results
)

// phase is a piece of the start-up: from the first of from that the load
// has to to. A load without either has no figure for it.
type phase struct {
	name string
	from []string
	to   string
	// clamp gives a phase that ends before it starts 0 ms, where others
	// are left out.
	clamp bool
}

// startPhases are the start-up's phases, in order, each timed between two
// points; longestTask is the last phase, which is not.
var startPhases = []phase{
	{name: "wait", from: []string{navigationStart}, to: ui.MarkWasmRequested},
	{name: "download", from: []string{ui.MarkWasmRequested}, to: wasmEnd},
	// From the worker's cache (no wasm end): reading and compiling.
	{name: "compile", from: []string{wasmEnd, ui.MarkWasmRequested}, to: ui.MarkWasmCompiled},
	{name: "instantiate", from: []string{ui.MarkWasmCompiled}, to: ui.MarkInstantiated},
	{name: "go_init", from: []string{ui.MarkInstantiated}, to: ui.MarkMain},
	{name: "goapp_init", from: []string{ui.MarkMain}, to: ui.MarkNav},
	{name: "decode", from: []string{ui.MarkNav}, to: ui.MarkDecoded},
	{name: "render", from: []string{ui.MarkDecoded}, to: ui.MarkRendered},
	// A value typed while the app started is on the first page already:
	// interactive then comes before ef:rendered (marked when go-app's frame
	// is done), and the answer takes no time of its own.
	{name: "answer", from: []string{ui.MarkRendered}, to: interactive, clamp: true},
}

// longestTaskPhase is the longest main-thread task of the start-up.
const longestTaskPhase = "longest_task"

// phaseNames returns the start-up's phases' names, in order.
func phaseNames() []string {
	var names []string
	for _, p := range startPhases {
		names = append(names, p.name)
	}
	return append(names, longestTaskPhase)
}

// phaseSpecs returns the start-up breakdown's figures, cold then warm:
// phase_<name>_cold, …_warm.
func phaseSpecs() []figureSpec {
	var specs []figureSpec
	for _, suffix := range []string{"_cold", "_warm"} {
		for _, name := range phaseNames() {
			target := ""
			if name == longestTaskPhase {
				target = "≤ 150 ms"
			}
			specs = append(specs, figureSpec{"phase_" + name + suffix, "ms", target})
		}
	}
	return specs
}

// phases splits a start-up into its phases (startPhases, then
// longestTaskPhase), in ms, given when it became interactive (-1: never); a
// phase whose points are missing is left out (go-app's floor page sets no
// marks).
func (bd breakdown) phases(interactiveAt float64) map[string]float64 {
	at := map[string]float64{navigationStart: 0}
	maps.Copy(at, bd.Marks)
	if req, ok := at[ui.MarkWasmRequested]; ok && bd.WasmEnd >= req {
		at[wasmEnd] = bd.WasmEnd
	}
	if interactiveAt >= 0 {
		at[interactive] = interactiveAt
	}
	out := map[string]float64{}
	for _, p := range startPhases {
		i := slices.IndexFunc(p.from, func(from string) bool { _, ok := at[from]; return ok })
		b, ok := at[p.to]
		if i < 0 || !ok {
			continue
		}
		a := at[p.from[i]]
		if p.clamp {
			b = max(a, b)
		}
		if b >= a {
			out[p.name] = b - a
		}
	}
	out[longestTaskPhase], _ = bd.longestTask(interactiveAt)
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
