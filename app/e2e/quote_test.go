package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
)

// factorsQuery sets every factor beyond the GPU: the printout must still
// hold on one page with the estimate.
const factorsQuery = "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.3&cur=EUR"

// cliStatement runs `energyfloor -statement` with args and returns its
// paragraph.
func cliStatement(t testing.TB, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, cliBinary(t), append([]string{"-statement"}, args...)...).Output()
	if err != nil {
		t.Fatalf("energyfloor -statement %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSuffix(string(out), "\n")
}

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

// shownState reads what a page shows of its state: the form's fields and
// the figures, each with its Wh.
const shownState = `(() => [
	...[...document.getElementById("inputs").elements].filter(e => e.name).map(e => e.name + "=" + e.value),
	...[...document.querySelectorAll("` + figureSelector + `")].map(e => e.id + ": " + e.textContent.trim() + " " + (e.dataset.wh ?? "")),
])()`

// copyWhy is the copy button's reason when it is disabled with its reason
// shown, else null.
const copyWhy = `(() => { const c = document.querySelector("#copy-statement"), w = document.querySelector("#copy-statement-why");
	return c.disabled && c.getAttribute("aria-describedby") === w.id && getComputedStyle(w).display !== "none" ? w.textContent : null })()`

// TestStatementLikeTheCLI checks that the page's #statement, without its
// link, is `energyfloor -statement` for the same inputs, that its link is
// absolute and opens the same state, and that the copy button waits for
// current figures.
func TestStatementLikeTheCLI(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		args        []string
	}{
		{"default page", "", nil},
		{"H100, p90, a model", "gpu=H100&pct=p90&itl=80&tokens=5e9&model=llama-3-1-8b-instruct",
			[]string{"-gpu", "H100", "-percentile", "p90", "-itl-ms", "80", "-tokens", "5e9", "-model", "llama-3-1-8b-instruct"}},
		{"factors set", factorsQuery, []string{"-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU", "-price-per-kwh", "0.3", "-currency", "EUR"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := openApp(t, "/?"+tc.query)
			want := cliStatement(t, tc.args...)
			var got []string
			deadline := time.Now().Add(10 * time.Second)
			for {
				var err error
				got, err = Eval[[]string](b, shownStatement)
				if err == nil && got[0] == want || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if got[0] != want {
				t.Fatalf("#statement says\n%s\nenergyfloor -statement says\n%s", got[0], want)
			}
			t.Logf("statement: %s %s", got[0], got[1])
			base := appServer(t)
			if !strings.HasPrefix(got[1], base+"/?") {
				t.Fatalf("the statement's link %q is not the page's absolute permalink on %s", got[1], base)
			}
			// The link opens the same state: followed in a fresh browser,
			// it shows the same fields, figures and statement.
			state, err := Eval[[]string](b, shownState)
			if err != nil {
				t.Fatal(err)
			}
			b2 := newCleanBrowser(t, 1280, 900, base)
			if err := b2.Navigate(got[1]); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b2)
			again, err := Poll[[]string](b2, `(() => { const s = `+shownStatement+`; return s[0] ? s : null })()`, 10*time.Second)
			if err != nil || again[0] != want || again[1] != got[1] {
				t.Errorf("the link opens a page whose statement is\n%v\nwant\n%s %s", again, want, got[1])
			}
			if state2, err := Eval[[]string](b2, shownState); err != nil || strings.Join(state2, "\n") != strings.Join(state, "\n") {
				t.Errorf("the link opens a page showing\n%s\nwant\n%s", strings.Join(state2, "\n"), strings.Join(state, "\n"))
			}
		})
	}

	t.Run("disabled while not current", func(t *testing.T) {
		b := openApp(t, "/")
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
		b := openApp(t, "/")
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

// shownEquivalents reads #equivalents' rows and the figures they restate.
const shownEquivalents = `(() => [...document.querySelectorAll("#equivalents [data-of]")].map(r => ({
	of: r.dataset.of, wh: document.getElementById(r.dataset.of)?.dataset.wh ?? "",
	requests: r.dataset.requests, perUnit: r.dataset.perUnitWh, count: r.dataset.count, source: r.dataset.source, text: r.textContent,
})))()`

type shownEquivalent struct{ Of, Wh, Requests, PerUnit, Count, Source, Text string }

// TestEquivalents checks #equivalents: each row's count is the restated
// figure's Wh × the requests it is for ÷ its Wh per unit, to the count's
// last digit, reads at least 0.1, and names its source; the embed shows
// them only with quote=1.
func TestEquivalents(t *testing.T) {
	for _, path := range []string{"/", "/?" + factorsQuery, "/embed?quote=1"} {
		t.Run(path, func(t *testing.T) {
			b := openApp(t, path)
			rows, err := Eval[[]shownEquivalent](b, shownEquivalents)
			if err != nil || len(rows) == 0 {
				t.Fatalf("no equivalents: %v", err)
			}
			for _, r := range rows {
				if r.Of != "energy-per-request" && r.Of != "energy-per-month" {
					t.Errorf("data-of %q", r.Of)
				}
				wh, err1 := decimal.NewFromString(r.Wh)
				per, err2 := decimal.NewFromString(r.PerUnit)
				count, err3 := decimal.NewFromString(r.Count)
				requests, err4 := decimal.NewFromString(r.Requests)
				if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
					t.Errorf("row %+v: not plain decimals", r)
					continue
				}
				if r.Requests != "1" && (r.Of == "energy-per-month" || r.Requests != "1000" && r.Requests != "1000000") {
					t.Errorf("%s: data-requests %s, want 1 (or 1000 or 1000000 per request)", r.Of, r.Requests)
				}
				exact := wh.Mul(requests).DivRound(per, 60)
				if count.Sub(exact).Abs().GreaterThan(decimal.New(1, count.Exponent())) || len(count.Coefficient().String()) < 15 && !count.Equal(exact) {
					t.Errorf("%s: data-count %s, want %s × %s ÷ %s = %s", r.Of, r.Count, r.Wh, r.Requests, r.PerUnit, exact)
				}
				if count.LessThan(decimal.New(1, -1)) {
					t.Errorf("%s: data-count %s reads under 0.1", r.Of, r.Count)
				}
				if u, err := url.Parse(r.Source); err != nil || u.Scheme != "https" {
					t.Errorf("data-source %q", r.Source)
				}
				if !strings.Contains(r.Text, "about ") {
					t.Errorf("row text %q does not say the count in words", r.Text)
				}
			}
		})
	}
	t.Run("embed without quote", func(t *testing.T) {
		b := openApp(t, "/embed")
		if n, _ := Eval[int](b, `document.querySelectorAll("#equivalents, #statement").length`); n != 0 {
			t.Error("the embed shows the equivalents or the statement unasked")
		}
	})
	t.Run("screenshot at 375 px", func(t *testing.T) {
		requireChromium(t)
		base := appServer(t)
		b := newCleanBrowser(t, 375, 900, base)
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
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
		beyond := true
		res, err := chromedp.Call(b.Ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng,
			CaptureBeyondViewport: &beyond, Clip: &page.Viewport{X: box[0], Y: box[1], Width: box[2], Height: box[3], Scale: 1}})
		if err != nil {
			t.Fatal(err)
		}
		png := res.Data
		file := filepath.Join(screenshotDir(t), "equivalents-375.png")
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
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
// latency target in seconds, no per-token line). It writes the PDFs and
// the A4 page's image to screenshots/.
func TestPrintOnePage(t *testing.T) {
	requireChromium(t)
	requirePoppler(t)
	dir := screenshotDir(t)
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
		{"image", diffusionLinks[0], []string{"#requests-per-month", "#latency-s"}, []string{"Workload", "Text to image", "Method: " + floor.DiffusionMethod("image")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := openApp(t, "/?"+tc.query)
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
					if p.name == "A4" {
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

// TestEmbedKeepsQuote: an embed opened with quote=1 keeps it, with its
// statement and equivalents, when its form is sent without JavaScript and
// in its address after an edit in the live app; one opened without it
// gains neither.
func TestEmbedKeepsQuote(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	for _, tc := range []struct {
		query string
		quote bool
	}{{"?itl=80&quote=1", true}, {"?itl=80", false}} {
		t.Run("JavaScript off "+tc.query, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if _, err := chromedp.Call(b.Ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				t.Fatal(err)
			}
			if err := b.Navigate(base + "/embed" + tc.query); err != nil {
				t.Fatal(err)
			}
			if err := b.TypeKeys(selTokens, "7.5B"); err != nil {
				t.Fatal(err)
			}
			submitWithEnter(t, b, selTokens)
			q := pageQuery(t, b)
			if !strings.Contains(q, "tokens=7.5B") || strings.Contains(q, "quote=1") != tc.quote {
				t.Errorf("the form sent %q: want tokens=7.5B, and quote=1 %v", q, tc.quote)
			}
			n, err := Eval[int](b, `document.querySelectorAll("#statement, #equivalents").length`)
			if err != nil || (n == 2) != tc.quote || (n == 0) == tc.quote {
				t.Errorf("the page Calculate loaded has %d of #statement and #equivalents (err %v), want quote %v", n, err, tc.quote)
			}
		})
	}
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
