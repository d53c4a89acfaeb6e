package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestPatchesMatchGoApp applies every patch to what this go-app writes (the
// default page, app.js, its service worker) and fails with a sentence
// naming the patch that no longer matches.
func TestPatchesMatchGoApp(t *testing.T) {
	s := newTestSite(t)
	serve := func(path string) []byte {
		p := &pageWriter{header: http.Header{}, status: http.StatusOK}
		s.app.ServeHTTP(p, httptestRequest(path))
		if p.status != http.StatusOK {
			t.Fatalf("go-app answered GET %s with %d", path, p.status)
		}
		return p.body.Bytes()
	}
	page := serve("/")
	if _, err := rewritePage(page, "", "http://127.0.0.1:8000", s.styles); err != nil {
		t.Errorf("a page patch no longer matches go-app's page: %v", err)
	}
	// escapeAttributes undoes go-app's Go-style quoting of attribute values.
	if got, want := app.HTMLString(app.P().Title(`a"b<`)), `<p title="a\"b<"></p>`; got != want {
		t.Errorf("patch %q no longer matches: go-app writes %s, not %s", patchAttributes, got, want)
	}
	if _, err := rewriteAppJS(serve("/app.js")); err != nil {
		t.Errorf("the app.js patch no longer matches go-app's app.js: %v", err)
	}
	// The service worker replaces go-app's whole; it was written against
	// v10.1.11's DefaultAppWorkerJS.
	sum := sha256.Sum256([]byte(app.DefaultAppWorkerJS))
	if got := hex.EncodeToString(sum[:8]); got != defaultWorkerSum {
		t.Errorf("patch %q no longer matches: go-app's DefaultAppWorkerJS (sha256 %s…) is not the one worker.js starts from (%s…): review worker.js against it", patchWorker, got, defaultWorkerSum)
	}
}

func TestEscapeAttributes(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain, attributes sorted", `<p id="a" class="b c">x</p>`, `<p class="b c" id="a">x</p>`},
		{"doctype and closing tags", "<!doctype html>\n<html lang=\"en\">\n</html>", "<!doctype html>\n<html lang=\"en\">\n</html>"},
		{"boolean attribute", `<input readonly id="x">`, `<input id="x" readonly>`},
		{"ARIA state written bare by go-app", `<input aria-invalid id="x">`, `<input aria-invalid="true" id="x">`},
		{"quote in a value", `<textarea value="<iframe style=\"border:0\">"></textarea>`, `<textarea value="&lt;iframe style=&#34;border:0&#34;&gt;"></textarea>`},
		{"breakout attempt", `<input value="\"><h1 id=pwned>">`, `<input value="&#34;&gt;&lt;h1 id=pwned&gt;">`},
		{"backslash", `<p title="a\\b">`, `<p title="a\b">`},
		{"escaped controls", `<p title="a\nb\u200fc">`, "<p title=\"a\nb\u200fc\">"},
		{"ampersand", `<a href="/?a=1&b=2">`, `<a href="/?a=1&amp;b=2">`},
		{"escaped text kept", `<p>&lt;b&gt; &amp; &#34;</p>`, `<p>&lt;b&gt; &amp; &#34;</p>`},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="1"></circle></svg>`, `<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := escapeAttributes([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	for _, bad := range []string{`<p id="a>`, `<p id=a>`, `<p`, `<p id="a"`} {
		if _, err := escapeAttributes([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestInlineStyles(t *testing.T) {
	if _, err := newInlineStyles([]byte("a{}"), []byte("b{} </STYLE><script>x()</script>")); err == nil {
		t.Error("a stylesheet holding </style was inlined")
	}
	st, err := newInlineStyles([]byte("a{}"), []byte("b{}"))
	if err != nil {
		t.Fatal(err)
	}
	// printf 'a{}\nb{}' | openssl dgst -sha256 -binary | base64
	if want := "'sha256-zed0RLOFY+TcmXcTg8xXzuEuz9LcL/bpBT9mk1CINVo='"; st.hash != want {
		t.Errorf("hash %s, want %s", st.hash, want)
	}
	page := `<head><link href="/energy/app.css" rel="stylesheet" type="text/css"><link href="/energy/web/app.css" rel="stylesheet" type="text/css"></head>`
	got, err := st.apply([]byte(page), "/energy")
	if err != nil {
		t.Fatal(err)
	}
	if want := "<head><style>a{}\nb{}</style></head>"; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for name, bad := range map[string]string{
		"no link to web/app.css":  `<link href="/app.css" rel="stylesheet" type="text/css">`,
		"another prefix":          strings.ReplaceAll(page, "/energy/", "/"),
		"go-app's link twice":     page + `<link href="/energy/app.css" rel="stylesheet" type="text/css">`,
		"attributes in new order": strings.ReplaceAll(page, `href="/energy/app.css" rel="stylesheet"`, `rel="stylesheet" href="/energy/app.css"`),
	} {
		if _, err := st.apply([]byte(bad), "/energy"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if csp := st.headers()["Content-Security-Policy"]; !strings.Contains(csp, "style-src 'self' "+st.hash+";") || strings.Count(csp, "style-src") != 1 {
		t.Errorf("csp %q", csp)
	}
}

func TestDropGoappScripts(t *testing.T) {
	const (
		exec = `<script defer src="/energy/wasm_exec.js"></script>`
		app  = `<script defer src="/energy/app.js"></script>`
		boot = `<script async src="/energy/web/boot.js"></script>`
	)
	tests := []struct {
		name, page, prefix, want, err string
	}{
		{"both tags, under a prefix", "<head>" + exec + app + boot + "</head>", "/energy", "<head>" + boot + "</head>", ""},
		{"both tags, at the root", `<head><script defer src="/wasm_exec.js"></script><script defer src="/app.js"></script></head>`, "", "<head></head>", ""},
		{"the other prefix's tags", "<head>" + exec + app + "</head>", "", "", "/wasm_exec.js 0 times"},
		{"app.js missing", "<head>" + exec + "</head>", "/energy", "", "/energy/app.js 0 times"},
		{"wasm_exec.js twice", "<head>" + exec + exec + app + "</head>", "/energy", "", "/energy/wasm_exec.js 2 times"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := dropGoappScripts([]byte(tt.page), tt.prefix)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error = %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// checkAppJS fails unless app.js takes app.wasm at wasm from boot.js's early
// compile, or else hands its own response to the streaming compiler, shows a
// static label and still removes the loader.
func checkAppJS(t *testing.T, js, wasm string) {
	t.Helper()
	for _, want := range []string{
		`const wasm = await (self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("` + wasm + `", go.importObject);`,
		`const goappLoadingLabel = "Loading…";`,
		`loader.remove();`,
		"\n(self.efAfterStart || ((register) => register()))(goappInitServiceWorker);\n",
		"\n    (self.efRun || ((running) => running))(go.run(wasm.instance));\n",
	} {
		if !strings.Contains(js, want) {
			t.Errorf("app.js lacks %q", want)
		}
	}
	if strings.Contains(js, "fetchWithProgress(\"") {
		t.Error("app.js still fetches app.wasm through fetchWithProgress, whose synthesized Response defeats the code cache")
	}
}

func TestServedAppJSFetchesWasmDirectly(t *testing.T) {
	s := newTestSite(t)
	for _, tt := range []struct{ name, path, accept string }{
		{"app.js plain", "/app.js", ""},
		{"app.js br", "/app.js", "br"},
		{"goapp.js alias", "/goapp.js", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", tt.path, "Accept-Encoding", tt.accept)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			body := decode(t, w.Header().Get("Content-Encoding"), w.Body.Bytes())
			if got, want := w.Header().Get("Content-Length"), itoa(w.Body.Len()); got != want {
				t.Errorf("Content-Length %s, body %s bytes", got, want)
			}
			checkAppJS(t, string(body), "/web/app.wasm")
		})
	}
}

func TestStaticAppJSFetchesWasmDirectly(t *testing.T) {
	s := newTestSite(t)
	for _, prefix := range []string{"", "/energy"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dist")
			if err := s.WriteStatic(dir, prefix, ""); err != nil {
				t.Fatal(err)
			}
			js, err := os.ReadFile(filepath.Join(dir, "app.js"))
			if err != nil {
				t.Fatal(err)
			}
			checkAppJS(t, string(js), prefix+"/web/app.wasm")
		})
	}
}

func TestRewriteAppJS(t *testing.T) {
	call := "instantiateStreaming(fetchWithProgress(\"/web/app.wasm\", showProgress), go.importObject)"
	fixed := `(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("/web/app.wasm", go.importObject)`
	run := ";\n    go.run(wasm.instance);\n"
	runWatched := ";\n    (self.efRun || ((running) => running))(go.run(wasm.instance));\n"
	tests := []struct {
		name, in, want string
		wantErr        bool
	}{
		{"go-app's app.js", "let r;\n\ngoappInitServiceWorker();\ngoappWatchForUpdate();\nasync function goappInitServiceWorker() {}\n" + call + run,
			"let r;\n\n(self.efAfterStart || ((register) => register()))(goappInitServiceWorker);\ngoappWatchForUpdate();\nasync function goappInitServiceWorker() {}\n" + fixed + runWatched, false},
		{"the program's start not found: another go-app", "\ngoappInitServiceWorker();\n" + call, "", true},
		{"no registration: another go-app", "goappWatchForUpdate();\n" + call + run, "", true},
		{"registered twice", "\ngoappInitServiceWorker();\n\ngoappInitServiceWorker();\n" + call + run, "", true},
		{"no wasm compile", "\ngoappInitServiceWorker();\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := rewriteAppJS([]byte(tt.in))
			if (err != nil) != tt.wantErr {
				t.Fatalf("error = %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFetchWasmDirectly(t *testing.T) {
	tests := []struct {
		name, in, want string
		wantErr        bool
	}{
		{"go-app's call", "x(instantiateStreaming(\n  fetchWithProgress(\"/web/app.wasm\", showProgress),\n  go.importObject\n))",
			`x((self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("/web/app.wasm", go.importObject))`, false},
		{"under a prefix", `instantiateStreaming(fetchWithProgress("/energy/web/app.wasm", showProgress), go.importObject)`,
			`(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("/energy/web/app.wasm", go.importObject)`, false},
		{"the function's definition is kept", "async function fetchWithProgress(url, progess) {}\ninstantiateStreaming(fetchWithProgress(\"/a.wasm\", showProgress), go.importObject)",
			"async function fetchWithProgress(url, progess) {}\n(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))(\"/a.wasm\", go.importObject)", false},
		{"fetch without instantiateStreaming", `x(fetchWithProgress("/web/app.wasm", showProgress), go.importObject)`, "", true},
		{"no call: another go-app", `instantiateStreaming(fetch(url))`, "", true},
		{"two calls", `instantiateStreaming(fetchWithProgress("/a", showProgress), go.importObject); instantiateStreaming(fetchWithProgress("/b", showProgress), go.importObject)`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fetchWasmDirectly([]byte(tt.in))
			if (err != nil) != tt.wantErr {
				t.Fatalf("error = %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPrerenderedTextReadsAsTheApps: the prerendered page's running text
// has none of the whitespace go-app's encoder puts between an element's
// children, which a browser shows as a space before a comma or a full stop
// ("12.7 times the floor , at"); a text's own leading space and a <pre>'s
// lines (the BibTeX) stay as they are.
func TestPrerenderedTextReadsAsTheApps(t *testing.T) {
	s := newTestSite(t)
	w := get(t, s, "GET", "/?tokens=2B&quote=1")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	page := w.Body.String()
	for _, want := range []string{
		`</span>: `,                           // the configuration at your traffic, then its energy
		`</span>; <span`,                      // the volume's rate; the utilisation
		`<strong>Export</strong> the ranking`, // a text's own leading space after an element
		"\n  author = {Chung and others},\n",  // the BibTeX in its <pre>
	} {
		if !strings.Contains(page, want) {
			t.Errorf("prerendered page lacks %q", want)
		}
	}
	body := page[strings.Index(page, "<body"):]
	if m := regexp.MustCompile(`>[^<]*\n +[,.;:)][^<]*<`).FindString(body); m != "" {
		t.Errorf("prerendered page has a line break before punctuation: %q", m)
	}
}

// TestDropIndentation: go-app's indentation goes, a text's own space stays,
// and the content of pre, textarea, script and style is left as it is, but
// for the indentation around a <pre>'s <code>.
func TestDropIndentation(t *testing.T) {
	in := "<p>\n  <span>a</span>\n   (b\n  <i>c</i>\n  .\n</p>\n<pre>x\n  y</pre><script>\n  z</script><textarea>\n  t</textarea>" +
		"<pre>\n    <code>@a{\n  b\n}\n</code>\n  </pre>"
	want := "<p><span>a</span> (b<i>c</i>.</p><pre>x\n  y</pre><script>\n  z</script><textarea>\n  t</textarea>" +
		"<pre><code>@a{\n  b\n}\n</code></pre>"
	if got := string(dropIndentation([]byte(in))); got != want {
		t.Errorf("dropIndentation(%q)\n= %q\nwant %q", in, got, want)
	}
}
