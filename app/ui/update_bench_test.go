//go:build !wasm

package ui

import (
	"energyfloor/app/link"
	"testing"
)

// The Go side of one update, natively: the handler's work (parse, recompute)
// and the renders go-app runs for it (the calculator, and the child components
// whose props change). go-app's diff and the DOM calls come on top in the
// browser; the end-to-end benchmark measures those.

// BenchmarkUpdateTokens is one keystroke in #tokens-per-month: a re-rank
// (the ranking's "at your traffic" column follows the volume), and the
// ranking table, the trade-off chart and the volume chart re-render.
func BenchmarkUpdateTokens(b *testing.B) {
	c := newCalculator()
	c.navigate("")
	vals := []string{"2B", "3B", "4B"}
	rt := &rankingTable{Output: "500"}
	vc := &volumeChart{}
	for i := 0; b.Loop(); i++ {
		c.form.SetText(c.ds, link.FieldTokens, vals[i%len(vals)])
		c.recompute()
		c.Render()
		(&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In}).Render()
		(&trafficPanel{Traffic: c.selected.Traffic, Floor: c.selected.Chosen, Volume: c.form.In.OutputTokensPerMonth}).Render()
		(&embedPanel{Query: c.query}).Render()
		(&numberField{ID: link.Fields[link.FieldTokens].ID, Value: c.form.Text[link.FieldTokens]}).Render()
		(&numberField{ID: link.Fields[link.FieldRequests].ID, Value: c.form.Text[link.FieldRequests]}).Render()
		rt.Results, rt.Selected, rt.Statistic = c.ranking, c.form.In.Model, c.form.In.Statistic
		rt.sortRows()
		rt.Render()
		ch := &tradeoffChart{Model: c.selected.Model, Statistic: c.form.In.Statistic, Target: c.form.In.TargetITLMs,
			Traffic: trafficRow(c.selected, c.found), Volume: c.form.In.OutputTokensPerMonth}
		ch.layout()
		ch.Render()
		vc.Model, vc.In, vc.Floor = c.selected.Model, c.form.In, c.selected.Chosen
		vc.computeSteps()
		vc.Render()
	}
}

// BenchmarkUpdateTarget is one step of the latency slider: a re-rank, and the
// ranking table and chart re-render too.
func BenchmarkUpdateTarget(b *testing.B) {
	c := newCalculator()
	c.navigate("")
	vals := []string{"60", "80", "100", "120"}
	rt := &rankingTable{Output: "500"}
	for i := 0; b.Loop(); i++ {
		c.form.SetText(c.ds, link.FieldITL, vals[i%len(vals)])
		c.recompute()
		c.Render()
		(&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In}).Render()
		(&embedPanel{Query: c.query}).Render()
		(&numberField{ID: link.Fields[link.FieldITL].ID, Value: c.form.Text[link.FieldITL]}).Render()
		(&latencySlider{Pos: sliderPos(c.form.In.TargetITLMs)}).Render()
		rt.Results, rt.Selected, rt.Statistic = c.ranking, c.form.In.Model, c.form.In.Statistic
		rt.sortRows()
		rt.Render()
		ch := &tradeoffChart{Model: c.selected.Model, Statistic: c.form.In.Statistic, Target: c.form.In.TargetITLMs}
		ch.layout()
		ch.Render()
	}
}
