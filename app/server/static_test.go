package server

import (
	"html"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	prefix, origin := NormalizePrefix, NormalizeOrigin
	tests := []struct {
		normalize     func(string) (string, error)
		in, want, err string
	}{
		{prefix, "", "", ""},
		{prefix, "/", "", ""},
		{prefix, "/energy", "/energy", ""},
		{prefix, "energy/", "/energy", ""},
		{prefix, "/tools/energy/", "/tools/energy", ""},
		{prefix, "/a b", "", "invalid prefix"},
		{prefix, "/energy?x", "", "invalid prefix"},
		{prefix, "//evil.example", "", "invalid prefix"},
		{prefix, `/"><script>`, "", "invalid prefix"},
		{origin, "", "", ""},
		{origin, "https://example.org", "https://example.org", ""},
		{origin, "https://Example.ORG/", "https://example.org", ""},
		{origin, "http://127.0.0.1:8000", "http://127.0.0.1:8000", ""},
		{origin, "http://[::1]:8000", "http://[::1]:8000", ""},
		{origin, "example.org", "", "invalid origin"},
		{origin, "ftp://example.org", "", "invalid origin"},
		{origin, "https://example.org/energy", "", "invalid origin"},
		{origin, "https://example.org?x=1", "", "invalid origin"},
		{origin, "https://user@example.org", "", "invalid origin"},
		{origin, `https://"><script>`, "", "invalid origin"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.normalize(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// embedSnippetText returns the text of a page's #embed-snippet, unescaped:
// what a visitor reads and copies.
func embedSnippetText(t *testing.T, page string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)id="embed-snippet"[^>]*>\s*<code>(.*?)</code>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no #embed-snippet")
	}
	return html.UnescapeString(m[1])
}

func TestWriteStatic(t *testing.T) {
	s := newTestSite(t)
	const note = "<!-- Replace https://your-energy-floor-site.example with the origin this calculator is served from, such as https://example.org. -->\n"
	tests := []struct{ name, prefix, origin, wantSnippet string }{
		{"root", "", "", note + `<iframe src="https://your-energy-floor-site.example/embed?`},
		{"sub-path", "/energy", "", note + `<iframe src="https://your-energy-floor-site.example/energy/embed?`},
		{"sub-path at an origin", "/energy", "https://Example.org/", `<iframe src="https://example.org/energy/embed?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dist")
			if err := os.MkdirAll(filepath.Join(dir, "stale"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := s.WriteStatic(dir, tt.prefix, tt.origin); err != nil {
				t.Fatal(err)
			}
			read := func(name string) string {
				t.Helper()
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			for _, name := range []string{
				"index.html", "embed.html", "app.js", "app-worker.js", "wasm_exec.js", "app.css",
				"manifest.webmanifest", "_headers", "web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz",
				"web/app.css", "web/icon-192.png", "web/icon-512.png", "web/icon-maskable-512.png", "web/icon.svg", "web/boot.js",
			} {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("missing %s", name)
				}
			}
			for _, name := range []string{"stale", "web/web.go", "web/icons.go"} {
				if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
					t.Errorf("%s should not be there", name)
				}
			}
			if read("web/app.wasm") != string(fakeWasm) {
				t.Error("web/app.wasm differs from the site's app.wasm")
			}
			p := tt.prefix
			index := read("index.html")
			for _, page := range []string{"index.html", "embed.html"} {
				// Prerendered for no query: boot.js compares that with the
				// link. The embed starts on use, the full page at once.
				html := `<html data-prerendered-for="" lang="en">`
				if page == "embed.html" {
					html = `<html data-prerendered-for="" data-page="embed" lang="en">`
				}
				if !strings.Contains(read(page), html) {
					t.Errorf("%s does not start with %s", page, html)
				}
				// A static host has no /oembed: no discovery (see the README).
				if strings.Contains(read(page), "json+oembed") {
					t.Errorf("%s links an oEmbed endpoint the static build does not have", page)
				}
				if !strings.Contains(read(page), `<form action="`+p+`/`+strings.TrimSuffix(strings.TrimPrefix(page, "index.html"), ".html")+`" `) {
					t.Errorf("%s's form does not load %s/%s", page, p, strings.TrimSuffix(strings.TrimPrefix(page, "index.html"), ".html"))
				}
			}
			for _, want := range []string{
				`href="` + p + `/manifest.webmanifest"`, `id="energy-per-month"`,
				// go-app sorts the attributes; boot.js names the worker's cache from data-scope and data-version
				`<script async data-scope="` + p + `/" data-scripts="` + p + `/wasm_exec.js ` + p + `/app.js" data-version="` + s.Version +
					`" data-wasm="` + p + `/web/app.wasm" fetchpriority="high" src="` + p + `/web/boot.js"></script>`,
			} {
				if !strings.Contains(index, want) {
					t.Errorf("index.html lacks %s", want)
				}
			}
			if got := embedSnippetText(t, index); !strings.HasPrefix(got, tt.wantSnippet) {
				t.Errorf("the embed snippet is\n%s\nwant it to start\n%s", got, tt.wantSnippet)
			}
			if n := strings.Count(index, "<script"); n != 1 {
				t.Errorf("index.html has %d script tags, want boot.js's alone", n)
			}
			appJS := read("app.js")
			if !strings.Contains(appJS, `"`+p+`/web/app.wasm"`) || !strings.Contains(appJS, `"`+p+`/app-worker.js"`) {
				t.Errorf("app.js does not load %s/web/app.wasm and %s/app-worker.js", p, p)
			}
			resources, pages := precacheList(t, read("app-worker.js"))
			for _, r := range append(resources, pages...) {
				if p != "" && !strings.HasPrefix(r, p) {
					t.Errorf("precached %s is outside %s", r, p)
				}
				// Each must be a file of the site (the root is index.html).
				file := strings.TrimPrefix(r, p)
				switch file {
				case "", "/":
					file = "/index.html"
				case "/embed":
					file = "/embed.html"
				}
				if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(file))); err != nil {
					t.Errorf("precached %s has no file %s", r, file)
				}
			}
			h := read("_headers")
			csp := regexp.MustCompile(`Content-Security-Policy: (.*)\n`).FindStringSubmatch(h)
			if csp == nil {
				t.Fatalf("_headers has no CSP:\n%s", h)
			}
			checkInlinedStyles(t, index, csp[1], read("web/app.css"))
			if !strings.Contains(h, p+"/*\n  Content-Security-Policy: ") ||
				!strings.Contains(h, p+"/web/app.wasm\n  Content-Type: application/wasm") {
				t.Errorf("_headers:\n%s", h)
			}
		})
	}
}

func TestWriteStaticBadPrefixLeavesDir(t *testing.T) {
	s := newTestSite(t)
	dir := filepath.Join(t.TempDir(), "dist")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteStatic(dir, "/a b", ""); err == nil {
		t.Fatal("no error for a bad prefix")
	}
	if err := s.WriteStatic(dir, "", "example.org"); err == nil {
		t.Fatal("no error for a bad origin")
	}
	if _, err := os.Stat(filepath.Join(dir, "keep")); err != nil {
		t.Error("a failed build changed the old dist/")
	}
}

// headersRule is one rule of a _headers file: a path pattern (a trailing *
// matches the rest of a path) and the headers it sets.
type headersRule struct {
	pattern string
	header  map[string]string
}

// parseHeadersFile reads a _headers file as Netlify and Cloudflare Pages
// do: a line at the margin starts a rule with its path pattern, each
// indented "Name: value" line under it is a header of that rule.
func parseHeadersFile(t *testing.T, file string) []headersRule {
	t.Helper()
	var rules []headersRule
	for _, line := range strings.Split(strings.TrimRight(file, "\n"), "\n") {
		if line == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if !strings.HasPrefix(line, " ") {
			rules = append(rules, headersRule{pattern: line, header: map[string]string{}})
			continue
		}
		name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok || len(rules) == 0 {
			t.Fatalf("_headers: bad line %q", line)
		}
		rules[len(rules)-1].header[http.CanonicalHeaderKey(name)] = value
	}
	return rules
}

// headersFor returns the headers the rules give path: those of every
// matching rule, a header set twice joined with ", " (as Cloudflare Pages
// does).
func headersFor(rules []headersRule, path string) map[string]string {
	h := map[string]string{}
	for _, r := range rules {
		dir, splat := strings.CutSuffix(r.pattern, "*")
		if !(splat && strings.HasPrefix(path, dir) || path == r.pattern) {
			continue
		}
		for k, v := range r.header {
			if h[k] != "" {
				v = h[k] + ", " + v
			}
			h[k] = v
		}
	}
	return h
}

// TestStaticHeadersMatchServer reads the static build's _headers as a host
// would and checks that, for each file of the build, it gives the headers
// the Go server sends for the same path: the security headers and the
// pages' CSP, the CORS header of the files the app fetches (so that the
// static build works in a sandboxed frame too), app.wasm's type. The files
// a sandboxed embed fetches carry Access-Control-Allow-Origin: *; the pages
// and the service worker do not.
func TestStaticHeadersMatchServer(t *testing.T) {
	s := newTestSite(t)
	for _, prefix := range []string{"", "/energy"} {
		t.Run("prefix="+prefix, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dist")
			if err := s.WriteStatic(dir, prefix, ""); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "_headers"))
			if err != nil {
				t.Fatal(err)
			}
			rules := parseHeadersFile(t, string(b))
			names := map[string]bool{}
			for _, r := range rules {
				for k := range r.header {
					names[k] = true
				}
			}
			if !names["Access-Control-Allow-Origin"] {
				t.Fatalf("_headers sets no Access-Control-Allow-Origin:\n%s", b)
			}
			cors := map[string]bool{}
			err = filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || d.Name() == "_headers" {
					return err
				}
				rel, _ := filepath.Rel(dir, file)
				p := "/" + filepath.ToSlash(rel)
				switch p { // the pages are served at their routes
				case "/index.html":
					p = "/"
				case "/embed.html":
					p = "/embed"
				}
				static := headersFor(rules, prefix+p)
				served := get(t, s, "GET", p).Header()
				for k := range names {
					_, setHere := static[k]
					if k == "Content-Type" || k == "Cache-Control" {
						if !setHere { // left to the host
							continue
						}
					}
					if got, want := static[k], served.Get(k); got != want {
						t.Errorf("%s%s: _headers gives %s %q, the server sends %q", prefix, p, k, got, want)
					}
				}
				if static["Access-Control-Allow-Origin"] == "*" {
					cors[p] = true
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"/web/app.wasm", "/web/boot.js", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest"} {
				if !cors[p] {
					t.Errorf("%s%s: no Access-Control-Allow-Origin: *, which a sandboxed frame needs to fetch it", prefix, p)
				}
			}
			for _, p := range []string{"/", "/embed", "/app-worker.js"} {
				if cors[p] {
					t.Errorf("%s%s carries Access-Control-Allow-Origin: *, which nothing needs", prefix, p)
				}
			}
		})
	}
}
