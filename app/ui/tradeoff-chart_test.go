//go:build !wasm

package ui

import (
	"math"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// titles gives chartLayout the points' titles for statistic s (pointTitle).
func titles(s floor.Statistic) func(*floor.Configuration) string {
	return func(c *floor.Configuration) string { return pointTitle(c, s) }
}

func TestChartGeometry(t *testing.T) {
	ds := floortest.Dataset()
	alpha := ds.TokenWorkloads[0].Model("alpha")
	// alpha's medians are 10, 50 and 100 ms and its energies 1.0, 0.36 and
	// 0.1 J: the axes span exactly [10, 100] ms and [0.1, 1] J. The plot is
	// 640 − 72 − 16 = 552 wide and 400 − 16 − 56 = 328 tall.
	g := chartLayout(alpha, "", "median", decimal.NewFromInt(60), "alpha/H100/1/64", "", decimal.Zero, titles("median"))
	want := []struct {
		x, y          float64
		meets, chosen bool
	}{
		{72, 16, true, false}, // 10 ms, 1 J: top left
		{72 + 552*math.Log10(5), 16 + 328*(1-math.Log10(3.6)), true, true}, // 50 ms, 0.36 J
		{624, 344, false, false}, // 100 ms, 0.1 J: bottom right
	}
	if len(g.Points) != len(want) {
		t.Fatalf("got %d points, want %d", len(g.Points), len(want))
	}
	for i, w := range want {
		p := g.Points[i]
		if math.Abs(p.X-w.x) > 1e-9 || math.Abs(p.Y-w.y) > 1e-9 || p.Meets != w.meets || p.Chosen != w.chosen {
			t.Errorf("point %d: got (%.3f, %.3f, meets %v, chosen %v), want (%.3f, %.3f, %v, %v)",
				i, p.X, p.Y, p.Meets, p.Chosen, w.x, w.y, w.meets, w.chosen)
		}
	}
	if wantX := 72 + 552*math.Log10(6); math.Abs(g.TargetX-wantX) > 1e-9 {
		t.Errorf("got target x %.3f, want %.3f", g.TargetX, wantX)
	}
	var labels []string
	for _, tk := range g.XTicks {
		labels = append(labels, tk.Label)
	}
	if got, want := strings.Join(labels, " "), "10 20 50 100"; got != want {
		t.Errorf("got x ticks %q, want %q", got, want)
	}
	labels = labels[:0]
	for _, tk := range g.YTicks {
		labels = append(labels, tk.Label)
	}
	if got, want := strings.Join(labels, " "), "0.1 0.2 0.5 1"; got != want {
		t.Errorf("got y ticks %q, want %q", got, want)
	}
	if !strings.Contains(g.XLabel, "median") || !strings.Contains(g.XLabel, "ms") || !strings.Contains(g.YLabel, "J") {
		t.Errorf("got axis labels %q, %q; want the statistic and units", g.XLabel, g.YLabel)
	}
}

func TestChartGeometryTargetWidensTheAxis(t *testing.T) {
	alpha := floortest.Dataset().TokenWorkloads[0].Model("alpha")
	g := chartLayout(alpha, "", "p99", decimal.NewFromInt(5000), "", "", decimal.Zero, titles("p99"))
	// p99 spans 15 to 150 ms; a 5,000 ms target widens the axis to [10, 10,000].
	if got, want := g.TargetX, 72+552*math.Log10(500)/3; math.Abs(got-want) > 1e-9 {
		t.Errorf("got target x %.3f, want %.3f", got, want)
	}
	if got := g.XTicks[len(g.XTicks)-1].Label; got != "10,000" {
		t.Errorf("got last x tick %q, want 10,000", got)
	}
}

func TestChartGeometryFiltersByGPU(t *testing.T) {
	beta := floortest.Dataset().TokenWorkloads[0].Model("beta")
	if g := chartLayout(beta, "H100", "median", decimal.NewFromInt(60), "", "", decimal.Zero, titles("median")); len(g.Points) != 0 {
		t.Errorf("got %d points for a GPU beta was not measured on, want 0", len(g.Points))
	}
	if g := chartLayout(beta, "B200", "median", decimal.NewFromInt(60), "", "", decimal.Zero, titles("median")); len(g.Points) != 2 {
		t.Errorf("got %d points on B200, want 2", len(g.Points))
	}
}

func TestTradeoffChartRender(t *testing.T) {
	alpha := floortest.Dataset().TokenWorkloads[0].Model("alpha")
	ch := &tradeoffChart{Model: alpha, Statistic: "median", Target: decimal.NewFromInt(60), Chosen: "alpha/H100/1/64", Volume: decimal.NewFromInt(1e12)}
	e := app.NewTestEngine()
	if err := e.Load(ch); err != nil {
		t.Fatal(err)
	}
	html := app.HTMLString(ch)
	for _, want := range []string{`<svg`, `id="chart-target"`, `data-row-id="alpha/H100/1/64"`, `class="pt pt-H100 meets chosen"`,
		`class="ring"`, "target 60 ms", "median inter-token latency (ms, log scale)"} {
		if !strings.Contains(html, want) {
			t.Errorf("chart lacks %s", want)
		}
	}
	if got := strings.Count(html, "<circle"); got != 4 {
		t.Errorf("got %d circles, want 3 points and 1 ring", got)
	}
}

// TestRawHTMLIsEscaped checks that the chart's and the ranking table's raw
// HTML escape every text and attribute value they write.
func TestRawHTMLIsEscaped(t *testing.T) {
	alpha := *floortest.Dataset().TokenWorkloads[0].Model("alpha")
	alpha.Name = `<script>alert("x")</script> & 'co'`
	ch := &tradeoffChart{Model: &alpha, Statistic: "median", Target: decimal.NewFromInt(60)}
	ch.layout()
	rt := &rankingTable{views: []rowView{{Rank: 1, Slug: `a"><img src=x onerror=alert(1)>`, Name: alpha.Name, GPU: "H100",
		GPUs: "<b>1</b>", Seqs: "&", Latency: `"`, Energy: "'", PerMillion: "<", PerRequest: ">", Meets: true}}}
	for name, html := range map[string]string{"chart": ch.svg(), "ranking": rt.tableHTML()} {
		for _, bad := range []string{"<script", "<img", "<b>", `"x"`, `'co'`} {
			if strings.Contains(html, bad) {
				t.Errorf("%s writes %s unescaped", name, bad)
			}
		}
		if !strings.Contains(html, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;co&#39;") {
			t.Errorf("%s lacks the escaped model name", name)
		}
	}
}

// At 1,000 output tokens a second (2,628,000,000 tokens a month) alpha's
// 100 and 1,000 tokens/s configurations are filled and its 3,000 is not: it
// alone is faded. The traffic row is marked, and only it.
func TestChartGeometryTraffic(t *testing.T) {
	alpha := floortest.Dataset().TokenWorkloads[0].Model("alpha")
	g := chartLayout(alpha, "", "median", decimal.NewFromInt(60), "alpha/H100/1/64", "alpha/H100/1/64",
		decimal.NewFromInt(2_628_000_000), titles("median"))
	for _, p := range g.Points {
		if wantUnfilled, wantTraffic := p.Row == "alpha/H100/1/256", p.Row == "alpha/H100/1/64"; p.Unfilled != wantUnfilled || p.Traffic != wantTraffic {
			t.Errorf("%s: unfilled %v, traffic %v; want %v, %v", p.Row, p.Unfilled, p.Traffic, wantUnfilled, wantTraffic)
		}
	}
	ch := &tradeoffChart{Model: alpha, Statistic: floor.Median, Target: decimal.NewFromInt(60), Chosen: "alpha/H100/1/64", Traffic: "alpha/H100/1/64",
		Volume: decimal.NewFromInt(2_628_000_000)}
	ch.layout()
	svg := ch.svg()
	if strings.Count(svg, "unfilled") != 1 || strings.Count(svg, `class="traffic-ring"`) != 1 {
		t.Errorf("svg has %d unfilled points and %d traffic rings, want 1 and 1", strings.Count(svg, "unfilled"), strings.Count(svg, `class="traffic-ring"`))
	}
}
