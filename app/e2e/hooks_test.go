package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// The stable hooks app/ui's package doc (app/ui/doc.go) lists for scripts, tests and embedders.
const (
	selWorkload   = "#workload"
	selTokens     = "#tokens-per-month"
	selOutput     = "#output-tokens"
	selITL        = "#itl-ms"
	selPercentile = "#percentile"
	selGPU        = "#gpu"
	selModel      = "#model"
	// selRequests is the requests-per-month field, linked to the monthly
	// tokens through the average output length.
	selRequests = "#requests-per-month"

	selPerRequest = "#energy-per-request"
	selPerMonth   = "#energy-per-month"
	selChosen     = "#chosen-config"
	selCaveat     = "#caveat"
	selCitation   = "#citation"
)

// inputs is one state of the calculator, as URL parameters and CLI flags
// spell it; "" leaves a parameter out.
type inputs struct {
	Workload, Tokens, Output, ITL, Pct, GPU, Model string
}

// cliArgs returns the CLI's flags for in, but for the model (a ranking
// covers every model; -model limits it).
func (in inputs) cliArgs() []string {
	var args []string
	for _, f := range []struct{ flag, v string }{
		{"-workload", in.Workload}, {"-tokens", in.Tokens}, {"-output-tokens", in.Output}, {"-itl-ms", in.ITL},
		{"-percentile", in.Pct}, {"-gpu", in.GPU},
	} {
		if f.v != "" {
			args = append(args, f.flag, f.v)
		}
	}
	return args
}

// query returns the permalink query (?workload=&tokens=&…).
func (in inputs) query() string {
	v := url.Values{}
	for _, p := range []struct{ k, v string }{
		{"workload", in.Workload}, {"tokens", in.Tokens}, {"output", in.Output}, {"itl", in.ITL},
		{"pct", in.Pct}, {"gpu", in.GPU}, {"model", in.Model},
	} {
		if p.v != "" {
			v.Set(p.k, p.v)
		}
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// expected is what the CLI says the selected model's floor is.
type expected struct {
	WhPerRequest decimal.Decimal
	WhPerMonth   decimal.Decimal
	Meets        bool
	GPU          string
	Raw          string
}

// cliResult is one entry of `energyfloor -json`'s results (the contract in
// cmd/energyfloor's package doc); the numbers stay as written.
type cliResult struct {
	ModelID              string          `json:"model_id"`
	Model                string          `json:"model"`
	Slug                 string          `json:"slug"`
	GPU                  string          `json:"gpu"`
	RowID                json.RawMessage `json:"row_id"`
	JoulesPerOutputToken json.Number     `json:"joules_per_output_token"`
	WhPerRequest         json.Number     `json:"wh_per_request"`
	KWhPerMonth          json.Number     `json:"kwh_per_month"`
	// ReachableITLMs is, when nothing meets the target, the lowest latency
	// the model reaches on this GPU.
	ReachableITLMs *json.Number `json:"reachable_itl_ms"`
}

// cliExpect runs `energyfloor -json` for in and returns the floor of the
// selected model over the GPUs in allows: the lowest joules per output token
// among the results that meet the target, or, when none does, the result
// that comes closest (the lowest reachable latency; its floor is the one at
// that latency).
func cliExpect(t testing.TB, in inputs) expected {
	t.Helper()
	want, err := cliTry(t, in)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// cliTry is cliExpect returning the CLI's refusal (such as a model the
// workload does not have) as an error.
func cliTry(t testing.TB, in inputs) (expected, error) {
	t.Helper()
	args := append([]string{"-json"}, in.cliArgs()...)
	if in.Model != "" {
		args = append(args, "-model", in.Model)
	}
	code, stdout, stderr := cliRunner(t)(args...)
	if code != 0 {
		return expected{}, fmt.Errorf("energyfloor %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	var out struct {
		Results []cliResult `json:"results"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("energyfloor %s: decoding its JSON: %v\n%s", strings.Join(args, " "), err, stdout)
	}
	var mine []cliResult
	for _, r := range out.Results {
		if in.Model == "" || r.Slug == in.Model || r.ModelID == in.Model {
			mine = append(mine, r)
		}
	}
	if len(mine) == 0 {
		t.Fatalf("energyfloor %s: no result for model %q in\n%s", strings.Join(args, " "), in.Model, stdout)
	}
	var best *cliResult
	var bestJ decimal.Decimal
	for i := range mine {
		r := &mine[i]
		if len(r.RowID) == 0 || string(r.RowID) == "null" {
			continue
		}
		j := mustDecimal(t, r.JoulesPerOutputToken)
		if best == nil || j.LessThan(bestJ) {
			best, bestJ = r, j
		}
	}
	meets := best != nil
	if best == nil {
		var bestITL decimal.Decimal
		for i := range mine {
			r := &mine[i]
			if r.ReachableITLMs == nil {
				t.Fatalf("energyfloor %s: %s on %s meets nothing but has no reachable_itl_ms", strings.Join(args, " "), r.Slug, r.GPU)
			}
			itl := mustDecimal(t, *r.ReachableITLMs)
			if best == nil || itl.LessThan(bestITL) {
				best, bestITL = r, itl
			}
		}
	}
	raw, _ := json.Marshal(best)
	return expected{
		WhPerRequest: mustDecimal(t, best.WhPerRequest),
		WhPerMonth:   mustDecimal(t, best.KWhPerMonth).Mul(decimal.NewFromInt(1000)),
		Meets:        meets,
		GPU:          best.GPU,
		Raw:          string(raw),
	}, nil
}

func mustDecimal(t testing.TB, n json.Number) decimal.Decimal {
	t.Helper()
	d, err := decimal.NewFromString(string(n))
	if err != nil {
		t.Fatalf("not a decimal: %q: %v", n, err)
	}
	return d
}

// readWh reads the data-wh of sel as a decimal.
func readWh(b *Browser, sel string) (decimal.Decimal, string, error) {
	v, ok, err := b.Attr(sel, "data-wh")
	if err != nil {
		return decimal.Decimal{}, "", err
	}
	if !ok {
		return decimal.Decimal{}, "", fmt.Errorf("%s has no data-wh attribute", sel)
	}
	d, err := decimal.NewFromString(v)
	if err != nil {
		return decimal.Decimal{}, v, fmt.Errorf("%s data-wh=%q is not a plain decimal: %w", sel, v, err)
	}
	return d, v, nil
}

// resultsAre reports whether both results' data-wh equal want.
func resultsAre(b *Browser, want expected) bool {
	req, _, err1 := readWh(b, selPerRequest)
	mon, _, err2 := readWh(b, selPerMonth)
	return err1 == nil && err2 == nil && req.Equal(want.WhPerRequest) && mon.Equal(want.WhPerMonth)
}

// waitResults waits until both results' data-wh equal want (as decimals)
// and reports what the page shows when they never do.
func waitResults(t testing.TB, b *Browser, want expected, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		req, reqRaw, err1 := readWh(b, selPerRequest)
		mon, monRaw, err2 := readWh(b, selPerMonth)
		if err1 == nil && err2 == nil && req.Equal(want.WhPerRequest) && mon.Equal(want.WhPerMonth) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("results never matched the CLI within %v:\n  %s data-wh=%q (err %v), want %s\n  %s data-wh=%q (err %v), want %s (CLI kwh_per_month × 1000)\n  CLI entry: %s",
				timeout, selPerRequest, reqRaw, err1, want.WhPerRequest, selPerMonth, monRaw, err2, want.WhPerMonth, want.Raw)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// wasmStarted is true once go-app's Go side has replaced the JavaScript
// stubs (goappNav is a Go function from then on).
const wasmStarted = `typeof window.goappNav === "function" && String(window.goappNav).replace(/\s/g, "") !== "function(){}"`

// waitInteractive waits until the app has replaced the prerendered page
// (#calculator.live), the results exist and the lower sections are live (no
// longer the prerendered copies: data-below). The wasm having started is not
// enough: the start-up yields to the browser while the prerendered page
// still stands.
//
// The embed starts its app only on the reader's first use (web/boot.js):
// on the embed it first presses Shift, a use with no other effect.
func waitInteractive(t testing.TB, b *Browser) {
	t.Helper()
	useEmbed(t, b)
	if _, err := Poll[bool](b, wasmStarted+` && !!document.querySelector("#calculator.live") && !!document.querySelector("`+selPerMonth+`[data-wh]") && !!document.querySelector("`+selTokens+`") && !document.querySelector("#calculator[data-below]")`, 30*time.Second); err != nil {
		t.Fatalf("the app never became interactive: %v\nconsole: %s", err, strings.Join(b.ConsoleErrors(), "\n"))
	}
}

// useEmbed presses Shift in an embed that has not started, as a reader's
// first key would: the embed starts the app on its first use.
func useEmbed(t testing.TB, b *Browser) {
	t.Helper()
	if embed, err := Eval[bool](b, `document.documentElement.dataset.page === "embed" && !(`+wasmStarted+`)`); err == nil && embed {
		if err := chromedp.Do(b.Ctx, chromedp.KeyEvent(kb.Shift)); err != nil {
			t.Fatalf("pressing Shift in the embed: %v", err)
		}
	}
}

// visibleJS returns "" when the element matching sel is visible and not
// covered (the element at its centre is itself or inside it) and holds a
// digit, else what is wrong.
func visibleJS(sel string, needDigits bool) string {
	return fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		if (!el) return "missing";
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) return "zero size";
		const cs = getComputedStyle(el);
		if (cs.visibility === "hidden" || cs.display === "none" || +cs.opacity === 0) return "hidden by style";
		const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
		if (!hit || !(hit === el || el.contains(hit))) return "covered by " + (hit ? hit.outerHTML.slice(0, 160) : "nothing");
		if (%v && !/[0-9]/.test(el.textContent)) return "no number in " + JSON.stringify(el.textContent.slice(0, 200));
		return "";
	})()`, jsString(sel), needDigits)
}

// requireVisible fails t unless sel is visible, uncovered (and holds a number).
func requireVisible(t testing.TB, b *Browser, sel string, needDigits bool) {
	t.Helper()
	msg, err := Eval[string](b, visibleJS(sel, needDigits))
	if err != nil {
		t.Fatalf("checking %s: %v", sel, err)
	}
	if msg != "" {
		t.Errorf("%s is not visible: %s", sel, msg)
	}
}

// fieldValue returns the value of the form control matching sel.
func fieldValue(b *Browser, sel string) (string, error) {
	return Eval[string](b, fmt.Sprintf(`document.querySelector(%s)?.value ?? "<missing>"`, jsString(sel)))
}

// sameNumber reports whether a field's text and a URL parameter are the
// same number, in whatever form the app's number parser accepts ("2.5B" and
// "2,500,000,000").
func sameNumber(field, param string) bool {
	x, err1 := floor.ParseNumber(field)
	y, err2 := floor.ParseNumber(param)
	return err1 == nil && err2 == nil && x.Equal(y)
}
