package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"energyfloor/app/ui"
)

// cliTrafficRow is a result of `energyfloor -json` with what its traffic
// floor adds beyond the figures: the estimate and the next step.
type cliTrafficRow struct {
	Slug    string `json:"slug"`
	GPU     string `json:"gpu"`
	Traffic *struct {
		RowID    string    `json:"row_id"`
		Estimate *estimate `json:"estimate"`
		NextStep *struct {
			From       json.Number `json:"from_tokens_per_month"`
			TimesFloor json.Number `json:"times_floor"`
		} `json:"next_step"`
	} `json:"traffic"`
}

// cliTrafficRows runs `energyfloor -json` with args and returns its results.
func cliTrafficRows(t testing.TB, args ...string) []cliTrafficRow {
	t.Helper()
	args = append([]string{"-json"}, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, cliBinary(t), args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("energyfloor %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var out struct {
		Results []cliTrafficRow `json:"results"`
	}
	dec := json.NewDecoder(&stdout)
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Results
}

// waitTrafficRow waits for the page's figure at your traffic and returns its
// configuration's row id.
func waitTrafficRow(t testing.TB, b *Browser) string {
	t.Helper()
	row, err := Poll[string](b, `document.querySelector("#traffic-config")?.dataset.rowId || null`, 10*time.Second)
	if err != nil {
		t.Fatalf("no figure at your traffic: %v", err)
	}
	return row
}

// TestTrafficCarbonCostLikeTheCLI opens links that set factors and checks
// that the carbon and cost at your traffic in Beyond the GPU equal
// `energyfloor -json`'s results[].traffic.estimate for the row the page
// shows (the CLI's row of the same model whose traffic floor is the page's
// configuration), and that the statement's factor sentence gives both.
func TestTrafficCarbonCostLikeTheCLI(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		args        []string
	}{
		{"the issue's link", "model=llama-3-1-8b-instruct&tokens=20M&output=200&itl=150&host=0.4&pue=1.2&grid=USA&price=0.15&cur=USD",
			[]string{"-model", "llama-3-1-8b-instruct", "-tokens", "20M", "-output-tokens", "200", "-itl-ms", "150", "-host-overhead", "0.4",
				"-pue", "1.2", "-grid", "USA", "-price-per-kwh", "0.15", "-currency", "USD"}},
		{"the default model, Google's proportions, Germany", factorsQuery,
			[]string{"-model", defaultModel, "-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU", "-price-per-kwh", "0.3", "-currency", "EUR"}},
		{"H100, your own intensity", "gpu=H100&model=qwen-3-8b&tokens=3.5e10&gco2=123.4&price=0.07",
			[]string{"-gpu", "H100", "-model", "qwen-3-8b", "-tokens", "3.5e10", "-gco2-per-kwh", "123.4", "-price-per-kwh", "0.07"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := openApp(t, "/?"+tc.query)
			row := waitTrafficRow(t, b)
			var want *estimate
			for _, r := range cliTrafficRows(t, tc.args...) {
				if r.Traffic != nil && r.Traffic.RowID == row {
					want = r.Traffic.Estimate
				}
			}
			if want == nil || want.GCO2ePerRequest == nil || want.KgCO2ePerMonth == nil || want.CostPerMonth == nil {
				t.Fatalf("the CLI has no traffic estimate with carbon and cost at %s: %+v", row, want)
			}
			waitAttr(t, b, "#traffic-carbon-per-request", "data-g", *want.GCO2ePerRequest)
			waitAttr(t, b, "#traffic-carbon-per-month", "data-kg", *want.KgCO2ePerMonth)
			waitAttr(t, b, "#traffic-cost-per-month", "data-amount", *want.CostPerMonth)
			statement, _ := Eval[string](b, `document.querySelector("#statement-text")?.textContent ?? ""`)
			if !strings.Contains(statement, "; at your traffic, ") {
				t.Errorf("the statement's factor sentence does not give the estimate at your traffic: %s", statement)
			}
		})
	}
}

// shownShortStatement reads the page's one-sentence statement: its text
// without the link, and the link.
const shownShortStatement = `(() => {
	const p = document.querySelector("#statement-short .statement-short-body"), a = document.querySelector("#statement-short-link");
	if (!p || !a) return ["", ""];
	return [p.textContent.replace(/\s+/g, " ").trim(), a.textContent.trim()];
})()`

// TestShortStatementLikeTheCLI checks that #statement-short, without its
// link, is `energyfloor -statement -short` for the same inputs, that with its
// link it has at most 45 words, and that its link is the long statement's.
func TestShortStatementLikeTheCLI(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		args        []string
	}{
		{"default page", "", nil},
		{"H100, p90, a model", "gpu=H100&pct=p90&itl=80&tokens=5e9&model=llama-4-maverick-17b-128e-instruct-fp8",
			[]string{"-gpu", "H100", "-percentile", "p90", "-itl-ms", "80", "-tokens", "5e9", "-model", "llama-4-maverick-17b-128e-instruct-fp8"}},
		{"nothing meets the target", "workload=gpqa&itl=1", []string{"-workload", "gpqa", "-itl-ms", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := openApp(t, "/?"+tc.query)
			want := cliStatement(t, append([]string{"-short"}, tc.args...)...)
			got, err := Poll[[]string](b, `(() => { const s = `+shownShortStatement+`; return s[0] === `+jsString(want)+` ? s : null })()`, 10*time.Second)
			if err != nil {
				got, _ = Eval[[]string](b, shownShortStatement)
				t.Fatalf("#statement-short says\n%s\nenergyfloor -statement -short says\n%s", got[0], want)
			}
			if n := len(strings.Fields(got[0] + " " + got[1])); n > 45 {
				t.Errorf("#statement-short has %d words with its link, want at most 45: %s %s", n, got[0], got[1])
			}
			long, _ := Eval[string](b, `document.querySelector("#statement-link")?.textContent.trim() ?? ""`)
			if got[1] == "" || got[1] != long {
				t.Errorf("#statement-short's link %q, want the statement's %q", got[1], long)
			}
			if ok, _ := Eval[bool](b, `!!document.querySelector("#copy-statement-short:not([disabled])")`); !ok {
				t.Error("no enabled #copy-statement-short button")
			}
		})
	}
}

// TestNextStepOnThePage checks #traffic-next-step: on the default page it
// starts at 1,019,401,200 output tokens a month, worked out from the
// dataset by hand: the figure at your traffic is 4 × B200 at max_num_seqs 8
// (6.4567701 J a token), and the first measured throughput above the
// volume's 380.5 tokens a second among the model's rows is 8 × H100 at
// max_num_seqs 8, 387.9 tokens a second; from 387.9 × 2,628,000 =
// 1,019,401,200 tokens a month that row is filled and max_num_seqs 16 of
// its curve (5.1783083 J) joins. On a link with one GPU it is the CLI's
// next_step; at the floor there is none.
func TestNextStepOnThePage(t *testing.T) {
	t.Run("default page", func(t *testing.T) {
		b := openApp(t, "/")
		from, err := Poll[string](b, `document.querySelector("#traffic-next-step")?.dataset.from || null`, 10*time.Second)
		if err != nil || from != "1019401200" {
			t.Fatalf("#traffic-next-step data-from = %q (%v), want 1019401200", from, err)
		}
		text, _ := Eval[string](b, `document.querySelector("#traffic-next-step").textContent`)
		if want := "From 1.02 billion output tokens a month (1.94% more), it falls to 21.6× the floor."; text != want {
			t.Errorf("#traffic-next-step says %q, want %q", text, want)
		}
	})
	t.Run("B200, like the CLI", func(t *testing.T) {
		b := openApp(t, "/?gpu=B200&tokens=3e9")
		row := waitTrafficRow(t, b)
		var want string
		for _, r := range cliTrafficRows(t, "-gpu", "B200", "-tokens", "3e9", "-model", defaultModel) {
			if r.Traffic != nil && r.Traffic.RowID == row && r.Traffic.NextStep != nil {
				want = r.Traffic.NextStep.From.String()
			}
		}
		if want == "" {
			t.Fatalf("the CLI gives no next step at %s", row)
		}
		if from, _, _ := b.Attr("#traffic-next-step", "data-from"); from != want {
			t.Errorf("#traffic-next-step data-from = %q, want the CLI's %s", from, want)
		}
	})
	t.Run("at the floor", func(t *testing.T) {
		b := openApp(t, "/?model=llama-3-1-8b-instruct&tokens=1e11&gpu=B200")
		waitTrafficRow(t, b)
		if n, _ := Eval[int](b, `document.querySelectorAll("#traffic-next-step").length`); n != 0 {
			t.Error("a figure at your traffic that is the floor has a next step")
		}
	})
}

// engineersTermsShown returns the text of #results a reader sees without
// opening anything: outside #chosen-config (where the exact terms stay)
// and outside closed <details>.
const engineersTermsShown = `(() => {
	const r = document.querySelector("#results")?.cloneNode(true);
	if (!r) return null;
	// The statement to quote, inside #results, is the CLI's
	// (TestStatementLikeTheCLI).
	r.querySelectorAll("#chosen-config, #statement, details:not([open])").forEach(e => e.remove());
	return r.textContent;
})()`

// TestNoEngineersTermsInResults checks, on the page and the embed and for
// links with and without a figure that meets the target, that "max_num_seqs",
// replicas, the parallelism and the row id appear in #results only in the
// configuration section or folded away.
func TestNoEngineersTermsInResults(t *testing.T) {
	for _, path := range []string{
		"/",
		"/?model=llama-3-1-8b-instruct&tokens=1e11&gpu=B200",
		"/?workload=gpqa&itl=1",
		"/?" + factorsQuery,
		"/embed?tokens=5B",
	} {
		t.Run(path, func(t *testing.T) {
			b := openApp(t, path)
			if strings.HasPrefix(path, "/embed") {
				useEmbed(t, b)
			}
			text, err := Eval[string](b, engineersTermsShown)
			if err != nil {
				t.Fatal(err)
			}
			for _, term := range []string{"max_num_seqs", "replica", "tensor ", "expert ", "Measured row"} {
				if strings.Contains(text, term) {
					t.Errorf("#results shows %q outside #chosen-config and closed <details>:\n%s", term, text)
				}
			}
		})
	}
}

// TestResultsScreenshots writes #results, the statement and the estimate at
// 375 and 1280 px wide (results-375.png, statement-1280.png …) for a person
// to read as a first-time reader would. It runs only when asked:
// EF_SHOTS=dir writes them there.
func TestResultsScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to read; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	for _, w := range []int{375, 1280} {
		b := newCleanBrowser(t, w, 900, base)
		emulateViewport(t, b, int64(w), 900, w < 500)
		if err := b.Navigate(base + "/?" + factorsQuery); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		requireInnerWidth(t, b, w)
		for _, s := range []struct{ sel, name string }{{"#results", "results"}, {"#statement", "statement"}, {"#estimate", "estimate"},
			{"#tradeoff", "tradeoff"}, {"#volume", "volume"}} {
			box, err := Eval[[]float64](b, `(() => { const e = document.querySelector(`+jsString(s.sel)+`); if (!e) return [];
				e.scrollIntoView({block: "start"}); const r = e.getBoundingClientRect();
				return [r.left + scrollX, r.top + scrollY, r.width, r.height] })()`)
			if err != nil || len(box) != 4 || box[3] == 0 {
				t.Fatalf("no %s at %d px: %v %v", s.sel, w, box, err)
			}
			beyond := true
			res, err := chromedp.Call(b.Ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng,
				CaptureBeyondViewport: &beyond, Clip: &page.Viewport{X: box[0], Y: box[1], Width: box[2], Height: box[3], Scale: 1}})
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", s.name, w))
			if err := os.WriteFile(file, res.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", file)
		}
	}
}

// TestEmbedHeightShowsTraffic opens the embed at the snippet's width and
// checks that the snippet's default height, and the oEmbed answer's for a
// permalink, show its figures down to those at your traffic, so a frame
// without the height script does not hide them; and that the embed names
// its workload and says what a reader can do.
func TestEmbedHeightShowsTraffic(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, ui.EmbedWidth, 900, base)
	emulateViewport(t, b, ui.EmbedWidth, 900, false)
	if err := b.Navigate(base + "/embed"); err != nil {
		t.Fatal(err)
	}
	bottom, err := Poll[float64](b, `(() => { const e = document.querySelector("#traffic-per-month")?.closest(".figure"); if (!e) return null;
		const r = e.getBoundingClientRect(); return r.bottom + scrollY })()`, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := Eval[float64](b, `document.documentElement.scrollHeight`)
	t.Logf("at %d px the figures at your traffic end at %.0f px; the embed is %.0f px high", ui.EmbedWidth, bottom, full)
	if bottom > ui.EmbedHeight || full > ui.EmbedHeight {
		t.Errorf("the figures at your traffic end at %.0f px and the embed at %.0f px, below the snippet's height of %d px", bottom, full, ui.EmbedHeight)
	}
	heading, _ := Eval[string](b, `document.querySelector("#results-h").textContent`)
	if !strings.Contains(heading, "Text Conversation") {
		t.Errorf("the embed's heading %q does not name its workload", heading)
	}
	if line, _ := Eval[string](b, `document.querySelector("#starts-on-use")?.textContent ?? ""`); line != "Change any value to recalculate." {
		t.Errorf("the embed's status says %q", line)
	}
	// The snippet and the oEmbed answer carry that height.
	res, err := http.Get(base + "/oembed?format=json&url=" + url.QueryEscape(base+"/?tokens=5B"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct {
		Height int `json:"height"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || answer.Height != ui.EmbedHeight {
		t.Errorf("the oEmbed answer's height is %d (%v), want %d", answer.Height, err, ui.EmbedHeight)
	}
}

// TestEmbedBadLinkShowsTheField opens the embed with a bad value in its link
// and checks that its inputs are unfolded above the figures, with the
// field's message next to the field, within the frame's first 640 px.
func TestEmbedBadLinkShowsTheField(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, ui.EmbedWidth, 640, base)
	emulateViewport(t, b, ui.EmbedWidth, 640, false)
	if err := b.Navigate(base + "/embed?tokens=7Bx"); err != nil {
		t.Fatal(err)
	}
	for _, phase := range []string{"prerendered", "running"} {
		if phase == "running" {
			useEmbed(t, b)
			waitInteractive(t, b)
		}
		got, err := Poll[[]any](b, `(() => { const f = document.querySelector("#inputs-fold"), r = document.querySelector("#results"),
			m = document.querySelector("#tokens-per-month-msg"); if (!f || !r || !m) return null;
			return [f.open, !!(f.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING), m.getBoundingClientRect().bottom + scrollY, m.textContent] })()`, 10*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", phase, err)
		}
		if got[0] != true || got[1] != true {
			t.Errorf("%s: the inputs' fold is open %v and above the figures %v; want both", phase, got[0], got[1])
		}
		if bottom, _ := got[2].(float64); bottom > 640 || bottom <= 0 {
			t.Errorf("%s: the field's message %q ends at %.0f px, outside the frame's first 640 px", phase, got[3], bottom)
		}
		if msg, _ := got[3].(string); !strings.Contains(msg, "2.5M") || !strings.Contains(msg, "1e6") {
			t.Errorf("%s: the message %q does not name the forms the field takes", phase, msg)
		}
	}
}

// TestChartsSayWhatTheyShow checks the charts' words on the default page:
// each heading names the model, the energy axis says lower is better, and
// the floor (0.2402453 J a token, 4 × B200 at max_num_seqs 4096) and the
// figure at your traffic (6.4567701 J, 4 × B200 at max_num_seqs 8) are
// labelled with their values; each legend is one short line.
func TestChartsSayWhatTheyShow(t *testing.T) {
	b := openApp(t, "/")
	for _, sel := range []string{"#tradeoff", "#volume"} {
		got, err := Poll[[]string](b, `(() => { const s = document.querySelector(`+jsString(sel)+`); if (!s || !s.querySelector("svg")) return null;
			return [s.querySelector("h2").textContent, [...s.querySelectorAll("svg text")].map(e => e.textContent).join(" | "),
				s.querySelector("figcaption").textContent] })()`, 20*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		if !strings.Contains(got[0], "Qwen 3 235B A22B Instruct") {
			t.Errorf("%s's heading %q does not name the model", sel, got[0])
		}
		for _, want := range []string{"lower is better", "floor 0.240 J", "at your traffic 6.46 J"} {
			if !strings.Contains(got[1], want) {
				t.Errorf("%s's chart lacks %q: %s", sel, want, got[1])
			}
		}
		if n := len(strings.Fields(got[2])); n > 16 {
			t.Errorf("%s's legend has %d words, want one short line: %q", sel, n, got[2])
		}
	}
}
