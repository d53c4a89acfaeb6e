package e2e

import (
	"strings"
	"testing"
	"time"
)

// lowerFrames is injected before the page's scripts: from DOMContentLoaded it
// keeps the prerendered lower sections' text and records, every animation
// frame for 3 s, which of them the page lacks and whether its root is live
// (go-app's tree) and still shows the prerendered copies (data-below).
const lowerFrames = `(() => {
  if (location.protocol !== "http:") return;
  const sel = {ranking: "#ranking-table tbody tr", chart: "#chart svg", config: "#config-details", embed: "#embed-snippet", footer: "#calculator > .site-footer",
    published: "#results #published-figures", equivalents: "#results #equivalents"};
  // Without whitespace: the prerendered HTML is indented, go-app's tree is not.
  const norm = (s) => s.replace(/\s+/g, "");
  const of = (s) => norm(document.querySelector(s)?.textContent ?? "");
  const text = () => ({ranking: of("#ranking-table"), chart: of("#chart"), published: of("#results .published"), equivalents: of("#equivalents")});
  const rec = (window.__lower = {frames: 0, copies: 0, missing: [], pre: null, live: null});
  const frame = () => {
    const root = document.querySelector("#calculator");
    if (root && root.classList.contains("live")) {
      rec.frames++;
      if (root.dataset.below === "prerendered") rec.copies++;
      else if (!rec.live) rec.live = text();
      for (const [k, s] of Object.entries(sel)) if (!document.querySelector(s)) rec.missing.push(k + " at " + Math.round(performance.now()) + " ms");
    }
    if (performance.now() < 8000) requestAnimationFrame(frame);
  };
  document.addEventListener("DOMContentLoaded", () => { rec.pre = text(); requestAnimationFrame(frame); }, {once: true});
})();`

type lowerRecord struct {
	Frames, Copies int
	Missing        []string
	Pre, Live      struct{ Ranking, Chart, Published, Equivalents string }
}

// TestLowerSectionsShownThroughout: the first page the wasm draws shows the
// prerendered ranking, chart, configuration table, embed panel and footer,
// and the results' published figures and equivalents, as they are (its
// start renders and ranks only the rest), then the live sections replace
// them; no frame lacks any of them, and the live ones say what the
// prerendered ones said. The live sections then work: a sort header sorts.
func TestLowerSectionsShownThroughout(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.AddScriptOnNewDocument(lowerFrames); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(base + "/?tokens=2B&itl=80&workload=gpqa"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	rec, err := Poll[lowerRecord](b, `window.__lower.live ? window.__lower : null`, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Copies == 0 {
		t.Errorf("no frame of the live page showed the prerendered lower sections (%d live frames)", rec.Frames)
	}
	if len(rec.Missing) > 0 {
		t.Errorf("frames of the live page lacked lower sections: %s", strings.Join(rec.Missing, ", "))
	}
	for _, s := range []struct{ name, pre, live string }{{"ranking", rec.Pre.Ranking, rec.Live.Ranking}, {"chart", rec.Pre.Chart, rec.Live.Chart},
		{"published figures", rec.Pre.Published, rec.Live.Published}, {"equivalents", rec.Pre.Equivalents, rec.Live.Equivalents}} {
		if s.pre == "" || s.live != s.pre {
			i := 0
			for i < len(s.pre) && i < len(s.live) && s.pre[i] == s.live[i] {
				i++
			}
			from := max(0, i-80)
			t.Errorf("the live %s differs from the prerendered one at byte %d:\n  live: …%.200s\n  pre:  …%.200s", s.name, i, s.live[from:], s.pre[from:])
		}
	}
	if _, err := Eval[bool](b, `(document.querySelector('#ranking-table button[data-sort="energy"]').click(), true)`); err != nil {
		t.Fatal(err)
	}
	if _, err := Poll[bool](b, `document.querySelector("#ranking-table th[aria-sort]")?.querySelector("button")?.dataset.sort === "energy"`, 5*time.Second); err != nil {
		t.Errorf("the live ranking's energy header did not sort: %v", err)
	}
}

// TestResultsPaintBeforeTheLowerSections holds back the split stylesheet the
// prerendered page links before its lower sections: the results are then
// painted and visible while the page has no ranking yet (the browser renders
// what precedes a stylesheet in the body while it loads); let through, the
// rest of the page follows, and the live page the wasm draws does without
// the link. For the server, and for the static build under its sub-path.
func TestResultsPaintBeforeTheLowerSections(t *testing.T) {
	eachSite(t, func(t *testing.T, b *Browser, base string) {
		release := navigateHolding(t, b, base+"/?tokens=2B", "*split.css*", "the split stylesheet")
		const early = `(() => {
			const painted = performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint");
			const el = document.querySelector("#energy-per-month");
			return painted && !!el && /[0-9]/.test(el.textContent) && !document.querySelector("#ranking");
		})()`
		if _, err := Poll[bool](b, early, 10*time.Second); err != nil {
			t.Fatalf("with the split stylesheet held back, the results were never painted before the ranking existed: %v", err)
		}
		if msg, err := Eval[string](b, visibleJS(selPerMonth, true)); err != nil || msg != "" {
			t.Fatalf("#energy-per-month is not visible before the lower sections: %q %v", msg, err)
		}
		release()
		if _, err := Poll[bool](b, `!!document.querySelector("#ranking-table tbody tr") && !!document.querySelector("#chart svg")`, 10*time.Second); err != nil {
			t.Fatalf("the lower sections never followed the split stylesheet: %v", err)
		}
		waitInteractive(t, b)
		if n, err := Eval[int](b, `document.querySelectorAll('link[href$="split.css"]').length`); err != nil || n != 0 {
			t.Errorf("the live page has %d split links (%v), want none", n, err)
		}
	})
}

// staleFrames is injected before the page's scripts: every animation frame
// for 30 s in which the live page still shows prerendered copies, it records
// the text of each copy the reader can see (outside [data-stale], which the
// stylesheet hides) and how many are hidden.
const staleFrames = `(() => {
  if (location.protocol !== "http:") return;
  const sel = {ranking: "#ranking-table", published: "#results .published", equivalents: "#equivalents"};
  const norm = (s) => s.replace(/\s+/g, "");
  const rec = (window.__stale = {copyFrames: 0, hidden: 0, seen: {}});
  const frame = () => {
    const root = document.querySelector("#calculator");
    if (root && root.classList.contains("live") && root.dataset.below === "prerendered") {
      rec.copyFrames++;
      for (const [k, s] of Object.entries(sel)) {
        const el = document.querySelector(s);
        if (!el) continue;
        if (el.closest("[data-stale]")) rec.hidden++;
        else (rec.seen[k] ??= []).push(norm(el.textContent));
      }
    }
    if (performance.now() < 30000) requestAnimationFrame(frame);
  };
  document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(frame), {once: true});
})();`
