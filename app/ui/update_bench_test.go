//go:build !wasm

package ui

import (
	"net/url"
	"testing"
)

// The Go side of one update, natively: the handler's work (parse, recompute)
// and the renders go-app runs for it (the calculator, and the child components
// whose props change). go-app's diff and the DOM calls come on top in the
// browser; the end-to-end benchmark measures those.

// BenchmarkUpdateTokens is one keystroke in #tokens-per-month: no re-rank,
// and the ranking, chart and configuration table keep their props.
func BenchmarkUpdateTokens(b *testing.B) {
	c := newCalculator()
	c.navigate(url.Values{})
	vals := []string{"2B", "3B", "4B"}
	for i := 0; b.Loop(); i++ {
		c.form.setText(c.ds, fieldTokens, vals[i%len(vals)])
		c.recompute()
		c.Render()
		(&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In}).Render()
		(&embedPanel{Query: c.query}).Render()
		(&numberField{ID: fields[fieldTokens].id, Value: c.form.Text[fieldTokens]}).Render()
		(&numberField{ID: fields[fieldRequests].id, Value: c.form.Text[fieldRequests]}).Render()
	}
}

// BenchmarkUpdateTarget is one step of the latency slider: a re-rank, and the
// ranking table and chart re-render too.
func BenchmarkUpdateTarget(b *testing.B) {
	c := newCalculator()
	c.navigate(url.Values{})
	vals := []string{"60", "80", "100", "120"}
	rt := &rankingTable{Output: "500"}
	for i := 0; b.Loop(); i++ {
		c.form.setText(c.ds, fieldITL, vals[i%len(vals)])
		c.recompute()
		c.Render()
		(&resultsPanel{Result: c.selected, Found: c.found, In: c.form.In}).Render()
		(&embedPanel{Query: c.query}).Render()
		(&numberField{ID: fields[fieldITL].id, Value: c.form.Text[fieldITL]}).Render()
		(&latencySlider{Pos: sliderPos(c.form.In.TargetITLMs)}).Render()
		rt.Results, rt.Selected, rt.Statistic = c.ranking, c.form.In.Model, c.form.In.Statistic
		rt.sortRows()
		rt.Render()
		ch := &tradeoffChart{Model: c.selected.Model, Statistic: c.form.In.Statistic, TargetMs: c.form.Text[fieldITL]}
		ch.layout()
		ch.Render()
	}
}
