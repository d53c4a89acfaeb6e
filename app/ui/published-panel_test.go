//go:build !wasm

package ui

import (
	"regexp"
	"strings"
	"testing"
)

// TestPublishedOnImagePages: the published per-prompt figures are for text
// prompts. A token page sets them beside its floor; an image or video page
// does not, and says why, naming their publishers, with the line comparing
// modalities above it when the model meets the target (and without the
// pointer to it when the page, meeting no target, draws no such line).
func TestPublishedOnImagePages(t *testing.T) {
	page := func(query string) string {
		c := &calculator{load: loadDataset}
		c.navigate(query)
		return render(t, c)
	}
	if html := page("tokens=1B"); !strings.Contains(html, `id="published-figures"`) || strings.Contains(html, "published-text-only") {
		t.Errorf("the token page lacks its published figures, or says they are left out")
	}
	for _, tc := range []struct {
		query, request string
		meets          bool
	}{
		{"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev", "image", true},
		{"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b", "video", true},
		{"workload=text-to-image&requests=2M&latency=0.1&model=flux-1-dev", "image", false},
	} {
		html := page(tc.query)
		if strings.Contains(html, `id="published-figures"`) || strings.Contains(html, "Wh per prompt") {
			t.Errorf("%s: a per-text-prompt figure stands beside the %s's floor", tc.query, tc.request)
		}
		note := text(html, "published-text-only")
		if note == "" {
			t.Errorf("%s: no #published-text-only", tc.query)
			continue
		}
		for _, want := range []string{"Google, OpenAI, Epoch AI and Mistral AI have published are for text prompts, not for " + tc.request + "s"} {
			if !strings.Contains(note, want) {
				t.Errorf("%s: #published-text-only %q lacks %q", tc.query, note, want)
			}
		}
		if got := strings.Contains(note, "line comparing modalities above"); got != tc.meets {
			t.Errorf("%s: #published-text-only %q points to the line comparing modalities: %v, want %v", tc.query, note, got, tc.meets)
		}
		if drawn := text(html, "modalities") != ""; drawn != tc.meets {
			t.Errorf("%s: #modalities drawn %v, want %v", tc.query, drawn, tc.meets)
		}
	}
}

// TestPublishedNothingMeets: where nothing meets the target, our rows
// beside the published figures name the fastest configuration's figures
// as such, not as a floor.
func TestPublishedNothingMeets(t *testing.T) {
	c := &calculator{load: loadDataset}
	c.navigate("itl=5")
	html := render(t, c)
	for _, want := range []string{"The fastest, above your target, Qwen 3 235B A22B Instruct", "The fastest with the Google 2025 proportions",
		"at the fastest configuration: none meets your latency target, so there is no floor"} {
		if !strings.Contains(html, want) {
			t.Errorf("/?itl=5: the published figures lack %q", want)
		}
	}
	if strings.Contains(html, "Your GPU floor") || strings.Contains(html, "Your floor with") {
		t.Error("/?itl=5: the published figures call the fastest configuration's figures your floor")
	}
}

// TestPublishedFootprint: with carbon or water set, the published carbon
// and water per prompt stand beside the estimate's, each with its scope:
// Google's 0.03 gCO2e (market-based) and 0.26 mL (on site, the scope of a
// WUE), Mistral's 1.14 gCO2e and 45 mL (life-cycle), which has no energy
// and so no row among the energies. At your own 1,000 gCO2e/kWh and a WUE
// of 1 L/kWh, with no host, idle or PUE, the estimate's carbon in g and
// water in mL per request are the floor's Wh per request: 1 Wh × 1,000
// g/kWh = 1 g, 1 Wh × 1 L/kWh = 1 mL. Without carbon or water, no such
// list.
func TestPublishedFootprint(t *testing.T) {
	c := &calculator{load: loadDataset}
	c.navigate("gco2=1000&wue=1")
	html := render(t, c)
	wh, _ := attr(html, "energy-per-request", "data-wh")
	for _, tc := range []struct{ id, attr, value, scope, compare string }{
		{"published-carbon-ours", "data-g", wh, "Counts electricity at your own 1,000 gCO2e/kWh.", ""},
		{"published-carbon-google-2025-comprehensive", "data-g", "0.03", "Market-based:", "No line of ours has its scope."},
		{"published-carbon-mistral-2025-lca", "data-g", "1.14", "Life-cycle:", "No line of ours has its scope."},
		{"published-water-ours", "data-ml", wh, "Counts a WUE of 1 L/kWh of IT energy on site (your own).", ""},
		{"published-water-google-2025-comprehensive", "data-ml", "0.26", "On site only:", "Same scope as on-site water: a WUE × IT energy."},
		{"published-water-mistral-2025-lca", "data-ml", "45", "Life-cycle water", "No line of ours has its scope."},
	} {
		got, _ := attr(html, tc.id, tc.attr)
		row := rowText(html, tc.id)
		if got != tc.value || !strings.Contains(row, tc.scope) || !strings.Contains(row, tc.compare) {
			t.Errorf("#%s: %s=%q, reads %q; want %s, with %q and %q", tc.id, tc.attr, got, row, tc.value, tc.scope, tc.compare)
		}
	}
	if got := rowText(html, "published-carbon-mistral-2025-lca"); !strings.Contains(got, "1.14 gCO2e per prompt") {
		t.Errorf("Mistral's carbon row reads %q", got)
	}
	if _, ok := attr(html, "published-mistral-2025-lca", "data-wh"); ok {
		t.Error("Mistral's row, which has no energy, stands among the energies")
	}
	c = &calculator{load: loadDataset}
	c.navigate("host=0.5")
	if html := render(t, c); strings.Contains(html, `id="published-carbon"`) || strings.Contains(html, `id="published-water"`) {
		t.Error("published carbon or water shown with neither set")
	}
}

// rowText is the text of the list item with id, its tags dropped.
func rowText(html, id string) string {
	i := strings.Index(html, ` id="`+id+`"`)
	if i < 0 {
		return ""
	}
	end := strings.Index(html[i:], "</li>")
	if end < 0 {
		return ""
	}
	return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html[i:i+end], " ")
}
