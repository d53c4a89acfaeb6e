//go:build !wasm

package ui

import (
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
		for _, want := range []string{"Google, OpenAI and Epoch AI have published are for text prompts, not for " + tc.request + "s"} {
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
