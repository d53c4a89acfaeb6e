package e2e

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// The hooks of "Beyond the GPU".
const (
	selBeyond      = "#beyond-gpu"
	selPreset      = "#scope-preset"
	selGrid        = "#grid"
	selPrice       = "#price-per-kwh"
	selCurrency    = "#currency"
	selEstReq      = "#estimate-per-request"
	selEstMonth    = "#estimate-per-month"
	selCarbonReq   = "#carbon-per-request"
	selCarbonMonth = "#carbon-per-month"
	selCostMonth   = "#cost-per-month"
)

// cliEstimate runs `energyfloor -json` with the factors flags and returns the
// estimate of model's result on gpu.
func cliEstimate(t testing.TB, model, gpu string, flags ...string) estimate {
	t.Helper()
	args := append([]string{"-json", "-model", model}, flags...)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, cliBinary(t), args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("energyfloor %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var out struct {
		Results []struct {
			GPU      string    `json:"gpu"`
			Estimate *estimate `json:"estimate"`
		} `json:"results"`
	}
	dec := json.NewDecoder(&stdout)
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	for _, r := range out.Results {
		if r.GPU == gpu && r.Estimate != nil {
			return *r.Estimate
		}
	}
	t.Fatalf("energyfloor %s: no estimate for %s on %s", strings.Join(args, " "), model, gpu)
	return estimate{}
}

// waitAttr waits until sel's attribute name equals want as a decimal.
func waitAttr(t testing.TB, b *Browser, sel, name string, want json.Number) {
	t.Helper()
	w, err := decimal.NewFromString(string(want))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		v, ok, err := b.Attr(sel, name)
		if err == nil && ok {
			if d, err := decimal.NewFromString(v); err == nil && d.Equal(w) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s %s = %q, want %s", sel, name, v, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// factorsLink are the factors TestBeyondTheGPU sets by hand, as a
// permalink has them, and factorsFlags the CLI's flags for the same.
const factorsLink = "host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR"

var factorsFlags = []string{"-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09",
	"-grid", "DEU", "-price-per-kwh", "0.12", "-currency", "EUR"}

// waitEstimate waits until the estimate, carbon and cost of "Beyond the
// GPU" in b are want's.
func waitEstimate(t testing.TB, b *Browser, want estimate) {
	t.Helper()
	waitAttr(t, b, selEstReq, "data-wh", want.WhPerRequest)
	kwh, _ := decimal.NewFromString(string(want.KWhPerMonth))
	waitAttr(t, b, selEstMonth, "data-wh", json.Number(kwh.Shift(3).String()))
	waitAttr(t, b, selCarbonReq, "data-g", *want.GCO2ePerRequest)
	waitAttr(t, b, selCarbonMonth, "data-kg", *want.KgCO2ePerMonth)
	waitAttr(t, b, selCostMonth, "data-amount", *want.CostPerMonth)
}

// TestBeyondTheGPU opens "Beyond the GPU", chooses the Google 2025 preset,
// Germany's grid and a price, and checks: the fields the preset fills, the
// estimate, carbon and cost equal to the CLI's for the same factors, the
// floor's own figures unchanged, and the permalink, followed again from
// another page: for the server and for the static build. (A factor
// permalink opened as a new page, offline, is TestVisitsWithTheWorker's.
// The published figures with their scopes, the caveat's and citation's
// words and the embed's section only for a link with a factor are
// app/server's TestBeyondTheGPUPage, on the prerender.)
func TestBeyondTheGPU(t *testing.T) {
	const model, gpu = defaultModel, "B200"
	eachLiveSite(t, "/?gpu="+gpu+"&model="+model, func(t *testing.T, b *Browser, base string) {
		floorReq, _, _ := b.Attr(selPerRequest, "data-wh")
		floorMonth, _, _ := b.Attr(selPerMonth, "data-wh")

		if err := chromedp.Do(b.Ctx, chromedp.Click(selBeyond+" > summary", chromedp.NodeVisible)); err != nil {
			t.Fatal(err)
		}
		if _, err := Poll[bool](b, `!!document.querySelector("`+selPreset+`")`, 5*time.Second); err != nil {
			t.Fatalf("opening the section shows no preset select: %v", err)
		}
		if err := b.Select(selPreset, "google-2025"); err != nil {
			t.Fatal(err)
		}
		for sel, want := range map[string]string{"#host-overhead": "0.43", "#idle-overhead": "0.17", "#pue": "1.09"} {
			if _, err := Poll[bool](b, fmt.Sprintf(`document.querySelector(%s)?.value === %s`, jsString(sel), jsString(want)), 5*time.Second); err != nil {
				v, _ := fieldValue(b, sel)
				t.Errorf("the preset set %s to %q, want %s", sel, v, want)
			}
		}
		if err := b.Select(selGrid, "DEU"); err != nil {
			t.Fatal(err)
		}
		if err := b.Type(selPrice, "0.12"); err != nil {
			t.Fatal(err)
		}
		if err := b.Type(selCurrency, "EUR"); err != nil {
			t.Fatal(err)
		}
		want := cliEstimate(t, model, gpu, append([]string{"-gpu", gpu}, factorsFlags...)...)
		check := func(t *testing.T) {
			t.Helper()
			waitEstimate(t, b, want)
			for sel, was := range map[string]string{selPerRequest: floorReq, selPerMonth: floorMonth} {
				if got, _, _ := b.Attr(sel, "data-wh"); got != was {
					t.Errorf("the floor's %s data-wh changed from %s to %s", sel, was, got)
				}
			}
		}
		check(t)

		// The permalink carries the factors and the data version.
		if _, err := Poll[bool](b, `location.search.includes("grid=DEU") && location.search.includes("cur=EUR")`, 5*time.Second); err != nil {
			t.Fatalf("the address bar never took the factors: %v", err)
		}
		link, _ := Eval[string](b, `location.href`)
		for _, p := range strings.Split(factorsLink, "&") {
			if !strings.Contains(link, p) {
				t.Errorf("the permalink %s lacks %s", link, p)
			}
		}
		if !strings.Contains(link, "v=") {
			t.Errorf("the permalink %s lacks the data version", link)
		}
		// Followed from a page without the factors, it sets them again.
		away := followLinkTo(t, b, base+"/")
		waitDrawnFields(t, b, away, fetchPrerender(t, away).fields)
		followLinkTo(t, b, link)
		check(t)
	})
}

// TestBeyondTheGPUBadInput: a bad factor gets its message next to its field
// and the last good figures stay.
func TestBeyondTheGPUBadInput(t *testing.T) {
	b := openApp(t, "/?model="+defaultModel+"&gpu=B200&pue=1.5")
	before, _, _ := b.Attr(selEstReq, "data-wh")
	for _, c := range []struct{ sel, text, msg string }{
		{"#pue", "0.5", "Must be between 1.0 and 3.0"},
		{"#host-overhead", "43%", "fraction"},
		{"#gco2-per-kwh", "9000", "Must be between 0 and 2,000 gCO2e/kWh."},
		{selPrice, "-1", "Must be"},
	} {
		if err := b.Type(c.sel, c.text); err != nil {
			t.Fatal(err)
		}
		msg, err := Poll[string](b, `document.querySelector("`+c.sel+`-msg")?.className === "field-error" ? document.querySelector("`+c.sel+`-msg").textContent : ""`, 5*time.Second)
		if err != nil || !strings.Contains(msg, c.msg) {
			t.Errorf("%s %q: message %q (err %v), want one containing %q", c.sel, c.text, msg, err, c.msg)
		}
		if v, _ := fieldValue(b, c.sel); v != c.text {
			t.Errorf("%s lost what was typed: %q", c.sel, v)
		}
		if got, _, _ := b.Attr(selEstReq, "data-wh"); got != before {
			t.Errorf("after a bad %s the estimate changed from %s to %s", c.sel, before, got)
		}
	}
}

// TestBeyondTheGPUScreenshots writes the open section at 1280 and 375 px,
// one page laid out at both widths, for a person to look at, and checks
// that it does not overflow either sideways. It runs only when asked:
// EF_SHOTS=dir writes them there. (That a page with the section open does
// not scroll sideways at 375 px is TestLayoutPhone's to check.)
func TestBeyondTheGPUScreenshots(t *testing.T) {
	dir := os.Getenv("EF_SHOTS")
	if dir == "" {
		t.Skip("writes screenshots for a person to look at; EF_SHOTS=dir runs it")
	}
	requireChromium(t)
	base := appServer(t)
	b := newCleanBrowser(t, 1280, 900, base)
	if err := b.Navigate(base + "/?gpu=B200&host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR"); err != nil {
		t.Fatal(err)
	}
	waitInteractive(t, b)
	for _, w := range []int{1280, 375} {
		emulateViewport(t, b, int64(w), 900, false)
		requireInnerWidth(t, b, w)
		if overflow, _ := Eval[int](b, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
			t.Errorf("the page is %d px wider than the %d px viewport", overflow, w)
		}
		png, err := b.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("beyond-%d.png", w)), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBadFactorKeepsLastGoodInBrowser is issue 29's items 2 and 3 in the
// live app: a bad price or intensity typed keeps the last good cost or
// carbon figure, and the address bar keeps the last good value, while the
// field keeps what was typed with its message and the figures are marked
// not current; after a grid, a bad own intensity keeps the own figure and
// the select "your own figure"; and a link's bad intensity beside a grid
// stays in its field with its message.
func TestBadFactorKeepsLastGoodInBrowser(t *testing.T) {
	type edit struct{ sel, text string }
	const factors = "/?price=0.3&cur=EUR&gco2=300&model=" + defaultModel
	for _, tt := range []struct {
		name, link  string
		edits       []edit
		sel, attr   string // a figure that must not move
		param, want string // and the address bar's value it is for
	}{
		{"a bad price keeps the cost", factors, []edit{{selPrice, "abc"}}, "#cost-per-month", "data-amount", "price", "0.3"},
		{"after a grid, a bad own intensity keeps the own figure", "/?grid=DEU&model=" + defaultModel,
			[]edit{{"#gco2-per-kwh", "400"}, {"#gco2-per-kwh", "abc"}}, "#carbon-per-month", "data-kg", "gco2", "400"},
		{"a bad intensity keeps the carbon", factors, []edit{{"#gco2-per-kwh", "abc"}}, "#carbon-per-month", "data-kg", "gco2", "300"},
	} {
		// One running app (liveApp), each case a link followed in it.
		t.Run(tt.name, func(t *testing.T) {
			b := liveApp(t, tt.link, 1280, 900)
			inAddress := fmt.Sprintf(`new URLSearchParams(location.search).get(%s) === %s`, jsString(tt.param), jsString(tt.want))
			for _, e := range tt.edits[:len(tt.edits)-1] {
				if err := b.Type(e.sel, e.text); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := Poll[bool](b, inAddress, 5*time.Second); err != nil {
				t.Fatalf("the address bar %q never held %s=%s: %v", pageQuery(t, b), tt.param, tt.want, err)
			}
			before, ok, err := b.Attr(tt.sel, tt.attr)
			if err != nil || !ok {
				t.Fatalf("no %s[%s] before the bad edit (err %v)", tt.sel, tt.attr, err)
			}
			last := tt.edits[len(tt.edits)-1]
			if err := b.Type(last.sel, last.text); err != nil {
				t.Fatal(err)
			}
			waitCurrent(t, b, "no", 5*time.Second)
			// boot.js marks the figures not current as soon as the edit comes,
			// before Go runs; the message comes once the calculator has handled
			// the edit (later on a loaded machine), and the checks after it
			// are of what the calculator then kept.
			shown := `(() => { const m = document.querySelector("` + last.sel + `-msg"); return !!m && m.className === "field-error" && m.textContent.includes("Enter a number"); })()`
			if _, err := Poll[bool](b, shown, 5*time.Second); err != nil {
				msg, _ := Eval[string](b, `document.querySelector("`+last.sel+`-msg")?.textContent ?? ""`)
				t.Errorf("%s-msg says %q, want the field's error: %v", last.sel, msg, err)
			}
			if got, ok, _ := b.Attr(tt.sel, tt.attr); !ok || got != before {
				t.Errorf("%s %s = %q (present %t) after %q, want the last good %q", tt.sel, tt.attr, got, ok, last.text, before)
			}
			if ok, _ := Eval[bool](b, inAddress); !ok {
				t.Errorf("the address bar %q lost %s=%s", pageQuery(t, b), tt.param, tt.want)
			}
			if v, _ := fieldValue(b, last.sel); v != last.text {
				t.Errorf("%s lost what was typed: %q", last.sel, v)
			}
			if strings.Contains(tt.link, "grid=") {
				if v, _ := fieldValue(b, selGrid); v != "custom" {
					t.Errorf("the grid select says %q, want custom (your own figure)", v)
				}
			}
		})
	}
	t.Run("a link's bad intensity beside a grid stays in its field", func(t *testing.T) {
		b := liveApp(t, "/?gco2=abc&grid=DEU&model="+defaultModel, 1280, 900)
		if v, _ := fieldValue(b, "#gco2-per-kwh"); v != "abc" {
			t.Errorf("#gco2-per-kwh shows %q, want the link's abc", v)
		}
		if msg, _ := Eval[string](b, `document.querySelector("#gco2-per-kwh-msg").textContent`); !strings.Contains(msg, "Enter a number") {
			t.Errorf("#gco2-per-kwh-msg says %q, want the field's message", msg)
		}
		if got := current(t, b); got != "no" {
			t.Errorf("data-current %q, want no", got)
		}
	})
}

// recordBlobs keeps in window.__blobs the text of every blob the page makes
// a URL for from then on: the downloads' contents. Run again in the same
// page, it does nothing.
const recordBlobs = `(() => {
  if (self.__blobs) return true;
  const create = URL.createObjectURL;
  self.__blobs = [];
  URL.createObjectURL = function (b) {
    if (b instanceof Blob) b.text().then((t) => self.__blobs.push(t));
    return create.call(this, b);
  };
  return true;
})()`

// clickDownload clicks the button sel, recording the page's blobs
// (recordBlobs), and returns the text of the download it makes.
func clickDownload(t testing.TB, b *Browser, sel string) string {
	t.Helper()
	if _, err := Eval[bool](b, recordBlobs); err != nil {
		t.Fatal(err)
	}
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

// TestExportNeutralisesFormulasInBrowser is issue 29's item 4 in the live
// app: with a currency that a spreadsheet would read as a formula, each
// row's inputs.currency cell of the CSV download starts with "'", and the
// JSON download keeps the currency as it is. Each link is followed in one
// running app (liveApp).
func TestExportNeutralisesFormulasInBrowser(t *testing.T) {
	for _, cur := range []string{"=1+2", "@A1", "+1", "-1"} {
		t.Run(cur, func(t *testing.T) {
			b := liveApp(t, "/?price=0.3&model="+defaultModel+"&cur="+url.QueryEscape(cur), 1280, 900)
			if _, err := Poll[bool](b, fmt.Sprintf(`document.querySelector(%s)?.value === %s`, jsString(selCurrency), jsString(cur)), 10*time.Second); err != nil {
				t.Fatalf("the currency field never showed the link's %q: %v", cur, err)
			}
			records, err := csv.NewReader(strings.NewReader(clickDownload(t, b, "#export-csv"))).ReadAll()
			if err != nil || len(records) < 2 {
				t.Fatalf("the CSV download: %d records, %v", len(records), err)
			}
			col := slices.Index(records[0], "inputs.currency")
			if col < 0 {
				t.Fatalf("the CSV has no inputs.currency column: %q", records[0])
			}
			for i, row := range records[1:] {
				if row[col] != "'"+cur {
					t.Fatalf("row %d: inputs.currency cell %q, want %q", i+1, row[col], "'"+cur)
				}
			}
			var rep struct {
				Inputs struct {
					Currency string `json:"currency"`
				} `json:"inputs"`
			}
			if err := json.Unmarshal([]byte(clickDownload(t, b, "#export-json")), &rep); err != nil || rep.Inputs.Currency != cur {
				t.Errorf("the JSON download's currency %q (err %v), want %q as it is", rep.Inputs.Currency, err, cur)
			}
		})
	}
}
