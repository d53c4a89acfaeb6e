//go:build !wasm

package ui

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// liveCalculator is a calculator mounted in go-app's test engine as the
// browser mounts it: outside the browser go-app calls OnPreRender, not
// OnMount, so it calls the calculator's OnMount itself, with the context
// of the mounted calculator. Edits then go through the handlers OnMount
// subscribed, and go-app updates the calculator and its components (their
// OnUpdate) as it does in the browser.
type liveCalculator struct {
	*calculator
	ctx app.Context
}

func (l *liveCalculator) OnPreRender(ctx app.Context) {
	l.ctx = ctx
	l.calculator.OnMount(ctx)
}

// live is a calculator on the fixture at query, mounted and subscribed.
type live struct {
	t *testing.T
	e app.TestEngine
	l *liveCalculator
}

func newLive(t *testing.T, query string) *live {
	t.Helper()
	l := &liveCalculator{calculator: fixtureCalculator(query, false)}
	e := app.NewTestEngine()
	if err := e.Load(l); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if l.ctx.Src() == nil {
		t.Fatal("the calculator was not prerendered: no context")
	}
	return &live{t: t, e: e, l: l}
}

// post posts action with value, as a field, the ranking or an export
// button does, and lets go-app handle it and update the page.
func (lv *live) post(action string, value any) {
	lv.l.ctx.NewActionWithValue(action, value)
	lv.e.ConsumeAll()
}

// typeInto posts text as the new value of the field of id.
func (lv *live) typeInto(id, text string) { lv.post(actionText, textEdit{Field: id, Text: text}) }

// choose posts value as the new choice of the select of id.
func (lv *live) choose(id, value string) { lv.post(actionChoice, textEdit{Field: id, Text: value}) }

// html returns the page as go-app now holds it.
func (lv *live) html() string { return app.HTMLString(lv.l) }

// permalink returns the parameters of the page's permalink.
func (lv *live) permalink() url.Values {
	q, err := url.ParseQuery(lv.l.query)
	if err != nil {
		lv.t.Fatal(err)
	}
	return q
}

// want checks that the element of id has attribute name set to value.
func (lv *live) want(html, id, name, value string) {
	lv.t.Helper()
	if got, ok := attr(html, id, name); !ok || got != value {
		lv.t.Errorf("#%s %s = %q (present %t), want %q", id, name, got, ok, value)
	}
}

// TestTypingUpdatesTheFigures: a number typed into a field reaches the
// figures, the field, the ranking and the permalink; a bad one is marked in
// its field, with its message, and keeps the last good figures and
// permalink until it is corrected. Worked from the fixture: within 60 ms
// alpha's floor is a2, 0.36 J per output token, 1,000 tokens/s.
//
//	2B tokens a month:  0.36 J × 2e9 = 7.2e8 J = 200 kWh = 200,000 Wh
//	3B tokens a month:  0.36 J × 3e9 = 1.08e9 J = 300 kWh = 300,000 Wh
//	per request (500):  0.36 J × 500 = 180 J = 0.05 Wh, whatever the volume
func TestTypingUpdatesTheFigures(t *testing.T) {
	lv := newLive(t, "itl=60&model=alpha")
	lv.typeInto("tokens-per-month", "2B")
	html := lv.html()
	lv.want(html, "energy-per-month", "data-wh", "200000")
	lv.want(html, "energy-per-request", "data-wh", "0.05")
	lv.want(html, "tokens-per-month", "value", "2B")
	lv.want(html, "results", "data-current", "yes")
	if got := text(html, "energy-per-month"); got != "200 kWh" {
		t.Errorf("#energy-per-month reads %q, want 200 kWh", got)
	}
	if got := lv.permalink().Get("tokens"); got != "2B" {
		t.Errorf("the permalink has tokens=%q, want 2B", got)
	}

	lv.typeInto("tokens-per-month", "lots")
	html = lv.html()
	lv.want(html, "tokens-per-month", "value", "lots")
	lv.want(html, "energy-per-month", "data-wh", "200000")
	lv.want(html, "results", "data-current", "no")
	lv.want(html, "tokens-per-month", "aria-invalid", "") // go-app writes true bare
	lv.want(html, "tokens-per-month-msg", "class", "field-error")
	if got := text(html, "tokens-per-month-msg"); !strings.Contains(got, "Enter a number") {
		t.Errorf("#tokens-per-month-msg says %q, want the field's message", got)
	}
	if got := lv.permalink().Get("tokens"); got != "2B" && got != "2000000000" {
		t.Errorf("after a bad value the permalink has tokens=%q, want the last good 2B", got)
	}

	lv.typeInto("tokens-per-month", "3B")
	html = lv.html()
	lv.want(html, "energy-per-month", "data-wh", "300000")
	lv.want(html, "results", "data-current", "yes")
	lv.want(html, "tokens-per-month", "aria-invalid", "false")
	lv.want(html, "tokens-per-month-msg", "class", "hint")
	if got := lv.permalink().Get("tokens"); got != "3B" {
		t.Errorf("after the correction the permalink has tokens=%q, want 3B", got)
	}
}

// pointIs returns whether the chart's point for row is meeting the target
// and whether it is the floor (its classes "meets" and "chosen").
func pointIs(t *testing.T, html, row string) (meets, chosen bool) {
	t.Helper()
	m := regexp.MustCompile(`<g class="([^"]*)" data-row-id="` + regexp.QuoteMeta(row) + `"`).FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("the chart has no point for %s", row)
	}
	classes := strings.Fields(m[1])
	return slices.Contains(classes, "meets"), slices.Contains(classes, "chosen")
}

// rankingEnergy returns the energy cell (J per output token) of model's row
// in the ranking table.
func rankingEnergy(t *testing.T, html, model string) string {
	t.Helper()
	tr := regexp.MustCompile(`<tr[^>]* data-model="` + model + `"[^>]*>.*?</tr>`).FindString(html)
	cells := regexp.MustCompile(`<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(tr, -1)
	if len(cells) < 5 {
		t.Fatalf("the ranking has no row for %s with 5 cells: %q", model, tr)
	}
	return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(cells[4][1], "")
}

// TestTypedTargetMovesTheFloor: a latency target typed moves the floor to
// the configuration it now admits, in the headline, the chart (go-app
// updates it) and the ranking. From the fixture: alpha's a2 (0.36 J, median
// 50 ms) is the floor within 60 ms, a3 (0.1 J, median 100 ms) within 100 ms;
// within 5 ms nothing of alpha's qualifies (a1's median is 10 ms).
func TestTypedTargetMovesTheFloor(t *testing.T) {
	lv := newLive(t, "itl=60&model=alpha")
	html := lv.html()
	lv.want(html, "chosen-config", "data-row-id", "alpha/H100/1/64")
	if meets, chosen := pointIs(t, html, "alpha/H100/1/256"); meets || chosen {
		t.Errorf("within 60 ms a3's point meets %t, chosen %t; want neither", meets, chosen)
	}
	if got := rankingEnergy(t, html, "alpha"); got != "0.360 J" {
		t.Errorf("within 60 ms alpha's ranking row says %q, want 0.360 J", got)
	}

	lv.typeInto("itl-ms", "100")
	html = lv.html()
	lv.want(html, "chosen-config", "data-row-id", "alpha/H100/1/256")
	lv.want(html, "itl-ms", "value", "100")
	if meets, chosen := pointIs(t, html, "alpha/H100/1/256"); !meets || !chosen {
		t.Errorf("within 100 ms a3's point meets %t, chosen %t; want both", meets, chosen)
	}
	if meets, chosen := pointIs(t, html, "alpha/H100/1/64"); !meets || chosen {
		t.Errorf("within 100 ms a2's point meets %t, chosen %t; want it meeting, not chosen", meets, chosen)
	}
	if got := rankingEnergy(t, html, "alpha"); got != "0.100 J" {
		t.Errorf("within 100 ms alpha's ranking row says %q, want 0.100 J", got)
	}
	if got := lv.permalink().Get("itl"); got != "100" {
		t.Errorf("the permalink has itl=%q, want 100", got)
	}
}

// TestChoosingAWorkload: choosing a workload the model shown is not
// measured on shows the workload's model, and says so; a workload the
// dataset lacks is refused and changes nothing. The fixture's gpqa has only
// Beta 70B.
func TestChoosingAWorkload(t *testing.T) {
	lv := newLive(t, "itl=100&model=alpha")
	lv.choose("workload", "no-such-workload")
	if got := lv.permalink().Get("workload"); got != "lm-arena-chat" {
		t.Errorf("after an unknown workload the permalink has workload=%q, want lm-arena-chat still", got)
	}
	lv.want(lv.html(), "chosen-config", "data-row-id", "alpha/H100/1/256")

	lv.choose("workload", "gpqa")
	html := lv.html()
	if got, want := text(html, "results-info"), "Alpha 8B is not measured on this workload; showing Beta 70B."; got != want {
		t.Errorf("#results-info says %q, want %q", got, want)
	}
	// Within 100 ms beta's floor is b2 (0.9 J, median 80 ms).
	lv.want(html, "chosen-config", "data-row-id", "beta/B200/2/128")
	if q := lv.permalink(); q.Get("workload") != "gpqa" || q.Get("model") != "beta" {
		t.Errorf("the permalink has workload=%q model=%q, want gpqa and beta", q.Get("workload"), q.Get("model"))
	}

	// A model chosen afterwards clears the note.
	lv.choose("model", "beta")
	if strings.Contains(lv.html(), `id="results-info"`) {
		t.Error("the note about the model stays after the reader chose one")
	}
}

// TestRankingSelectsAModel: picking a model in the ranking (the table's
// button posts its slug) shows that model's floor; an unknown slug changes
// nothing. Within 100 ms beta's floor is b2 (0.9 J, median 80 ms).
func TestRankingSelectsAModel(t *testing.T) {
	lv := newLive(t, "itl=100&model=alpha")
	lv.post(actionSelectModel, "beta")
	html := lv.html()
	lv.want(html, "chosen-config", "data-row-id", "beta/B200/2/128")
	if got := lv.permalink().Get("model"); got != "beta" {
		t.Errorf("the permalink has model=%q, want beta", got)
	}

	lv.post(actionSelectModel, "gamma")
	lv.want(lv.html(), "chosen-config", "data-row-id", "beta/B200/2/128")
	if got := lv.permalink().Get("model"); got != "beta" {
		t.Errorf("after an unknown model the permalink has model=%q, want beta", got)
	}
}

// TestPresetFillsTheFactors: choosing the Google 2025 preset fills host,
// idle and PUE with its proportions (0.43, 0.17, 1.09) and puts them in the
// permalink; an edit for no field changes nothing.
func TestPresetFillsTheFactors(t *testing.T) {
	lv := newLive(t, "itl=60&model=alpha")
	before := lv.l.query
	lv.typeInto("no-such-field", "1")
	if lv.l.query != before {
		t.Errorf("an edit for no field changed the permalink from %s to %s", before, lv.l.query)
	}
	lv.choose(IDScopePreset, "google-2025")
	html := lv.html()
	for id, want := range map[string]string{"host-overhead": "0.43", "idle-overhead": "0.17", "pue": "1.09"} {
		lv.want(html, id, "value", want)
	}
	q := lv.permalink()
	for param, want := range map[string]string{"host": "0.43", "idle": "0.17", "pue": "1.09"} {
		if got := q.Get(param); got != want {
			t.Errorf("the permalink has %s=%q, want %s", param, got, want)
		}
	}
}
