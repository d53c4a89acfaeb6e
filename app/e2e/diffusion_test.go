package e2e

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The image and video pages (issue 40): their links, typed inputs and a
// switch of workload, against `energyfloor -json`.

// diffusionLinks are an image and a video permalink.
var diffusionLinks = []string{
	"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
	"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
}

// TestDiffusionScreenshots writes the live image and video pages'
// screenshots at 1280 and 375 px, their configuration table open, for a
// person to look at. It runs only when asked: EF_SHOTS=dir writes them
// there. (Their figures and words are Go's: cmd/energyfloor's
// TestPrerenderedFiguresAreTheCLIs and app/server's TestDiffusionPagesWords
// on the prerender, and TestLiveAppShowsThePrerender in the live app.)
func TestDiffusionScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to look at; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	for _, q := range diffusionLinks {
		unit := "images"
		if strings.Contains(q, "video") {
			unit = "videos"
		}
		emulateViewport(t, b, 1280, 900, false)
		if err := b.Navigate(base + "/?" + q); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		openConfigTable(t, b)
		for _, w := range []int64{1280, 375} {
			emulateViewport(t, b, w, 900, w < 500)
			time.Sleep(500 * time.Millisecond)
			png, err := b.Screenshot()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", unit, w)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestDiffusionTypingAndSwitching: on an image page, a new monthly volume
// and a new latency target update the figures to the CLI's; switching the
// workload from text to image and back keeps the token fields.
func TestDiffusionTypingAndSwitching(t *testing.T) {
	cli := cliRunner(t)
	t.Run("typing", func(t *testing.T) {
		b := liveApp(t, "/?"+diffusionLinks[0], 1280, 900)
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

	})
	t.Run("switching", func(t *testing.T) {
		b := liveApp(t, "/?tokens=5B&output=250&itl=60&pct=p90", 1280, 900)
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
	})
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
			b := liveApp(t, "/?"+q, 1280, 900) // one running app, each link followed in it
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

// prerenderConfigTable reads the configuration table of the server's page
// at rawURL as readConfigTable reads it in a browser with JavaScript off
// (its <noscript> parsed as markup), or returns nil when it has no rows.
func prerenderConfigTable(t testing.TB, rawURL string) *configTableRead {
	t.Helper()
	resp, err := http.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", rawURL, resp.StatusCode)
	}
	doc, err := html.ParseWithOptions(resp.Body, html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatalf("parsing %s: %v", rawURL, err)
	}
	byID := map[string]*html.Node{}
	for n := range doc.Descendants() {
		if id := attrOf(n, "id"); n.Type == html.ElementNode && id != "" && byID[id] == nil {
			byID[id] = n
		}
	}
	elems := func(n *html.Node, match func(*html.Node) bool) []*html.Node {
		var out []*html.Node
		for d := range n.Descendants() {
			if d.Type == html.ElementNode && match(d) {
				out = append(out, d)
			}
		}
		return out
	}
	tag := func(a atom.Atom) func(*html.Node) bool { return func(n *html.Node) bool { return n.DataAtom == a } }
	text := func(n *html.Node) string { // textContent, trimmed as JavaScript's trim does
		var b strings.Builder
		for d := range n.Descendants() {
			if d.Type == html.TextNode {
				b.WriteString(d.Data)
			}
		}
		return strings.TrimSpace(b.String())
	}
	table := byID["config-table"]
	if table == nil {
		return nil
	}
	var rows []*html.Node
	for _, body := range elems(table, tag(atom.Tbody)) {
		rows = append(rows, elems(body, tag(atom.Tr))...)
	}
	if len(rows) == 0 {
		return nil
	}
	read := &configTableRead{}
	if details := byID["config-details"]; details != nil {
		for c := details.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom == atom.Summary {
				read.Summary = text(c)
				break
			}
		}
	}
	for _, head := range elems(table, tag(atom.Thead)) {
		for _, th := range elems(head, tag(atom.Th)) {
			read.Head = append(read.Head, text(th))
		}
	}
	for _, tr := range rows {
		data := func(k string) string {
			for _, d := range elems(tr, func(n *html.Node) bool { _, ok := attrPresent(n, "data-"+k); return ok }) {
				return attrOf(d, "data-"+k)
			}
			return ""
		}
		row := configTableRow{ID: attrOf(tr, "data-row-id"), Class: attrOf(tr, "class"), S: data("s"), J: data("j"), Wh: data("wh")}
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				row.Cells = append(row.Cells, text(c))
			}
		}
		read.Rows = append(read.Rows, row)
	}
	return read
}

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

// TestStaticImagePage: the static build's page is prerendered for no query
// (a text page); an image or video link opened there, once the app runs,
// decodes the workload's models on first need (data.LoadWorkload)
// and shows the figures `energyfloor -json` gives, marked current, and the
// configuration table the server prerenders for the link; so does a switch
// of workload to text to image on the static text page. One running app:
// the video link is the app's start (on the copy prerendered for text, and
// the video models' first need), then the text page is followed and
// switched to images (their first need), then the image link is followed.
// With app.wasm blocked it cannot work them out, and says so: the fields
// hold the link's values, the figures are marked not current, with the
// line saying what they are for, and #app-status says that this copy
// cannot work out figures for other values.
func TestStaticImagePage(t *testing.T) {
	parallel(t)
	requireChromium(t)
	server, base := appServer(t), staticSite(t)
	cli := cliRunner(t)
	video, image := diffusionLinks[1], diffusionLinks[0]
	b := newCleanBrowser(t, 1280, 900, base)
	checkLink := func(t *testing.T, q string) {
		t.Helper()
		pre := prerenderConfigTable(t, server+"/?"+q)
		if pre == nil {
			t.Fatal("the server's page has no configuration table")
		}
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
	}
	t.Run(video, func(t *testing.T) {
		if err := b.Navigate(base + "/?" + video); err != nil {
			t.Fatal(err)
		}
		waitInteractive(t, b)
		checkLink(t, video)
	})
	t.Run("switch to images", func(t *testing.T) {
		at := followLinkTo(t, b, base+"/")
		waitDrawnFields(t, b, at, fetchPrerender(t, server+"/").fields)
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
	t.Run(image, func(t *testing.T) {
		at := followLinkTo(t, b, base+"/?"+image)
		waitDrawnFields(t, b, at, fetchPrerender(t, server+"/?"+image).fields)
		checkLink(t, image)
	})
	for _, q := range diffusionLinks {
		t.Run(q+", app.wasm blocked", func(t *testing.T) {
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
}

// TestPublishedFiguresScopeInPrint: on an image and a video page, the line
// saying the published per-prompt figures are for text prompts is in view
// on screen, and the print holds neither it nor the figures. The pages are
// followed within one running app (liveApp). (Which page holds the figures and the
// line, and their words, is app/server's TestPublishedFiguresScope.)
func TestPublishedFiguresScopeInPrint(t *testing.T) {
	for _, q := range diffusionLinks {
		unit := "images"
		if strings.Contains(q, "video") {
			unit = "videos"
		}
		t.Run(q, func(t *testing.T) {
			b := liveApp(t, "/?"+q, 1280, 900)
			if _, err := Poll[bool](b, `document.querySelector("#published-text-only")?.textContent.includes("are for text prompts, not for `+unit+`")`, 20*time.Second); err != nil {
				t.Fatalf("no #published-text-only about %s: %v", unit, err)
			}
			requireVisible(t, b, "#published-text-only", false)
			if _, err := chromedp.Call(b.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
				t.Fatal(err)
			}
			defer chromedp.Call(b.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})
			printed, err := Eval[string](b, `document.body.innerText`)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(printed, "Wh per prompt") || strings.Contains(printed, "text prompts") {
				t.Errorf("the %s page's print shows the published figures or the line about them", unit)
			}
		})
	}
}
