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

	"github.com/chromedp/cdproto/emulation"
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
// screenshot at 375 and 1280 px there, its configuration table open.
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
				openConfigTable(t, b)
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
// is `energyfloor -json -link` of the page's link without its model (a
// download covers every model, as the CLI does without -model; every field
// and figure, numbers compared as written), but for what only a download has
// (the selected model and row, and the app's version) and the statements
// and equivalents, which are the page's: -link's with the model. The CSV download
// has a header and one row per result of it, with the joules per image or
// video.
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
			decode := func(what, s string) any {
				d := json.NewDecoder(strings.NewReader(s))
				d.UseNumber()
				var v any
				if err := d.Decode(&v); err != nil {
					t.Fatalf("%s: %v\n%s", what, err, s)
				}
				return v
			}
			model := strings.TrimPrefix(regexp.MustCompile(`model=[^&]+`).FindString(q), "model=")
			every := strings.Replace(q, "&model="+model, "", 1)
			code, out, errOut := cli("-json", "-link", base+"/?"+every)
			if code != 0 {
				t.Fatalf("energyfloor -json -link: exit %d: %s", code, errOut)
			}
			got, want := clickDownload(t, b, "#export-json"), out
			g, w := decode("the JSON download", got).(map[string]any), decode("the CLI", want).(map[string]any)
			// The statements and equivalents are the page's, for the model
			// it shows: the CLI's for the link with that model.
			codeModel, outModel, errModel := cli("-json", "-link", base+"/?"+q)
			if codeModel != 0 {
				t.Fatalf("energyfloor -json -link (with its model): exit %d: %s", codeModel, errModel)
			}
			for k, v := range decode("the CLI for the model", outModel).(map[string]any) {
				if k == "statement" || k == "statement_short" || k == "equivalents" {
					w[k] = v
				}
			}
			// What only the download has (floor.Report): the model the page
			// shows, inputs.selected_model, and each row's selected; and the
			// app's version where the CLI built for the tests says "dev".
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
			records, err := csv.NewReader(strings.NewReader(clickDownload(t, b, "#export-csv"))).ReadAll()
			if err != nil || len(records) != len(rep.Results)+1 {
				t.Fatalf("the CSV download: %d records (%v), want a header and %d rows", len(records), err, len(rep.Results))
			}
			if !slices.Contains(records[0], "joules_per_request") {
				t.Errorf("the CSV's header lacks joules_per_request: %q", records[0])
			}
		})
	}
}

// configTableRow is a row of #config-table as the page shows it.
type configTableRow struct {
	ID, Class string
	Cells     []string
	S, J, Wh  string
}

// configTableRead is the configuration table of a page: its summary, its
// column heads and its rows.
type configTableRead struct {
	Summary string
	Head    []string
	Rows    []configTableRow
}

// readConfigTable reads #config-table, or null when it has no rows.
const readConfigTable = `(() => {
	const t = document.querySelector("#config-table");
	if (!t || !t.querySelector("tbody tr")) return null;
	const d = (tr, k) => tr.querySelector("[data-" + k + "]")?.getAttribute("data-" + k) ?? "";
	return {Summary: document.querySelector("#config-details > summary").textContent.trim(),
		Head: [...t.querySelectorAll("thead th")].map((e) => e.textContent.trim()),
		Rows: [...t.querySelectorAll("tbody tr")].map((tr) => ({ID: tr.dataset.rowId ?? "", Class: tr.className,
			Cells: [...tr.children].map((c) => c.textContent.trim()), S: d(tr, "s"), J: d(tr, "j"), Wh: d(tr, "wh")}))};
})()`

// openConfigTable opens the live app's configuration table, once the lower
// sections are live, and reads it.
func openConfigTable(t testing.TB, b *Browser) *configTableRead {
	t.Helper()
	if _, err := Poll[bool](b, `!document.querySelector("#calculator[data-below]") && !!document.querySelector("#config-details > summary")`, 20*time.Second); err != nil {
		t.Fatalf("the lower sections never went live: %v", err)
	}
	if _, err := Eval[bool](b, `(document.querySelector("#config-details").open || document.querySelector("#config-details > summary").click(), true)`); err != nil {
		t.Fatal(err)
	}
	live, err := Poll[*configTableRead](b, readConfigTable, 10*time.Second)
	if err != nil {
		t.Fatalf("the app's configuration table has no rows once opened: %v", err)
	}
	return live
}

// cliConfig is what `energyfloor -json` gives of a configuration.
type cliConfig struct {
	RowID         string      `json:"row_id"`
	GPU           string      `json:"gpu"`
	NumGPUs       int         `json:"num_gpus"`
	UlyssesDegree int         `json:"ulysses_degree"`
	RingDegree    int         `json:"ring_degree"`
	BatchSize     int         `json:"batch_size"`
	BatchLatencyS json.Number `json:"batch_latency_s"`
}

// cliDiffusionResult is what TestDiffusionConfigTable reads of a result of
// `energyfloor -json` on an image or video workload.
type cliDiffusionResult struct {
	Slug          string      `json:"slug"`
	GPU           string      `json:"gpu"`
	Configuration cliConfig   `json:"configuration"`
	JPerRequest   json.Number `json:"joules_per_request"`
	WhPerRequest  json.Number `json:"wh_per_request"`
	Qualifying    int         `json:"qualifying_configurations"`
	Measured      int         `json:"measured_configurations"`
	Traffic       *struct {
		JPerRequest   json.Number `json:"joules_per_request"`
		WhPerRequest  json.Number `json:"wh_per_request"`
		Configuration cliConfig   `json:"configuration"`
	} `json:"traffic"`
}

// TestDiffusionConfigTable: on an image and a video page the energy–latency
// chart's configuration table lists every measured configuration of the
// selected model on the allowed GPUs, the same rows in the prerendered page
// (JavaScript off) and in the app once it is opened; the rows of the
// configurations `energyfloor -json` names (each GPU's floor and figure at
// your traffic) carry its figures: GPUs, Ulysses × ring, batch size, batch
// latency, joules and Wh per image or video; a row meets the target when its
// batch latency is within it, as many as the CLI's qualifying
// configurations; the page's floor and traffic rows are marked. The chart's
// legend points to the table.
func TestDiffusionConfigTable(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	cli := cliRunner(t)
	for _, q := range diffusionLinks {
		unit := "image"
		if strings.Contains(q, "video") {
			unit = "video"
		}
		t.Run(q, func(t *testing.T) {
			code, out, errOut := cli("-json", "-link", base+"/?"+q)
			if code != 0 {
				t.Fatalf("energyfloor -json -link: exit %d: %s", code, errOut)
			}
			var rep struct {
				Inputs struct {
					LatencyTargetS json.Number `json:"latency_target_s"`
				} `json:"inputs"`
				Results []cliDiffusionResult `json:"results"`
			}
			dec := json.NewDecoder(strings.NewReader(out))
			dec.UseNumber()
			if err := dec.Decode(&rep); err != nil {
				t.Fatalf("the CLI's -json: %v", err)
			}
			// The link's model alone, one result a GPU (its model= is -model).
			model := strings.TrimPrefix(regexp.MustCompile(`model=[^&]+`).FindString(q), "model=")
			if len(rep.Results) == 0 || slices.ContainsFunc(rep.Results, func(r cliDiffusionResult) bool { return r.Slug != model }) {
				t.Fatalf("the CLI's results are not %s's alone: %+v", model, rep.Results)
			}

			// The prerendered table, read with JavaScript off.
			off := newCleanBrowser(t, 1280, 900, base)
			disableScripts(t, off)
			if err := off.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			pre, err := Poll[*configTableRead](off, readConfigTable, 10*time.Second)
			if err != nil {
				t.Fatalf("the prerendered page has no configuration table: %v", err)
			}
			legend, _ := Eval[string](off, `document.querySelector("#tradeoff figcaption")?.textContent ?? ""`)
			if !strings.Contains(legend, "the table below says the rest") {
				t.Errorf("the chart's legend %q does not point to the table", legend)
			}

			// The app's table, once live and opened.
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			live := openConfigTable(t, b)
			if !reflect.DeepEqual(pre, live) {
				t.Errorf("the app's table differs from the prerendered one:\n  app: %+v\n  pre: %+v", live, pre)
			}

			measured, qualifying := 0, 0
			for _, r := range rep.Results {
				measured += r.Measured
				qualifying += r.Qualifying
			}
			if len(pre.Rows) != measured {
				t.Errorf("%d rows, want the CLI's %d measured configurations", len(pre.Rows), measured)
			}
			target := decimal.RequireFromString(string(rep.Inputs.LatencyTargetS))
			meeting := 0
			for _, r := range pre.Rows {
				yes := strings.HasPrefix(r.Cells[6], "yes")
				if s, err := decimal.NewFromString(r.S); err != nil || yes != s.LessThanOrEqual(target) {
					t.Errorf("row %s: batch latency %q s, target %s s, says %q", r.ID, r.S, target, r.Cells[6])
				}
				if yes {
					meeting++
				}
			}
			if meeting != qualifying {
				t.Errorf("%d rows meet the target, the CLI counts %d qualifying configurations", meeting, qualifying)
			}
			wantHead := []string{"GPUs", "Ulysses × ring", "Batch size", "Batch latency (s)", "J per " + unit, "Wh per " + unit,
				"Within " + floor.FormatSeconds(target) + " target", "Measurement id"}
			if !reflect.DeepEqual(pre.Head, wantHead) {
				t.Errorf("columns %q, want %q", pre.Head, wantHead)
			}
			row := func(id string) *configTableRow {
				for i := range pre.Rows {
					if pre.Rows[i].ID == id {
						return &pre.Rows[i]
					}
				}
				t.Errorf("no row %s in the table", id)
				return nil
			}
			check := func(what string, c cliConfig, j, wh json.Number) *configTableRow {
				r := row(c.RowID)
				if r == nil {
					return nil
				}
				want := []string{fmt.Sprintf("%d × %s", c.NumGPUs, c.GPU), fmt.Sprintf("%d × %d", c.UlyssesDegree, c.RingDegree),
					fmt.Sprint(c.BatchSize)}
				if !reflect.DeepEqual(r.Cells[:3], want) || r.Cells[7] != c.RowID {
					t.Errorf("%s row %s reads %q, want %q and its id", what, c.RowID, r.Cells, want)
				}
				for _, f := range []struct{ name, got, want string }{
					{"batch_latency_s", r.S, string(c.BatchLatencyS)}, {"joules_per_request", r.J, string(j)}, {"wh_per_request", r.Wh, string(wh)},
				} {
					if !sameDecimal(f.got, f.want) {
						t.Errorf("%s row %s: %s %q, the CLI's is %q", what, c.RowID, f.name, f.got, f.want)
					}
				}
				return r
			}
			// The page's floor is the first result's; its figure at your
			// traffic the least over the GPUs (as CheckFigures reads them).
			var trafficRow string
			var least decimal.Decimal
			for _, res := range rep.Results {
				check(res.GPU+" floor", res.Configuration, res.JPerRequest, res.WhPerRequest)
				if tr := res.Traffic; tr != nil {
					check(res.GPU+" traffic", tr.Configuration, tr.JPerRequest, tr.WhPerRequest)
					if j := decimal.RequireFromString(string(tr.JPerRequest)); trafficRow == "" || j.LessThan(least) {
						trafficRow, least = tr.Configuration.RowID, j
					}
				}
			}
			for _, r := range pre.Rows {
				floorRow := r.ID == rep.Results[0].Configuration.RowID
				if got := strings.Contains(" "+r.Class+" ", " selected ") && strings.Contains(r.Cells[6], "chosen"); got != floorRow {
					t.Errorf("row %s (class %q, %q) marked as the floor: %v, want %v", r.ID, r.Class, r.Cells[6], got, floorRow)
				}
				traffic := r.ID == trafficRow
				if got := strings.Contains(" "+r.Class+" ", " traffic ") && strings.Contains(r.Cells[6], "at your traffic"); got != traffic {
					t.Errorf("row %s (class %q, %q) marked at your traffic: %v, want %v", r.ID, r.Class, r.Cells[6], got, traffic)
				}
			}
		})
	}
}

// TestStaticImagePage: the static build's page is prerendered for no query
// (a text page); an image or video link opened there, once the app runs,
// decodes the workload's models on first need (data.LoadWorkload)
// and shows the figures `energyfloor -json` gives, marked current, and the
// configuration table the server prerenders for the link; so does a switch
// of workload to text to image on the static text page. With app.wasm
// blocked it cannot work them out, and says so: the fields hold the link's
// values, the figures are marked not current, with the line saying what they
// are for, and #app-status says that this copy cannot work out figures.
func TestStaticImagePage(t *testing.T) {
	requireChromium(t)
	server, base := appServer(t), staticSite(t)
	cli := cliRunner(t)
	for _, q := range diffusionLinks {
		t.Run(q, func(t *testing.T) {
			off := newCleanBrowser(t, 1280, 900, server)
			disableScripts(t, off)
			if err := off.Navigate(server + "/?" + q); err != nil {
				t.Fatal(err)
			}
			pre, err := Poll[*configTableRead](off, readConfigTable, 10*time.Second)
			if err != nil {
				t.Fatalf("the server's page has no configuration table: %v", err)
			}

			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			waitCurrent(t, b, "yes", 20*time.Second)
			cur, problems := CheckFigures(readPage(t, b), cli)
			if cur != "yes" {
				t.Errorf("static page: data-current %q", cur)
			}
			for _, p := range problems {
				t.Errorf("static page: %s", p)
			}
			if got := openConfigTable(t, b); !reflect.DeepEqual(got, pre) {
				t.Errorf("the static page's table differs from the server's:\n  static: %+v\n  server: %+v", got, pre)
			}

			n := newWasmBlockedBrowser(t, 1280, 900, base)
			if err := n.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			if _, err := Poll[bool](n, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
				t.Fatalf("#app-status never said the app is not running: %v", err)
			}
			waitCurrent(t, n, "no", 5*time.Second)
			requireVisible(t, n, selResultsFor, false)
			if v, _ := fieldValue(n, "#workload"); !strings.Contains(q, "workload="+v) {
				t.Errorf("#workload holds %q, want the link's (%s)", v, q)
			}
			status, _ := Eval[string](n, `document.querySelector("`+selAppStatus+`").textContent`)
			if !strings.Contains(status, "cannot work out figures for other values") {
				t.Errorf("#app-status says %q, want that this copy cannot work out other figures", status)
			}
		})
	}
	t.Run("switch to images", func(t *testing.T) {
		b := newCleanBrowser(t, 1280, 900, base)
		if err := b.Navigate(base + "/"); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		if err := b.Select("#workload", "text-to-image"); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `document.querySelector('label[for="requests-per-month"]')?.textContent.includes("Images")`, 20*time.Second); err != nil {
			t.Fatalf("the volume's label never said images: %v", err)
		}
		waitCurrent(t, b, "yes", 20*time.Second)
		if _, problems := CheckFigures(readPage(t, b), cli); len(problems) > 0 {
			t.Errorf("after switching to text to image: %s", strings.Join(problems, "; "))
		}
	})
}

// TestPublishedFiguresScope: the published per-prompt figures are for text
// prompts. A text page sets them beside its floor; an image or a video page
// does not, on screen, in print or in its embed (with the statement to
// quote), and says why on screen, next to where they stand on a text page.
func TestPublishedFiguresScope(t *testing.T) {
	requireChromium(t)
	base := appServer(t)
	const perPrompt = "Wh per prompt"
	visible := func(b *Browser) string {
		s, err := Eval[string](b, `document.body.innerText`)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/?tokens=1B"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	if !strings.Contains(visible(b), perPrompt) {
		t.Fatalf("the text page shows no published figure (%q)", perPrompt)
	}
	for _, q := range diffusionLinks {
		unit := "images"
		if strings.Contains(q, "video") {
			unit = "videos"
		}
		t.Run(q, func(t *testing.T) {
			b := newCleanBrowser(t, 1280, 900, base)
			if err := b.Navigate(base + "/?" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			waitCurrent(t, b, "yes", 20*time.Second)
			if strings.Contains(visible(b), perPrompt) {
				t.Errorf("the %s page shows a per-text-prompt figure beside its floor", unit)
			}
			requireVisible(t, b, "#published-text-only", false)
			note, _ := Eval[string](b, `document.querySelector("#published-text-only").textContent`)
			if !strings.Contains(note, "are for text prompts, not for "+unit) {
				t.Errorf("#published-text-only says %q", note)
			}
			if _, err := chromedp.Call(b.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			if s := visible(b); strings.Contains(s, perPrompt) || strings.Contains(s, "text prompts") {
				t.Errorf("the %s page's print shows the published figures or the line about them", unit)
			}
			e := newCleanBrowser(t, 720, 900, base)
			if err := e.Navigate(base + "/embed?quote=1&" + q); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, e)
			waitCurrent(t, e, "yes", 20*time.Second)
			if s := visible(e); strings.Contains(s, perPrompt) || !strings.Contains(s, "One image ≈") {
				t.Errorf("the %s embed shows a per-text-prompt figure, or lacks the line comparing modalities", unit)
			}
		})
	}
}
