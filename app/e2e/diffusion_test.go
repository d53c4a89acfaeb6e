package e2e

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"energyfloor/app/floor"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// The image and video pages (issue 40): their links, typed inputs and a
// switch of workload, against `energyfloor -json`.

// diffusionLinks are an image and a video permalink.
var diffusionLinks = []string{
	"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
	"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
}

// TestDiffusionPagesEqualCLI: the page, the embed and the page without
// its app (app.wasm blocked) of an image and a video permalink show the
// figures `energyfloor -json` gives for the values in their fields, marked
// current, with the volume labelled in images or videos and the
// token-only fields hidden. EF_SHOTS=dir writes each live page's
// screenshot at 375 and 1280 px there.
func TestDiffusionPagesEqualCLI(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	cli := cliRunner(t)
	check := func(t *testing.T, b *Browser, what string) {
		t.Helper()
		p := readPage(t, b)
		cur, problems := CheckFigures(p, cli)
		if cur != "yes" {
			t.Errorf("%s: data-current %q, want yes", what, cur)
		}
		for _, pr := range problems {
			t.Errorf("%s: %s", what, pr)
		}
	}
	for _, q := range diffusionLinks {
		unit := "Images"
		if strings.Contains(q, "video") {
			unit = "Videos"
		}
		t.Run(q, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			check(t, b, "page")
			label, err := Eval[string](b, `document.querySelector('label[for="requests-per-month"]')?.textContent ?? ""`)
			if err != nil || !strings.Contains(label, unit+" per month") {
				t.Errorf("the volume's label %q, want %s per month", label, unit)
			}
			hidden, err := Eval[string](b, `["tokens-per-month","output-tokens","itl-ms","percentile"].filter(id => {
				const e = document.getElementById(id); return e && e.type !== "hidden"; }).join(",")`)
			if err != nil || hidden != "" {
				t.Errorf("token fields shown on an image or video page: %q (%v)", hidden, err)
			}
			if line, _, _ := b.Attr("#modalities", "data-base"); !strings.HasPrefix(line, "One image ≈ ") {
				t.Errorf("#modalities data-base %q, want the line comparing across modalities", line)
			}
			if dir := os.Getenv("EF_SHOTS"); dir != "" {
				for _, w := range []int64{1280, 375} {
					emulateViewport(t, b, w, 900, w < 500)
					time.Sleep(500 * time.Millisecond)
					png, err := b.Screenshot()
					if err != nil {
						t.Fatal(err)
					}
					name := strings.ToLower(unit) + "-" + map[int64]string{1280: "1280", 375: "375"}[w] + ".png"
					if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}

			e := newCleanBrowser(t, 1280, 900, base)
			if err := e.Navigate(base + "/embed?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, e)
			check(t, e, "embed")

			n := newWasmBlockedBrowser(t, 1280, 900, base)
			if err := n.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			if _, err := Poll[bool](n, `document.readyState === "complete"`, 20*time.Second); err != nil {
				t.Fatal(err)
			}
			check(t, n, "page without its app")
		})
	}
}

// TestDiffusionTypingAndSwitching: on an image page, a new monthly volume
// and a new latency target update the figures to the CLI's; switching the
// workload from text to image and back keeps the token fields.
func TestDiffusionTypingAndSwitching(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	cli := cliRunner(t)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/?" + diffusionLinks[0]); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	for _, e := range []struct{ sel, text string }{{"#requests-per-month", "50k"}, {"#latency-s", "8"}} {
		before, _, _ := b.Attr(selPerMonth, "data-wh")
		if err := b.Type(e.sel, e.text); err != nil {
			t.Fatal(err)
		}
		if _, err := b.WaitAttrChange(selPerMonth, "data-wh", before, 20*time.Second); err != nil {
			t.Fatalf("typing %q into %s: the monthly figure stays %s: %v", e.text, e.sel, before, err)
		}
		waitCurrent(t, b, "yes", 20*time.Second)
		cur, problems := CheckFigures(readPage(t, b), cli)
		if cur != "yes" {
			t.Errorf("after %s=%s: data-current %q", e.sel, e.text, cur)
		}
		for _, p := range problems {
			t.Errorf("after %s=%s: %s", e.sel, e.text, p)
		}
	}

	if err := b.Navigate(base + "/?tokens=5B&output=250&itl=60&pct=p90"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	// A token page in the browser keeps the line comparing across
	// modalities without decoding the image models (the prerendered
	// sentence).
	if line, err := Eval[string](b, `document.getElementById("modalities")?.textContent ?? ""`); err != nil || !strings.HasPrefix(line, "One image ≈ ") {
		t.Errorf("the token page's #modalities reads %q (%v)", line, err)
	}
	for _, w := range []string{"text-to-image", "lm-arena-chat"} {
		if err := b.Select("#workload", w); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `document.querySelector('label[for="requests-per-month"]')?.textContent.includes(`+
			jsString(map[string]string{"text-to-image": "Images", "lm-arena-chat": "Requests"}[w])+`)`, 20*time.Second); err != nil {
			t.Fatalf("switching to %s: the volume's label never followed: %v", w, err)
		}
		waitCurrent(t, b, "yes", 20*time.Second)
		_, problems := CheckFigures(readPage(t, b), cli)
		for _, p := range problems {
			t.Errorf("on %s: %s", w, p)
		}
	}
	for id, want := range map[string]string{"tokens-per-month": "5B", "output-tokens": "250", "itl-ms": "60", "percentile": "p90"} {
		if got, err := fieldValue(b, "#"+id); err != nil || got != want {
			t.Errorf("back on text, #%s holds %q (%v), want %q", id, got, err, want)
		}
	}
}

// TestDiffusionCharts: an image and a video page draw the energy–latency
// chart (batch latency in seconds against joules per image or video) and
// the volume chart (images or videos a month), each heading naming the
// model, the energy axis saying lower is better, and the floor labelled
// with the joules per image or video of #energy-per-request's figure.
func TestDiffusionCharts(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	for _, q := range diffusionLinks {
		unit, name := "image", "FLUX.1 Dev"
		if strings.Contains(q, "video") {
			unit, name = "video", "CogVideoX"
		}
		t.Run(q, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			wh, _, _ := b.Attr(selPerRequest, "data-wh")
			d, err := decimal.NewFromString(wh)
			if err != nil {
				t.Fatalf("%s data-wh %q: %v", selPerRequest, wh, err)
			}
			// The floor's label, "floor 7.95 kJ", reads "floor, at your
			// traffic 7.95 kJ" where the two are one configuration.
			j := " " + floor.FormatJoules(d.Mul(decimal.NewFromInt(3600)))
			for _, c := range []struct{ sel, xLabel string }{
				{"#tradeoff", "batch latency (s, log scale)"},
				{"#volume", unit + "s per month (log scale)"},
			} {
				got, err := Poll[[]string](b, `(() => { const s = document.querySelector(`+jsString(c.sel)+`); if (!s || !s.querySelector("svg")) return null;
					return [s.querySelector("h2").textContent, [...s.querySelectorAll("svg text")].map(e => e.textContent).join(" | ")] })()`, 20*time.Second)
				if err != nil {
					t.Fatalf("%s: no chart on the %s page: %v", c.sel, unit, err)
				}
				if !strings.Contains(got[0], name) {
					t.Errorf("%s's heading %q does not name the model", c.sel, got[0])
				}
				for _, want := range []string{c.xLabel, "J per " + unit + ", log · lower is better", "at your traffic "} {
					if !strings.Contains(got[1], want) {
						t.Errorf("%s's chart lacks %q: %s", c.sel, want, got[1])
					}
				}
				if !strings.Contains(got[1], "floor"+j) && !strings.Contains(got[1], "floor, at your traffic"+j) {
					t.Errorf("%s's floor is not labelled%s (%s %s Wh): %s", c.sel, j, selPerRequest, wh, got[1])
				}
			}
		})
	}
}

// TestExportImageEqualsCLI: on an image and a video page the JSON download
// is `energyfloor -json -link` of the page's link (every field and figure,
// numbers compared as written), but for what only a download has (the
// selected model and row, and the app's version), and the CSV download has a header and one
// row per result of it, with the joules per image or video.
func TestExportImageEqualsCLI(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	cli := cliRunner(t)
	for _, q := range diffusionLinks {
		t.Run(q, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.AddScriptOnNewDocument(recordBlobs); err != nil {
				t.Fatal(err)
			}
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			waitCurrent(t, b, "yes", 20*time.Second)
			download := func(sel string) string {
				n, _ := Eval[int](b, `self.__blobs.length`)
				if err := chromedp.Do(b.Ctx, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
					t.Fatal(err)
				}
				s, err := Poll[string](b, fmt.Sprintf(`self.__blobs.length > %d ? self.__blobs[%d] : ""`, n, n), 10*time.Second)
				if err != nil {
					t.Fatalf("%s made no download: %v", sel, err)
				}
				return s
			}
			decode := func(what, s string) any {
				d := json.NewDecoder(strings.NewReader(s))
				d.UseNumber()
				var v any
				if err := d.Decode(&v); err != nil {
					t.Fatalf("%s: %v\n%s", what, err, s)
				}
				return v
			}
			code, out, errOut := cli("-json", "-link", base+"/?"+q)
			if code != 0 {
				t.Fatalf("energyfloor -json -link: exit %d: %s", code, errOut)
			}
			got, want := download("#export-json"), out
			g, w := decode("the JSON download", got).(map[string]any), decode("the CLI", want).(map[string]any)
			// What only the download has (floor.Report): the model the page
			// shows, inputs.selected_model, and each row's selected; and the
			// app's version where the CLI built for the tests says "dev".
			model := strings.TrimPrefix(regexp.MustCompile(`model=[^&]+`).FindString(q), "model=")
			if in, _ := g["inputs"].(map[string]any); in == nil || in["selected_model"] != model {
				t.Errorf("the download's inputs.selected_model is not %q: %v", model, g["inputs"])
			} else {
				delete(in, "selected_model")
			}
			selected := 0
			for _, r := range g["results"].([]any) {
				r := r.(map[string]any)
				if r["selected"] == true {
					selected++
				}
				delete(r, "selected")
			}
			if selected == 0 {
				t.Errorf("no row of the download is selected")
			}
			if g["app_version"] == "" || w["app_version"] != "dev" {
				t.Errorf("app_version: download %v, CLI %v", g["app_version"], w["app_version"])
			}
			delete(g, "app_version")
			delete(w, "app_version")
			if !reflect.DeepEqual(g, w) {
				t.Errorf("the JSON download differs from `energyfloor -json -link`:\ndownload: %s\nCLI:      %s", got, want)
			}
			var rep struct {
				Results []json.RawMessage `json:"results"`
			}
			if err := json.Unmarshal([]byte(want), &rep); err != nil || len(rep.Results) == 0 {
				t.Fatalf("the CLI's results: %d, %v", len(rep.Results), err)
			}
			records, err := csv.NewReader(strings.NewReader(download("#export-csv"))).ReadAll()
			if err != nil || len(records) != len(rep.Results)+1 {
				t.Fatalf("the CSV download: %d records (%v), want a header and %d rows", len(records), err, len(rep.Results))
			}
			if !slices.Contains(records[0], "joules_per_request") {
				t.Errorf("the CSV's header lacks joules_per_request: %q", records[0])
			}
		})
	}
}
