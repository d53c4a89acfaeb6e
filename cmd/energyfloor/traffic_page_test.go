package main

import (
	"testing"

	"github.com/shopspring/decimal"
	"golang.org/x/net/html"

	"energyfloor/app/server/pagetest"
)

// trafficWant is what a page must show at your traffic for the selected
// model, from energyfloor -json's results.
type trafficWant struct {
	row, whRequest, whMonth, rate, utilisation string
	// times is the traffic floor's J over the model's least floor J, over
	// the model's results (one per GPU).
	times decimal.Decimal
	// rows maps "<slug>/<gpu>" to each ranking row's traffic J ("" for none).
	rows map[string]string
}

// cliTraffic runs energyfloor -json with args and returns, for model, the
// traffic floor of least energy over its results and its ratio to the
// least floor among them.
func cliTraffic(t *testing.T, model string, args ...string) trafficWant {
	t.Helper()
	rep := cliReport(t, args...)
	want := trafficWant{rows: map[string]string{}}
	var bestT, bestF decimal.Decimal
	results, _ := rep["results"].([]any)
	for i := range results {
		r := func(keys ...any) string { return at(results, append([]any{i}, keys...)...) }
		key := r("slug") + "/" + r("gpu")
		if r("traffic", "row_id") == "" {
			want.rows[key] = ""
			continue
		}
		want.rows[key] = r("traffic", "joules_per_output_token")
		if r("slug") != model {
			continue
		}
		tj := decimal.RequireFromString(r("traffic", "joules_per_output_token"))
		fj := decimal.RequireFromString(r("joules_per_output_token"))
		if want.row == "" || tj.LessThan(bestT) {
			bestT = tj
			want.row, want.whRequest = r("traffic", "row_id"), r("traffic", "wh_per_request")
			want.rate, want.utilisation = r("traffic", "output_tokens_per_second"), r("traffic", "utilisation")
			want.whMonth = decimal.RequireFromString(r("traffic", "kwh_per_month")).Shift(3).String()
		}
		if bestF.IsZero() || fj.LessThan(bestF) {
			bestF = fj
		}
	}
	if want.row == "" {
		t.Fatalf("energyfloor %q: no traffic floor for %s", args, model)
	}
	want.times = bestT.Div(bestF)
	return want
}

// checkTraffic fails t where page p's figures at your traffic differ from
// want: the row ids exactly, the figures as decimals, the ratio to 12
// significant digits (the page and the test divide separately); with
// ranking, each ranking row's traffic J too.
func checkTraffic(t *testing.T, what string, p *pagetest.Page, want trafficWant, ranking bool) {
	t.Helper()
	attr := func(id, name string) string { v, _ := p.Attr(id, name); return v }
	if got := attr("traffic-config", "data-row-id"); got != want.row {
		t.Errorf("%s: #traffic-config data-row-id %q, want %q", what, got, want.row)
	}
	for _, f := range []struct{ id, attr, want string }{
		{"traffic-per-request", "data-wh", want.whRequest}, {"traffic-per-month", "data-wh", want.whMonth},
		{"traffic-rate", "data-tokens-per-second", want.rate}, {"traffic-utilisation", "data-fraction", want.utilisation},
	} {
		if got := attr(f.id, f.attr); !sameNumber(got, f.want) {
			t.Errorf("%s: #%s %s=%q, want %q", what, f.id, f.attr, got, f.want)
		}
	}
	times, err := decimal.NewFromString(attr("traffic-times-floor", "data-ratio"))
	if err != nil || !times.Round(11).Equal(want.times.Round(11)) {
		t.Errorf("%s: #traffic-times-floor data-ratio %q, want %s", what, attr("traffic-times-floor", "data-ratio"), want.times)
	}
	if !ranking {
		return
	}
	got := map[string]string{}
	for _, tr := range pagetest.Find(p.ByID("ranking-table"), func(n *html.Node) bool {
		_, ok := pagetest.Attr(n, "data-model")
		return n.Data == "tr" && ok
	}) {
		m, _ := pagetest.Attr(tr, "data-model")
		g, _ := pagetest.Attr(tr, "data-gpu")
		got[m+"/"+g], _ = pagetest.Attr(tr, "data-traffic-j")
	}
	for k, w := range want.rows {
		if g, ok := got[k]; !ok || g != w && !sameNumber(g, w) {
			t.Errorf("%s: ranking row %s data-traffic-j %q, want %q", what, k, g, w)
		}
	}
}

// TestPrerenderedTrafficLikeTheCLI checks the floor at your traffic on the
// page (with the ranking's traffic column), the embed and the page the
// form without JavaScript asks for, against energyfloor -json for the same
// inputs; a new monthly volume moves the figure at your traffic and not the
// floor.
func TestPrerenderedTrafficLikeTheCLI(t *testing.T) {
	s := pageSite(t)
	const model = "llama-3-1-8b-instruct"
	start := cliTraffic(t, model, "-tokens", "1e9", "-model", model)
	// The hand-worked example: B200/1/8 at 7.110… times the floor.
	if start.row != "llama-3-1-8b-instruct/B200/1/8" {
		t.Fatalf("the CLI's traffic floor is %s, want llama-3-1-8b-instruct/B200/1/8", start.row)
	}
	bigger := cliTraffic(t, model, "-tokens", "1e10", "-model", model)
	for _, path := range []string{"/", "/embed"} {
		t.Run(path, func(t *testing.T) {
			before := served(t, s, path+"?tokens=1e9&model="+model)
			checkTraffic(t, "1e9", before, start, path == "/")
			action, values := before.Form("inputs", map[string]string{"tokens-per-month": "1e10"})
			after := served(t, s, action+"?"+values.Encode())
			checkTraffic(t, "1e10 sent by the form", after, bigger, path == "/")
			b, _ := before.Attr("energy-per-request", "data-wh")
			a, _ := after.Attr("energy-per-request", "data-wh")
			if a != b {
				t.Errorf("the floor per request moved from %s to %s Wh with the volume", b, a)
			}
			if r1, r2 := before.Text("traffic-config"), after.Text("traffic-config"); r1 == r2 {
				t.Errorf("the configuration at your traffic stayed %q from 1e9 to 1e10 tokens a month", r1)
			}
		})
	}
}

// TestPrerenderedTrafficCarbonCost: on links that set factors, the carbon
// and cost at your traffic are energyfloor -json's
// results[].traffic.estimate for the row the page shows.
func TestPrerenderedTrafficCarbonCost(t *testing.T) {
	s := pageSite(t)
	for _, tc := range []struct {
		name, query string
		args        []string
	}{
		{"the issue's link", "model=llama-3-1-8b-instruct&tokens=20M&output=200&itl=150&host=0.4&pue=1.2&grid=USA&price=0.15&cur=USD",
			[]string{"-model", "llama-3-1-8b-instruct", "-tokens", "20M", "-output-tokens", "200", "-itl-ms", "150", "-host-overhead", "0.4",
				"-pue", "1.2", "-grid", "USA", "-price-per-kwh", "0.15", "-currency", "USD"}},
		{"the default model, Google's proportions, Germany", factorsQuery,
			[]string{"-model", defaultModel, "-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU",
				"-price-per-kwh", "0.3", "-currency", "EUR"}},
		{"H100, your own intensity", "gpu=H100&model=qwen-3-8b&tokens=3.5e10&gco2=123.4&price=0.07",
			[]string{"-gpu", "H100", "-model", "qwen-3-8b", "-tokens", "3.5e10", "-gco2-per-kwh", "123.4", "-price-per-kwh", "0.07"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := served(t, s, "/?"+tc.query)
			row, _ := p.Attr("traffic-config", "data-row-id")
			rep := cliReport(t, tc.args...)
			results, _ := rep["results"].([]any)
			found := false
			for i := range results {
				if at(results, i, "traffic", "row_id") != row {
					continue
				}
				found = true
				for _, f := range []struct{ id, attr, key string }{
					{"traffic-carbon-per-request", "data-g", "g_co2e_per_request"},
					{"traffic-carbon-per-month", "data-kg", "kg_co2e_per_month"},
					{"traffic-cost-per-month", "data-amount", "cost_per_month"},
				} {
					want := at(results, i, "traffic", "estimate", f.key)
					if got, _ := p.Attr(f.id, f.attr); want == "" || !sameNumber(got, want) {
						t.Errorf("#%s %s=%q, the CLI's traffic.estimate.%s is %q", f.id, f.attr, got, f.key, want)
					}
				}
			}
			if !found {
				t.Fatalf("the CLI has no result whose traffic row is the page's %q", row)
			}
		})
	}
}

// TestPrerenderedNextStep checks #traffic-next-step: on the default page it
// starts at 1,019,401,200 output tokens a month, worked out from the
// dataset by hand: the figure at your traffic is 4 × B200 at max_num_seqs 8
// (6.4567701 J a token), and the first measured throughput above the
// volume's 380.5 tokens a second among the model's rows is 8 × H100 at
// max_num_seqs 8, 387.9 tokens a second; from 387.9 × 2,628,000 =
// 1,019,401,200 tokens a month that row is filled and max_num_seqs 16 of
// its curve (5.1783083 J) joins. On a link with one GPU it is the CLI's
// next_step; at the floor there is none.
func TestPrerenderedNextStep(t *testing.T) {
	s := pageSite(t)
	t.Run("default page", func(t *testing.T) {
		p := served(t, s, "/")
		if from, _ := p.Attr("traffic-next-step", "data-from"); from != "1019401200" {
			t.Errorf("#traffic-next-step data-from = %q, want 1019401200", from)
		}
		if got, want := p.Text("traffic-next-step"), "From 1.02 billion output tokens a month (1.94% more), it falls to 21.6× the floor."; got != want {
			t.Errorf("#traffic-next-step says %q, want %q", got, want)
		}
	})
	t.Run("B200, like the CLI", func(t *testing.T) {
		p := served(t, s, "/?gpu=B200&tokens=3e9")
		row, _ := p.Attr("traffic-config", "data-row-id")
		rep := cliReport(t, "-gpu", "B200", "-tokens", "3e9", "-model", defaultModel)
		want := ""
		results, _ := rep["results"].([]any)
		for i := range results {
			if at(results, i, "traffic", "row_id") == row {
				want = at(results, i, "traffic", "next_step", "from_tokens_per_month")
			}
		}
		if want == "" {
			t.Fatalf("the CLI gives no next step at %q", row)
		}
		if from, _ := p.Attr("traffic-next-step", "data-from"); from != want {
			t.Errorf("#traffic-next-step data-from = %q, want the CLI's %s", from, want)
		}
	})
	t.Run("at the floor", func(t *testing.T) {
		p := served(t, s, "/?model=llama-3-1-8b-instruct&tokens=1e11&gpu=B200")
		if row, _ := p.Attr("traffic-config", "data-row-id"); row == "" {
			t.Fatal("no figure at your traffic")
		}
		if p.ByID("traffic-next-step") != nil {
			t.Error("a figure at your traffic that is the floor has a next step")
		}
	})
}

// TestPrerenderedTrafficNothingMeets: with a target nothing meets, the page
// and the embed say there is no figure at your traffic, and its hooks carry
// no figure, as the CLI gives no traffic.
func TestPrerenderedTrafficNothingMeets(t *testing.T) {
	s := pageSite(t)
	const query = "itl=1&model=llama-3-1-8b-instruct"
	rep := cliReport(t, "-itl-ms", "1", "-model", "llama-3-1-8b-instruct")
	results, _ := rep["results"].([]any)
	for i := range results {
		if row := at(results, i, "traffic", "row_id"); row != "" {
			t.Fatalf("the CLI gives a figure at your traffic, %s, with a 1 ms target", row)
		}
	}
	for _, path := range []string{"/", "/embed"} {
		p := served(t, s, path+"?"+query)
		if p.ByID("traffic-none") == nil {
			t.Errorf("%s: no #traffic-none with a 1 ms target", path)
		}
		if wh, _ := p.Attr("traffic-per-request", "data-wh"); wh != "" {
			t.Errorf("%s: #traffic-per-request data-wh=%q with nothing meeting the target", path, wh)
		}
		if p.Text("traffic-none") == "" {
			t.Errorf("%s: #traffic-none says nothing", path)
		}
	}
}
