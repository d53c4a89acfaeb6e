package server

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/ui"
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

// statementLink returns the href and the text of a page's #statement-link,
// unescaped.
func statementLink(t *testing.T, page string) (href, text string) {
	t.Helper()
	m := regexp.MustCompile(`<a href="([^"]*)" id="statement-link">([^<]*)</a>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no #statement-link")
	}
	return html.UnescapeString(m[1]), html.UnescapeString(m[2])
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
	// The statement's link is absolute on the origin given, else relative
	// to the page (boot.js writes it out absolute): never a placeholder.
	tests := []struct{ name, prefix, origin, wantSnippet, wantLink string }{
		{"root", "", "", note + `<iframe src="https://your-energy-floor-site.example/embed?`, "/?"},
		{"sub-path", "/energy", "", note + `<iframe src="https://your-energy-floor-site.example/energy/embed?`, "/energy/?"},
		{"sub-path at an origin", "/energy", "https://Example.org/", `<iframe src="https://example.org/energy/embed?`, "https://example.org/energy/?"},
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
			if href, text := statementLink(t, index); !strings.HasPrefix(href, tt.wantLink+"itl=100&") || !strings.Contains(href, "&v=") || text != href {
				t.Errorf("the statement's link is %q (text %q), want %sitl=100&…&v=…", href, text, tt.wantLink)
			}
			if strings.Contains(index, ui.PermalinkOrigin) {
				t.Errorf("index.html names %s", ui.PermalinkOrigin)
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
