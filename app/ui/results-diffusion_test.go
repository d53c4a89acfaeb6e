//go:build !wasm

package ui

import (
	"strings"
	"testing"
)

// TestDiffusionNextStep: a video page says once, in the headline's pair at
// your traffic, from which monthly volume of videos its figure falls next:
// CogVideoX 2B's B200 traffic figure (b1, 27,038.686 J) at 20,000 videos a
// month within 1,000 s falls at the CLI's from_requests_per_month,
// 77,296.9280148 videos (3.86 times 20,000: 286% more), to 1.02× the floor.
func TestDiffusionNextStep(t *testing.T) {
	c := &calculator{load: loadDataset}
	c.navigate("workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b")
	html := render(t, c)
	if n := strings.Count(html, `id="traffic-next-step"`); n != 1 {
		t.Fatalf("%d #traffic-next-step, want 1", n)
	}
	if got, _ := attr(html, "traffic-next-step", "data-from"); got != "77296.9280148" {
		t.Errorf("#traffic-next-step data-from %q, want 77296.9280148", got)
	}
	if got, want := text(html, "traffic-next-step"), "From 77,300 videos a month (286% more), it falls to 1.02× the floor."; got != want {
		t.Errorf("#traffic-next-step says %q, want %q", got, want)
	}
}
