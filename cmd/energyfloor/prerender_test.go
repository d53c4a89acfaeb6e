package main

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"energyfloor/app/e2e"
	"energyfloor/app/server"
	"energyfloor/app/server/pagetest"
)

// The page, the embed and the form without JavaScript, as the server
// prerenders them, against the CLI: the figures, the statements, the
// equivalents and the figures at your traffic. The browser suite (app/e2e)
// checks that the live app shows what the server prerenders.

// defaultModel is the page's model when a link names none.
const defaultModel = "qwen-3-235b-a22b-instruct"

// factorsQuery sets every factor beyond the GPU.
// footprintQuery sets every footprint factor.
const footprintQuery = "&embodied=nvidia&life=4&serverkg=2500&wue=1.15&water=3.1"

const factorsQuery = "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR"

// served returns the page the server prerenders for target.
func served(t *testing.T, s *server.Site, target string) *pagetest.Page {
	t.Helper()
	return pagetest.Get(t, s, target)
}

// checkCurrentFigures fails t unless page p marks its figures current and
// they are energyfloor -json's for the values in its fields
// (e2e.CheckFigures).
func checkCurrentFigures(t *testing.T, what string, p *pagetest.Page) {
	t.Helper()
	current, problems := e2e.CheckFigures(p, runCLI)
	if current != "yes" {
		t.Errorf("%s: #results data-current %q, want yes", what, current)
	}
	for _, pr := range problems {
		t.Errorf("%s: %s", what, pr)
	}
}

// cliReport runs energyfloor -json with args and decodes its report, its
// numbers as written.
func cliReport(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, stdout, stderr := runCLI(append([]string{"-json"}, args...)...)
	if code != 0 {
		t.Fatalf("energyfloor -json %q: exit %d: %s", args, code, stderr)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	var rep map[string]any
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// at follows keys (strings for objects, ints for arrays) into v, and
// returns what it finds as text ("" for a missing or null value).
func at(v any, keys ...any) string {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return ""
			}
			v = a[k]
		}
	}
	switch v := v.(type) {
	case json.Number:
		return v.String()
	case string:
		return v
	case bool:
		if v {
			return "true"
		}
		return "false"
	}
	return ""
}

// cliText runs energyfloor with args and returns what it prints, without
// the last line break.
func cliText(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := runCLI(args...)
	if code != 0 {
		t.Fatalf("energyfloor %q: exit %d: %s", args, code, stderr)
	}
	return strings.TrimSuffix(stdout, "\n")
}

// sameNumber reports whether the texts a and b are the same decimal.
func sameNumber(a, b string) bool {
	x, err1 := decimal.NewFromString(a)
	y, err2 := decimal.NewFromString(b)
	return err1 == nil && err2 == nil && x.Equal(y)
}

// TestPrerenderedFiguresAreTheCLIs: for each link the browser suite opened
// to read figures, the page and the embed the server prerenders mark their
// figures current and show energyfloor -json's (floor, configuration,
// estimate, carbon, cost, at your traffic; the figures' texts as its
// statement writes them), with the fields holding the link's values in their
// canonical spellings, the caveat and the citation the CLI's.
func TestPrerenderedFiguresAreTheCLIs(t *testing.T) {
	s := pageSite(t)
	for _, tc := range []struct {
		name, query string
		fields      map[string]string // by id, what the field holds
	}{
		{"every field", "workload=lm-arena-chat&tokens=2000000000&output=800&itl=60&pct=p90&gpu=B200&model=qwen-3-235b-a22b-instruct",
			map[string]string{"workload": "lm-arena-chat", "tokens-per-month": "2000000000", "output-tokens": "800", "itl-ms": "60",
				"percentile": "p90", "gpu": "B200", "model": "qwen-3-235b-a22b-instruct"}},
		{"p95 at 2.5B", "workload=lm-arena-chat&tokens=2.5B&output=800&itl=60&pct=p95&gpu=B200&model=qwen-3-235b-a22b-instruct",
			map[string]string{"tokens-per-month": "2.5B", "percentile": "p95"}},
		{"gpqa on H100", "workload=gpqa&tokens=750000000&output=2000&itl=120&pct=median&gpu=H100&model=qwen-3-8b",
			map[string]string{"workload": "gpqa", "gpu": "H100", "model": "qwen-3-8b", "itl-ms": "120", "output-tokens": "2000"}},
		{"a 1 ms target", "workload=lm-arena-chat&tokens=1e9&output=500&itl=1&pct=p99&gpu=H100&model=qwen-3-235b-a22b-instruct",
			map[string]string{"tokens-per-month": "1e9", "itl-ms": "1", "percentile": "p99"}},
		{"the CLI's spellings", "gpu=h100&model=meta-llama/Llama-3.1-8B-Instruct&itl=80&grid=deu",
			map[string]string{"gpu": "H100", "model": "llama-3-1-8b-instruct", "grid": "DEU"}},
		{"an image link", "workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
			map[string]string{"workload": "text-to-image", "requests-per-month": "2M", "latency-s": "20", "model": "flux-1-dev"}},
		{"a video link", "workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
			map[string]string{"workload": "text-to-video", "requests-per-month": "20k", "latency-s": "1000", "model": "cogvideox-2b"}},
		{"every factor", factorsQuery, map[string]string{"host-overhead": "0.43", "pue": "1.09", "grid": "DEU", "currency": "EUR"}},
		{"factors, B200", "gpu=B200&model=qwen-3-235b-a22b-instruct&host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR", nil},
		{"factors at a small volume", "model=llama-3-1-8b-instruct&tokens=20M&output=200&itl=150&host=0.4&pue=1.2&grid=USA&price=0.15&cur=USD", nil},
		{"your own intensity", "gpu=H100&model=qwen-3-8b&tokens=3.5e10&gco2=123.4&price=0.07",
			map[string]string{"gco2-per-kwh": "123.4", "grid": "custom"}},
		{"the embed's link", "workload=lm-arena-chat&tokens=5B&output=300&itl=80&pct=median&gpu=H100&model=qwen-3-235b-a22b-instruct", nil},
		{"at your traffic, 1e9", "tokens=1e9&model=llama-3-1-8b-instruct", nil},
		{"at your traffic, 1e10", "tokens=1e10&model=llama-3-1-8b-instruct", nil},
		{"the traffic floor is the floor", "model=llama-3-1-8b-instruct&tokens=1e11&gpu=B200", nil},
		{"nothing meets the target", "workload=gpqa&itl=1", nil},
		{"a token link with the whole footprint", "model=qwen-3-235b-a22b-instruct&host=0.43&idle=0.17&pue=1.09&grid=DEU" + footprintQuery,
			map[string]string{"embodied-kg": "nvidia", "life-years": "4", "server-kg": "2500", "wue": "1.15", "offsite-water": "3.1"}},
		{"an image link with the whole footprint", "workload=text-to-image&requests=2M&latency=20&model=flux-1-dev" + footprintQuery, nil},
		{"a video link with the whole footprint", "workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b&embodied=150&wue=0.27", nil},
	} {
		rep := cliReport(t, "-link", "/?"+tc.query)
		caveat, citation, statement := at(rep, "caveat"), at(rep, "citation"), at(rep, "statement")
		for _, path := range []string{"/", "/embed"} {
			t.Run(tc.name+path, func(t *testing.T) {
				p := served(t, s, path+"?"+tc.query)
				checkCurrentFigures(t, path+"?"+tc.query, p)
				for id, want := range tc.fields {
					got, ok := p.Field(id)
					if !ok && (path == "/embed" && strings.Contains(id, "grid") || id == "gco2-per-kwh") {
						continue // the embed draws Beyond the GPU only for a link with a factor
					}
					if got != want && !sameNumber(got, want) {
						t.Errorf("#%s holds %q (%v), want %q", id, got, ok, want)
					}
				}
				// The figures as written: each headline pair reads as the
				// CLI's statement writes it ("at least 0.0334 Wh per request
				// and 66.7 kWh per month").
				for _, pair := range [][2]string{{"energy-per-request", "energy-per-month"}, {"traffic-per-request", "traffic-per-month"}} {
					if wh, _ := p.Attr(pair[0], "data-wh"); wh == "" || strings.HasPrefix(statement, "No measured configuration") {
						continue // no floor: nothing meets the target
					}
					perRequest, perMonth := p.Text(pair[0]), p.Text(pair[1])
					if !strings.Contains(statement, "at least "+perRequest+" per ") || !strings.Contains(statement, " and "+perMonth+" per month") {
						t.Errorf("#%s reads %q and #%s %q, which the CLI's statement does not write:\n%s", pair[0], perRequest, pair[1], perMonth, statement)
					}
				}
				if got := p.Text("caveat"); !strings.Contains(got, caveat) {
					t.Errorf("#caveat reads %q, want the CLI's caveat %q", got, caveat)
				}
				if path == "/embed" {
					// The embed's citation is one line, with a link to
					// the full one: the full page's, for the same state.
					p = fullCitation(t, s, p)
				}
				if got := p.Text("citation"); !strings.Contains(got, citation) {
					t.Errorf("#citation reads %q, want the CLI's citation %q", got, citation)
				}
			})
		}
	}
}

// fullCitation returns the page the link "Full citation" of the embed p's
// #citation opens, failing t unless it is the full page's #citation, for
// the same state, in a new tab.
func fullCitation(t *testing.T, s *server.Site, p *pagetest.Page) *pagetest.Page {
	t.Helper()
	cite := p.ByID("citation")
	if cite == nil {
		t.Fatal("the embed has no #citation")
	}
	open, _ := p.Attr("open-full", "href")
	for _, a := range pagetest.Find(cite, pagetest.Tag(atom.A)) {
		if pagetest.Text(a) != "Full citation" {
			continue
		}
		href, _ := pagetest.Attr(a, "href")
		target, _ := pagetest.Attr(a, "target")
		if href != open+"#citation" || target != "_blank" {
			t.Errorf("the embed's full citation links %q (target %q), want %q in a new tab", href, target, open+"#citation")
		}
		return served(t, s, strings.TrimSuffix(href, "#citation"))
	}
	t.Fatalf("the embed's #citation, %q, has no link to the full citation", pagetest.Text(cite))
	return nil
}

// TestFormWithoutJavaScript: the form a reader without JavaScript (or with
// app.wasm blocked) sends asks for the page of the fields' values: sent
// with a new volume and latency target typed, from the page and the embed,
// it names what the form holds, the server prerenders that page, current
// with the CLI's figures, and the requests field (which follows the
// tokens) is not sent. The embed keeps quote=1, with its statement and
// equivalents, and one without it gains neither; the fields of Beyond the
// GPU are sent with the rest.
func TestFormWithoutJavaScript(t *testing.T) {
	s := pageSite(t)
	for _, tc := range []struct {
		name, start string
		typed       map[string]string
		wantSent    []string // name=value pairs the form sends
		quote       bool
	}{
		{"the page", "/?tokens=3B&itl=60&model=" + defaultModel,
			map[string]string{"tokens-per-month": "7.5B", "itl-ms": "45"}, []string{"tokens=7.5B", "itl=45", "model=" + defaultModel}, false},
		{"the embed", "/embed?tokens=3B&itl=60&model=" + defaultModel,
			map[string]string{"tokens-per-month": "7.5B", "itl-ms": "45"}, []string{"tokens=7.5B", "itl=45"}, false},
		{"the embed with quote=1", "/embed?itl=80&quote=1",
			map[string]string{"tokens-per-month": "7.5B"}, []string{"tokens=7.5B", "itl=80", "quote=1"}, true},
		{"the embed's factors", "/embed?grid=DEU&pue=1.09&price=0.3&tokens=5M&model=" + defaultModel,
			map[string]string{"tokens-per-month": "7M"}, []string{"tokens=7M", "grid=DEU", "pue=1.09", "price=0.3"}, false},
		{"the factors", "/?host=0.43&pue=1.09&price=0.3&cur=EUR&tokens=5M&model=" + defaultModel,
			map[string]string{"tokens-per-month": "7M"}, []string{"tokens=7M", "host=0.43", "pue=1.09", "price=0.3", "cur=EUR"}, false},
		{"an image page", "/?workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
			map[string]string{"requests-per-month": "50k", "latency-s": "8"}, []string{"workload=text-to-image", "requests=50k", "latency=8"}, false},
		{"the footprint", "/?model=" + defaultModel + footprintQuery,
			map[string]string{"tokens-per-month": "7M"}, []string{"tokens=7M", "embodied=nvidia", "life=4", "serverkg=2500", "wue=1.15", "water=3.1"}, false},
		{"a video page's footprint", "/?workload=text-to-video&model=cogvideox-2b" + footprintQuery,
			map[string]string{"wue": "0.27"}, []string{"embodied=nvidia", "wue=0.27"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := served(t, s, tc.start)
			checkCurrentFigures(t, tc.start, start)
			action, values := start.Form("inputs", tc.typed)
			path, _, _ := strings.Cut(tc.start, "?")
			if action != path {
				t.Errorf("the form's action is %q, want %q", action, path)
			}
			for _, pair := range tc.wantSent {
				name, want, _ := strings.Cut(pair, "=")
				if got := values[name]; len(got) != 1 || got[0] != want {
					t.Errorf("the form sends %s=%q, want %q", name, got, want)
				}
			}
			if _, sent := values["requests"]; sent && !strings.Contains(tc.start, "workload=text-to") {
				t.Errorf("the form sends requests=%q on a token page", values["requests"])
			}
			if _, sent := values["quote"]; sent != tc.quote {
				t.Errorf("the form sends quote: %v, want %v", sent, tc.quote)
			}
			target := action + "?" + values.Encode()
			p := served(t, s, target)
			checkCurrentFigures(t, target, p)
			for id, want := range tc.typed {
				if got, _ := p.Field(id); got != want {
					t.Errorf("%s: #%s holds %q, want %q", target, id, got, want)
				}
			}
			if path == "/embed" {
				for _, id := range []string{"statement", "equivalents"} {
					if got := p.ByID(id) != nil; got != tc.quote {
						t.Errorf("%s: #%s shown: %v, want %v", target, id, got, tc.quote)
					}
				}
			}
		})
	}
}

// wholeQuery sets a grid, the whole footprint and a price.
const wholeQuery = "itl=80&grid=DEU&embodied=nvidia&wue=1.15&water=2&price=0.3&cur=EUR"

// TestPrerenderedStatementsAreTheCLIs: #statement's text is energyfloor
// -statement's and #statement-short's energyfloor -statement -short's, for
// the same inputs; the short one with its link has at most 45 words; both
// end with the same link, the absolute permalink on the page's origin,
// which opens a page with the same fields, figures and statement.
func TestPrerenderedStatementsAreTheCLIs(t *testing.T) {
	s := pageSite(t)
	for _, tc := range []struct {
		name, query string
		args        []string
	}{
		{"default page", "", nil},
		{"H100, p90, a model", "gpu=H100&pct=p90&itl=80&tokens=5e9&model=llama-3-1-8b-instruct",
			[]string{"-gpu", "H100", "-percentile", "p90", "-itl-ms", "80", "-tokens", "5e9", "-model", "llama-3-1-8b-instruct"}},
		{"a long model name", "gpu=H100&pct=p90&itl=80&tokens=5e9&model=llama-4-maverick-17b-128e-instruct-fp8",
			[]string{"-gpu", "H100", "-percentile", "p90", "-itl-ms", "80", "-tokens", "5e9", "-model", "llama-4-maverick-17b-128e-instruct-fp8"}},
		{"factors set", factorsQuery, []string{"-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU",
			"-price-per-kwh", "0.3", "-currency", "EUR"}},
		{"nothing meets the target", "workload=gpqa&itl=1", []string{"-workload", "gpqa", "-itl-ms", "1"}},
		{"the whole footprint and a price", wholeQuery, []string{"-itl-ms", "80", "-grid", "DEU", "-embodied-kg", "nvidia", "-wue", "1.15",
			"-offsite-water", "2", "-price-per-kwh", "0.3", "-currency", "EUR"}},
		{"an image link", "workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
			[]string{"-workload", "text-to-image", "-requests", "2M", "-latency-s", "20", "-model", "flux-1-dev", "-gpu", "H100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := served(t, s, "/?"+tc.query)
			long := cliText(t, append([]string{"-statement"}, tc.args...)...)
			short := cliText(t, append([]string{"-statement", "-short"}, tc.args...)...)
			body := pagetest.Find(p.ByID("statement-text"), pagetest.HasClass("statement-body"))
			if len(body) != 1 || pagetest.Text(body[0]) != long {
				t.Errorf("#statement-text reads\n%s\nenergyfloor -statement says\n%s", p.Text("statement-text"), long)
			}
			shortBody := pagetest.Find(p.ByID("statement-short"), pagetest.HasClass("statement-short-body"))
			if len(shortBody) != 1 || pagetest.Text(shortBody[0]) != short {
				t.Errorf("#statement-short reads\n%s\nenergyfloor -statement -short says\n%s", p.Text("statement-short"), short)
			}
			link, shortLink := p.Text("statement-link"), p.Text("statement-short-link")
			if href, _ := p.Attr("statement-link", "href"); !strings.HasPrefix(link, "http://example.com/?") || href != link {
				t.Errorf("the statement's link reads %q (href %q), want the absolute permalink on http://example.com", link, href)
			}
			if shortLink != link {
				t.Errorf("#statement-short's link %q, want the statement's %q", shortLink, link)
			}
			// 45 words, 60 with factors: their carbon, manufacture, water and cost.
			factors := tc.query == factorsQuery || tc.query == wholeQuery
			if n, most := len(strings.Fields(short+" "+shortLink)), map[bool]int{false: 45, true: 60}[factors]; n > most {
				t.Errorf("#statement-short has %d words with its link, want at most %d", n, most)
			}
			if _, disabled := p.Attr("copy-statement-short", "disabled"); p.ByID("copy-statement-short") == nil || disabled {
				t.Error("no enabled #copy-statement-short button")
			}
			if strings.Contains(tc.query, "price=") && !strings.Contains(long, "; at your traffic, ") {
				t.Errorf("the statement's factor sentence does not give the estimate at your traffic: %s", long)
			}
			// The link opens the same state.
			u, err := url.Parse(link)
			if err != nil {
				t.Fatal(err)
			}
			again := served(t, s, u.Path+"?"+u.RawQuery)
			for _, id := range append(e2e.FieldIDs(), "statement-text", "statement-short") {
				if g, w := again.Text(id), p.Text(id); g != w {
					t.Errorf("the link's page #%s reads %q, this page's %q", id, g, w)
				}
				g, _ := again.Field(id)
				w, _ := p.Field(id)
				if g != w && !sameNumber(g, w) {
					t.Errorf("the link's page #%s holds %q, this page's %q", id, g, w)
				}
			}
			for _, id := range []string{"energy-per-request", "energy-per-month", "traffic-per-request", "traffic-per-month",
				"estimate-per-request", "estimate-per-month"} {
				g, _ := again.Attr(id, "data-wh")
				w, _ := p.Attr(id, "data-wh")
				if g != w {
					t.Errorf("the link's page #%s data-wh=%q, this page's %q", id, g, w)
				}
			}
		})
	}
}

// TestPrerenderedEquivalents: each row of #equivalents restates the
// figure it names (data-of) for the requests it is for: its count is that
// figure's Wh × data-requests ÷ data-per-unit-wh, to the count's last
// digit, at least 0.1, read out "about …", with an https source; the
// embed shows them (and the statement) only with quote=1.
func TestPrerenderedEquivalents(t *testing.T) {
	s := pageSite(t)
	for _, target := range []string{"/", "/?" + factorsQuery, "/embed?quote=1", "/?workload=text-to-image&requests=2M&latency=20&model=flux-1-dev"} {
		t.Run(target, func(t *testing.T) {
			p := served(t, s, target)
			eq := p.ByID("equivalents")
			if eq == nil {
				t.Fatal("no #equivalents")
			}
			rows := pagetest.Find(eq, func(n *html.Node) bool { _, ok := pagetest.Attr(n, "data-of"); return ok })
			if len(rows) == 0 {
				t.Fatal("#equivalents has no rows")
			}
			for _, r := range rows {
				get := func(name string) string { v, _ := pagetest.Attr(r, name); return v }
				of, requestsText, text := get("data-of"), get("data-requests"), pagetest.Text(r)
				if !slices.Contains([]string{"energy-per-request", "energy-per-month", "traffic-per-request", "traffic-per-month"}, of) {
					t.Errorf("data-of %q", of)
				}
				whText, _ := p.Attr(of, "data-wh")
				wh, err1 := decimal.NewFromString(whText)
				per, err2 := decimal.NewFromString(get("data-per-unit-wh"))
				count, err3 := decimal.NewFromString(get("data-count"))
				requests, err4 := decimal.NewFromString(requestsText)
				if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
					t.Errorf("row %q: not plain decimals", text)
					continue
				}
				if requestsText != "1" && (strings.HasSuffix(of, "-per-month") || requestsText != "1000" && requestsText != "1000000") {
					t.Errorf("%s: data-requests %s, want 1 (or 1000 or 1000000 per request)", of, requestsText)
				}
				exact := wh.Mul(requests).DivRound(per, 60)
				if count.Sub(exact).Abs().GreaterThan(decimal.New(1, count.Exponent())) {
					t.Errorf("%s: data-count %s, want %s × %s ÷ %s = %s", of, count, wh, requests, per, exact)
				}
				if count.LessThan(decimal.New(1, -1)) {
					t.Errorf("%s: data-count %s reads under 0.1", of, count)
				}
				if u, err := url.Parse(get("data-source")); err != nil || u.Scheme != "https" {
					t.Errorf("data-source %q", get("data-source"))
				}
				if !strings.Contains(text, "about ") {
					t.Errorf("row text %q does not say the count in words", text)
				}
			}
		})
	}
	t.Run("embed without quote", func(t *testing.T) {
		p := served(t, s, "/embed")
		if p.ByID("equivalents") != nil || p.ByID("statement") != nil {
			t.Error("the embed shows the equivalents or the statement unasked")
		}
	})
}
