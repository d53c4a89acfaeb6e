package main

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"time"
)

// Figure is one measured quantity over the runs.
type Figure struct {
	Name    string    `json:"name"`
	Unit    string    `json:"unit"`
	Median  float64   `json:"median"`
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	N       int       `json:"n"`
	Target  string    `json:"target,omitempty"`
	Samples []float64 `json:"samples"`
}

// Report is the benchmark's result: the figures of each target, measured in
// alternating rounds, and the ratios of every other target's medians to the
// first's.
type Report struct {
	Started      time.Time       `json:"started"`
	Runs         int             `json:"runs"`
	Page         string          `json:"page"` // the app's page loaded
	Chromium     string          `json:"chromium"`
	Go           string          `json:"go"`
	CPUs         int             `json:"cpus"`
	LoadAvgStart string          `json:"loadavg_start"`
	LoadAvgEnd   string          `json:"loadavg_end"`
	Targets      []*TargetReport `json:"targets"`
	Ratios       []Ratio         `json:"ratios"`
}

// TargetReport is one target's figures.
type TargetReport struct {
	Target
	// WasmEncoding is app.wasm's Content-Encoding on the cold loads.
	WasmEncoding string `json:"wasm_encoding"`
	// Repeated lists the runs that failed once and were run again, with
	// the error: a run that fails twice ends the benchmark.
	Repeated []string `json:"repeated_runs,omitempty"`
	Figures  []Figure `json:"figures"`
	// LongestTaskIn names, for "cold" and "warm", the piece of the
	// start-up each run's longest task was (see breakdown.longestTask), in
	// the order of the runs; none for a page that sets no ef: marks.
	LongestTaskIn map[string][]string `json:"longest_task_in,omitempty"`
}

// Ratio is a target's median of one figure over the base target's.
type Ratio struct {
	Figure string  `json:"figure"`
	Of     string  `json:"of"`
	To     string  `json:"to"`
	Ratio  float64 `json:"ratio"`
	Target string  `json:"target,omitempty"`
	// OfFigure and ToFigure are the two figures compared, for the table.
	OfFigure, ToFigure Figure `json:"-"`
}

// ratioSpecs are the figures compared across targets, with the targets of
// the app against go-app's floor.
var ratioSpecs = []struct{ name, target string }{
	{"interactive_cold", "≤ 1.3 × floor"},
	{"interactive_warm", "≤ 1.2 × floor"},
	{"results_visible_cold", ""},
	{"results_visible_warm", ""},
	{"wasm_started_cold", ""},
	{"wasm_started_warm", ""},
	{"phase_" + longestTaskPhase + "_cold", ""},
	{"phase_" + longestTaskPhase + "_warm", ""},
	{"update", ""},
}

// ratios returns, for each target after the first and each of ratioSpecs,
// its median over the first target's (B / A), where both are above 0; the
// targets are the app's against go-app's floor only.
func ratios(targets []*TargetReport) []Ratio {
	if len(targets) == 0 {
		return nil
	}
	base := targets[0]
	var out []Ratio
	for _, t := range targets[1:] {
		for _, s := range ratioSpecs {
			of, to := t.figure(s.name), base.figure(s.name)
			if of.Median <= 0 || to.Median <= 0 {
				continue
			}
			target := ""
			if base.Name == "floor" {
				target = s.target
			}
			out = append(out, Ratio{Figure: s.name, Of: t.Name, To: base.Name, Ratio: of.Median / to.Median, Target: target,
				OfFigure: of, ToFigure: to})
		}
	}
	return out
}

// figureSpec is a figure the table prints, with its unit and the app's
// target ("" for none).
type figureSpec struct{ name, unit, target string }

// The figures, in the order the table prints them: the loads' figures, then
// the start-up breakdown (phaseSpecs).
var figureSpecs = append([]figureSpec{
	{"bytes_document", "bytes", ""},
	{"bytes_script", "bytes", ""},
	{"bytes_wasm", "bytes", "≤ 1.7 MB br"},
	{"bytes_wasm_gzip", "bytes", ""},
	{"bytes_css", "bytes", ""},
	{"bytes_other", "bytes", ""},
	{"bytes_total", "bytes", ""},
	{"bytes_first_visit", "bytes", ""},
	{"fcp_cold", "ms", ""},
	{"results_visible_cold", "ms", "≤ 150 ms"},
	{"wasm_started_cold", "ms", ""},
	{"interactive_cold", "ms", ""},
	{"fcp_warm", "ms", ""},
	{"results_visible_warm", "ms", ""},
	{"wasm_started_warm", "ms", ""},
	{"interactive_warm", "ms", ""},
	{"update", "ms", "≤ 8 ms"},
	{"worker_active_cold", "ms", ""},
	{"embed_bytes_before_use", "bytes", "≤ 80 KB"},
	{"embed_first_edit", "ms", ""},
}, phaseSpecs()...)

// figure returns the target's figure called name.
func (t *TargetReport) figure(name string) Figure {
	for _, f := range t.Figures {
		if f.Name == name {
			return f
		}
	}
	return Figure{Median: -1}
}

// summarize computes median, min and max.
func summarize(name, unit, target string, xs []float64) Figure {
	// Samples to 0.1 ms (or whole bytes): the clocks give no more.
	rounded := make([]float64, len(xs))
	for i, x := range xs {
		rounded[i] = math.Round(x*10) / 10
	}
	f := Figure{Name: name, Unit: unit, Target: target, N: len(xs), Samples: rounded}
	if len(xs) == 0 {
		f.Median, f.Min, f.Max = -1, -1, -1
		return f
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	f.Min, f.Max = s[0], s[len(s)-1]
	if n := len(s); n%2 == 1 {
		f.Median = s[n/2]
	} else {
		f.Median = (s[n/2-1] + s[n/2]) / 2
	}
	return f
}

// loadavg returns /proc/loadavg, trimmed.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// Table formats the report for people: each target's figures, then the
// ratios.
func (r *Report) Table() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Energy Floor browser benchmark: %d alternating rounds of the app's page %s, %s, %s, %d CPUs\n", r.Runs, r.Page, r.Chromium, r.Go, r.CPUs)
	fmt.Fprintf(&sb, "load average: start %s; end %s\n", r.LoadAvgStart, r.LoadAvgEnd)
	for _, t := range r.Targets {
		fmt.Fprintf(&sb, "\n%s: %s (app.wasm Content-Encoding %q)\n", t.Name, t.URL, t.WasmEncoding)
		for _, r := range t.Repeated {
			fmt.Fprintf(&sb, "repeated after an error: %s\n", r)
		}
		fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4s  %s\n", "figure", "median", "min", "max", "n", "target")
		for _, f := range t.Figures {
			fmt.Fprintf(&sb, "%-22s %12s %12s %12s %4d  %s\n", f.Name, format(f.Median, f.Unit), format(f.Min, f.Unit), format(f.Max, f.Unit), f.N, f.Target)
		}
	}
	var longest []string
	for _, t := range r.Targets {
		for _, kind := range []string{"cold", "warm"} {
			if pieces := t.LongestTaskIn[kind]; len(pieces) > 0 {
				longest = append(longest, fmt.Sprintf("%s %s: %s\n", t.Name, kind, tally(pieces)))
			}
		}
	}
	if len(longest) > 0 {
		sb.WriteString("\nthe longest task's piece of the start-up: the ef: marks set in it, or the one it came after (or before)\n")
		sb.WriteString(strings.Join(longest, ""))
	}
	if len(r.Ratios) > 0 {
		sb.WriteString("\nratios of medians (each median with its min–max over n)\n")
		for _, q := range r.Ratios {
			fmt.Fprintf(&sb, "%-26s %s / %s = %.2f  (%s; %s)  %s\n", q.Figure, q.Of, q.To, q.Ratio,
				spread(q.Of, q.OfFigure), spread(q.To, q.ToFigure), q.Target)
		}
	}
	sb.WriteString("\n")
	return sb.String()
}

// tally counts the pieces, most frequent first (then by name): "ef:live ×5,
// after ef:main ×4".
func tally(pieces []string) string {
	n := map[string]int{}
	for _, p := range pieces {
		n[p]++
	}
	names := slices.Collect(maps.Keys(n))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(n[b], n[a]), cmp.Compare(a, b)) })
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s ×%d", name, n[name])
	}
	return strings.Join(parts, ", ")
}

// spread formats a target's figure as "name 812.0 ms [700.0–905.3 ms] n=9".
func spread(name string, f Figure) string {
	min, _, _ := strings.Cut(format(f.Min, f.Unit), " ")
	return fmt.Sprintf("%s %s [%s–%s] n=%d", name, format(f.Median, f.Unit), min, format(f.Max, f.Unit), f.N)
}

func format(v float64, unit string) string {
	if v < 0 {
		return "—"
	}
	if unit == "bytes" {
		return fmt.Sprintf("%.0f B", v)
	}
	return fmt.Sprintf("%.1f %s", v, unit)
}
