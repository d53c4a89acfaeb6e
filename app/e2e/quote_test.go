package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"energyfloor/app/floor"
)

// factorsQuery sets every factor beyond the GPU: the printout must still
// hold on one page with the estimate.
const factorsQuery = "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR"

// shownStatement reads the page's statement: its text without the link, and
// the link.
const shownStatement = `(() => {
	const p = document.querySelector("#statement-text .statement-body"), a = document.querySelector("#statement-link");
	if (!p || !a) return ["", ""];
	return [p.textContent.replace(/\s+/g, " ").trim(), a.textContent.trim()];
})()`

// figureSelector selects the figures: the floor, at your traffic, the estimate
// and the floor's configuration.
const figureSelector = "#energy-per-request, #energy-per-month, #traffic-per-request, #traffic-per-month, #estimate-per-request, #estimate-per-month, #chosen-config"

// copyWhy is the copy button's reason when it is disabled with its reason
// shown, else null.
const copyWhy = `(() => { const c = document.querySelector("#copy-statement"), w = document.querySelector("#copy-statement-why");
	return c.disabled && c.getAttribute("aria-describedby") === w.id && getComputedStyle(w).display !== "none" ? w.textContent : null })()`

// TestStatementCopyWaitsForCurrentFigures: the copy button of the
// statement is disabled, with its reason shown, while the figures are not
// current, in the live app and in the static build before the app runs
// (whose statement's link is absolute on the page's own origin), and copies
// the statement with its link. (The statement's words are the CLI's:
// cmd/energyfloor's TestPrerenderedStatementsAreTheCLIs on the prerender,
// and TestLiveAppShowsThePrerender in the live app.)
func TestStatementCopyWaitsForCurrentFigures(t *testing.T) {
	// The live app's cases share one running app (liveApp).
	t.Run("disabled while not current", func(t *testing.T) {
		b := liveApp(t, "/", 1280, 900)
		if err := b.Type(selITL, "soon"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "no", 5*time.Second)
		if why, err := Poll[string](b, copyWhy, 5*time.Second); err != nil || !strings.Contains(why, "correct the marked field") {
			t.Fatalf("with a bad field the copy button is not disabled with its reason shown (%q, %v)", why, err)
		}
		if err := b.Type(selITL, "80"); err != nil {
			t.Fatal(err)
		}
		waitCurrent(t, b, "yes", 5*time.Second)
		if _, err := Poll[bool](b, `!document.querySelector("#copy-statement").disabled && getComputedStyle(document.querySelector("#copy-statement-why")).display === "none"`, 5*time.Second); err != nil {
			t.Error("with the field corrected the copy button stays disabled or its reason shown")
		}
	})

	// Before the app runs (the static build with app.wasm blocked), a page
	// prerendered for another link is not current: the button is out of
	// reach and says why. Its link is written out absolute on the page's
	// own origin, though the build was given none.
	t.Run("static build before the app runs", func(t *testing.T) {
		requireChromium(t)
		base := staticSite(t)
		b := newWasmBlockedBrowser(t, 1280, 900, base)
		for _, tc := range []struct{ query, current string }{{"", "yes"}, {"?itl=80", "no"}} {
			if err := b.Navigate(base + "/" + tc.query); err != nil {
				t.Fatal(err)
			}
			waitCurrent(t, b, tc.current, 10*time.Second)
			link, err := Eval[[]string](b, `[document.querySelector("#statement-link").textContent, document.querySelector("#statement-link").href]`)
			if err != nil || !strings.HasPrefix(link[0], base+"/?itl=100&") || link[0] != link[1] {
				t.Errorf("%s: the statement's link reads %q, want the absolute permalink on %s (err %v)", tc.query, link, base, err)
			}
			why, _ := Eval[string](b, `(() => { const w = document.querySelector("#copy-statement-why"), c = document.querySelector("#copy-statement");
				return getComputedStyle(w).display !== "none" && getComputedStyle(c).pointerEvents === "none" ? w.textContent : "" })()`)
			if (tc.current == "no") != (why != "") {
				t.Errorf("%s: data-current %s and the copy button's reason reads %q", tc.query, tc.current, why)
			}
		}
	})

	t.Run("copies", func(t *testing.T) {
		b := liveApp(t, "/?itl=80", 1280, 900)
		// Stand in for the clipboard: headless Chromium asks for permission.
		if _, err := Eval[bool](b, `(() => { window.__copied = ""; Object.defineProperty(navigator, "clipboard", {value: {writeText: s => { window.__copied = s; return Promise.resolve(); }}}); return true })()`); err != nil {
			t.Fatal(err)
		}
		if _, err := Eval[bool](b, `(document.querySelector("#copy-statement").click(), true)`); err != nil {
			t.Fatal(err)
		}
		copied, err := Poll[string](b, `window.__copied || null`, 5*time.Second)
		if err != nil {
			t.Fatal("nothing was copied")
		}
		shown, _ := Eval[[]string](b, shownStatement)
		if copied != shown[0]+" "+shown[1] {
			t.Errorf("copied\n%s\nwant the statement and its link\n%s %s", copied, shown[0], shown[1])
		}
		if _, err := Poll[bool](b, `document.querySelector("#copy-statement-status").textContent.includes("Copied")`, 5*time.Second); err != nil {
			t.Error(`the live region never said "Copied"`)
		}
	})
}

// TestEquivalentsFitAPhone: #equivalents fits a 375 px wide phone, and
// its screenshot is written for a person to look at. (Their counts and
// sources are cmd/energyfloor's TestPrerenderedEquivalents.)
func TestEquivalentsFitAPhone(t *testing.T) {
	t.Run("screenshot at 375 px", func(t *testing.T) {
		b := liveApp(t, "/", 375, 800)
		// The rows fit the phone's width: nothing sticks out sideways.
		box, err := Eval[[]float64](b, `(() => { const e = document.querySelector("#equivalents"); if (!e) return null;
			e.scrollIntoView({block: "start"}); const r = e.getBoundingClientRect();
			return [r.left + scrollX, r.top + scrollY, r.width, r.height, document.documentElement.scrollWidth, innerWidth] })()`)
		if err != nil || len(box) != 6 || box[3] == 0 {
			t.Fatalf("no #equivalents at 375 px: %v %v", box, err)
		}
		if box[4] > box[5] || box[0]+box[2] > box[5] {
			t.Errorf("at %v px the page is %v px wide and #equivalents ends at %v px", box[5], box[4], box[0]+box[2])
		}
		if dir := shotsDir(t); dir != "" {
			beyond := true
			res, err := chromedp.Call(b.Ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng,
				CaptureBeyondViewport: &beyond, Clip: &page.Viewport{X: box[0], Y: box[1], Width: box[2], Height: box[3], Scale: 1}})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "equivalents-375.png"), res.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// papers are the sizes the printout must fit on one page of, in inches.
var papers = []struct {
	name          string
	width, height float64
}{{"A4", 8.27, 11.69}, {"Letter", 8.5, 11}}

// TestPrintOnePage prints the page to PDF on A4 and US Letter at
// Chromium's default margins and checks that it is one page holding the
// figures, the statement's sentence, the BibTeX, the permalink and the date
// printed; with every factor set too, with only a grid (no label of an
// empty field), and on an image page (its volume in images a month, its
// latency target in seconds, no per-token line). Asked for screenshots
// (EF_SHOTS=dir), it writes the PDFs and the A4 page's image there.
func TestPrintOnePage(t *testing.T) {
	requireChromium(t)
	requirePoppler(t)
	shots := shotsDir(t)
	dir := shots
	if dir == "" {
		dir = t.TempDir()
	}
	for _, tc := range []struct {
		name, query string
		// fields are the inputs the printout shows as the fields hold
		// them; words what it says besides; absent what it must not say.
		fields, words, absent []string
	}{
		{"default", "", []string{"#tokens-per-month", "#itl-ms"}, []string{"Workload", "Average output tokens per request"}, nil},
		{"factors", factorsQuery, []string{"#tokens-per-month", "#itl-ms"}, []string{"Workload", "Average output tokens per request",
			"Electricity price per kWh", "Currency"}, nil},
		// The grid alone: the empty fields of host, idle, PUE and price
		// print no label.
		{"grid", "grid=DEU", []string{"#tokens-per-month", "#itl-ms"}, []string{"Workload", "Average output tokens per request", "Grid carbon intensity"},
			[]string{"Host CPU and memory", "Idle machines", "Facility PUE", "Electricity price per kWh", "Currency"}},
		{"image", diffusionLinks[0], []string{"#requests-per-month", "#latency-s"}, []string{"Workload", "Text to image", "Method: " + floor.KindImages.Method()}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := liveApp(t, "/?"+tc.query, 1280, 900)
			want, err := Eval[[]string](b, `[...document.querySelectorAll("`+figureSelector+`")].filter(e => e.id !== "chosen-config").map(e => e.textContent.trim())`)
			if err != nil {
				t.Fatal(err)
			}
			if tc.query == factorsQuery && len(want) != 6 || len(want) != 4 && len(want) != 6 {
				t.Fatalf("figures %q: want the floor, at your traffic and (with factors) the estimate", want)
			}
			// The configuration, item by item.
			config, err := Eval[[]string](b, `[...document.querySelectorAll("#chosen-config dd")].map(e => e.textContent.trim())`)
			if err != nil || len(config) < 4 {
				t.Fatalf("the configuration %q: %v", config, err)
			}
			want = append(want, config...)
			// The inputs as the fields hold them, the source's versions
			// and retrieval date, the permalink and the date printed.
			more, err := Eval[[]string](b, `[
				document.querySelector(`+jsString(tc.fields[0])+`).value, document.querySelector(`+jsString(tc.fields[1])+`).value,
				document.querySelector("#model").selectedOptions[0].textContent,
				document.querySelector("#citation p").textContent.match(/version .+?; retrieved [^;]+/)[0],
				document.querySelector("#statement-link").textContent,
				document.querySelector("#printed-on").textContent,
				document.querySelector("#statement-short .statement-short-body").textContent.trim()]`)
			if err != nil || !strings.HasPrefix(more[4], appServer(t)+"/?") || len(more[6]) < 100 {
				t.Fatalf("the page's inputs, source and link: %q, %v", more, err)
			}
			want = append(want, more...)
			want = append(want, tc.words...)
			if tc.name != "image" {
				want = append(want, "Method: "+floor.Method)
			}
			for _, p := range papers {
				t.Run(p.name, func(t *testing.T) {
					res, err := chromedp.Call(b.Ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: p.width, PaperHeight: p.height})
					if err != nil {
						t.Fatal(err)
					}
					pdf := res.Data
					base := filepath.Join(dir, fmt.Sprintf("print-%s-%s", tc.name, p.name))
					if err := os.WriteFile(base+".pdf", pdf, 0o644); err != nil {
						t.Fatal(err)
					}
					info, err := exec.Command("pdfinfo", base+".pdf").Output()
					if err != nil {
						t.Fatal(err)
					}
					if m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(info); m == nil || string(m[1]) != "1" {
						t.Errorf("the printout on %s is %s pages, want 1", p.name, m)
					}
					// The text in reading order, and as laid out with its
					// lines joined: the first keeps a grid's cells whole, the
					// second a link or a date broken at a hyphen, which the
					// first drops.
					out, err := exec.Command("pdftotext", base+".pdf", "-").Output()
					if err != nil {
						t.Fatal(err)
					}
					laidOut, err := exec.Command("pdftotext", "-layout", base+".pdf", "-").Output()
					if err != nil {
						t.Fatal(err)
					}
					text := strings.Join(strings.Fields(string(out)), " ")
					bare := strings.Join(strings.Fields(string(laidOut)), "")
					for _, w := range append(want, "@inproceedings{chung2025mlenergy", "Caveat:") {
						if !strings.Contains(text, w) && !strings.Contains(bare, strings.Join(strings.Fields(w), "")) {
							t.Errorf("the printout on %s lacks %q", p.name, w)
						}
					}
					// The method in two sentences, not the source's longer one.
					absents := append([]string{"Copy statement", "Copy BibTeX", "Copy citation", "Calculate", "Not copied", "steady_state_energy_per_token"}, tc.absent...)
					if tc.name == "image" {
						absents = append(absents, "inter-token latency", "per output token") // no token method on an image page
					}
					for _, absent := range absents {
						if strings.Contains(text, absent) {
							t.Errorf("the printout on %s shows %q", p.name, absent)
						}
					}
					if p.name == "A4" && shots != "" {
						if err := exec.Command("pdftoppm", "-png", "-r", "110", "-singlefile", base+".pdf", base).Run(); err != nil {
							t.Fatal(err)
						}
						t.Logf("wrote %s.png", base)
					}
				})
			}
		})
	}
}

// TestEmbedKeepsQuote: an embed opened with quote=1 keeps it in its
// address after an edit in the live app. (Its form sent without JavaScript
// keeps it too: cmd/energyfloor's TestFormWithoutJavaScript.)
func TestEmbedKeepsQuote(t *testing.T) {
	t.Run("live app", func(t *testing.T) {
		b := openApp(t, "/embed?quote=1")
		if err := b.Type(selITL, "80"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `location.search.includes("itl=80") && location.search.includes("quote=1")`, 5*time.Second); err != nil {
			t.Errorf("after an edit the embed's address is %q, want itl=80 and quote=1", pageQuery(t, b))
		}
	})
}
