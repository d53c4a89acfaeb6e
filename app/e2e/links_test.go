package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"

	"energyfloor/app/server/pagetest"
)

// browserPage is a page in the browser, as CheckFigures reads it: the
// fields' values (their value property, what the visitor sees) and every
// element's attributes, by id.
type browserPage struct {
	Values map[string]string            `json:"values"`
	Attrs  map[string]map[string]string `json:"attrs"`
}

func (p browserPage) Field(id string) (string, bool) {
	v, ok := p.Values[id]
	return v, ok
}

func (p browserPage) Attr(id, name string) (string, bool) {
	v, ok := p.Attrs[id][name]
	return v, ok
}

// readPage reads the page in b at this moment.
func readPage(t testing.TB, b *Browser) browserPage {
	t.Helper()
	ids, err := json.Marshal(FieldIDs())
	if err != nil {
		t.Fatal(err)
	}
	p, err := Eval[browserPage](b, `(() => {
		const attrs = {}, values = {};
		for (const e of document.querySelectorAll("[id]")) {
			const a = {};
			for (const x of e.attributes) a[x.name] = x.value;
			attrs[e.id] = a;
		}
		for (const id of `+string(ids)+`) {
			const e = document.getElementById(id);
			if (e) values[id] = e.value;
		}
		return {attrs, values};
	})()`)
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	return p
}

// cliAnswer is what one run of the CLI gave.
type cliAnswer struct {
	code           int
	stdout, stderr string
}

// cliAnswers keeps, by its arguments, each answer of the built energyfloor
// for the suite's run: the CLI reads nothing but its arguments and the
// dataset built into it, so the same arguments give the same answer, and a
// check that asks again (the same link on several sites, or before each
// fault) need not start it again.
var cliAnswers sync.Map

// cliRunner returns a CLI that runs the built energyfloor, once for each
// set of arguments (cliAnswers).
func cliRunner(t testing.TB) CLI {
	bin := cliBinary(t)
	return func(args ...string) (int, string, string) {
		key := strings.Join(args, "\x00")
		if a, ok := cliAnswers.Load(key); ok {
			a := a.(cliAnswer)
			return a.code, a.stdout, a.stderr
		}
		code, stdout, stderr := runCLIBinary(bin, args...)
		if code >= 0 { // a run that could not start is not the CLI's answer
			cliAnswers.Store(key, cliAnswer{code, stdout, stderr})
		}
		return code, stdout, stderr
	}
}

// runCLIBinary runs the energyfloor at bin with args.
func runCLIBinary(bin string, args ...string) (int, string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return -1, "", err.Error()
		}
		code = exit.ExitCode()
	}
	return code, stdout.String(), stderr.String()
}

// checkLinkState checks, for a page whose figures are marked current, that
// the server reads the page's link (its location, read in the browser) as
// current too and that the page's fields hold the state the server decodes
// from it (SameState): figures for the fields are not enough when the
// fields do not show the link. path is the page's path on the server.
func checkLinkState(t testing.TB, b *Browser, page Page, path string) []string {
	t.Helper()
	q, err := Eval[string](b, `location.search.replace(/^\?/, "")`)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("GET", appServer(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Path, req.URL.RawQuery = path, q
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the server's %s?%s: status %d, %v", path, q, resp.StatusCode, err)
	}
	want := pagetest.Parse(t, string(body))
	if c, _ := want.Attr("results", "data-current"); c != "yes" {
		return []string{"marked current, but the server's page for the link is not (it reads a bad value)"}
	}
	return SameState(page, want)
}

// serverPath is the server's path for a page of the static build.
func serverPath(path string) string {
	switch path {
	case "/index.html":
		return "/"
	case "/embed.html":
		return "/embed"
	}
	return path
}

// newBrowserMaybeBlocked is a clean browser on base, with app.wasm blocked
// when blocked is.
func newBrowserMaybeBlocked(t testing.TB, blocked bool, base string) *Browser {
	t.Helper()
	if blocked {
		return newWasmBlockedBrowser(t, 1280, 900, base)
	}
	return newCleanBrowser(t, 1280, 900, base)
}

// waitStarted waits until the app is interactive or, with app.wasm
// blocked, until #app-status says it is not running (boot.js has then
// marked the figures). An embed is used first: it starts only then.
func waitStarted(t testing.TB, b *Browser, blocked bool) {
	t.Helper()
	if !blocked {
		waitInteractive(t, b)
		return
	}
	useEmbed(t, b)
	if _, err := Poll[bool](b, `!!document.querySelector("`+selAppFailed+`")`, 20*time.Second); err != nil {
		t.Fatalf("#app-status never said the app is not running: %v", err)
	}
}

// hostileLinkPath is the path TestHostileLinksInBrowser opens the i-th of
// HostileLinks on: the issue's links on the page, the drawn ones on the page
// and the embed in turn, as cmd/energyfloor's TestPageFiguresAreTheCLIs
// reads them on the server's prerender.
func hostileLinkPath(i int, static bool) string {
	if i < len(IssueLinks) || i%2 == 0 {
		return "/"
	}
	if static {
		return "/embed.html" // a plain static host has no /embed
	}
	return "/embed"
}

// TestHostileLinksInBrowser is issue 29's property (CheckFigures) in the
// real browser, for the issue's links and the first four that
// TestPageFiguresAreTheCLIs draws (cmd/energyfloor, the same seed), on the
// server and on the static build, with the app running and with app.wasm
// blocked (the prerendered page and boot.js): each link is read in one of
// those four ways, in turn (hostileLinksOf), so that the browser reads every
// link once. TestPageFiguresAreTheCLIs checks every link, and 300 drawn ones,
// on the server's prerender of the page and the embed; what is the browser's
// own is the app's reading of a link, in wasm, and boot.js's. Each page
// either marks its figures not current, or shows energyfloor -json's
// figures for the values in its fields. On the server, the running app
// (liveApp's, the page's or the embed's, following each link as a reader
// following links does) and the page with app.wasm blocked each show what
// the server prerenders for the link (waitSameAsPrerender).
// The static build's page is prerendered for no query: with the app
// running, the first link on the page and on the embed is a new page (the
// start of the app on a copy prerendered for another link), and the others
// are followed within the running app; the figures of each are compared
// with the CLI's. With app.wasm blocked, each link is a new page, and
// boot.js must mark every figure not current.
func TestHostileLinksInBrowser(t *testing.T) {
	requireChromium(t)
	all := HostileLinks(29, 4)
	// atLeastCurrent checks that the check compared figures for enough
	// links: the app decodes every link as the server does, and marks
	// current the links the server prerenders as current.
	atLeastCurrent := func(t *testing.T, counts map[string]int) {
		t.Helper()
		n := counts["yes"] + counts["no"]
		t.Logf("%d links: current %d, not current %d", n, counts["yes"], counts["no"])
		if counts["yes"] < n/4 {
			t.Errorf("only %d of %d links current: the check compared few figures", counts["yes"], n)
		}
	}
	t.Run("server/app running", func(t *testing.T) {
		counts := map[string]int{}
		for i, link := range hostileLinksOf(all, 0) {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				b := liveApp(t, hostileLinkPath(i, false)+"?"+link, 1280, 900)
				waitSameAsPrerender(t, b, location(t, b))
				counts[currentOf(t, b)]++
			})
		}
		atLeastCurrent(t, counts)
	})
	t.Run("server/app.wasm blocked", func(t *testing.T) {
		base := appServer(t)
		b := newWasmBlockedBrowser(t, 1280, 900, base)
		counts := map[string]int{}
		for i, link := range hostileLinksOf(all, 1) {
			if err := b.Navigate(base + hostileLinkPath(i, false) + "?" + link); err != nil {
				t.Fatal(err)
			}
			waitStarted(t, b, true)
			waitSameAsPrerender(t, b, location(t, b))
			counts[currentOf(t, b)]++
		}
		atLeastCurrent(t, counts)
	})
	cli := cliRunner(t)
	for way, blocked := range []bool{false, true} {
		way += 2 // the server's two ways are 0 and 1
		name := "static/app running"
		if blocked {
			name = "static/app.wasm blocked"
		}
		t.Run(name, func(t *testing.T) {
			server, base := appServer(t), staticSite(t)
			// With the app running, one browser for the page and one for
			// the embed: the first link on each is a new page, the app's
			// start on it; the others are followed within the running app.
			browsers, started := map[string]*Browser{}, map[string]bool{}
			counts := map[string]int{}
			for i, link := range hostileLinksOf(all, way) {
				path := hostileLinkPath(i, true)
				key := path
				if blocked {
					key = "" // one browser, in which each link is a new page
				}
				b := browsers[key]
				if b == nil {
					b = newBrowserMaybeBlocked(t, blocked, base)
					browsers[key] = b
				}
				if blocked || !started[key] {
					if err := b.Navigate(base + path + "?" + link); err != nil {
						t.Fatal(err)
					}
					waitStarted(t, b, blocked)
					started[key] = true
				} else {
					at := followLinkTo(t, b, base+path+"?"+link)
					_, query, _ := strings.Cut(at, "?")
					waitDrawnFields(t, b, at, fetchPrerender(t, server+serverPath(path)+"?"+query).fields)
				}
				page := readPage(t, b)
				current, problems := CheckFigures(page, cli)
				if current == "yes" {
					problems = append(problems, checkLinkState(t, b, page, serverPath(path))...)
				}
				for _, p := range problems {
					t.Errorf("%s?%s: %s", path, link, p)
				}
				counts[current]++
			}
			// A copy prerendered for no query can mark none current
			// before the app runs.
			if !blocked {
				atLeastCurrent(t, counts)
			} else if counts["yes"] != 0 {
				t.Errorf("the static copy, app.wasm blocked, marked %d links current", counts["yes"])
			}
		})
	}
}

// hostileLinksOf returns the links of all that TestHostileLinksInBrowser
// reads in its way-th way (of four), by their index in all, which
// hostileLinkPath takes.
func hostileLinksOf(all []string, way int) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i := way; i < len(all); i += 4 {
			if !yield(i, all[i]) {
				return
			}
		}
	}
}

// location returns the address of the page in b.
func location(t testing.TB, b *Browser) string {
	t.Helper()
	at, err := Eval[string](b, `location.href`)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// currentOf returns the data-current of the page in b's #results.
func currentOf(t testing.TB, b *Browser) string {
	t.Helper()
	current, _, err := b.Attr("#results", "data-current")
	if err != nil {
		t.Fatal(err)
	}
	return current
}

// TestStaticPlainFileServer: the static build served by a plain file
// server, which serves /energy/index.html and /energy/embed.html as they
// are (as Python's http.server does), shows under those names the page,
// with its figures, caveat and citation, never go-app's "404 Not Found":
// with the app running (the figures the CLI's for the fields, current),
// and with app.wasm blocked (the prerendered figures, current only for the
// page's own, empty, query).
func TestStaticPlainFileServer(t *testing.T) {
	parallel(t)
	requireChromium(t)
	base := plainStaticSite(t)
	cli := cliRunner(t)
	in := inputs{Tokens: "3B", ITL: "60", Model: defaultModel}
	for _, blocked := range []bool{false, true} {
		name := "app running"
		if blocked {
			name = "app.wasm blocked"
		}
		t.Run(name, func(t *testing.T) {
			b := newBrowserMaybeBlocked(t, blocked, base)
			for _, path := range []string{"/index.html", "/embed.html" + in.query(), "/index.html?pct=P99&gpu=h100"} {
				if err := b.Navigate(base + path); err != nil {
					t.Fatal(err)
				}
				if !blocked { // the app draws its page, or go-app's "404 Not Found"
					useEmbed(t, b) // the embed starts the app only once used
					Poll[bool](b, wasmStarted+` && !!document.querySelector("#calculator.live, .goapp-notfound-title")`, 30*time.Second)
				}
				if body, _ := Eval[string](b, `document.body.textContent`); strings.Contains(body, "Not Found") {
					t.Fatalf("%s: the page says 404 Not Found:\n%.300s", path, body)
				}
				waitStarted(t, b, blocked)
				for _, sel := range []string{selPerMonth, selCaveat, selCitation} {
					requireVisible(t, b, sel, sel == selPerMonth)
				}
				page := readPage(t, b)
				current, problems := CheckFigures(page, cli)
				if current == "yes" {
					problems = append(problems, checkLinkState(t, b, page, serverPath(strings.SplitN(path, "?", 2)[0]))...)
				}
				for _, p := range problems {
					t.Errorf("%s: %s", path, p)
				}
				if want := !blocked || path == "/index.html"; (current == "yes") != want {
					t.Errorf("%s: data-current %q, want current %t", path, current, want)
				}
			}
		})
	}
}

// reading is what a visitor reads of a link in the fields: their values,
// their messages, the notices and whether the figures are current.
type reading struct {
	Values  map[string]string `json:"values"`
	Invalid map[string]string `json:"invalid"` // aria-invalid
	Msgs    map[string]string `json:"msgs"`
	Notices string            `json:"notices"`
	Current string            `json:"current"`
}

func readFields(t testing.TB, b *Browser) reading {
	t.Helper()
	ids, err := json.Marshal(append(FieldIDs(), "requests-per-month"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Eval[reading](b, `(() => {
		const values = {}, invalid = {}, msgs = {};
		for (const id of `+string(ids)+`) {
			const e = document.getElementById(id);
			if (e) values[id] = e.value;
			if (e && e.hasAttribute("aria-invalid")) invalid[id] = e.getAttribute("aria-invalid");
			const m = document.getElementById(id + "-msg");
			if (m) msgs[id] = m.textContent;
		}
		return {values, invalid, msgs, notices: document.querySelector("#notices")?.textContent ?? "",
			current: document.querySelector("#results").getAttribute("data-current")};
	})()`)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReturnVisitReadsLinksLikeFirstVisit: a return visit, answered by the
// service worker's copy of a page prerendered for another link, reads a
// link as a first visit to the server does, once the app runs: the same
// values and messages in the fields, the same notices, the same figures
// (CheckFigures). "tokens=5M;itl=50" is tokens 5M and itl 50, not a tokens
// field holding "5M;itl=50"; a 300-character number is its text, shortened,
// with its field's message. Two of the links with the server running, and
// the other two (one the embed) with it stopped. (A page prerendered for
// another link is what the static build serves for every link; its start
// on a link is TestHostileLinksInBrowser's "static/app running" and
// TestStaticPlainFileServer's.)
func TestReturnVisitReadsLinksLikeFirstVisit(t *testing.T) {
	requireChromium(t)
	s, err := StartServer(context.Background(), serverBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			s.Stop()
		}
	}()
	base := s.URL
	cli := cliRunner(t)
	links := []string{
		"/?tokens=5M;itl=50&model=" + defaultModel,
		"/?itl=" + strings.Repeat("9", 300),
		"/?tokens=" + strings.Repeat("1", 250) + "&price=abc&cur=EUR",
		"/embed?requests=1e15&output=1e6",
	}
	// The first visits: each link followed in the running app of the
	// suite's server (liveApp), the same build as this test's own, which
	// the test stops; a followed link reads as a first visit does
	// (TestLiveAppShowsThePrerender, TestFollowedLinkSetsEveryField).
	first := map[string]reading{}
	for _, link := range links {
		b := liveApp(t, link, 1280, 900)
		first[link] = readFields(t, b)
		_, problems := CheckFigures(readPage(t, b), cli)
		for _, p := range problems {
			t.Errorf("first visit to %s: %s", link, p)
		}
	}
	if r := first[links[0]]; r.Values["tokens-per-month"] != "5M" || r.Values["itl-ms"] != "50" || r.Invalid["tokens-per-month"] != "false" || r.Current != "yes" {
		t.Errorf("first visit to %s reads %+v: want tokens 5M, itl 50, no message, current", links[0], r)
	}
	if r := first[links[1]]; !strings.HasPrefix(r.Values["itl-ms"], "999") || !strings.Contains(r.Msgs["itl-ms"], "Too long") || r.Invalid["itl-ms"] != "true" || r.Current != "no" {
		t.Errorf("first visit to %s reads %+v: want the text with its message, not current", links[1], r)
	}

	// The first visits are in browser contexts of the suite; the return visits
	// are those of a browser with a profile on disk, which keeps the
	// worker's cache as a visitor's does. Expected console errors once the
	// server is stopped: go-app's check for an update of the worker fails.
	onDisk(t)
	b := newCleanBrowserAllowing(t, 1280, 900, []string{"app-worker.js", "Failed to fetch", "ERR_CONNECTION_REFUSED"}, base)
	visitUntilWorkerActive(t, b, base+"/?model="+defaultModel)
	returnVisits := func(stage string, links ...string) {
		t.Logf("return visits, %s", stage)
		for _, link := range links {
			b.ResetRequests()
			if err := b.Navigate(base + link); err != nil {
				t.Fatal(err)
			}
			waitInteractive(t, b)
			fromWorker := false
			for _, r := range b.Requests() {
				if r.Type == network.ResourceTypeDocument {
					fromWorker = r.FromServiceWorker
				}
			}
			if !fromWorker {
				t.Errorf("%s, %s: the page did not come from the service worker", stage, link)
			}
			if got := readFields(t, b); !reflect.DeepEqual(got, first[link]) {
				t.Errorf("%s, return visit to %s reads\n  %+v\nthe first visit reads\n  %+v", stage, link, got, first[link])
			}
			_, problems := CheckFigures(readPage(t, b), cli)
			for _, p := range problems {
				t.Errorf("%s, return visit to %s: %s", stage, link, p)
			}
		}
	}
	// Each link is visited again once: the page and its reading are the
	// worker's either way.
	returnVisits("server running", links[0], links[2])
	s.Stop()
	stopped = true
	returnVisits("server stopped", links[1], links[3])
}
