package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// readSetApart lists, in #calculator, each text shown with a figure (a
// number with a unit, a percentage or "times the floor") that is not set
// apart as not current: neither struck through nor faded by itself or an
// ancestor. A figure set apart outside #results, whose own line says which
// inputs its figures are for, must sit in a section whose ::before says in
// words that they are not for the fields' values. The texts that do not
// follow the inputs are passed over: the line naming the inputs, the
// caveat, figures others published and their details, sources and hints.
// With current figures it lists instead any such words that show.
const readSetApart = `(() => {
	const figure = /\d\s*(?:[kMGT]?Wh\b|J\b|k?gCO2e|×|%|ms\b|s\b|W\b|EUR|times the floor)/;
	const fixed = '#results-for, #caveat, #published-figures > li:not([id^="published-ours"]), .published-detail, #equivalents a, .hint, select, #notices, #version-notice';
	const root = document.getElementById("calculator");
	const current = document.getElementById("results").dataset.current !== "no";
	const note = (el) => getComputedStyle(el, "::before").content;
	const out = [];
	if (current) {
		for (const el of root.querySelectorAll("*")) if (note(el).includes("Not for the values")) out.push("with current figures, " + (el.id || el.className) + " says they are not");
		return out;
	}
	const apart = (el) => {
		for (let e = el; e; e = e.parentElement) {
			const cs = getComputedStyle(e);
			if (cs.textDecorationLine.includes("line-through") || parseFloat(cs.opacity) <= 0.6) return true;
		}
		return false;
	};
	const said = (el) => {
		if (el.closest("#results")) return true;
		const summary = el.closest("#figures-summary, #figures-summary-factors");
		if (summary) return summary.querySelector(".summary-stale").checkVisibility();
		for (let e = el; e && e !== root; e = e.parentElement) if (note(e).includes("Not for the values")) return true;
		return false;
	};
	const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const el = n.parentElement;
		if (!figure.test(n.data) || el.closest(fixed) || !el.checkVisibility()) continue;
		const where = (el.closest("[id]") || {}).id + ": " + n.data.trim().slice(0, 60);
		if (!apart(el)) out.push("not set apart: " + where);
		else if (!said(el)) out.push("set apart, but no words say so near it: " + where);
	}
	return out;
})()`

// TestEveryFigureSetApart: with a bad value in a field, every figure on the
// page that follows the inputs, in the results, the published figures,
// Beyond the GPU, the ranking and the charts, is struck through or faded,
// and each section outside the results says so in words, and a download is
// refused, next to its buttons; once the value is corrected, none is. On a
// token and an image page, with a bad volume and a bad factor, each laid
// out at 1280 and then 375 px: each case's link followed in one running app
// (liveApp).
func TestEveryFigureSetApart(t *testing.T) {
	for _, tc := range []struct {
		name, path, field, bad, good string
		param                        string // the address's parameter for field
	}{
		{"tokens", "/?grid=DEU&price=0.3&cur=EUR", selTokens, "abc", "2B", "tokens"},
		{"a factor", "/?grid=DEU&price=0.3&cur=EUR&pue=1.2", "#pue", "0.9", "1.1", "pue"},
		{"images", "/?workload=text-to-image&grid=USA&price=0.2&cur=USD", selRequests, "12abc", "3M", "requests"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := liveApp(t, tc.path, 1280, 900)
			emulateViewport(t, b, 1280, 800, false)
			waitCurrent(t, b, "yes", 5*time.Second)
			if err := b.Type(tc.field, tc.bad); err != nil {
				t.Fatal(err)
			}
			waitCurrent(t, b, "no", 5*time.Second)
			for _, w := range []int64{1280, 375} {
				emulateViewport(t, b, w, 800, w < 500)
				requireInnerWidth(t, b, int(w))
				saveShot(t, b, fmt.Sprintf("set-apart-%s-%d.png", tc.name, w))
				if out, err := Eval[[]string](b, readSetApart); err != nil || len(out) > 0 {
					t.Errorf("with %q in %s, at %d px:\n%s\n%v", tc.bad, tc.field, w, strings.Join(out, "\n"), err)
				}
			}
			// Nor does a download give the last good figures.
			if _, err := Eval[bool](b, `document.getElementById("export-json").click(), true`); err != nil {
				t.Fatal(err)
			}
			const refused = "Not downloaded: the figures are not for the values in the fields. Correct the marked field first."
			if _, err := Poll[bool](b, `document.getElementById("export-failed")?.textContent === `+jsString(refused), 5*time.Second); err != nil {
				t.Errorf("a download with %q in %s: #export-failed does not say %q (%v)", tc.bad, tc.field, refused, err)
			}
			if err := b.Type(tc.field, tc.good); err != nil {
				t.Fatal(err)
			}
			waitCurrent(t, b, "yes", 5*time.Second)
			if out, err := Eval[[]string](b, readSetApart); err != nil || len(out) > 0 {
				t.Errorf("with %q in %s:\n%s\n%v", tc.good, tc.field, strings.Join(out, "\n"), err)
			}
			// The address takes the corrected value once typing pauses;
			// the next case's link is followed after that.
			if _, err := Poll[bool](b, fmt.Sprintf(`new URLSearchParams(location.search).get(%s) === %s`, jsString(tc.param), jsString(tc.good)), 5*time.Second); err != nil {
				t.Errorf("the address %q never took %s=%s: %v", pageQuery(t, b), tc.param, tc.good, err)
			}
		})
	}
}
