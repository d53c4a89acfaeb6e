//go:build !wasm

package ui

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// render loads c in go-app's test engine and returns its HTML.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

// attr returns the value of attribute name on the element with id, or
// ok=false when there is no such element or attribute.
func attr(html, id, name string) (string, bool) {
	el := regexp.MustCompile(`<[a-z0-9]+[^>]*\sid="` + regexp.QuoteMeta(id) + `"[^>]*>`).FindString(html)
	if el == "" {
		return "", false
	}
	m := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `(="([^"]*)")?[\s>]`).FindStringSubmatch(el)
	if m == nil {
		return "", false
	}
	return m[2], true
}

// text returns the text of the element with id (no nested elements).
func text(html, id string) string {
	m := regexp.MustCompile(`\sid="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)<`).FindStringSubmatch(html)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m[1])
}

func TestCalculatorResults(t *testing.T) {
	// Worked by hand from the fixture: alpha's a2 (0.36 J per output token,
	// median 50 ms, 1,000 tokens/s, 360 W on 1 H100) is the lowest-energy
	// configuration within a 60 ms median; a1 (1.0 J, 10 ms) also qualifies.
	//   per request: 0.36 J × 500 = 180 J = 0.05 Wh
	//   per month:   0.36 J × 1e9 = 3.6e8 J = 100 kWh = 100,000 Wh; per year 1.2 MWh
	//   GPU-hours:   1e9 / 1,000 / 3,600 = 277.8 h; one replica (1,000 × 3,600 × 730 = 2.628e9 ≥ 1e9),
	//                busy 277.8 / 730 = 38.05 % of the month
	//   spread:      floor 0.36, median (0.36 + 1.0) / 2 = 0.68, highest 1.0
	html := render(t, fixtureCalculator("tokens=1B&output=500&itl=60&model=alpha", false))
	checks := []struct{ id, attr, want string }{
		{"energy-per-request", "data-wh", "0.05"},
		{"energy-per-month", "data-wh", "100000"},
		{"chosen-config", "data-row-id", "alpha/H100/1/64"},
	}
	for _, c := range checks {
		if got, ok := attr(html, c.id, c.attr); !ok || got != c.want {
			t.Errorf("#%s %s: got %q (present %v), want %q", c.id, c.attr, got, ok, c.want)
		}
	}
	texts := []struct{ id, want string }{
		{"energy-per-request", "0.0500 Wh"},
		{"energy-per-month", "100 kWh"},
	}
	for _, c := range texts {
		if got := text(html, c.id); got != c.want {
			t.Errorf("#%s text: got %q, want %q", c.id, got, c.want)
		}
	}
	for _, want := range []string{
		"1.20 MWh per year; 2,000,000 requests a month",
		"180 J for 500 output tokens",
		"among the 2 of 3 measured H100 configurations whose median inter-token latency is at most 60 ms",
		"1 server of 1 H100 GPU, busy 278 GPU-hours a month (38.1% of the month)", "360 W", "A month is 730 hours",
		"floor 0.360 J, median 0.680 J, highest 1.00 J per output token",
		`id="caveat"`, "GPU energy only. Every figure is a floor.",
		`id="citation"`, "Chung et al.", "retrieved 2026-09-26", "licence Apache-2.0", "Data version 2026-10-19",
		`aria-live="polite"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(html, `id="notices"`) {
		t.Error("got a notice for a valid link")
	}
	if !strings.Contains(html, "<span>GPU floor:</span>") || !strings.Contains(html, ">The floor<") {
		t.Error(`the headline or its summary does not call the floor "The floor" and "GPU floor:"`)
	}
}

func TestCalculatorNothingMeetsTheTarget(t *testing.T) {
	// At 5 ms nothing qualifies; alpha's fastest is a1: 10 ms, 1.0 J per
	// output token, so 500 J = 0.139 Wh per request and 1e9 J = 278 kWh a month.
	html := render(t, fixtureCalculator("itl=5&model=alpha", false))
	// The headline then shows the figures at the fastest configuration, as
	// the CLI's -json does: 500 J / 3,600 = 0.1389 Wh; 1e9 J / 3,600 = 277,778 Wh.
	for _, c := range []struct {
		id   string
		want float64
	}{{"energy-per-request", 500.0 / 3600}, {"energy-per-month", 1e9 / 3600}} {
		got, _ := attr(html, c.id, "data-wh")
		if f, err := strconv.ParseFloat(got, 64); err != nil || abs(f-c.want)/c.want > 1e-12 {
			t.Errorf("#%s data-wh: got %q, want %.6f", c.id, got, c.want)
		}
	}
	if got, _ := attr(html, "results", "data-meets"); got != "no" {
		t.Errorf("#results data-meets: got %q, want no", got)
	}
	if got, _ := attr(html, "relax", "data-itl-ms"); got != "10" {
		t.Errorf("#relax data-itl-ms: got %q, want 10", got)
	}
	for _, want := range []string{"has a median inter-token latency within 5 ms", "at the fastest configuration, 10 ms: above your target",
		"The lowest median inter-token latency it reaches is 10 ms",
		"1.00 J per output token: 0.139 Wh per request, 278 kWh per month",
		// The headline's pair and its summary name the figures so.
		"The fastest, above your target", "No configuration meets your latency target: these are the fastest one&#39;s figures, not a floor.",
		"<span>Fastest, above your target:</span>"} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(html, "GPU floor:") || strings.Contains(html, ">The floor<") {
		t.Error(`the summary or the headline calls the fastest configuration's figures the floor`)
	}
	// Beyond the GPU says its estimates start from the fastest configuration.
	html = render(t, fixtureCalculator("itl=5&model=alpha&pue=1.2", false))
	if want := "No configuration meets your latency target: these estimates start from the fastest one&#39;s figures, not from a floor."; !strings.Contains(html, want) {
		t.Errorf("Beyond the GPU lacks %q", want)
	}
}

// TestCalculatorHostileLink: a hostile number stays in its field, as typed,
// with the field's message (go-app writes it into the value attribute, which
// the server escapes: see app/server); a hostile model is quoted in a notice,
// as text.
func TestCalculatorHostileLink(t *testing.T) {
	const script = "<script>alert(1)</script>"
	html := render(t, fixtureCalculator("tokens=%3Cscript%3Ealert(1)%3C/script%3E&model=%22%3E%3Cimg%20src%3Dx%3E", false))
	if !regexp.MustCompile(`<input [^\n]*id="tokens-per-month" [^\n]*value="` + regexp.QuoteMeta(script) + `">`).MatchString(canonical(t, html)) {
		t.Errorf("#tokens-per-month does not show the text as typed, %q", script)
	}
	if got := text(html, "tokens-per-month-msg"); got != "Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6." {
		t.Errorf("#tokens-per-month-msg = %q", got)
	}
	if strings.Count(html, script) != 1 || strings.Contains(html, "<img src=x>") {
		t.Error("hostile parameters were rendered as markup")
	}
	if !strings.Contains(html, `id="notices"`) || !strings.Contains(html, `model=&#34;\&#34;&gt;&lt;img src=x&gt;&#34;`) {
		t.Error("the hostile model is not quoted in a notice")
	}
	if got, _ := attr(html, "energy-per-month", "data-wh"); got == "" {
		t.Error("the defaults gave no result")
	}
}

// TestCalculatorInvalidUTF8: a link's invalid UTF-8 reaches the page as
// U+FFFD, in the field as in the notices: the page stays valid UTF-8.
func TestCalculatorInvalidUTF8(t *testing.T) {
	c := &calculator{load: func() (*floor.Dataset, error) { return floortest.Dataset(), nil }}
	c.navigateTo("tokens=%00%ff%fe&model=%ff&cur=%fe")
	html := render(t, c)
	if !utf8.ValidString(html) {
		t.Error("the page holds invalid UTF-8")
	}
	if got, _ := attr(html, "tokens-per-month", "value"); !strings.Contains(got, "\uFFFD") {
		t.Errorf("#tokens-per-month shows %q, want U+FFFD for the invalid bytes", got)
	}
}

// TestFleetGrouped: the fleet line groups the digits of its server count and
// GPU-hours, as every other count on the page.
func TestFleetGrouped(t *testing.T) {
	html := render(t, fixtureCalculator("tokens=1e18&model=alpha", false))
	m := regexp.MustCompile(`id="fleet"[^>]*>\s*<dt>[^<]*</dt>\s*<dd>([^<]*)</dd>`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no fleet line")
	}
	if !regexp.MustCompile(`^At the floor&#39;s configuration, \d{1,3}(,\d{3})+ servers of \d+ [A-Z0-9]+ GPUs?, busy \d{1,3}(,\d{3})+ GPU-hours a month \([0-9.]+% of the month\)$`).MatchString(m[1]) {
		t.Errorf("the fleet line says %q, want grouped counts such as \"4,290,487 servers of 4 B200 GPUs, busy 92,600,000,000 GPU-hours a month (100%% of the month)\"", m[1])
	}
}

func TestCalculatorDatasetFailsValidation(t *testing.T) {
	c := &calculator{load: func() (*floor.Dataset, error) {
		return nil, errors.New("gpqa/qwen-3-8b.json: configuration 3: joules_per_output_token is negative")
	}}
	c.navigate("")
	html := render(t, c)
	for _, want := range []string{`id="data-error"`, "failed validation", "joules_per_output_token is negative"} {
		if !strings.Contains(html, want) {
			t.Errorf("error page lacks %q", want)
		}
	}
	if strings.Contains(html, "energy-per-month") || strings.Contains(html, " Wh") {
		t.Error("the error page shows figures")
	}
}

func TestEmbed(t *testing.T) {
	html := render(t, fixtureCalculator("itl=60&model=alpha", true))
	for _, want := range []string{`id="caveat"`, `id="citation"`, `id="energy-per-month"`, `class="page embed"`} {
		if !strings.Contains(html, want) {
			t.Errorf("embed lacks %s", want)
		}
	}
	if got, _ := attr(html, "open-full", "target"); got != "_blank" {
		t.Errorf("full-calculator link target: got %q, want _blank", got)
	}
	if got, _ := attr(html, "open-full", "rel"); got != "noopener" {
		t.Errorf("full-calculator link rel: got %q, want noopener", got)
	}
	if got, _ := attr(html, "open-full", "href"); !strings.HasPrefix(got, "/?") || !strings.Contains(got, "itl=60") {
		t.Errorf("full-calculator link: got %q, want the same state on /", got)
	}
	for _, absent := range []string{`id="ranking"`, `id="embed-this"`, `id="chart"`} {
		if strings.Contains(html, absent) {
			t.Errorf("the compact embed has %s", absent)
		}
	}
}

func TestSelectsPrerenderOneSelectedOption(t *testing.T) {
	html := render(t, fixtureCalculator("workload=gpqa&pct=p95&gpu=B200", false))
	if n := len(regexp.MustCompile(`<option[^>]* selected`).FindAllString(html, -1)); n != 6 {
		t.Errorf("got %d selected options, want one per select (6: workload, percentile, GPU, model, preset, grid)", n)
	}
	if strings.Contains(html, `selected="false"`) {
		t.Error(`got selected="false", which HTML reads as selected`)
	}
	for _, value := range []string{"gpqa", "p95", "B200", "beta"} {
		if !regexp.MustCompile(`<option (value="` + value + `" selected|selected value="` + value + `")>`).MatchString(html) {
			t.Errorf("option %s is not selected", value)
		}
	}
}

func TestRankingTable(t *testing.T) {
	c := fixtureCalculator("itl=60", false)
	// Within 60 ms: alpha/H100 at 0.36 J, then beta/B200 at 2.0 J (b1, 30 ms).
	rt := &rankingTable{Results: c.ranking, Selected: "beta", Statistic: "median"}
	html := render(t, rt)
	rows := regexp.MustCompile(`data-model="([a-z]+)"`).FindAllStringSubmatch(html, -1)
	if len(rows) != 2 || rows[0][1] != "alpha" || rows[1][1] != "beta" {
		t.Fatalf("got rows %v, want alpha then beta", rows)
	}
	if !strings.Contains(html, `aria-sort="ascending"`) {
		t.Error("the rank column is not marked sorted")
	}
	if !strings.Contains(html, `aria-pressed="true" value="beta"`) {
		t.Error("the selected model's button is not pressed")
	}
	if !strings.Contains(html, `aria-pressed="false" value="alpha"`) {
		t.Error("the other model's button is pressed")
	}
	for _, want := range []string{"0.360 J", "0.0500 Wh", "2.00 J", "0.278 Wh"} {
		if !strings.Contains(html, want) {
			t.Errorf("ranking lacks %q", want)
		}
	}
}

func TestSortedOrder(t *testing.T) {
	c := fixtureCalculator("itl=40", false)
	// Within 40 ms: beta b1 (2.0 J, 30 ms) meets; alpha's a2 is 50 ms, so
	// alpha's chosen is a1 (1.0 J, 10 ms). Rank: alpha (1.0 J), beta (2.0 J).
	tests := []struct {
		name string
		key  string
		desc bool
		want []int
	}{
		{"rank", sortRank, false, []int{0, 1}},
		{"rank descending", sortRank, true, []int{1, 0}},
		{"model name descending", sortModel, true, []int{1, 0}},
		{"GPU", sortGPU, false, []int{1, 0}}, // B200 < H100
		{"latency", sortLatency, false, []int{0, 1}},
		{"latency descending", sortLatency, true, []int{1, 0}},
		{"energy descending", sortEnergy, true, []int{1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sortedOrder(c.ranking, tt.key, tt.desc, "median")
			if len(got) != len(tt.want) || got[0] != tt.want[0] || got[1] != tt.want[1] {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

var routesOnce sync.Once

// TestPrerender serves pages through a go-app Handler with the real dataset,
// as the server does: the first HTML holds the results for the query.
func TestPrerender(t *testing.T) {
	routesOnce.Do(Routes)
	h := &app.Handler{Name: "Energy Floor", Styles: []string{"/web/app.css"}}
	get := func(path string) string { return getPage(t, h, path) }
	t.Run("default inputs give Qwen 3 235B on B200/4/4096", func(t *testing.T) {
		html := get("/")
		// 0.2402453 J per output token × 1e9 tokens / 3,600 J per Wh.
		want := 0.2402453e9 / 3600
		got, _ := attr(html, "energy-per-month", "data-wh")
		if f, err := strconv.ParseFloat(got, 64); err != nil || abs(f-want)/want > 1e-12 {
			t.Errorf("#energy-per-month data-wh: got %q, want %.6f", got, want)
		}
		if got, _ := attr(html, "chosen-config", "data-row-id"); got != "qwen-3-235b-a22b-instruct/B200/4/4096" {
			t.Errorf("chosen row: got %q", got)
		}
	})
	t.Run("the query is applied during prerender", func(t *testing.T) {
		html := get("/?tokens=2.5M&output=250&itl=500&pct=median&gpu=H100&model=qwen-3-235b-a22b-instruct")
		// H100's best within 500 ms median: 8/256 at 1.0927101 J; 2.5M × 1.0927101 / 3,600.
		want := 2.5e6 * 1.0927101 / 3600
		got, _ := attr(html, "energy-per-month", "data-wh")
		if f, err := strconv.ParseFloat(got, 64); err != nil || abs(f-want)/want > 1e-12 {
			t.Errorf("#energy-per-month data-wh: got %q, want %.6f", got, want)
		}
		if v, _ := attr(html, "tokens-per-month", "value"); v != "2.5M" {
			t.Errorf("#tokens-per-month value: got %q, want 2.5M", v)
		}
	})
	t.Run("hostile parameters become an escaped notice", func(t *testing.T) {
		html := get(`/?tokens=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&itl=1e309&model=%3Csvg%20onload%3Dalert(1)%3E&pct=%00`)
		if strings.Contains(html, "<svg onload") {
			t.Errorf("got the hostile model as markup in the page")
		}
		if !strings.Contains(html, `id="notices"`) || strings.Count(html, "<li>") != 2 {
			t.Error("want a notice for each of the two bad choices (model, pct)")
		}
		for _, id := range []string{"tokens-per-month-msg", "itl-ms-msg"} {
			if !strings.Contains(html, `id="`+id+`"`) || !strings.Contains(text(html, id), "Enter") && !strings.Contains(text(html, id), "Must") {
				t.Errorf("#%s: %q, want the field's message", id, text(html, id))
			}
		}
		if got, _ := attr(html, "energy-per-month", "data-wh"); got == "" {
			t.Error("want the default results")
		}
	})
	t.Run("the embed prerenders with caveat and citation", func(t *testing.T) {
		html := get("/embed?itl=50")
		for _, want := range []string{`id="caveat"`, `id="citation"`, `id="energy-per-request"`, `id="open-full"`} {
			if !strings.Contains(html, want) {
				t.Errorf("embed lacks %s", want)
			}
		}
	})
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestEditsBeforeTheWasmStarted applies what a visitor typed into the
// prerendered page before the app's first page (navigate's applyEarly), and checks
// the results and fields against figures worked out from the fixture.
func TestEditsBeforeTheWasmStarted(t *testing.T) {
	tests := []struct {
		name  string
		query string
		early []textEdit
		// want maps "#id attr" (or "#id" for its text) to the expected value.
		want map[string]string
	}{
		{
			// 0.36 J × 2e9 tokens / 3,600 = 200,000 Wh a month; per request unchanged.
			name: "tokens typed", query: "itl=60&model=alpha",
			early: []textEdit{{link.Fields[link.FieldTokens].ID, "2B"}},
			want: map[string]string{"#energy-per-month data-wh": "200000", "#energy-per-request data-wh": "0.05",
				"#tokens-per-month value": "2B"},
		},
		{
			// 4M requests × 250 tokens = 1e9 tokens: 0.36 × 250 / 3,600 = 0.025 Wh; 100,000 Wh a month.
			name: "output length, then requests typed", query: "itl=60&model=alpha",
			early: []textEdit{{link.Fields[link.FieldOutput].ID, "250"}, {link.Fields[link.FieldRequests].ID, "4M"}},
			want: map[string]string{"#energy-per-request data-wh": "0.025", "#energy-per-month data-wh": "100000",
				"#requests-per-month value": "4M", "#output-tokens value": "250"},
		},
		{
			name: "bad text keeps the last good results and says why", query: "itl=60&model=alpha",
			early: []textEdit{{link.Fields[link.FieldOutput].ID, "abc"}},
			want: map[string]string{"#energy-per-request data-wh": "0.05", "#output-tokens value": "abc",
				"#output-tokens-msg": "Enter a number such as 1500, 1,500, 1.5k or 1.5e3."},
		},
		{
			// gpqa has only beta; within 60 ms its floor is b1 (2.0 J, 30 ms).
			name: "workload, then model chosen", query: "itl=60&model=alpha",
			early: []textEdit{{"workload", "gpqa"}, {"model", "beta"}},
			want:  map[string]string{"#chosen-config data-row-id": "beta/B200/2/16"},
		},
		{
			// Within 55 ms at p90, a2 (p90 60 ms) no longer qualifies: a1 (p90 12 ms).
			name: "percentile chosen", query: "itl=55&model=alpha",
			early: []textEdit{{"percentile", "p90"}},
			want:  map[string]string{"#chosen-config data-row-id": "alpha/H100/1/8"},
		},
		{
			name: "GPU the model was not measured on", query: "itl=60&model=alpha",
			early: []textEdit{{"gpu", "B200"}},
			want:  map[string]string{"#no-config": "Choose another GPU, or Either, to see this model&#39;s floor."},
		},
		{
			name: "unknown model ignored", query: "itl=60&model=alpha",
			early: []textEdit{{"model", "nope"}},
			want:  map[string]string{"#chosen-config data-row-id": "alpha/H100/1/64"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fixtureCalculator(tt.query, false)
			c.edits = tt.early
			if !c.applyEarly() {
				t.Fatal("applyEarly reported no edits")
			}
			c.changed(app.Context{}) // as OnNav does; on the server it only recomputes
			if c.edits != nil || c.applyEarly() {
				t.Error("the edits were not applied once only")
			}
			html := render(t, c)
			for k, want := range tt.want {
				id, name, _ := strings.Cut(strings.TrimPrefix(k, "#"), " ")
				var got string
				if name == "" {
					got = text(html, id)
				} else {
					got, _ = attr(html, id, name)
				}
				if got != want {
					t.Errorf("%s: got %q, want %q", k, got, want)
				}
			}
		})
	}
}

// goappClientResolver is go-app v10.1.11's browser resolver
// (clientResourceResolver in pkg/app/resource.go), unexported there; staticURL
// is GOAPP_STATIC_RESOURCES_URL, the Handler's Resources.Resolve("/web").
func goappClientResolver(staticURL string) func(string) string {
	return func(location string) string {
		if !strings.HasPrefix(location, "/web/") && location != "/web" {
			return location
		}
		location = strings.Trim(location, "/")
		return staticURL + "/" + strings.TrimPrefix(location, "web/")
	}
}

func TestBasePath(t *testing.T) {
	tests := []struct {
		name, staticURL, want string
	}{
		{"at the root", "/web", ""},
		{"under a sub-path", "/energy/web", "/energy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := basePath(goappClientResolver(tt.staticURL)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// getPage serves GET path through h and returns the body, failing t on any
// status but 200.
func getPage(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d", path, rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// TestLowerSectionsPrerenderedThenLive: while the browser's first page shows
// the prerendered lower sections (below) and results parts (parts), the
// calculator renders those copies as they are and does not rank; an edit
// still recomputes the headline, and hides the copies (data-stale), whose
// figures are then for other inputs; goLive ranks and renders the live
// sections in their place.
func TestLowerSectionsPrerenderedThenLive(t *testing.T) {
	ds := floortest.Dataset()
	copies := []string{`<section id="ranking">copy 1</section>`, `<section class="panel chart-panel">copy 2</section>`,
		`<section id="embed-this">copy 3</section>`, `<footer class="site-footer">copy 4</footer>`}
	parts := [...]string{copyPublished: `<div class="published">copy 5</div>`, copyEquivalents: `<section id="equivalents">copy 6</section>`,
		copyRange: `<span id="floor-range">copy 7</span>`}
	c := &calculator{load: func() (*floor.Dataset, error) { return ds, nil }, startup: startup{below: copies, parts: parts}}
	c.navigate("itl=60&model=alpha")
	c.copiesFor = c.query // as start records it
	if c.ranking != nil {
		t.Fatalf("ranked %d results while the lower sections were prerendered copies", len(c.ranking))
	}
	html := render(t, c)
	for _, cp := range append(copies, parts[:]...) {
		if !strings.Contains(html, cp) {
			t.Errorf("the page lacks the prerendered copy %s", cp)
		}
	}
	if strings.Contains(html, `data-stale`) {
		t.Error("a copy is marked stale on the page it was prerendered for")
	}
	if strings.Contains(html, `id="published-figures"`) || strings.Count(html, `id="equivalents"`) != 1 {
		t.Error("a live results part is rendered beside its prerendered copy")
	}
	if got, _ := attr(html, "calculator", "data-below"); got != "prerendered" {
		t.Errorf("#calculator data-below = %q, want prerendered", got)
	}
	if strings.Contains(html, `id="ranking-table"`) {
		t.Error("the live ranking table is rendered beside its prerendered copy")
	}

	// 0.36 J × 2e9 tokens / 3,600 = 200,000 Wh a month (alpha's a2).
	c.form.SetText(ds, link.FieldTokens, "2B")
	c.changed(app.Context{})
	html = app.HTMLString(c.Render())
	if got, _ := attr(html, "energy-per-month", "data-wh"); got != "200000" || c.ranking != nil {
		t.Errorf("after an edit: #energy-per-month data-wh %q (want 200000), %d results ranked (want none yet)", got, len(c.ranking))
	}
	for _, cp := range append(copies, parts[:]...) {
		text := cp[strings.Index(cp, ">")+1 : strings.LastIndex(cp, "<")]
		if !regexp.MustCompile(`<[a-z]+ [^>]*data-stale[^>]*>` + text + `<`).MatchString(html) {
			t.Errorf("after an edit the page lacks the hidden copy of %s (data-stale)", cp)
		}
	}

	c.goLive(app.Context{})
	if c.below != nil || len(c.ranking) != 2 {
		t.Fatalf("after goLive: below %v, %d results ranked, want none and 2", c.below, len(c.ranking))
	}
	html = app.HTMLString(c.Render())
	for _, id := range []string{"ranking-table", "chart", "embed-snippet"} {
		if _, ok := attr(html, id, "id"); !ok {
			t.Errorf("the live page lacks #%s", id)
		}
	}
	for _, cp := range append(copies, parts[:]...) {
		if strings.Contains(html, cp[strings.Index(cp, ">")+1:strings.LastIndex(cp, "<")]) {
			t.Errorf("the live page still shows the copy %s", cp)
		}
	}
	if _, ok := attr(html, "published-figures", "id"); !ok {
		t.Error("the live page lacks #published-figures")
	}
	if _, ok := attr(html, "calculator", "data-below"); ok {
		t.Error("the live page keeps data-below")
	}
}

// TestLaterNavigationWhilePrerendered: a navigation after the first, while
// the lower sections are still prerendered copies (they were for the first
// URL), makes them live and ranks for the new query, so the ranking table
// has its rows at once.
func TestLaterNavigationWhilePrerendered(t *testing.T) {
	ds := floortest.Dataset()
	copies := []string{`<section id="ranking">copy 1</section>`, `<section class="panel chart-panel">copy 2</section>`,
		`<section id="embed-this">copy 3</section>`, `<footer class="site-footer">copy 4</footer>`}
	c := &calculator{load: func() (*floor.Dataset, error) { return ds, nil }, startup: startup{below: copies}}
	c.navigate("itl=40&model=alpha")

	c.OnNav(navContext(t, "itl=60&model=beta"))
	if c.below != nil {
		t.Fatal("the prerendered copies are still shown after a later navigation")
	}
	// Within 60 ms: alpha/H100 at 0.36 J, then beta/B200 at 2.0 J.
	html := render(t, c)
	rows := regexp.MustCompile(`<tr[^>]* data-model="([a-z]+)"`).FindAllStringSubmatch(html, -1)
	if len(rows) != 2 || rows[0][1] != "alpha" || rows[1][1] != "beta" {
		t.Errorf("after a later navigation the ranking has rows %v, want alpha then beta", rows)
	}
	if table := regexp.MustCompile(`<table id="ranking-table">.*?</table>`).FindString(html); !strings.Contains(table, "0.360 J") {
		t.Error("the ranking is not for the later query's target (alpha's 0.360 J within 60 ms)")
	}
}

// navContext returns a go-app context whose page is at "/?"+query, to call
// OnNav with: the test engine's Load does not navigate.
func navContext(t *testing.T, query string) app.Context {
	t.Helper()
	g := &contextHolder{}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	g.ctx.Page().ReplaceURL(&url.URL{Path: "/", RawQuery: query})
	return g.ctx
}

// contextHolder keeps the context go-app prerenders it with (outside the
// browser go-app calls OnPreRender, not OnMount).
type contextHolder struct {
	app.Compo
	ctx app.Context
}

func (h *contextHolder) OnPreRender(ctx app.Context) { h.ctx = ctx }

func (h *contextHolder) Render() app.UI { return app.Div() }

// TestPrerenderLinksSplitBeforeLowerSections: the prerendered full page links
// the split stylesheet once, after the results and before the ranking, so a
// browser paints the results first; the embed has no lower sections and no
// link, and neither has the browser's live page (its styles are inlined).
func TestPrerenderLinksSplitBeforeLowerSections(t *testing.T) {
	html := render(t, fixtureCalculator("itl=60&model=alpha", false))
	// go-app writes attributes in either order.
	link := regexp.MustCompile(`<link (href="/web/split\.css" rel="stylesheet"|rel="stylesheet" href="/web/split\.css")>`).FindString(html)
	if link == "" {
		i := strings.Index(html, `id="ranking"`)
		t.Fatalf("the full page does not link web/split.css: …%s", html[max(0, i-300):i])
	}
	at, results, ranking := strings.Index(html, link), strings.Index(html, `id="energy-per-month"`), strings.Index(html, `id="ranking"`)
	if strings.Count(html, link) != 1 || !(results >= 0 && results < at && at < ranking) {
		t.Errorf("%d split links, at byte %d; want one between #energy-per-month (%d) and #ranking (%d)", strings.Count(html, link), at, results, ranking)
	}
	if embed := render(t, fixtureCalculator("itl=60&model=alpha", true)); strings.Contains(embed, "split.css") {
		t.Error("the embed links the split stylesheet")
	}
}

// TestPrerenderedForm: the prerendered inputs are a GET form whose field
// names are the permalink's parameters, loading the calculator's own page,
// with a Calculate button; the derived volume is read-only and sends
// nothing, and the slider (which only the app can read) is disabled.
func TestPrerenderedForm(t *testing.T) {
	for _, tt := range []struct {
		name, query, action string
		embed               bool
		named, unnamed      string
	}{
		{"tokens typed", "tokens=2B", "/", false, "tokens-per-month", "requests-per-month"},
		{"requests typed", "requests=4M", "/", false, "requests-per-month", "tokens-per-month"},
		{"the embed", "tokens=2B", "/embed", true, "tokens-per-month", "requests-per-month"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			html := canonical(t, render(t, fixtureCalculator(tt.query, tt.embed)))
			form := regexp.MustCompile(`<form [^>]*>`).FindString(html)
			for _, want := range []string{`action="` + tt.action + `"`, `method="get"`, `id="inputs"`} {
				if !strings.Contains(form, want) {
					t.Errorf("the form %s lacks %s", form, want)
				}
			}
			names := map[string]string{"workload": "workload", "output-tokens": "output", "itl-ms": "itl",
				"percentile": "pct", "gpu": "gpu", "model": "model", tt.named: map[string]string{"tokens-per-month": "tokens", "requests-per-month": "requests"}[tt.named]}
			for id, name := range names {
				if !regexp.MustCompile(`<(input|select) [^>]*id="` + id + `" [^>]*name="` + name + `"`).MatchString(html) {
					t.Errorf("#%s is not named %q", id, name)
				}
			}
			derived := regexp.MustCompile(`<input [^>]*id="` + tt.unnamed + `"[^>]*>`).FindString(html)
			if regexp.MustCompile(`\sname=`).MatchString(derived) || !strings.Contains(derived, " readonly") {
				t.Errorf("the derived volume %s must be read-only, without a name", derived)
			}
			// web/boot.js names the volume typed from its data-name.
			for id, name := range map[string]string{"tokens-per-month": "tokens", "requests-per-month": "requests"} {
				if !regexp.MustCompile(`<input [^>]*data-name="` + name + `" [^>]*id="` + id + `"`).MatchString(html) {
					t.Errorf("#%s lacks data-name=%q", id, name)
				}
			}
			if slider := regexp.MustCompile(`<input [^>]*id="itl-range"[^>]*>`).FindString(html); !strings.Contains(slider, " disabled") || strings.Contains(slider, "name=") {
				t.Errorf("the prerendered slider %s must be disabled, without a name", slider)
			} else if !strings.Contains(slider, `aria-label="Latency target (slider, 5 to 2,000 ms)"`) {
				t.Errorf("the slider %s does not name its range, 5 to 2,000 ms", slider)
			}
			// 730 hours a month, twelve a year: 8,760 hours, a 365-day year
			// (the page's results; the embed has no fleet).
			if !tt.embed && !strings.Contains(html, "A month is 730 hours (8,760 hours a year ÷ 12); a year is 12 such months.") {
				t.Error("the fleet's method does not define the month")
			}
			if !regexp.MustCompile(`<button [^>]*id="calculate" [^>]*type="submit">Calculate</button>`).MatchString(html) {
				t.Error("no Calculate submit button")
			}
			if !strings.Contains(html, `<option selected value="">Either (H100 or B200)</option>`) {
				t.Error("the either-GPU option has no empty value: a form would send its label")
			}
		})
	}
}

// TestResultsCurrent: #results carries data-current "yes" for figures of the
// fields' values, and "no" when a field holds a bad value, whose figures are
// then the last good ones, as #results-for says in words.
func TestResultsCurrent(t *testing.T) {
	html := render(t, fixtureCalculator("tokens=2B&itl=60&model=alpha", false))
	if got, _ := attr(html, "results", "data-current"); got != "yes" {
		t.Errorf("data-current %q, want yes", got)
	}
	html = render(t, fixtureCalculator("requests=1e15&output=1e6&model=alpha", false))
	if got, _ := attr(html, "results", "data-current"); got != "no" {
		t.Errorf("with requests × output past 10^18 tokens, data-current %q, want no", got)
	}
	html = render(t, fixtureCalculator("tokens=2B&itl=soon&model=alpha", false))
	if got, _ := attr(html, "results", "data-current"); got != "no" {
		t.Errorf("with a bad latency target, data-current %q, want no", got)
	}
	// The target stays the default, 100 ms, at which alpha's floor is a3.
	want := "2,000,000,000 output tokens a month, 500 output tokens a request, a median inter-token latency within 100 ms, either GPU, Alpha 8B, Text Conversation (lm-arena-chat)"
	if got := text(html, "results-for-inputs"); got != want {
		t.Errorf("#results-for-inputs says %q, want %q", got, want)
	}
	if got, _ := attr(html, "chosen-config", "data-row-id"); got != "alpha/H100/1/256" {
		t.Errorf("chosen row %q, want alpha/H100/1/256 (within 100 ms)", got)
	}
}

// TestResultsForHintPrerendered: where the app does not run, the line over
// figures that are not the fields' says how to get them: Calculate, or,
// when the link's own value is bad, correcting it first.
func TestResultsForHintPrerendered(t *testing.T) {
	for query, want := range map[string]string{
		"tokens=2B":  "Press Calculate to get figures for the values in the fields.",
		"tokens=abc": "Correct the marked field, then press Calculate.",
	} {
		if got := text(render(t, fixtureCalculator(query, false)), "results-for-hint"); got != want {
			t.Errorf("?%s: #results-for-hint %q, want %q", query, got, want)
		}
	}
}

// TestOutputLengthAsTyped: the lines under both pairs' figures per request
// give the output length as given, not rounded to three figures ("50", not
// "50.0"; "1,234.5", not "1,230"), and "1 output token" in the singular.
// alpha's a2: 0.36 J per output token.
func TestOutputLengthAsTyped(t *testing.T) {
	for query, want := range map[string]string{
		"itl=60&model=alpha&output=50":     "18.0 J for 50 output tokens",
		"itl=60&model=alpha&output=1234.5": "444 J for 1,234.5 output tokens",
		"itl=60&model=alpha&output=1":      "0.360 J for 1 output token",
	} {
		html := render(t, fixtureCalculator(query, false))
		if !strings.Contains(html, want) {
			t.Errorf("?%s: the page lacks %q", query, want)
		}
		_, length, _ := strings.Cut(want, " J for ")
		if n := strings.Count(html, " J for "+length+"<"); n != 2 {
			t.Errorf("?%s: %d lines end %q, want 2 (the floor's and the traffic's)", query, n, " J for "+length)
		}
	}
}
