package main

import (
	"strings"
	"testing"
)

// TestPrerenderedBrief: what a briefing takes from the page, as the server
// prerenders it, in words a reader can check against the cards and the CLI:
// which figure to quote and why; the carbon of each card's GPU energy at
// the named grid, as the CLI's one sentence gives it; the spread across the
// workload's models; how to choose a model; the scope; each utilisation
// named by its configuration; the equivalents of the figure at your
// traffic, with a line for the floor; one image beside the page's answer.
func TestPrerenderedBrief(t *testing.T) {
	s := pageSite(t)
	p := served(t, s, "/?itl=80&output=400&tokens=3B&grid=DEU")
	for id, want := range map[string]string{
		"quote-which": "Quote the figure at your traffic, what your volume reaches: your 3 billion output tokens a month fill batches of 64, " +
			"not the floor's 4,096, keeping one such server busy",
		"floor-range":         "The 18 models measured for this workload range from ",
		"energy-carbon":       "at Germany's 2024 grid: ",
		"traffic-carbon":      "at Germany's 2024 grid: ",
		"model-hint":          "Only open models are measured. For a closed model, pick a stand-in of similar total and active parameters; the ranking gives the spread.",
		"caveat":              "Outside these figures: training, the hardware's manufacture, water, networks and end-user devices.",
		"fleet":               "At the floor's configuration, ",
		"traffic-utilisation": "at your traffic's configuration, one such server would be busy ",
		"equivalents-floor":   "The floor per month, for comparison, is about ",
		"modalities":          "of this page's answers at their floor (" + p.Text("energy-per-request") + ") and ",
		"statement-short":     "(GPU energy only; at Germany's 2024 grid, ",
	} {
		if got := p.Text(id); !strings.Contains(got, want) {
			t.Errorf("#%s reads %q, want it to hold %q", id, got, want)
		}
	}
	if got, want := p.Text("modalities"), "at your traffic ("+p.Text("traffic-per-request")+")"; !strings.Contains(got, want) {
		t.Errorf("#modalities reads %q, want %q", got, want)
	}
	_, short, _ := runCLI("-itl-ms", "80", "-output-tokens", "400", "-tokens", "3B", "-grid", "DEU", "-statement", "-short")
	if carbon := p.Text("traffic-carbon"); !strings.Contains(strings.TrimSpace(short), "and "+strings.Fields(carbon[strings.Index(carbon, ": ")+2:])[0]+" gCO2e") {
		t.Errorf("#traffic-carbon %q is not the CLI's one sentence's: %s", carbon, short)
	}
	if v, _ := p.Attr("traffic-carbon", "data-per-request"); v == "" {
		t.Error("#traffic-carbon has no data-per-request")
	}

	// Manufacture and water follow carbon onto the cards and the phone
	// summary, each card's line the CLI's one sentence's figure.
	p = served(t, s, "/?itl=80&grid=DEU&embodied=nvidia&wue=1.15&water=2")
	_, short, _ = runCLI("-itl-ms", "80", "-grid", "DEU", "-embodied-kg", "nvidia", "-wue", "1.15", "-offsite-water", "2", "-statement", "-short")
	for id, want := range map[string]string{
		"energy-embodied":  "manufacture over 6 years: ",
		"traffic-embodied": "manufacture over 6 years, every GPU reserved: ",
		"energy-water":     "water at 1.15 L/kWh on site and 2 L/kWh off site: ",
		"traffic-water":    "water at 1.15 L/kWh on site and 2 L/kWh off site: ",
	} {
		got := p.Text(id)
		if !strings.HasPrefix(got, want) {
			t.Errorf("#%s reads %q, want it to begin %q", id, got, want)
			continue
		}
		if fig := strings.Fields(strings.TrimPrefix(got, want))[0]; !strings.Contains(short, fig) {
			t.Errorf("#%s's %s is not in the CLI's one sentence: %s", id, fig, short)
		}
	}
	for _, want := range []string{"(manufacture over 6 years: ", "(water at 1.15 L/kWh on site and 2 L/kWh off site: "} {
		if got := p.Text("figures-summary-factors"); !strings.Contains(got, want) {
			t.Errorf("#figures-summary-factors reads %q, want it to hold %q", got, want)
		}
	}

	// Without a grid or a price the cards carry no such line; an image
	// page keeps comparing with the default chat answer, and says so.
	p = served(t, s, "/")
	if p.ByID("energy-carbon") != nil || p.ByID("traffic-cost") != nil {
		t.Error("a card gives carbon or cost with no grid or price set")
	}
	p = served(t, s, "/?workload=text-to-image")
	if got := p.Text("modalities"); !strings.Contains(got, "default chat answers") {
		t.Errorf("the image page's #modalities reads %q", got)
	}
}
