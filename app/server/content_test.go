package server_test

import (
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"energyfloor/app/floor"
	"energyfloor/app/server"
	"energyfloor/app/server/pagetest"
	"energyfloor/app/server/servertest"
	"energyfloor/data"
)

// The words, ids and attributes of the pages the server prerenders, read
// with an HTML parser through the ids app/ui's package doc lists. The
// figures against the CLI's are in cmd/energyfloor (prerender_test.go).

// contentSite returns a Site with web/'s assets and a stand-in app.wasm.
func contentSite(t *testing.T) *server.Site {
	t.Helper()
	assets := servertest.Assets(t)
	assets["app.wasm"] = &fstest.MapFile{Data: []byte("\x00asm\x01\x00\x00\x00")}
	s, err := server.New(assets, data.Files())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// diffusionLinks are an image and a video permalink.
var diffusionLinks = []string{
	"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
	"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
}

// TestSelectOptionsAreURLValues: the selects' options carry the URL
// parameters' values, so that a state read from the form is a permalink.
func TestSelectOptionsAreURLValues(t *testing.T) {
	p := pagetest.Get(t, contentSite(t), "/")
	for _, c := range []struct {
		id   string
		want []string
	}{
		{"gpu", []string{"", "H100", "B200"}},
		{"percentile", []string{"median", "p90", "p95", "p99"}},
		{"workload", []string{"lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat", "text-to-image", "text-to-video"}},
	} {
		if got := p.Options(c.id); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("#%s's option values are %q, want %q", c.id, got, c.want)
		}
	}
}

// TestLinkSpelledCanonically: a link in the CLI's spellings (a GPU in lower
// case, a model's Hugging Face id, a grid code in lower case) gives a page
// whose permalink spells them as the app does.
func TestLinkSpelledCanonically(t *testing.T) {
	p := pagetest.Get(t, contentSite(t), "/?gpu=h100&model=meta-llama/Llama-3.1-8B-Instruct&itl=80&grid=deu")
	link, err := url.Parse(p.Text("statement-link"))
	if err != nil {
		t.Fatal(err)
	}
	for param, want := range map[string]string{"gpu": "H100", "model": "llama-3-1-8b-instruct", "grid": "DEU", "itl": "80"} {
		if got := link.Query().Get(param); got != want {
			t.Errorf("the permalink %s has %s=%q, want %q", link, param, got, want)
		}
	}
}

// TestNoEngineersTermsInResults: on the page and the embed, with and
// without a figure that meets the target, "max_num_seqs", replicas, the
// parallelism and the row id appear in #results only in the configuration
// (#chosen-config), the statement to quote (the CLI's) or folded away.
func TestNoEngineersTermsInResults(t *testing.T) {
	s := contentSite(t)
	for _, target := range []string{
		"/",
		"/?model=llama-3-1-8b-instruct&tokens=1e11&gpu=B200",
		"/?workload=gpqa&itl=1",
		"/?host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR",
		"/embed?tokens=5B",
	} {
		p := pagetest.Get(t, s, target)
		results := p.ByID("results")
		if results == nil {
			t.Fatalf("%s: no #results", target)
		}
		text := pagetest.Unfolded(results, "chosen-config", "statement")
		if !strings.Contains(text, "Wh") {
			t.Fatalf("%s: #results shows no figure: %q", target, text)
		}
		for _, term := range []string{"max_num_seqs", "replica", "tensor ", "expert ", "Measured row"} {
			if strings.Contains(text, term) {
				t.Errorf("%s: #results shows %q outside #chosen-config and closed <details>:\n%s", target, term, text)
			}
		}
	}
}

// chartWords returns the heading, the SVG's texts joined by " | " and the
// legend of the chart section with the id.
func chartWords(t *testing.T, p *pagetest.Page, id string) (heading, texts, legend string) {
	t.Helper()
	section := p.ByID(id)
	if section == nil {
		t.Fatalf("no #%s", id)
	}
	var words []string
	for _, svg := range pagetest.Find(section, pagetest.Tag(atom.Svg)) {
		for _, e := range pagetest.Find(svg, func(n *html.Node) bool { return n.Data == "text" }) {
			words = append(words, pagetest.Text(e))
		}
	}
	if len(words) == 0 {
		t.Fatalf("#%s draws no chart", id)
	}
	if h := pagetest.Find(section, pagetest.Tag(atom.H2)); len(h) > 0 {
		heading = pagetest.Text(h[0])
	}
	if c := pagetest.Find(section, pagetest.Tag(atom.Figcaption)); len(c) > 0 {
		legend = pagetest.Text(c[0])
	}
	return heading, strings.Join(words, " | "), legend
}

// TestChartsSayWhatTheyShow: on the default page each chart's heading
// names the model, the energy axis says lower is better, the floor
// (0.2402453 J a token, 4 × B200 at max_num_seqs 4096) and the figure at
// your traffic (6.4567701 J, 4 × B200 at max_num_seqs 8) are labelled with
// their values, and each legend is one short line.
func TestChartsSayWhatTheyShow(t *testing.T) {
	p := pagetest.Get(t, contentSite(t), "/")
	for _, id := range []string{"tradeoff", "volume"} {
		heading, texts, legend := chartWords(t, p, id)
		if !strings.Contains(heading, "Qwen 3 235B A22B Instruct") {
			t.Errorf("#%s's heading %q does not name the model", id, heading)
		}
		for _, want := range []string{"lower is better", "floor 0.240 J", "at your traffic 6.46 J"} {
			if !strings.Contains(texts, want) {
				t.Errorf("#%s's chart lacks %q: %s", id, want, texts)
			}
		}
		if n := len(strings.Fields(legend)); n == 0 || n > 16 {
			t.Errorf("#%s's legend has %d words, want one short line: %q", id, n, legend)
		}
	}
}

// TestDiffusionPagesWords: an image and a video page label the volume in
// images or videos a month, send no token field (each a disabled hidden
// input), draw the energy–latency chart (batch latency in seconds against
// joules per image or video) and the volume chart, each heading naming the
// model, the energy axis saying lower is better, and the floor labelled
// with the joules of #energy-per-request's figure; the chart's legend points
// to the configuration table; and the line comparing modalities (#modalities)
// starts "One image ≈", as on a text page.
func TestDiffusionPagesWords(t *testing.T) {
	s := contentSite(t)
	for _, q := range diffusionLinks {
		unit, name := "image", "FLUX.1 Dev"
		if strings.Contains(q, "video") {
			unit, name = "video", "CogVideoX"
		}
		t.Run(unit, func(t *testing.T) {
			p := pagetest.Get(t, s, "/?"+q)
			labels := p.Find(func(n *html.Node) bool {
				f, _ := pagetest.Attr(n, "for")
				return n.DataAtom == atom.Label && f == "requests-per-month"
			})
			if want := strings.ToUpper(unit[:1]) + unit[1:] + "s per month"; len(labels) != 1 || !strings.Contains(pagetest.Text(labels[0]), want) {
				t.Errorf("the volume's label is not %q: %d labels", want, len(labels))
			}
			for _, id := range []string{"tokens-per-month", "output-tokens", "itl-ms", "percentile"} {
				n := p.ByID(id)
				kind, _ := p.Attr(id, "type")
				_, disabled := p.Attr(id, "disabled")
				if n == nil || n.DataAtom != atom.Input || kind != "hidden" || !disabled {
					t.Errorf("#%s is shown or sent on an %s page", id, unit)
				}
			}
			if line, _ := p.Attr("modalities", "data-base"); !strings.HasPrefix(line, "One image ≈ ") {
				t.Errorf("#modalities data-base %q, want the line comparing across modalities", line)
			}
			wh, _ := p.Attr("energy-per-request", "data-wh")
			d, err := decimal.NewFromString(wh)
			if err != nil {
				t.Fatalf("#energy-per-request data-wh %q: %v", wh, err)
			}
			j := " " + floor.FormatJoules(d.Mul(decimal.NewFromInt(3600)))
			for _, c := range []struct{ id, xLabel string }{
				{"tradeoff", "batch latency (s, log scale)"},
				{"volume", unit + "s per month (log scale)"},
			} {
				heading, texts, _ := chartWords(t, p, c.id)
				if !strings.Contains(heading, name) {
					t.Errorf("#%s's heading %q does not name the model", c.id, heading)
				}
				for _, want := range []string{c.xLabel, "J per " + unit + ", log · lower is better", "at your traffic "} {
					if !strings.Contains(texts, want) {
						t.Errorf("#%s's chart lacks %q: %s", c.id, want, texts)
					}
				}
				if !strings.Contains(texts, "floor"+j) && !strings.Contains(texts, "floor, at your traffic"+j) {
					t.Errorf("#%s's floor is not labelled%s (#energy-per-request %s Wh): %s", c.id, j, wh, texts)
				}
			}
			if _, _, legend := chartWords(t, p, "tradeoff"); !strings.Contains(legend, "the table below says the rest") {
				t.Errorf("the chart's legend %q does not point to the table", legend)
			}
		})
	}
	t.Run("text page", func(t *testing.T) {
		p := pagetest.Get(t, s, "/?tokens=5B&output=250&itl=60&pct=p90")
		if line := p.Text("modalities"); !strings.HasPrefix(line, "One image ≈ ") {
			t.Errorf("the token page's #modalities reads %q", line)
		}
	})
}

// TestPublishedFiguresScope: the published per-prompt figures are for text
// prompts. A text page sets them beside its floor; an image or a video page
// does not, nor its embed with the statement to quote (which has the line
// comparing modalities), and says why, in #published-text-only.
func TestPublishedFiguresScope(t *testing.T) {
	s := contentSite(t)
	const perPrompt = "Wh per prompt"
	if text := pagetest.Unfolded(pagetest.Get(t, s, "/?tokens=1B").Root); !strings.Contains(text, perPrompt) {
		t.Fatalf("the text page shows no published figure (%q)", perPrompt)
	}
	for _, q := range diffusionLinks {
		unit := "images"
		if strings.Contains(q, "video") {
			unit = "videos"
		}
		p := pagetest.Get(t, s, "/?"+q)
		if strings.Contains(pagetest.Text(p.Root), perPrompt) {
			t.Errorf("the %s page shows a per-text-prompt figure beside its floor", unit)
		}
		if note := p.Text("published-text-only"); !strings.Contains(note, "are for text prompts, not for "+unit) {
			t.Errorf("#published-text-only says %q", note)
		}
		e := pagetest.Get(t, s, "/embed?quote=1&"+q)
		if text := pagetest.Text(e.Root); strings.Contains(text, perPrompt) || !strings.Contains(text, "One image ≈") {
			t.Errorf("the %s embed shows a per-text-prompt figure, or lacks the line comparing modalities", unit)
		}
	}
}

// TestBeyondTheGPUPage: a link that sets every factor gives a page whose
// published figures carry their Wh and scope (ours and the four
// published: GPU only, Google's 2025 proportions, none stated), whose caveat
// says what the factors add and whose citation gives the grid's source; the
// embed draws Beyond the GPU only when its link sets a factor. (Its figures
// are the CLI's: cmd/energyfloor's TestPrerenderedFiguresAreTheCLIs.)
func TestBeyondTheGPUPage(t *testing.T) {
	s := contentSite(t)
	const factors = "gpu=B200&model=qwen-3-235b-a22b-instruct&host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR"
	p := pagetest.Get(t, s, "/?"+factors)
	var rows []*html.Node
	if list := p.ByID("published-figures"); list != nil {
		for c := list.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom == atom.Li {
				rows = append(rows, c)
			}
		}
	}
	scopes := map[string]bool{}
	for _, r := range rows {
		wh, _ := pagetest.Attr(r, "data-wh")
		scope, _ := pagetest.Attr(r, "data-scope")
		if wh == "" || scope == "" {
			t.Errorf("a published row lacks data-wh or data-scope: %q", pagetest.Text(r))
		}
		scopes[scope] = true
	}
	if len(rows) < 6 || !scopes["gpu-only"] || !scopes["google-2025"] || !scopes["none"] {
		t.Errorf("%d published rows with scopes %v: want ours and the four published, with their scopes", len(rows), scopes)
	}
	if caveat, citation := p.Text("caveat"), p.Text("citation"); !strings.Contains(caveat, "Beyond the measured floor") ||
		!strings.Contains(citation, "Carbon intensity: Ember") {
		t.Errorf("the caveat (%q) or the citation (%q) lacks the factors' sentence or the grid's attribution", caveat, citation)
	}
	if pagetest.Get(t, s, "/embed?"+factors).ByID("beyond-gpu") == nil {
		t.Error("the embed of a link with factors has no Beyond the GPU")
	}
	if pagetest.Get(t, s, "/embed?gpu=B200&model=qwen-3-235b-a22b-instruct").ByID("beyond-gpu") != nil {
		t.Error("the embed shows Beyond the GPU without a factor in its link")
	}
}

// TestEmbedWords: the embed's heading names its workload, its caveat and
// citation are there, and its link to the full calculator, for the same
// state, opens a new tab on the page's own site.
func TestEmbedWords(t *testing.T) {
	p := pagetest.Get(t, contentSite(t), "/embed?workload=lm-arena-chat&tokens=5B&output=300&itl=80&pct=median&gpu=H100&model=qwen-3-235b-a22b-instruct")
	if h := p.Text("results-h"); !strings.Contains(h, "Text Conversation") {
		t.Errorf("the embed's heading %q does not name its workload", h)
	}
	for _, id := range []string{"caveat", "citation"} {
		if p.Text(id) == "" {
			t.Errorf("the embed has no #%s", id)
		}
	}
	href, _ := p.Attr("open-full", "href")
	target, _ := p.Attr("open-full", "target")
	u, err := url.Parse(href)
	if err != nil || u.Host != "" || u.Path != "/" || u.Query().Get("tokens") != "5B" || target != "_blank" {
		t.Errorf("#open-full links %q (target %q), want the page of the same state on this site, in a new tab", href, target)
	}
}

// Payloads of what attackers craft (issue 7), as the browser suite types
// them.
const (
	markupPayload = `<img src=x onerror="window.__pwned=1"><b id=pwned>bold</b>`
	scriptPayload = `"><script>window.__pwned=1</script><svg onload="window.__pwned=2" id=pwned>`
)

// TestHostileURLParametersPrerender sends hostile values in each URL
// parameter: status 200, a prerendered #energy-per-month with its data-wh,
// and no payload in the parsed page as markup (escaped, it may stand in a
// field, as typed): no element the payload makes, no handler attribute.
func TestHostileURLParametersPrerender(t *testing.T) {
	s := contentSite(t)
	values := []string{markupPayload, scriptPayload, "1\x00\x07\x1b[31m\t2\x7f\u0085", "\u202e0001\u202c\u200f", "１０００", "١٠٠٠",
		"१००", strings.Repeat("9", 10000), strings.Repeat("<i>", 3334), "1e309", "-0", "0x10", "NaN", "Infinity", "-5", ""}
	for _, param := range []string{"workload", "tokens", "output", "itl", "pct", "gpu", "model"} {
		for _, v := range values {
			target := "/?" + url.Values{param: {v}}.Encode()
			p := pagetest.Get(t, s, target)
			if p.ByID("pwned") != nil {
				t.Errorf("%s=%.40q: the payload's #pwned is an element", param, v)
			}
			for _, n := range p.Find(func(n *html.Node) bool { return true }) {
				src, _ := pagetest.Attr(n, "src")
				_, onerror := pagetest.Attr(n, "onerror")
				_, onload := pagetest.Attr(n, "onload")
				if src == "x" || onerror || onload || n.DataAtom == atom.Script && strings.Contains(scriptSource(n), "__pwned") ||
					n.DataAtom == atom.I { // the page has no <i> of its own
					t.Errorf("%s=%.40q: the payload is in the page as markup: <%s>", param, v, n.Data)
					break
				}
			}
			if _, ok := p.Attr("energy-per-month", "data-wh"); !ok {
				t.Errorf("%s=%.40q: no prerendered #energy-per-month with data-wh", param, v)
			}
		}
	}
}

// scriptSource is a script element's source.
func scriptSource(n *html.Node) string {
	if n.FirstChild != nil && n.FirstChild.Type == html.TextNode {
		return n.FirstChild.Data
	}
	return ""
}
