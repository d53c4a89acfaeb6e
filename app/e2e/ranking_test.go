package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// rankingState is what the ranking table shows: the rows' models in order,
// their J per output token (empty for a row that meets nothing), the header
// of the sorted column with its direction, and the focused button.
type rankingState struct {
	Models  []string `json:"models"`
	Joules  []string `json:"joules"`
	Sorted  string   `json:"sorted"`
	Dir     string   `json:"dir"`
	Focused string   `json:"focused"`
	Pressed []string `json:"pressed"`
}

const readRanking = `(() => {
	const rows = [...document.querySelectorAll("#ranking-table tbody tr")];
	const th = document.querySelector("#ranking-table th[aria-sort]");
	const f = document.activeElement;
	return {
		models: rows.map(r => r.dataset.model),
		joules: rows.map(r => r.classList.contains("unmet") ? "" : r.cells[5].textContent.replace(/ J$/, "").replace(/,/g, "")),
		sorted: th ? th.querySelector("button").dataset.sort : "",
		dir: th ? th.getAttribute("aria-sort") : "",
		focused: f && f.tagName === "BUTTON" ? (f.dataset.sort || f.value) : "",
		pressed: [...document.querySelectorAll("#ranking-table button[aria-pressed=true]")].map(b => b.value),
	};
})()`

// TestRankingTableSortsAndSelects sorts the ranking table from the keyboard
// and selects a model with the mouse, in a real browser: the table is raw
// HTML whose clicks the Go side handles by delegation, so this is the only
// place its buttons are pressed for real.
func TestRankingTableSortsAndSelects(t *testing.T) {
	b := openApp(t, "/?workload=lm-arena-chat&itl=100")
	st, err := Eval[rankingState](b, readRanking)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Models) < 10 || st.Sorted != "rank" || st.Dir != "ascending" {
		t.Fatalf("got %d rows sorted by %q %q, want the whole ranking sorted by rank", len(st.Models), st.Sorted, st.Dir)
	}

	// Keyboard: focus the energy header's button and press Enter, twice.
	const energy = `#ranking-table button[data-sort="energy"]`
	for _, dir := range []string{"ascending", "descending"} {
		if _, err := Eval[bool](b, `(document.querySelector(`+jsString(energy)+`).focus(), true)`); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(b.Ctx, chromedp.KeyEvent("\r")); err != nil {
			t.Fatal(err)
		}
		st, err = Poll[rankingState](b, `(() => { const s = `+readRanking+`; return s.sorted === "energy" && s.dir === "`+dir+`" ? s : null; })()`, 5*time.Second)
		if err != nil {
			t.Fatalf("Enter on the energy header did not sort %s: %v (table: %+v)", dir, err, st)
		}
		if st.Focused != "energy" {
			t.Errorf("after sorting %s the focus is on %q, want the energy header's button", dir, st.Focused)
		}
		var prev decimal.Decimal
		for i, j := range st.Joules {
			if j == "" {
				continue // rows that meet nothing stay last
			}
			d, err := decimal.NewFromString(j)
			if err != nil {
				t.Fatalf("row %d J per output token %q: %v", i, j, err)
			}
			if i > 0 && !prev.IsZero() && ((dir == "ascending" && d.LessThan(prev)) || (dir == "descending" && d.GreaterThan(prev))) {
				t.Errorf("sorted %s, row %d (%s J) comes after %s J", dir, i, d, prev)
			}
			prev = d
		}
	}

	// Mouse: choose a model that is not the selected one by its name.
	var pick string
	for _, m := range st.Models {
		if len(st.Pressed) == 0 || m != st.Pressed[0] {
			pick = m
			break
		}
	}
	sel := `#ranking-table button.select-model[value="` + pick + `"]`
	if err := chromedp.Do(b.Ctx, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `document.querySelector(`+jsString(selModel)+`).value === `+jsString(pick), 5*time.Second); err != nil {
		t.Fatalf("clicking %s did not select it: %v", pick, err)
	}
	st, err = Poll[rankingState](b, `(() => { const s = `+readRanking+`; return s.pressed.length && s.pressed.every(v => v === `+jsString(pick)+`) ? s : null; })()`, 5*time.Second)
	if err != nil {
		t.Fatalf("the ranking does not show %s pressed: %v", pick, err)
	}
	if st.Focused != pick {
		t.Errorf("after choosing %s the focus is on %q, want its button", pick, st.Focused)
	}
	if st.Sorted != "energy" || st.Dir != "descending" {
		t.Errorf("choosing a model changed the sort to %q %q", st.Sorted, st.Dir)
	}

	// Mouse: the rank header sorts by rank again, ascending, as the page
	// opened (and as the next test to take this running app finds it).
	const rank = `#ranking-table button[data-sort="rank"]`
	if err := chromedp.Do(b.Ctx, chromedp.ScrollIntoView(chromedp.CSS(rank)), chromedp.Click(chromedp.CSS(rank), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `(() => { const s = `+readRanking+`; return s.sorted === "rank" && s.dir === "ascending"; })()`, 5*time.Second); err != nil {
		st, _ := Eval[rankingState](b, readRanking)
		t.Errorf("a click on the rank header did not sort by rank, ascending: %v (sorted by %q %q)", err, st.Sorted, st.Dir)
	}
}
