//go:build !wasm

package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handle runs fn as go-app runs an event's handler (in a dispatch, with the
// calculator's context) and lets go-app update the page.
func (lv *live) handle(fn func(ctx app.Context)) {
	lv.l.ctx.Dispatch(fn)
	lv.e.ConsumeAll()
}

// TestSelectPostsTheChosenOption: choosing the workload select's second
// option (the fixture's gpqa, whose only model is Beta 70B) switches the
// page to it; an index outside the options, as a select with nothing
// chosen gives, changes nothing.
func TestSelectPostsTheChosenOption(t *testing.T) {
	lv := newLive(t, "itl=100&model=alpha")
	f := &selectField{ID: "workload", Options: lv.l.workloadChoices}
	if len(f.Options) != 2 || f.Options[1].Value != "gpqa" {
		t.Fatalf("the workload select's options are %v, want lm-arena-chat then gpqa", f.Options)
	}
	for _, i := range []int{-1, 2} {
		lv.handle(func(ctx app.Context) { f.choose(ctx, i) })
		if got := lv.permalink().Get("workload"); got != "lm-arena-chat" {
			t.Errorf("option %d: the workload is %q, want lm-arena-chat still", i, got)
		}
	}
	lv.handle(func(ctx app.Context) { f.choose(ctx, 1) })
	html := lv.html()
	if q := lv.permalink(); q.Get("workload") != "gpqa" || q.Get("model") != "beta" {
		t.Errorf("after choosing option 1 the permalink has workload=%q model=%q, want gpqa and beta", q.Get("workload"), q.Get("model"))
	}
	// Within 100 ms beta's floor is b2 (0.9 J, median 80 ms).
	lv.want(html, "chosen-config", "data-row-id", "beta/B200/2/128")
}

// TestSliderWritesTheTarget: moving the latency slider to position 500
// (the geometric middle of 5 to 2,000 ms: 100 ms) writes 100 into the
// target field and moves alpha's floor to a3 (0.1 J, median 100 ms); a
// value that is no position changes nothing.
func TestSliderWritesTheTarget(t *testing.T) {
	lv := newLive(t, "itl=60&model=alpha")
	s := &latencySlider{}
	lv.handle(func(ctx app.Context) { s.slide(ctx, "") })
	if got := lv.permalink().Get("itl"); got != "60" {
		t.Errorf("a slider value that is no position moved the target to %q", got)
	}
	lv.handle(func(ctx app.Context) { s.slide(ctx, "500") })
	html := lv.html()
	lv.want(html, "itl-ms", "value", "100")
	lv.want(html, "chosen-config", "data-row-id", "alpha/H100/1/256")
	lv.want(html, "itl-range", "value", "500")
	if got := lv.permalink().Get("itl"); got != "100" {
		t.Errorf("after the slider the permalink has itl=%q, want 100", got)
	}
}
