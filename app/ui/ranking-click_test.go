//go:build !wasm

package ui

import (
	"regexp"
	"testing"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestRankingButtons: pressing a model's name in the ranking shows that
// model's floor, and pressing a column's sort button sorts by it; either
// way the focus goes back to a button the redrawn table holds (the
// selector press returns matches one). Within 100 ms beta's floor is b2
// (0.9 J, median 80 ms).
func TestRankingButtons(t *testing.T) {
	lv := newLive(t, "itl=100&model=alpha")
	rt := &rankingTable{Results: lv.l.ranking, Statistic: floor.Statistic("median"), Output: "500"}
	rt.OnInit()

	var sel string
	lv.handle(func(ctx app.Context) { sel = rt.press(ctx, "", "beta") })
	html := lv.html()
	lv.want(html, "chosen-config", "data-row-id", "beta/B200/2/128")
	if want := `#ranking-table button[value="beta"]`; sel != want {
		t.Errorf("the focus goes to %q, want %q", sel, want)
	}
	table := regexp.MustCompile(`<table id="ranking-table">.*?</table>`).FindString(html)
	if !regexp.MustCompile(`<button [^>]*value="beta">Beta 70B</button>`).MatchString(table) {
		t.Errorf("the redrawn ranking has no button of value beta to focus: %s", table)
	}

	lv.handle(func(ctx app.Context) { sel = rt.press(ctx, sortEnergy, "") })
	if sorted, dir, _ := readRanking(t, rt); sorted != sortEnergy || dir != "ascending" {
		t.Errorf("after the energy sort button the table is sorted by %q %s, want %q ascending", sorted, dir, sortEnergy)
	}
	if want := `#ranking-table button[data-sort="` + sortEnergy + `"]`; sel != want {
		t.Errorf("the focus goes to %q, want %q", sel, want)
	}
	if !regexp.MustCompile(`<button [^>]*data-sort="` + sortEnergy + `"`).MatchString(rt.tableHTML()) {
		t.Error("the redrawn table has no energy sort button to focus")
	}
	if got := lv.permalink().Get("model"); got != "beta" {
		t.Errorf("sorting changed the model to %q", got)
	}
}
