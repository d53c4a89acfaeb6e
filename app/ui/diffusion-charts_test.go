//go:build !wasm

package ui

import (
	"strings"
	"testing"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/shopspring/decimal"
)

// diffusionModel is a hand-made image model: one curve on H100 (1 GPU),
// batches 1, 2 and 4 at 10, 12 and 30 s, 2,000, 1,500 and 1,200 J per
// image, 0.1, 1/6 and 2/15 images a second.
func diffusionModel() *floor.Model {
	d := decimal.RequireFromString
	c := func(batch int, lat, j, ips string) *floor.Configuration {
		return &floor.Configuration{Kind: floor.KindImages, RowID: "img/H100/1/1x1/" + itoaTest(batch), GPU: floor.H100, NumGPUs: 1,
			DiffusionSettings: &floor.DiffusionSettings{BatchSize: batch, UlyssesDegree: 1, RingDegree: 1, BatchLatencyS: d(lat), JoulesPerRequest: d(j), RequestsPerSecond: d(ips)}}
	}
	return &floor.Model{Slug: "img", Name: "Image Model", GPUs: []string{floor.H100}, Kind: floor.KindImages,
		Generation:     &floor.Generation{Width: 1024, Height: 1024, InferenceSteps: 28},
		Configurations: []*floor.Configuration{c(1, "10", "2000", "0.1"), c(2, "12", "1500", "0.1666667"), c(4, "30", "1200", "0.1333333")}}
}

func itoaTest(n int) string { return decimal.NewFromInt(int64(n)).String() }

// On an image model the trade-off chart plots batch latency in seconds
// against joules per image: its axes, target, tooltips and the floor's
// label say so, and the 30 s batch is beyond a 20 s target.
func TestChartDiffusionAxes(t *testing.T) {
	m := diffusionModel()
	ch := &tradeoffChart{Model: m, Statistic: floor.Median, Target: decimal.NewFromInt(20), Chosen: "img/H100/1/1x1/2",
		Traffic: "img/H100/1/1x1/1", Volume: decimal.NewFromInt(100_000), Kind: floor.KindImages}
	ch.layout()
	g := ch.geom
	if g.XLabel != "batch latency (s, log scale)" || g.YLabel != "J per image, log · lower is better" {
		t.Errorf("axis labels %q, %q", g.XLabel, g.YLabel)
	}
	if len(g.Points) != 3 {
		t.Fatalf("%d points, want 3", len(g.Points))
	}
	// The energy axis's labels fit the left margin on phones too: from
	// 10,000 J with a k suffix.
	var ys []string
	for _, tk := range g.YTicks {
		ys = append(ys, tk.Label)
	}
	if got := strings.Join(ys, " "); got != "1,000 2,000 5,000 10k" {
		t.Errorf("energy ticks %q, want 1,000 2,000 5,000 10k", got)
	}
	for _, p := range g.Points {
		if want := p.Row != "img/H100/1/1x1/4"; p.Meets != want {
			t.Errorf("%s meets %v, want %v", p.Row, p.Meets, want)
		}
	}
	svg := ch.svg()
	for _, want := range []string{"Energy per image against batch latency (s, log scale) for Image Model", "target 20 s",
		"floor 1.50 kJ", "at your traffic 2.00 kJ", "1×H100, Ulysses 1 × ring 1, batch 2: 12.0 s, 1.50 kJ per image", "lower is better",
		"The table below lists the same figures."} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart lacks %q:\n%s", want, svg)
		}
	}
}

// TestConfigTableDiffusion: on an image model the configuration table under
// the chart lists every configuration with its GPUs, Ulysses × ring, batch
// size, batch latency in seconds, joules and Wh per image (J ÷ 3,600, worked
// by hand) and whether it meets a 20 s target, the floor's and the traffic
// figure's rows marked, each with its row id.
func TestConfigTableDiffusion(t *testing.T) {
	tab := &configTable{Model: diffusionModel(), Statistic: floor.Median, Target: decimal.NewFromInt(20),
		Chosen: "img/H100/1/1x1/2", Traffic: "img/H100/1/1x1/1", Kind: floor.KindImages}
	html := app.HTMLString(tab)
	for _, want := range []string{
		"All 3 measured configurations of Image Model as a table",
		"<th scope=\"col\">Ulysses × ring</th>", "<th scope=\"col\">Batch latency (s)</th>", "<th scope=\"col\">J per image</th>",
		"<th scope=\"col\">Wh per image</th>", "<th scope=\"col\">Within 20 s target</th>",
		// 2,000 J ÷ 3,600 = 0.5555… Wh; 1,500 J: 0.41666…; 1,200 J: 0.3333…
		// (at least 16 significant digits: floor.QuotientDigits)
		`<tr class="traffic" data-row-id="img/H100/1/1x1/1"><th scope="row">1 × H100</th><td>1 × 1</td><td class="num">1</td><td class="num" data-s="10">10</td><td class="num" data-j="2000">2,000</td><td class="num" data-wh="0.55555555555555556">0.556</td><td>yes, at your traffic</td><td><code>img/H100/1/1x1/1</code></td></tr>`,
		`<tr class="selected" data-row-id="img/H100/1/1x1/2"><th scope="row">1 × H100</th><td>1 × 1</td><td class="num">2</td><td class="num" data-s="12">12</td><td class="num" data-j="1500">1,500</td><td class="num" data-wh="0.41666666666666667">0.417</td><td>yes, chosen</td>`,
		`<td class="num" data-s="30">30</td><td class="num" data-j="1200">1,200</td><td class="num" data-wh="0.33333333333333333">0.333</td><td>no</td>`,
	} {
		if !strings.Contains(canonical(t, compactHTML(html)), want) {
			t.Errorf("the table lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "max_num_seqs") {
		t.Errorf("the image table has a token column:\n%s", html)
	}
}

// On an image model the volume chart spans 100 to 1,000,000,000 images a
// month, its steps start at images a month and the floor's line is labelled
// with joules per image.
func TestVolumeChartDiffusion(t *testing.T) {
	m := diffusionModel()
	in := floor.Inputs{Workload: "text-to-image", TargetLatencyS: decimal.NewFromInt(20), ImagesOrVideosPerMonth: decimal.NewFromInt(100_000)}
	v := &volumeChart{Model: m, In: in, Floor: m.Configurations[1]}
	v.computeSteps()
	if len(v.steps) != 2 || v.steps[0].Config != m.Configurations[0] || v.steps[1].Config != m.Configurations[1] {
		t.Fatalf("steps %+v, want batch 1 then batch 2", v.steps)
	}
	// Batch 1 is filled from 0.1 × 2,628,000 = 262,800 images a month, and
	// the walk then reaches batch 2.
	if got := v.steps[1].From; !got.Equal(decimal.NewFromInt(262_800)) {
		t.Errorf("the second step from %s images a month, want 262800", got)
	}
	svg, table := v.svg(v.steps), v.table(v.steps)
	for _, want := range []string{"images per month (log scale)", "J per image, log · lower is better", "floor 1.50 kJ",
		"at your traffic 2.00 kJ", "your volume, 100k", ">100<", ">1B<", "Energy per image at your traffic against monthly volume for Image Model"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the volume chart lacks %q:\n%s", want, svg)
		}
	}
	for _, want := range []string{"From (images a month)", "J per image", "1×H100, Ulysses 1 × ring 1, batch 2", `data-from="262800"`} {
		if !strings.Contains(table, want) {
			t.Errorf("the steps table lacks %q:\n%s", want, table)
		}
	}
}

// A target near the right edge (90 s on a 10–100 s axis) is labelled to
// the left of its line, inside the chart, not cut off at its edge.
func TestChartTargetLabelInside(t *testing.T) {
	ch := &tradeoffChart{Model: diffusionModel(), Statistic: floor.Median, Target: decimal.NewFromInt(90), Kind: floor.KindImages}
	ch.layout()
	if svg := ch.svg(); !strings.Contains(svg, `text-anchor="end">target 90 s</text>`) {
		t.Errorf("the target's label is not anchored at its end:\n%s", svg)
	}
}

// TestVolumeLede: the volume chart's sentence claims bigger batches are
// cheaper only for tokens; for images and videos, where along the measured
// curves energy per request rises at about a third of the steps, it says so.
func TestVolumeLede(t *testing.T) {
	if got := floor.KindTokens.BatchingWords(); !strings.Contains(got, "each token costs less, down to the floor") {
		t.Errorf("token lede %q", got)
	}
	got := floor.KindImages.BatchingWords()
	if strings.Contains(got, "costs less") || !strings.Contains(got, "sometimes costs more") {
		t.Errorf("image lede %q: want no claim that each image costs less", got)
	}
}

// compactHTML drops the indentation app.HTMLString writes between tags.
func compactHTML(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		b.WriteString(strings.TrimSpace(line))
	}
	return b.String()
}
