package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"energyfloor/app/floor"
)

// The hostile payloads set window.__pwned or create #pwned if they ever run
// or render as markup.
const (
	markupPayload = `<img src=x onerror="window.__pwned=1"><b id=pwned>bold</b>`
	scriptPayload = `"><script>window.__pwned=1</script><svg onload="window.__pwned=2" id=pwned>`
)

// hostileValues are what people paste and attackers craft (issue 7).
var hostileValues = []struct{ name, v string }{
	{"markup", markupPayload},
	{"script", scriptPayload},
	// No CR or LF: a text field turns them into spaces as they are typed.
	{"control characters", "1\x00\x07\x1b[31m\t2\x7f\u0085"},
	{"right-to-left marks", "\u202e0001\u202c\u200f"},
	{"full-width digits", "１０００"},
	{"arabic-indic digits", "١٠٠٠"},
	{"devanagari digits", "१००"},
	{"10,000 characters", strings.Repeat("9", 10000)},
	{"10,000 characters of markup", strings.Repeat("<i>", 3334)},
	{"1e309", "1e309"},
	{"-0", "-0"},
	{"0x10", "0x10"},
	{"NaN", "NaN"},
	{"Infinity", "Infinity"},
	{"negative", "-5"},
	{"empty", ""},
}

// notInjected returns "" when no payload ran or rendered as markup.
const notInjected = `(() => {
	const bad = [];
	if (window.__pwned !== undefined) bad.push("window.__pwned=" + window.__pwned);
	if (document.getElementById("pwned")) bad.push("#pwned exists: " + document.getElementById("pwned").outerHTML.slice(0, 80));
	for (const el of document.querySelectorAll("img, script, svg, i"))
		if ((el.getAttribute("src") || "") === "x" || /__pwned/.test(el.outerHTML)) bad.push("injected " + el.outerHTML.slice(0, 80));
	return bad.join("; ");
})()`

// noticeJS returns the text of a visible notice about the URL (role=alert
// or role=status, or an element whose id or class says notice), or "".
const noticeJS = `(() => {
	for (const el of document.querySelectorAll('[role=alert], [role=status], #notice, .notice, [id*=notice], [class*=notice]')) {
		const r = el.getBoundingClientRect();
		if (r.width > 0 && r.height > 0 && el.textContent.trim() !== "") return el.textContent.trim().slice(0, 300);
	}
	return "";
})()`

var params = []string{"workload", "tokens", "output", "itl", "pct", "gpu", "model"}

// TestHostileURLParametersBrowser opens permalinks with hostile values (all
// parameters at once, and a script payload in each parameter alone) and
// checks: a visible notice, results still shown, nothing executed or
// rendered as markup, no console error. Each link is followed within the
// running app (liveApp), as a reader follows links, after the plain page,
// so that the notice read is the link's own.
func TestHostileURLParametersBrowser(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	check := func(t *testing.T, q url.Values) {
		t.Helper()
		b := liveApp(t, "/", 1280, 900)
		if _, err := Poll[bool](b, `!(`+noticeJS+`)`, 5*time.Second); err != nil {
			t.Fatalf("the plain page kept a notice: %v", err)
		}
		followLink(t, b, base, "/?"+q.Encode())
		if notice, err := Poll[string](b, noticeJS, 3*time.Second); err != nil || notice == "" {
			t.Errorf("no visible notice about the bad parameters (%v)", err)
		} else if len(notice) > 0 {
			t.Logf("notice: %.120s", notice)
		}
		if bad, err := Eval[string](b, notInjected); err != nil || bad != "" {
			t.Errorf("hostile input ran or rendered: %s (err %v)", bad, err)
		}
		requireVisible(t, b, selPerMonth, true)
		if _, _, err := readWh(b, selPerMonth); err != nil {
			t.Error(err)
		}
	}
	for _, h := range hostileValues {
		t.Run("every parameter="+h.name, func(t *testing.T) {
			q := url.Values{}
			for _, p := range params {
				q.Set(p, h.v)
			}
			check(t, q)
		})
	}
	for _, p := range params {
		t.Run(p+"=script", func(t *testing.T) {
			check(t, url.Values{p: {scriptPayload}})
		})
	}
}

// fieldParsers are the app's own parsers for the typed fields: the oracle
// for which values are good.
var fieldParsers = map[string]func(string) error{
	selRequests: func(s string) error { _, err := floor.ParseRequestsPerMonth(s); return err },
	selTokens:   func(s string) error { _, err := floor.ParseTokensPerMonth(s); return err },
	selOutput:   func(s string) error { _, err := floor.ParseOutputTokens(s); return err },
	selITL:      func(s string) error { _, err := floor.ParseITLMs(s); return err },
}

// mustReject are values no number field may accept.
var mustReject = map[string]bool{
	"markup": true, "script": true, "10,000 characters": true, "10,000 characters of markup": true, "1e309": true,
	"-0": true, "0x10": true, "NaN": true, "Infinity": true, "negative": true, "empty": true,
}

// TestHostileFieldInput types every hostile value into a number field, and
// the markup and script payloads into every one (typedInto). A rejected
// value shows a message next to its field, keeps the typed text, and leaves
// every other field and the last good results as they were; a value the
// app's parser accepts gives the CLI's results for it.
func TestHostileFieldInput(t *testing.T) {
	b := openApp(t, "/")
	goodText := map[string]string{}
	for _, sel := range []string{selTokens, selOutput, selITL, selRequests} {
		v, err := fieldValue(b, sel)
		if err != nil || v == "<missing>" {
			t.Fatalf("reading %s: %q, %v", sel, v, err)
		}
		goodText[sel] = v
	}
	goodReq, _, err1 := b.Attr(selPerRequest, "data-wh")
	goodMon, _, err2 := b.Attr(selPerMonth, "data-wh")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}

	// Requests per month last: a good value there makes the monthly tokens
	// the derived field.
	fields := []string{selTokens, selOutput, selITL, selRequests}
	for f, sel := range fields {
		for i, h := range hostileValues {
			if !typedInto(i, h.name, f, len(fields)) {
				continue
			}
			t.Run(sel+"="+h.name, func(t *testing.T) {
				before := readState(t, b)
				reqBefore, _, err1 := b.Attr(selPerRequest, "data-wh")
				monBefore, _, err2 := b.Attr(selPerMonth, "data-wh")
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if err := b.Type(sel, h.v); err != nil {
					t.Fatal(err)
				}
				// What the browser keeps of the typed text (an <input>
				// drops line breaks).
				kept, err := Eval[string](b, fmt.Sprintf(`(() => { const i = document.createElement("input"); i.value = %s; return i.value; })()`, jsString(h.v)))
				if err != nil {
					t.Fatal(err)
				}
				accepted := fieldParsers[sel](kept) == nil
				if mustReject[h.name] && accepted {
					t.Errorf("the app's parser accepts %q in %s", h.v, sel)
				}
				switch {
				case accepted && sel == selRequests:
					t.Logf("%s accepts %q", sel, kept)
				case accepted:
					after := before
					setField(&after, sel, kept)
					waitResults(t, b, cliExpect(t, after), 5*time.Second)
				default:
					msg, err := Poll[string](b, fieldMessageJS(sel), 3*time.Second)
					if err != nil || msg == "" {
						t.Errorf("no message next to %s after typing %.40q: %v", sel, h.v, err)
					} else {
						t.Logf("message: %.100s", msg)
					}
					time.Sleep(100 * time.Millisecond)
					if got, _, _ := b.Attr(selPerRequest, "data-wh"); got != reqBefore {
						t.Errorf("%s data-wh changed from %s to %s on bad input", selPerRequest, reqBefore, got)
					}
					if got, _, _ := b.Attr(selPerMonth, "data-wh"); got != monBefore {
						t.Errorf("%s data-wh changed from %s to %s on bad input", selPerMonth, monBefore, got)
					}
					requireVisible(t, b, selPerMonth, true)
				}
				if bad, err := Eval[string](b, notInjected); err != nil || bad != "" {
					t.Errorf("hostile input ran or rendered: %s (err %v)", bad, err)
				}
				if got, err := fieldValue(b, sel); err != nil || got != kept {
					t.Errorf("%s lost what was typed: %q (%d runes), want %q (%d runes) (err %v)", sel, trunc(got), len([]rune(got)), trunc(kept), len([]rune(kept)), err)
				}
				now := readState(t, b)
				for _, other := range []string{selWorkload, selTokens, selOutput, selITL, selPercentile, selGPU, selModel} {
					if !accepted && other != sel && fieldOf(now, other) != fieldOf(before, other) {
						t.Errorf("typing into %s changed %s from %q to %q", sel, other, fieldOf(before, other), fieldOf(now, other))
					}
				}
				// Back to a good value: the message goes and the results follow.
				if err := b.Type(sel, goodText[sel]); err != nil {
					t.Fatal(err)
				}
				if _, err := Poll[bool](b, fmt.Sprintf(`document.querySelector(%s)?.getAttribute("data-wh") === %s && document.querySelector(%s)?.getAttribute("data-wh") === %s`,
					jsString(selPerRequest), jsString(goodReq), jsString(selPerMonth), jsString(goodMon)), 5*time.Second); err != nil {
					t.Errorf("after typing back %q into %s the results did not return to %s Wh and %s Wh: %v", goodText[sel], sel, goodReq, goodMon, err)
				}
				if _, err := Poll[bool](b, fieldMessageJS(sel)+` === ""`, 3*time.Second); err != nil {
					msg, _ := Eval[string](b, fieldMessageJS(sel))
					t.Errorf("the message next to %s stayed after a good value: %q (%v)", sel, msg, err)
				}
			})
		}
	}
}

// typedInto says whether TestHostileFieldInput types the i-th of
// hostileValues, named name, into the f-th of its n fields. The fields are
// one mechanism, the table of fields (app/link) that the app reads every
// edit through, so each value is typed into one of them in turn, and the
// payloads that could run or render as markup into each: a field draws its
// text and message in its own place. Which values each field's parser
// accepts is the Go tests' (app/floor, and FuzzParseNumber).
func typedInto(i int, name string, f, n int) bool {
	return i%n == f || name == "markup" || name == "script"
}

// fieldMessageJS returns the text of the visible error message of the field
// sel: the element its aria-describedby or aria-errormessage names (or
// #<id>-error), when the field is aria-invalid; "" when there is none.
func fieldMessageJS(sel string) string {
	return fmt.Sprintf(`(() => {
		const f = document.querySelector(%s);
		if (!f || f.getAttribute("aria-invalid") !== "true") return "";
		const ids = ((f.getAttribute("aria-errormessage") || "") + " " + (f.getAttribute("aria-describedby") || "") + " " + f.id + "-error").split(/\s+/).filter(Boolean);
		const fr = f.getBoundingClientRect();
		for (const id of ids) {
			const m = document.getElementById(id);
			if (!m) continue;
			const r = m.getBoundingClientRect();
			const text = m.textContent.trim();
			// Next to the field: within 150 px of it.
			if (r.width > 0 && r.height > 0 && text !== "" && Math.abs(r.top - fr.bottom) < 150) return text;
		}
		return "";
	})()`, jsString(sel))
}

func fieldOf(in inputs, sel string) string {
	switch sel {
	case selWorkload:
		return in.Workload
	case selTokens:
		return in.Tokens
	case selOutput:
		return in.Output
	case selITL:
		return in.ITL
	case selPercentile:
		return in.Pct
	case selGPU:
		return in.GPU
	case selModel:
		return in.Model
	}
	return ""
}

func setField(in *inputs, sel, v string) {
	switch sel {
	case selTokens:
		in.Tokens = v
	case selOutput:
		in.Output = v
	case selITL:
		in.ITL = v
	}
}

// trunc shortens s for a message.
func trunc(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
