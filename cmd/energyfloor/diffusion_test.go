package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestRequestsLinkTokens: for a token workload -requests is linked through
// the output length and takes precedence over -tokens, as requests= does on
// the page: 1M requests of 200 tokens are 200M tokens a month, whatever
// -tokens says.
func TestRequestsLinkTokens(t *testing.T) {
	code, stdout, stderr := runCLI("-json", "-tokens", "5B", "-requests", "1M", "-output-tokens", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got cliJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Inputs.OutputTokensPerMonth.String() != "200000000" {
		t.Errorf("got %s output tokens a month, want 200000000", got.Inputs.OutputTokensPerMonth)
	}
}

// TestDiffusionJSONContract: an image or video ranking's rows carry the
// contract's fields, and none of the token-only ones.
func TestDiffusionJSONContract(t *testing.T) {
	for _, args := range [][]string{
		{"-json", "-workload", "text-to-image", "-requests", "2M", "-latency-s", "20"},
		{"-json", "-workload", "text-to-video", "-latency-s", "100"}, // some rows meet nothing
	} {
		code, stdout, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var doc struct {
			Inputs  map[string]any   `json:"inputs"`
			Results []map[string]any `json:"results"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"requests_per_month", "latency_target_s"} {
			if _, ok := doc.Inputs[k]; !ok {
				t.Errorf("%v: inputs lack %s", args, k)
			}
		}
		for _, k := range []string{"output_tokens_per_month", "output_tokens_per_request", "itl_target_ms", "percentile"} {
			if _, ok := doc.Inputs[k]; ok {
				t.Errorf("%v: inputs carry the token input %s", args, k)
			}
		}
		if len(doc.Results) == 0 {
			t.Fatalf("%v: no results", args)
		}
		met, missed := 0, 0
		for _, r := range doc.Results {
			for _, k := range []string{"model_id", "slug", "gpu", "meets_target", "joules_per_request", "wh_per_request", "kwh_per_month",
				"configuration", "traffic", "reachable_latency_s"} {
				if _, ok := r[k]; !ok {
					t.Errorf("%v: %s on %s lacks %s", args, r["slug"], r["gpu"], k)
				}
			}
			for _, k := range []string{"joules_per_output_token", "wh_per_million_output_tokens", "reachable_itl_ms"} {
				if _, ok := r[k]; ok {
					t.Errorf("%v: %s carries the token field %s", args, r["slug"], k)
				}
			}
			c := r["configuration"].(map[string]any)
			for _, k := range []string{"gpu", "num_gpus", "ulysses_degree", "ring_degree", "batch_size", "batch_latency_s", "generation"} {
				if _, ok := c[k]; !ok {
					t.Errorf("%v: %s's configuration lacks %s", args, r["slug"], k)
				}
			}
			if r["meets_target"] == true {
				met++
				tr := r["traffic"].(map[string]any)
				for _, k := range []string{"requests_per_second", "joules_per_request", "wh_per_request", "kwh_per_month", "utilisation",
					"times_floor", "configuration"} {
					if _, ok := tr[k]; !ok {
						t.Errorf("%v: %s's traffic lacks %s", args, r["slug"], k)
					}
				}
			} else {
				missed++
				if r["traffic"] != nil || r["reachable_latency_s"] == nil {
					t.Errorf("%v: %s meets nothing, yet traffic %v, reachable %v", args, r["slug"], r["traffic"], r["reachable_latency_s"])
				}
			}
		}
		if strings.Contains(args[2], "video") && (met == 0 || missed == 0) {
			t.Errorf("%v: %d rows meet the target and %d do not; want both kinds", args, met, missed)
		}
	}
}

// TestDiffusionFlagsRefused: the diffusion inputs are checked as the page
// checks them: a latency target outside 0.1 to 100,000 s, or no number.
func TestDiffusionFlagsRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-workload", "text-to-image", "-latency-s", "0.05"}, `energyfloor: -latency-s "0.05": Must be between 0.1 and 100,000 seconds.`},
		{[]string{"-workload", "text-to-video", "-latency-s", "200000"}, `energyfloor: -latency-s "200000": Must be between 0.1 and 100,000 seconds.`},
		{[]string{"-workload", "text-to-image", "-requests", "lots"}, `energyfloor: -requests "lots":`},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != 2 || stdout != "" || !slices.ContainsFunc(strings.Split(stderr, "\n"), func(l string) bool { return strings.HasPrefix(l, tc.want) }) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestSingularAtOne: a volume of one is one video, one output token, in the
// table's first line and its note on the figure at your traffic.
func TestSingularAtOne(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-workload", "text-to-video", "-requests", "1", "-latency-s", "1000"},
			[]string{"(text-to-video): 1 video a month, a batch latency", "that 1 video a month ("}},
		{[]string{"-tokens", "1", "-output-tokens", "1"},
			[]string{"(lm-arena-chat): 1 output token a month, 1 output token a request,", "that 1 output token a month ("}},
	} {
		code, stdout, stderr := runCLI(c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: the output lacks %q", c.args, w)
			}
		}
		for _, bad := range []string{" 1 videos", " 1 output tokens"} {
			if strings.Contains(stdout, bad) {
				t.Errorf("%v: the output says %q", c.args, bad)
			}
		}
	}
}
