package server_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"energyfloor/app/server/pagetest"
)

// Issue 52, items 6 and 7: the embed says what it shows, in a short frame.
// Its heights are measured in the browser (app/e2e, TestEmbedHeights).

// order returns the positions, in document order, of the elements of p
// with ids, -1 for an id p lacks.
func order(p *pagetest.Page, ids ...string) []int {
	all := p.Find(func(n *html.Node) bool { _, ok := pagetest.Attr(n, "id"); return ok })
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i] = slices.Index(all, p.ByID(id))
	}
	return out
}

// headline returns the embed's headline figures, the pairs' box.
func headline(t *testing.T, p *pagetest.Page) *html.Node {
	t.Helper()
	h := pagetest.Find(p.ByID("results"), pagetest.HasClass("headline"))
	if len(h) != 1 {
		t.Fatalf("the embed has %d headlines, want 1", len(h))
	}
	return h[0]
}

// TestEmbedInputsLine: under the figures, before the caveat, the embed says
// in one line which inputs its figures are for, ending with "Change": the
// summary of the fold that holds the form, folded.
func TestEmbedInputsLine(t *testing.T) {
	s := contentSite(t)
	for _, tc := range []struct{ name, query, want string }{
		{"the default link", "", "1 billion output tokens a month · 500-token answers · 100 ms median · Change"},
		{"a link with every token input", "tokens=3B&output=400&itl=80&pct=p90&gpu=H100",
			"3 billion output tokens a month · 400-token answers · 80 ms p90 · NVIDIA H100 · Change"},
		{"an image link", "workload=text-to-image&requests=2M&latency=20&model=flux-1-dev",
			"2 million images a month · 20 s batch latency · Change"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := pagetest.Get(t, s, "/embed?"+tc.query)
			fold := p.ByID("inputs-fold")
			if fold == nil {
				t.Fatal("the embed has no #inputs-fold")
			}
			summary := pagetest.Find(fold, pagetest.Tag(atom.Summary))
			if len(summary) == 0 || pagetest.Text(summary[0]) != tc.want {
				t.Errorf("the line of inputs reads %q, want %q", texts(summary), tc.want)
			}
			if _, open := pagetest.Attr(fold, "open"); open {
				t.Error("the inputs are unfolded for a link whose values are good")
			}
			if form := p.ByID("inputs"); form == nil || form.Parent != fold {
				t.Error("the form #inputs is not in the fold, under its line")
			}
			// Right under the figures: the headline's next element.
			if next := nextElement(headline(t, p)); next != fold {
				t.Errorf("after the figures comes <%s>, not the line of inputs", tagOf(next))
			}
			if pos := order(p, "inputs-fold", "caveat", "citation"); !slices.IsSorted(pos) || pos[0] < 0 {
				t.Errorf("the line of inputs, the caveat and the citation are at %v, want in that order", pos)
			}
		})
	}
}

// TestEmbedFactorsOneLineEach: the embed gives each factor a link sets as
// one line right under the figures, under Beyond the GPU's hooks, and
// never its form: no grid select, no preset. The form holds the factors
// hidden, as the link gives them. A factor whose figures the cards already
// give (no host, idle or PUE to add) has its line on the cards only, not
// a second time below them; manufacture, which no energy factor changes,
// is always the cards'.
func TestEmbedFactorsOneLineEach(t *testing.T) {
	s := contentSite(t)
	for _, tc := range []struct {
		name, query string
		starts      []string
		// card is how the floor card's carbon line starts.
		card string
	}{
		{"a grid", "grid=DEU", nil, "at Germany's 2024 grid: "},
		{"your own intensity", "gco2=300", nil, "at your own 300 gCO2e/kWh: "},
		{"a grid and manufacture", "grid=DEU&embodied=nvidia", nil, "at Germany's 2024 grid: "},
		{"every factor", "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR&embodied=nvidia",
			[]string{"With host, idle and facility energy (× 1.74): ", "At Germany's 2024 grid: ", "At 0.3 EUR per kWh: "},
			"GPU energy only, at Germany's 2024 grid: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := pagetest.Get(t, s, "/embed?"+tc.query)
			beyond := p.ByID("beyond-gpu")
			if beyond == nil {
				t.Fatal("the embed has no #beyond-gpu")
			}
			lines := pagetest.Find(beyond, pagetest.Tag(atom.P))
			if len(lines) != len(tc.starts) {
				t.Fatalf("#beyond-gpu has %d lines, %q; want %d", len(lines), texts(lines), len(tc.starts))
			}
			for i, want := range tc.starts {
				if got := pagetest.Text(lines[i]); !strings.HasPrefix(got, want) {
					t.Errorf("line %d reads %q, want it to start %q", i+1, got, want)
				}
			}
			if len(tc.starts) > 0 && !strings.Contains(pagetest.Text(beyond), p.Text("carbon-per-request")+" per request") {
				t.Errorf("#beyond-gpu, %q, does not give #carbon-per-request per request", pagetest.Text(beyond))
			}
			if got := p.Text("energy-carbon"); !strings.HasPrefix(got, tc.card) {
				t.Errorf("the floor card's carbon line reads %q, want it to start %q", got, tc.card)
			}
			if len(pagetest.Find(p.Root, pagetest.Tag(atom.Select))) != 4 { // workload, percentile, GPU, model
				t.Errorf("the embed has the selects %q, want only its form's four", texts(pagetest.Find(p.Root, pagetest.Tag(atom.Select))))
			}
			if p.ByID("scope-preset") != nil {
				t.Error("the embed has Beyond the GPU's preset")
			}
			if next := nextElement(headline(t, p)); next != beyond {
				t.Errorf("after the figures comes <%s>, not the factors", tagOf(next))
			}
			if pos := order(p, "beyond-gpu", "inputs-fold", "caveat"); !slices.IsSorted(pos) || pos[0] < 0 {
				t.Errorf("the factors, the line of inputs and the caveat are at %v, want in that order", pos)
			}
		})
	}
}

// TestEmbedPointsNowhere: the embed's text points to no section it does not
// have: no ranking, chart or table "below".
func TestEmbedPointsNowhere(t *testing.T) {
	s := contentSite(t)
	for _, q := range []string{"", "quote=1&host=0.43&grid=DEU&price=0.3", "itl=1", "gpu=B200", diffusionLinks[0], diffusionLinks[1]} {
		p := pagetest.Get(t, s, "/embed?"+q)
		text := pagetest.Text(p.ByID("calculator"))
		for _, w := range []string{"below", "ranking", "the chart"} {
			if i := strings.Index(text, w); i >= 0 {
				t.Errorf("/embed?%s says %q", q, text[max(0, i-80):min(len(text), i+40)])
			}
		}
	}
}

// nextElement returns the element after n among its siblings, or nil.
func nextElement(n *html.Node) *html.Node {
	for s := n.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// tagOf names n's tag and id, for a message.
func tagOf(n *html.Node) string {
	if n == nil {
		return "nothing"
	}
	id, _ := pagetest.Attr(n, "id")
	return n.Data + " id=" + id
}

// texts returns the text of each of ns.
func texts(ns []*html.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = pagetest.Text(n)
	}
	return out
}
