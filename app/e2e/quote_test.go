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

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
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
		{"factors set", factorsQuery, []string{"-host", "0.43", "-idle", "0.17", "-pue", "1.09", "-grid", "DEU", "-price", "0.3", "-currency", "EUR"}},
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
			link, err := url.Parse(got[1])
			if err != nil || !link.IsAbs() || link.Path != "/" {
				t.Fatalf("the statement's link %q is not the page's absolute permalink", got[1])
			}
			// The link opens the same state: the same statement.
			b2 := openApp(t, "/?"+link.RawQuery)
			if again, err := Poll[[]string](b2, `(() => { const s = `+shownStatement+`; return s[0] ? s : null })()`, 10*time.Second); err != nil || again[0] != want {
				t.Errorf("the link opens a page whose statement is\n%v\nwant\n%s", again, want)
			}
		})
	}

	t.Run("disabled while not current", func(t *testing.T) {
		b := openApp(t, "/")
		if err := b.Type(selITL, "soon"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `document.querySelector("#copy-statement").disabled && getComputedStyle(document.querySelector("#copy-statement-why")).display !== "none"`, 5*time.Second); err != nil {
			t.Fatal("with a bad field the copy button is not disabled with its reason shown")
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
	perUnit: r.dataset.perUnitWh, count: r.dataset.count, source: r.dataset.source, text: r.textContent,
})))()`

type shownEquivalent struct{ Of, Wh, PerUnit, Count, Source, Text string }

// TestEquivalents checks #equivalents: each row's count is the restated
// figure's Wh ÷ its Wh per unit, to the count's last digit, and names its
// source; the embed shows them only with quote=1.
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
				if err1 != nil || err2 != nil || err3 != nil {
					t.Errorf("row %+v: not plain decimals", r)
					continue
				}
				exact := wh.DivRound(per, 60)
				if count.Sub(exact).Abs().GreaterThan(decimal.New(1, count.Exponent())) || len(count.Coefficient().String()) < 15 && !count.Equal(exact) {
					t.Errorf("%s: data-count %s, want %s ÷ %s = %s", r.Of, r.Count, r.Wh, r.PerUnit, exact)
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
		png, err := chromedp.Run(b.Ctx, chromedp.Screenshot("#equivalents"))
		if err != nil {
			t.Fatal(err)
		}
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
// figures, the BibTeX, the permalink and the date printed; with every
// factor set too. It writes the PDFs and the A4 page's image to
// screenshots/.
func TestPrintOnePage(t *testing.T) {
	for _, pdfinfo := range []string{"pdfinfo", "pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(pdfinfo); err != nil {
			t.Skipf("%s (poppler-utils) is not installed", pdfinfo)
		}
	}
	dir := screenshotDir(t)
	for _, tc := range []struct{ name, query string }{{"default", ""}, {"factors", factorsQuery}} {
		t.Run(tc.name, func(t *testing.T) {
			b := openApp(t, "/?"+tc.query)
			want, err := Eval[[]string](b, `[...document.querySelectorAll("#energy-per-request, #energy-per-month, #traffic-per-request, #traffic-per-month, #estimate-per-request, #estimate-per-month")].map(e => e.textContent.trim())`)
			if err != nil {
				t.Fatal(err)
			}
			if tc.query != "" && len(want) != 6 || len(want) < 4 {
				t.Fatalf("figures %q: want the floor, at your traffic and (with factors) the estimate", want)
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
					out, err := exec.Command("pdftotext", "-layout", base+".pdf", "-").Output()
					if err != nil {
						t.Fatal(err)
					}
					text := strings.Join(strings.Fields(string(out)), " ")
					for _, w := range append(want, "@inproceedings{chung2025mlenergy", "Printed ", "Caveat:", "retrieved", "/?", "v=") {
						if !strings.Contains(text, w) {
							t.Errorf("the printout on %s lacks %q", p.name, w)
						}
					}
					for _, absent := range []string{"Copy statement", "Copy BibTeX", "Calculate"} {
						if strings.Contains(text, absent) {
							t.Errorf("the printout on %s shows %q", p.name, absent)
						}
					}
					if p.name == "A4" {
						if err := exec.Command("pdftoppm", "-png", "-r", "80", "-singlefile", base+".pdf", base).Run(); err != nil {
							t.Fatal(err)
						}
						t.Logf("wrote %s.png", base)
					}
				})
			}
		})
	}
}
