package link

import (
	"energyfloor/data"
	"strings"
	"testing"
)

// TestPreview: a link's preview states the floor the page's statement
// states, with the caveat of the page's workload and model; where the page
// has no floor (nothing meets the target, or nothing on the GPUs allowed)
// it says so and quotes no energy figure.
func TestPreview(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	const tokenCaveat = "GPU energy only, measured at steady state on a busy server (the most energy-efficient configuration under a latency limit)."
	const imageCaveat = "GPU energy only, measured generating 1024 × 1024 images with 20 inference steps, in batches of 1 to 32 on a busy server " +
		"(the configuration gives its batch size)."
	for _, tc := range []struct {
		query, title, description string
	}{
		{"tokens=2.5B&output=500&itl=100", "At least 0.0334 Wh per request for Qwen 3 235B A22B Instruct",
			"At least 0.0334 Wh per request for Qwen 3 235B A22B Instruct, 167 kWh a month for 2,500,000,000 output tokens (Text Conversation). " + tokenCaveat},
		// A query the calculator corrects (with notices) previews what the page shows.
		{"workload=nope&tokens=2.5B&output=500&itl=100", "At least 0.0334 Wh per request for Qwen 3 235B A22B Instruct", ""},
		{"itl=5", "No energy floor for Qwen 3 235B A22B Instruct within a 5 ms median inter-token latency target",
			"No energy floor for Qwen 3 235B A22B Instruct within a 5 ms median inter-token latency target: the fastest measured configuration, " +
				"8×B200 with max_num_seqs 8, reaches 16.6 ms. " + tokenCaveat},
		{"workload=text-to-image&requests=2M", "At least 0.0939 Wh per image for SANA 1.5 1.6B",
			"At least 0.0939 Wh per image for SANA 1.5 1.6B, 188 kWh a month for 2,000,000 images (Text to Image). " + imageCaveat},
		{"workload=text-to-image&latency=0.1", "No energy floor for SANA 1.5 1.6B within a 0.1 s batch latency target",
			"No energy floor for SANA 1.5 1.6B within a 0.1 s batch latency target: the fastest measured configuration, " +
				"1×B200 in batches of 1 (Ulysses 1 × ring 1), reaches 0.645 s. " + imageCaveat},
		{"model=deepseek-v3-1&gpu=H100", "No energy floor for DeepSeek V3.1 on the GPUs allowed",
			"No energy floor for DeepSeek V3.1 on the GPUs allowed. " + tokenCaveat},
	} {
		f, _ := Decode(ds, tc.query)
		title, description, ok := Preview(ds, &f)
		if !ok || title != tc.title || tc.description != "" && description != tc.description {
			t.Errorf("preview of %s:\n%q\n%q (%v)\nwant\n%q\n%q", tc.query, title, description, ok, tc.title, tc.description)
		}
		if strings.HasPrefix(tc.title, "No ") && strings.Contains(title+description, "Wh") {
			t.Errorf("preview of %s quotes an energy figure with no floor: %q", tc.query, description)
		}
	}
}
