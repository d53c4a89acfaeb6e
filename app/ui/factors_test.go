//go:build !wasm

package ui

import (
	"energyfloor/app/floor/floortest"
	"energyfloor/app/link"
	"net/url"
	"strings"
	"testing"
)

// TestDecodeFactors decodes the factors' URL parameters: good values set the
// factors and their fields; a bad number stays in its field with its
// message; an unknown grid falls back to none with a notice; the user's own
// intensity overrides a bundled one; and the permalink decodes to the same
// factors.
func TestDecodeFactors(t *testing.T) {
	ds := floortest.Dataset()
	tests := []struct {
		name, query                             string
		host, idle, pue, gco2, price, cur, grid string // the factors ("" when unset)
		gridChoice, preset                      string
		errs                                    map[link.Field]string
		notices                                 int
		given                                   bool
	}{
		{name: "none", query: "itl=60", pue: "0", preset: "gpu-only"},
		{name: "the Google preset on Germany, with a price", query: "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR",
			host: "0.43", idle: "0.17", pue: "1.09", price: "0.12", cur: "EUR", grid: "DEU", gridChoice: "DEU", preset: "google-2025", given: true},
		{name: "the user's own intensity overrides the grid", query: "grid=DEU&gco2=400",
			pue: "0", gco2: "400", gridChoice: "custom", preset: "gpu-only", given: true},
		{name: "bad values", query: "pue=0.5&host=43%25&gco2=3000&grid=ATLANTIS",
			pue: "0", preset: "gpu-only", given: true, notices: 1,
			errs: map[link.Field]string{link.FieldPUE: "Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09.",
				link.FieldGCO2: "Must be between 0 and 2,000 gCO2e/kWh."}},
		{name: "zero is a value for price and intensity", query: "gco2=0&price=0",
			pue: "0", gco2: "0", price: "0", gridChoice: "custom", preset: "gpu-only", given: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			f, notices := link.DecodeQuery(ds, q)
			fa := f.In.Factors
			gco2, price, grid := "", "", ""
			if fa.CustomGCO2ePerKWh.Valid {
				gco2 = fa.CustomGCO2ePerKWh.Decimal.String()
			}
			if fa.PricePerKWh.Valid {
				price = fa.PricePerKWh.Decimal.String()
			}
			if g, ok := fa.GridUsed(); ok {
				grid = g.Code
			}
			host, idle := fa.Host.String(), fa.Idle.String()
			if fa.Host.IsZero() {
				host = ""
			}
			if fa.Idle.IsZero() {
				idle = ""
			}
			got := []string{host, idle, fa.PUE.String(), gco2, price, fa.Currency, grid, f.GridChoice, f.PresetChoice()}
			want := []string{tt.host, tt.idle, tt.pue, tt.gco2, tt.price, tt.cur, tt.grid, tt.gridChoice, tt.preset}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("got %q, want %q", got, want)
					break
				}
			}
			for field, msg := range tt.errs {
				if f.Errs[field] != msg {
					t.Errorf("%s: message %q, want %q", field, f.Errs[field], msg)
				}
			}
			if len(notices) != tt.notices || f.FactorsGiven != tt.given {
				t.Errorf("notices %q, factors given %t; want %d notices, given %t", notices, f.FactorsGiven, tt.notices, tt.given)
			}
			again, n2 := link.DecodeQuery(ds, f.Permalink(ds))
			if len(n2) != 0 || len(again.Errs) != 0 || again.In.Factors.EnergyFactor().Cmp(fa.EnergyFactor()) != 0 ||
				again.GridChoice != f.GridChoice || again.In.Factors.Currency != fa.Currency {
				t.Errorf("the permalink %s decodes to other factors (%v, notices %q, errors %q)", f.Permalink(ds).Encode(), again.In.Factors, n2, again.Errs)
			}
		})
	}
}

// TestBeyondPanel checks the estimate's figures against values worked by
// hand, and that the floor's headline figures do not move.
//
// alpha's a2 within 60 ms: 0.36 J × 500 tokens / 3,600 = 0.05 Wh per request;
// 0.36 J × 1e9 tokens / 3.6e6 = 100 kWh a month. The Google 2025 preset:
// (1 + 0.43 + 0.17) × 1.09 = 1.744, so 0.0872 Wh and 174.4 kWh. Germany,
// 342.06 gCO2e/kWh: 0.0872 × 342.06 / 1,000 = 0.029827632 g per request,
// 174.4 × 342.06 / 1,000 = 59.655264 kg a month. At 0.12 EUR per kWh:
// 174.4 × 0.12 = 20.928 EUR a month.
func TestBeyondPanel(t *testing.T) {
	html := render(t, fixtureCalculator("itl=60&model=alpha&host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR", false))
	for _, c := range []struct{ id, attr, want string }{
		{"energy-per-request", "data-wh", "0.05"},
		{"energy-per-month", "data-wh", "100000"},
		{"estimate-per-request", "data-wh", "0.0872"},
		{"estimate-per-month", "data-wh", "174400"},
		{"carbon-per-request", "data-g", "0.029827632"},
		{"carbon-per-month", "data-kg", "59.655264"},
		{"cost-per-month", "data-amount", "20.928"},
		{"published-accelerators", "data-scope", "gpu-only"},
		{"published-comprehensive", "data-wh", "0.24"},
		{"published-ours-google", "data-wh", "0.0872"},
	} {
		if got, _ := attr(html, c.id, c.attr); got != c.want {
			t.Errorf("#%s %s = %q, want %q", c.id, c.attr, got, c.want)
		}
	}
	for _, want := range []string{"0.0500 Wh → 0.0872 Wh", "100 kWh → 174 kWh", "0.0298 gCO2e", "59.7 kgCO2e", "20.9 EUR", "× 0.12 EUR per kWh; electricity only.",
		"342.06 gCO2e/kWh (Germany, 2024)", "Carbon intensity: Ember, yearly electricity data, via CO2.js",
		"Beyond the measured floor, host 0.43, idle 0.17 and PUE 1.09 are assumptions", "A model, a prompt and a provider all differ.",
		// (1 + 0.43 + 0.17) × 1.09 = 1.744, every digit, as the statement and the CLI give it.
		"× PUE: 1.744 times the floor."} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Without factors: the same floor, no carbon, no grid attribution.
	plain := render(t, fixtureCalculator("itl=60&model=alpha", false))
	for _, c := range []struct{ id, want string }{{"energy-per-request", "0.05"}, {"energy-per-month", "100000"}} {
		if got, _ := attr(plain, c.id, "data-wh"); got != c.want {
			t.Errorf("without factors, #%s data-wh = %q, want %q", c.id, got, c.want)
		}
	}
	if strings.Contains(plain, `id="carbon-per-request"`) || strings.Contains(plain, `id="grid-attribution"`) || strings.Contains(plain, "Beyond the measured floor") {
		t.Error("without factors, the page shows carbon, the grid's attribution or the caveat's second sentence")
	}
	// The embed shows the section only when its link sets a factor.
	if embed := render(t, fixtureCalculator("itl=60", true)); strings.Contains(embed, `id="beyond-gpu"`) {
		t.Error("the embed shows Beyond the GPU without a factor in its link")
	}
	if embed := render(t, fixtureCalculator("itl=60&pue=1.56", true)); !strings.Contains(embed, `id="beyond-gpu"`) {
		t.Error("the embed hides Beyond the GPU though its link sets a factor")
	}
}

// TestVersionNotice: a link made with another data version says its figures
// may differ; one made with this version, or none, says nothing.
func TestVersionNotice(t *testing.T) {
	if html := render(t, fixtureCalculator("v=2025-01-01", false)); !strings.Contains(html, `id="version-notice"`) ||
		!strings.Contains(html, `made with data version &#34;2025-01-01&#34;; these figures come from data version 2026-10-19`) {
		t.Error("no notice for a link of another data version")
	}
	for _, q := range []string{"v=2026-10-19", ""} {
		if html := render(t, fixtureCalculator(q, false)); strings.Contains(html, `id="version-notice"`) {
			t.Errorf("%q: a notice though the versions agree", q)
		}
	}
	c := fixtureCalculator("itl=60", false)
	if !strings.Contains(c.query, "v=2026-10-19") {
		t.Errorf("the permalink %q lacks the data version", c.query)
	}
}

// TestBadFactorKeepsLastGoodValue reproduces issue 29's items 2 and 3: a bad
// price or intensity typed in the live app keeps the last good figures and
// permalink, a bad intensity after a grid keeps the user's own figure, and
// a link's bad intensity beside a grid stays in its field with its message.
func TestBadFactorKeepsLastGoodValue(t *testing.T) {
	for _, tt := range []struct {
		name, query string
		edits       []textEdit
		id, attr    string // a figure that must not move
		param, want string // and the permalink's value it is for
	}{
		{"a bad price keeps the cost", "price=0.3&cur=EUR&gco2=300&itl=60&model=alpha",
			[]textEdit{{"price-per-kwh", "abc"}}, "cost-per-month", "data-amount", "price", "0.3"},
		{"a bad intensity keeps the carbon", "price=0.3&cur=EUR&gco2=300&itl=60&model=alpha",
			[]textEdit{{"gco2-per-kwh", "abc"}}, "carbon-per-month", "data-kg", "gco2", "300"},
		{"after a grid, a bad own intensity keeps the own figure", "grid=DEU&itl=60&model=alpha",
			[]textEdit{{"gco2-per-kwh", "400"}, {"gco2-per-kwh", "abc"}}, "carbon-per-month", "data-kg", "gco2", "400"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// edited returns a calculator for the link after edits.
			edited := func(edits []textEdit) *calculator {
				c := fixtureCalculator(tt.query, false)
				for _, e := range edits {
					if !c.apply(e) {
						t.Fatalf("the edit %v was refused", e)
					}
				}
				c.recompute()
				return c
			}
			n := len(tt.edits) - 1
			before, ok := attr(render(t, edited(tt.edits[:n])), tt.id, tt.attr)
			if !ok {
				t.Fatalf("no #%s before the bad edit", tt.id)
			}
			last := tt.edits[n]
			c := edited(tt.edits)
			html := render(t, c)
			if got, ok := attr(html, tt.id, tt.attr); !ok || got != before {
				t.Errorf("#%s %s = %q (present %t) after %q, want the last good %q", tt.id, tt.attr, got, ok, last.Text, before)
			}
			if got, _ := attr(html, last.Field, "value"); got != last.Text {
				t.Errorf("#%s shows %q, want what was typed, %q", last.Field, got, last.Text)
			}
			if _, ok := attr(html, last.Field, "aria-invalid"); !ok {
				t.Errorf("#%s is not marked invalid", last.Field)
			}
			if got, _ := attr(html, "results", "data-current"); got != "no" {
				t.Errorf("data-current %q, want no", got)
			}
			q, _ := url.ParseQuery(c.query)
			if got := q.Get(tt.param); got != tt.want {
				t.Errorf("the permalink %s has %s=%q, want the last good %q", c.query, tt.param, got, tt.want)
			}
			if c.form.GridChoice == link.GridCustom && !c.form.In.Factors.CustomGCO2ePerKWh.Valid {
				t.Error("the grid select says \"your own figure\" but the figures use none")
			}
		})
	}
	t.Run("a link's bad intensity beside a grid stays in its field", func(t *testing.T) {
		html := render(t, fixtureCalculator("gco2=abc&grid=DEU", false))
		if got, _ := attr(html, "gco2-per-kwh", "value"); got != "abc" {
			t.Errorf("#gco2-per-kwh shows %q, want abc", got)
		}
		if got := text(html, "gco2-per-kwh-msg"); !strings.Contains(got, "Enter a number") {
			t.Errorf("#gco2-per-kwh-msg says %q, want the field's message", got)
		}
	})
}
