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

// TestSingularAtOne: a volume of one is one video, one output token, one
// request, in every sentence that states the inputs.
func TestSingularAtOne(t *testing.T) {
	for query, want := range map[string][]string{
		"workload=text-to-video&requests=1&latency=1000&model=cogvideox-2b": {
			"1 video a month, a batch latency within 1,000 s", "Generating 1 video a month"},
		"tokens=1&output=1": {
			"1 output token a month, 1 output token a request", "1 request a month", "Serving 1 output token a month of 1 output token a request"},
	} {
		c := &calculator{load: loadDataset}
		c.navigate(query)
		html := render(t, c)
		for _, w := range want {
			if !strings.Contains(html, w) {
				t.Errorf("?%s: the page lacks %q", query, w)
			}
		}
		for _, bad := range []string{"1 videos", "1 output tokens", "1 requests"} {
			if i := strings.Index(html, ">"+bad); i >= 0 || strings.Contains(html, " "+bad) {
				t.Errorf("?%s: the page says %q", query, bad)
			}
		}
	}
}

// TestNextStepTimesYourVolume: where the next step is ten or more times the
// volume it says how many times, not a percentage in the billions. At 1
// output token a month (output 1), the default model's traffic figure next
// falls at 1,019,401,200 output tokens (#traffic-next-step's data-from, as
// the CLI's from_output_tokens_per_month): 1,019,401,200 times 1, "1.02
// billion" to three figures.
func TestNextStepTimesYourVolume(t *testing.T) {
	c := &calculator{load: loadDataset}
	c.navigate("tokens=1&output=1")
	html := render(t, c)
	if got, _ := attr(html, "traffic-next-step", "data-from"); got != "1019401200" {
		t.Errorf("#traffic-next-step data-from %q, want 1019401200", got)
	}
	if got, want := text(html, "traffic-next-step"), "From 1.02 billion output tokens a month (1.02 billion times your volume), it falls to 21.6× the floor."; got != want {
		t.Errorf("#traffic-next-step says %q, want %q", got, want)
	}
}
