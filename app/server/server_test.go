package server

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"energyfloor/app/server/servertest"
	"energyfloor/data"
)

// fakeWasm stands in for app.wasm, which the tests do not need to build:
// half random (incompressible), half zeros, so each encoding has its own size.
var fakeWasm = func() []byte {
	b := make([]byte, 64<<10)
	rand.Read(b[:32<<10])
	return b
}()

// testAssets returns the real web/ assets (icons, app.css) with fakeWasm and
// its precompressed copies in place of a built app.wasm.
func testAssets(t testing.TB, wasm []byte) fstest.MapFS {
	t.Helper()
	m := servertest.Assets(t)
	var br, gz bytes.Buffer
	bw := brotli.NewWriter(&br)
	bw.Write(wasm)
	bw.Close()
	gw := gzip.NewWriter(&gz)
	gw.Write(wasm)
	gw.Close()
	m["app.wasm"] = &fstest.MapFile{Data: wasm}
	m["app.wasm.br"] = &fstest.MapFile{Data: br.Bytes()}
	m["app.wasm.gz"] = &fstest.MapFile{Data: gz.Bytes()}
	return m
}

func newTestSite(t testing.TB) *Site {
	t.Helper()
	s, err := New(testAssets(t, fakeWasm), data.Files())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func get(t testing.TB, h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	s := newTestSite(t)
	tests := []struct {
		name, method, target string
		header               []string
		wantStatus           int
	}{
		{"page", "GET", "/?tokens=1e9", nil, 200},
		{"embed page", "GET", "/embed", nil, 200},
		{"wasm", "GET", "/web/app.wasm", nil, 200},
		{"stylesheet", "GET", "/web/app.css", nil, 200},
		{"service worker", "GET", "/app-worker.js", nil, 200},
		{"manifest", "GET", "/manifest.webmanifest", nil, 200},
		{"page, HEAD", "HEAD", "/?tokens=1e9", []string{"Accept-Encoding", "br"}, 200},
		{"wasm, HEAD", "HEAD", "/web/app.wasm", []string{"Accept-Encoding", "br"}, 200},
		{"page, revalidated", "GET", "/?tokens=1e9", []string{"Accept-Encoding", "br", "If-None-Match", "*"}, 304},
		{"wasm, revalidated", "GET", "/web/app.wasm", []string{"Accept-Encoding", "br", "If-None-Match", "*"}, 304},
		{"page, a range", "GET", "/?tokens=1e9", []string{"Accept-Encoding", "br", "Range", "bytes=0-99"}, 206},
		{"wasm, a range", "GET", "/web/app.wasm", []string{"Accept-Encoding", "br", "Range", "bytes=0-99"}, 206},
		{"page, a range past the end", "GET", "/?tokens=1e9", []string{"Range", "bytes=100000000-"}, 416},
		{"wasm, a range past the end", "GET", "/web/app.wasm", []string{"Accept-Encoding", "br", "Range", "bytes=100000000-"}, 416},
		{"wasm, If-Match of another copy", "GET", "/web/app.wasm", []string{"If-Match", `"other"`}, 412},
		{"unknown page", "GET", "/nope", nil, 404},
		{"unknown asset", "GET", "/web/nope.png", nil, 404},
		{"post", "POST", "/", nil, 405},
		{"oembed", "GET", "/oembed?url=http%3A%2F%2Fexample.com%2F%3Ftokens%3D1e9&format=json", nil, 200},
		{"oembed, HEAD", "HEAD", "/oembed?url=http%3A%2F%2Fexample.com%2F", nil, 200},
		{"oembed, another site", "GET", "/oembed?url=http%3A%2F%2Fevil.example%2F", nil, 404},
		{"oembed, not a permalink", "GET", "/oembed?url=http%3A%2F%2Fexample.com%2Fweb%2Fapp.wasm", nil, 404},
		{"oembed, xml", "GET", "/oembed?url=http%3A%2F%2Fexample.com%2F&format=xml", nil, 501},
		{"oembed, bad maxwidth", "GET", "/oembed?url=http%3A%2F%2Fexample.com%2F&maxwidth=wide", nil, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, tt.method, tt.target, tt.header...)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			for k, want := range s.headers { // Headers, the CSP with the inlined styles' hash
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if got := w.Header().Get("X-Frame-Options"); got != "" {
				t.Errorf("X-Frame-Options = %q, want none: embedding is a feature", got)
			}
		})
	}
}

// checkInlinedStyles fails unless the page holds
// exactly one <style> element, with go-app's styles then ownCSS, links no
// stylesheet, and csp allows that element by its SHA-256 and nothing else
// inline.
func checkInlinedStyles(t *testing.T, page, csp, ownCSS string) {
	t.Helper()
	styles := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindAllStringSubmatch(page, -1)
	if len(styles) != 1 {
		t.Fatalf("page has %d <style> elements, want 1", len(styles))
	}
	css := styles[0][1]
	if !strings.HasSuffix(css, "\n"+ownCSS) || !strings.Contains(css, ".goapp-app-info") {
		t.Errorf("the <style> element does not hold go-app's styles then web/app.css")
	}
	// The one stylesheet left is the empty split one (web/split.css) of the
	// full page, which only orders the first paint.
	for _, link := range regexp.MustCompile(`<link[^>]*rel="stylesheet"[^>]*>`).FindAllString(page, -1) {
		if !strings.Contains(link, `/web/split.css"`) {
			t.Errorf("page still links a stylesheet: %s", link)
		}
	}
	sum := sha256.Sum256([]byte(css))
	want := "style-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	if !strings.Contains(csp, want) {
		t.Errorf("CSP %q lacks %q", csp, want)
	}
	if strings.Count(csp, "sha256-") != 1 || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q allows more inline content than the styles", csp)
	}
}

func TestContentSecurityPolicy(t *testing.T) {
	csp := Headers["Content-Security-Policy"]
	for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval';", "frame-ancestors *", "connect-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	for _, bad := range []string{"'unsafe-eval'", "unsafe-inline", "http:", "https:"} {
		if strings.Contains(csp, bad) {
			t.Errorf("CSP %q contains %q", csp, bad)
		}
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	s := newTestSite(t)
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "BREW"} {
		t.Run(method, func(t *testing.T) {
			for _, target := range []string{"/", "/web/app.wasm", "/app-worker.js"} {
				w := get(t, s, method, target)
				if w.Code != http.StatusMethodNotAllowed {
					t.Errorf("%s %s: status %d, want 405", method, target, w.Code)
				}
				if got := w.Header().Get("Allow"); got != "GET, HEAD" {
					t.Errorf("%s %s: Allow = %q, want \"GET, HEAD\"", method, target, got)
				}
			}
		})
	}
	if w := get(t, s, "HEAD", "/web/app.wasm", "Accept-Encoding", "br"); w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("HEAD app.wasm: status %d with %d body bytes, want 200 and none", w.Code, w.Body.Len())
	}
}

func decode(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch coding {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "":
	default:
		t.Fatalf("unexpected Content-Encoding %q", coding)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWasmCompressionNegotiation(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ name, accept, want string }{
		{"browser", "gzip, deflate, br, zstd", "br"},
		{"gzip only", "gzip", "gzip"},
		{"none", "", ""},
		{"identity", "identity", ""},
		{"br refused", "br;q=0, gzip", "gzip"},
		{"both refused", "br;q=0, gzip;q=0.000", ""},
		{"weights ignored beyond zero", "gzip;q=1.0, br;q=0.1", "br"},
		{"wildcard", "*", "br"},
		{"wildcard without br", "br;q=0, *", "gzip"},
		{"upper case", "GZIP", "gzip"},
		{"unknown only", "zstd", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", tt.accept)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			h := w.Header()
			if got := h.Get("Content-Encoding"); got != tt.want {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.want)
			}
			if got := h.Get("Content-Type"); got != "application/wasm" {
				t.Errorf("Content-Type = %q, want application/wasm", got)
			}
			if got := h.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
			if got := h.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control = %q, want no-cache", got)
			}
			if got, want := h.Get("Content-Length"), w.Body.Len(); got != strconv.Itoa(want) {
				t.Errorf("Content-Length = %s, body has %d bytes", got, want)
			}
			if got := decode(t, h.Get("Content-Encoding"), w.Body.Bytes()); !bytes.Equal(got, fakeWasm) {
				t.Errorf("decoded body (%d bytes) differs from app.wasm (%d bytes)", len(got), len(fakeWasm))
			}
		})
	}
}

func TestWasmRevalidation(t *testing.T) {
	s := newTestSite(t)
	br := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", "br")
	gz := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", "gzip")
	etagBr, etagGz := br.Header().Get("ETag"), gz.Header().Get("ETag")
	if etagBr == "" || etagBr == etagGz {
		t.Fatalf("ETags br %q, gzip %q: want one per encoding", etagBr, etagGz)
	}
	if w := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", "br", "If-None-Match", etagBr); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Errorf("matching If-None-Match: status %d, %d bytes; want 304 and none", w.Code, w.Body.Len())
	}
	if w := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", "gzip", "If-None-Match", etagBr); w.Code != http.StatusOK {
		t.Errorf("If-None-Match of another encoding: status %d, want 200", w.Code)
	}
}

func TestOnlyKnownAssetsAreServed(t *testing.T) {
	s := newTestSite(t)
	tests := []struct {
		target string
		want   int
	}{
		{"/web/icon-192.png", 200},
		{"/web/icon.svg", 200},
		{"/web/boot.js", 200},
		{"/web/web.go", 404},
		{"/web/icons.go", 404},
		{"/web/app.wasm.br", 404},
		{"/web/../go.mod", 404},
		{"/web/", 404},
		{"/robots.txt", 404},
		{"/sitemap.xml", 404},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			r := httptest.NewRequest("GET", "http://127.0.0.1/", nil)
			r.URL.Path = tt.target
			// go-app would fetch /robots.txt from the Host header's server.
			r.Host = "attacker.invalid"
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("status %d, want %d", w.Code, tt.want)
			}
		})
	}
}

func TestVersionPinnedToContent(t *testing.T) {
	assets := testAssets(t, fakeWasm)
	s1, err := New(assets, data.Files())
	if err != nil {
		t.Fatal(err)
	}
	s2, err := New(assets, data.Files())
	if err != nil {
		t.Fatal(err)
	}
	if s1.Version != s2.Version {
		t.Errorf("same content, versions %s and %s: a restart must not look like an update", s1.Version, s2.Version)
	}
	if !regexp.MustCompile(`^[0-9a-f]{20}$`).MatchString(s1.Version) {
		t.Errorf("version %q, want 20 hex digits", s1.Version)
	}
	otherWasm := append([]byte{1}, fakeWasm[1:]...)
	s3, err := New(testAssets(t, otherWasm), data.Files())
	if err != nil {
		t.Fatal(err)
	}
	if s3.Version == s1.Version {
		t.Error("another app.wasm kept the version")
	}
	for _, name := range []string{"css/page.css", "boot/start.js"} {
		other := testAssets(t, fakeWasm)
		other[name] = &fstest.MapFile{Data: append(append([]byte(nil), other[name].Data...), '\n')}
		s, err := New(other, data.Files())
		if err != nil {
			t.Fatal(err)
		}
		if s.Version == s1.Version {
			t.Errorf("another %s kept the version", name)
		}
	}
	otherData := fstest.MapFS{"index.json": &fstest.MapFile{Data: []byte("{}")}}
	v4, err := Version(fakeWasm, otherData, "")
	if err != nil {
		t.Fatal(err)
	}
	v5, err := Version(fakeWasm, fstest.MapFS{"index.json": &fstest.MapFile{Data: []byte("{ }")}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if v4 == v5 {
		t.Error("another dataset kept the version")
	}
	v6, err := Version(fakeWasm, otherData, "another page head")
	if err != nil {
		t.Fatal(err)
	}
	if v6 == v4 {
		t.Error("another page configuration kept the version")
	}
	w := get(t, s1, "GET", "/app-worker.js")
	if !strings.Contains(w.Body.String(), `const version = "`+s1.Version+`"`) {
		t.Errorf("app-worker.js does not carry version %s", s1.Version)
	}
}

func TestNewWithoutWasm(t *testing.T) {
	assets := testAssets(t, fakeWasm)
	delete(assets, "app.wasm")
	_, err := New(assets, data.Files())
	if err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Errorf("error = %v, want one that says to run make wasm", err)
	}
}

func TestPrerenderedPage(t *testing.T) {
	s := newTestSite(t)
	w := get(t, s, "GET", "/?tokens=2.5B&output=500&itl=100")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	html := w.Body.String()
	for _, want := range []string{
		`elementtiming="energy-per-month" id="energy-per-month"`, `id="energy-per-request"`, `id="caveat"`, `id="citation"`,
		`href="/manifest.webmanifest"`, `href="/web/icon.svg"`,
		`<script async data-scope="/" data-scripts="/wasm_exec.js /app.js" data-version="` + s.Version + `" data-wasm="/web/app.wasm" fetchpriority="high" src="/web/boot.js"></script>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("prerendered page lacks %s", want)
		}
	}
	// boot.js alone starts the app (see web/boot.js): no other script tag,
	// and no preload that would fetch app.wasm before the first paint.
	if n := strings.Count(html, "<script"); n != 1 {
		t.Errorf("prerendered page has %d script tags, want boot.js's alone", n)
	}
	if strings.Contains(html, `rel="preload"`) {
		t.Error("prerendered page preloads something")
	}
	checkInlinedStyles(t, html, w.Header().Get("Content-Security-Policy"), string(s.assets["/web/app.css"].forms["identity"].body))
	// What the page loads (scripts, styles, icons, images) is all its own;
	// links to the source and the paper may point elsewhere.
	// (The oEmbed discovery link names an absolute URL, which nothing loads.)
	for _, m := range regexp.MustCompile(`<(?:link|script|img)[^>]*(?:src|href)="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		if strings.Contains(m[1], "//") && !strings.Contains(m[0], `type="application/json+oembed"`) {
			t.Errorf("prerendered page loads %s from another origin", m[1])
		}
	}
}

// precacheList returns the resourcesToCache and extraPages of app-worker.js.
func precacheList(t *testing.T, worker string) (resources, pages []string) {
	t.Helper()
	for name, dst := range map[string]*[]string{"resourcesToCache": &resources, "extraPages": &pages} {
		m := regexp.MustCompile(`const ` + name + ` = (\[.*\]);`).FindStringSubmatch(worker)
		if m == nil {
			t.Fatalf("app-worker.js has no %s list", name)
		}
		if err := json.Unmarshal([]byte(m[1]), dst); err != nil {
			t.Fatal(err)
		}
	}
	return resources, pages
}

func TestServiceWorker(t *testing.T) {
	s := newTestSite(t)
	w := get(t, s, "GET", "/app-worker.js")
	js := w.Body.String()
	for _, want := range []string{
		`cache.match(request, { ignoreSearch: navigate, ignoreVary: true })`,
		`new Set([scope])`,
		`self.registration.scope`,
		`{ cache: "no-cache" }`,
		`event.waitUntil(installWorker())`,
		`event.waitUntil(activateWorker())`,
		`key.startsWith(cachePrefix) && key !== cacheName`,
		`data-prerendered-for`,
	} {
		if !strings.Contains(js, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	for _, bad := range []string{"caches.match(", "self.clients.claim", "{{."} {
		if strings.Contains(js, bad) {
			t.Errorf("app-worker.js contains %s", bad)
		}
	}
	resources, pages := precacheList(t, js)
	if strings.Join(pages, ",") != "/embed" {
		t.Errorf("extra pages %q, want [/embed]", pages)
	}
	// One failed download aborts the install, so everything listed must exist.
	for _, u := range append(resources, pages...) {
		if w := get(t, s, "GET", u); w.Code != 200 {
			t.Errorf("precached %s: status %d", u, w.Code)
		}
		if strings.Contains(u, "://") {
			t.Errorf("precached %s is not on the page's origin", u)
		}
	}
}

func TestManifest(t *testing.T) {
	s := newTestSite(t)
	var m struct {
		Name, ShortName, Description string
		ThemeColor                   string `json:"theme_color"`
		StartURL                     string `json:"start_url"`
		Icons                        []struct{ Src, Purpose, Sizes string }
	}
	w := get(t, s, "GET", "/manifest.webmanifest")
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Energy Floor" || m.Description == "" || m.ThemeColor != "#0b5563" || m.StartURL != "/" {
		t.Errorf("manifest %+v", m)
	}
	var maskable bool
	for _, ic := range m.Icons {
		if w := get(t, s, "GET", ic.Src); w.Code != 200 {
			t.Errorf("icon %s: status %d", ic.Src, w.Code)
		}
		maskable = maskable || (ic.Purpose == "maskable" && ic.Sizes == "512x512")
	}
	if !maskable {
		t.Error("no 512×512 maskable icon")
	}
}

func TestListenPortTaken(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = Listen(ln.Addr().String())
	if !errors.Is(err, ErrAddrInUse) || !strings.Contains(err.Error(), ln.Addr().String()) {
		t.Errorf("error = %v, want ErrAddrInUse naming the address", err)
	}
}

// TestNotModified checks that a 304 carries every header its 200 carries
// (Vary and ETag among them: RFC 9110 §15.4.5) but the body's
// (Content-Length, Content-Type, Content-Encoding) and Accept-Ranges, and no
// body; and that a copy in another encoding is not confirmed.
func TestNotModified(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ name, target, accept string }{
		{"page, plain", "/?tokens=2.5B", ""},
		{"page, br", "/?tokens=2.5B", "br"},
		{"embed, gzip", "/embed?itl=50", "gzip"},
		{"app.js, plain", "/app.js", ""},
		{"app.js, br", "/app.js", "br"},
		{"manifest, too small to compress", "/manifest.webmanifest", "br"},
		{"wasm, br", "/web/app.wasm", "br"},
		{"wasm, plain", "/web/app.wasm", "identity"},
		{"icon, one encoding", "/web/icon-192.png", "br"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept)
			etag := ok.Header().Get("ETag")
			if ok.Code != 200 || etag == "" {
				t.Fatalf("status %d, ETag %q", ok.Code, etag)
			}
			for _, method := range []string{"GET", "HEAD"} {
				w := get(t, s, method, tt.target, "Accept-Encoding", tt.accept, "If-None-Match", `"other", `+etag)
				if w.Code != http.StatusNotModified || w.Body.Len() != 0 {
					t.Fatalf("%s: status %d with %d bytes, want 304 and none", method, w.Code, w.Body.Len())
				}
				want := ok.Header().Clone()
				for _, k := range []string{"Content-Length", "Content-Type", "Content-Encoding", "Accept-Ranges"} {
					want.Del(k)
				}
				if !reflect.DeepEqual(w.Header(), want) {
					t.Errorf("%s: 304 headers\n%v\nwant those of the 200 but the body's and Accept-Ranges:\n%v", method, w.Header(), want)
				}
			}
		})
	}
	// A copy in one encoding is not another's.
	br := get(t, s, "GET", "/?tokens=2.5B", "Accept-Encoding", "br").Header().Get("ETag")
	plain := get(t, s, "GET", "/?tokens=2.5B").Header().Get("ETag")
	for _, c := range []struct{ accept, inm string }{{"", br}, {"br", plain}, {"gzip", br}} {
		if w := get(t, s, "GET", "/?tokens=2.5B", "Accept-Encoding", c.accept, "If-None-Match", c.inm); w.Code != http.StatusOK {
			t.Errorf("a %s copy revalidated by a client accepting %q: status %d, want 200", c.inm, c.accept, w.Code)
		}
	}
}

// TestNotModifiedOnlyForWhatExists checks that If-None-Match with the
// current version's ETag, or *, never turns a 404 into a 304.
func TestNotModifiedOnlyForWhatExists(t *testing.T) {
	s := newTestSite(t)
	wasmETag := get(t, s, "GET", "/web/app.wasm").Header().Get("ETag")
	for _, tt := range []struct{ target, inm string }{
		{"/nope", `"` + s.Version + `"`},
		{"/nope", `"` + s.Version + `-br"`},
		{"/nope", "*"},
		{"/web/nope.wasm", wasmETag},
		{"/web/nope.wasm", "*"},
	} {
		for _, accept := range []string{"", "br"} {
			w := get(t, s, "GET", tt.target, "Accept-Encoding", accept, "If-None-Match", tt.inm)
			if w.Code != http.StatusNotFound {
				t.Errorf("%s with If-None-Match %s, Accept-Encoding %q: status %d, want 404", tt.target, tt.inm, accept, w.Code)
			}
		}
	}
}

// TestHead checks that HEAD gets the headers GET gets, Content-Length
// included, and no body.
func TestHead(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ name, target, accept string }{
		{"page, br", "/?tokens=2.5B", "br"},
		{"page, plain", "/?tokens=2.5B", ""},
		{"embed, gzip", "/embed?itl=50", "gzip"},
		{"app.js, br", "/app.js", "br"},
		{"wasm, br", "/web/app.wasm", "br"},
		{"wasm, plain", "/web/app.wasm", ""},
		{"icon", "/web/icon-192.png", "br"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, cached := range []string{"first", "again"} { // pages: the second from the page cache
				head := get(t, s, "HEAD", tt.target, "Accept-Encoding", tt.accept)
				full := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept)
				if head.Code != 200 || head.Body.Len() != 0 {
					t.Errorf("%s: status %d with %d body bytes, want 200 and none", cached, head.Code, head.Body.Len())
				}
				if !reflect.DeepEqual(head.Header(), full.Header()) {
					t.Errorf("%s: HEAD headers\n%v\nGET headers\n%v", cached, head.Header(), full.Header())
				}
				if got, want := head.Header().Get("Content-Length"), strconv.Itoa(full.Body.Len()); got != want {
					t.Errorf("%s: Content-Length %s, GET sends %s bytes", cached, got, want)
				}
			}
		})
	}
}

// TestRanges checks that a Range request gets those bytes of the
// representation a 200 sends, compressed or not (RFC 9110 §14.1.2: a range
// is of the selected representation, after its content coding), with the
// 200's ETag, Content-Encoding and Vary; that If-Range with the ETag of
// another encoding gets the whole 200; and that a range past the end gets
// 416.
func TestRanges(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ name, target, accept, other string }{
		{"wasm, br", "/web/app.wasm", "br", "gzip"},
		{"wasm, plain", "/web/app.wasm", "", "br"},
		{"page, br", "/?tokens=2.5B", "br", "gzip"},
		{"page, plain", "/?tokens=2.5B", "", "br"},
		{"embed, gzip", "/embed?itl=50", "gzip", "br"},
		{"app.js, br", "/app.js", "br", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept)
			body := whole.Body.Bytes()
			etag := whole.Header().Get("ETag")
			if whole.Code != 200 || etag == "" || len(body) < 300 {
				t.Fatalf("status %d, ETag %q, %d bytes", whole.Code, etag, len(body))
			}
			for _, r := range []struct {
				header     string
				start, end int
			}{{"bytes=100-199", 100, 200}, {"bytes=-50", len(body) - 50, len(body)}, {"bytes=0-", 0, len(body)}} {
				w := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept, "Range", r.header)
				if w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), body[r.start:r.end]) {
					t.Fatalf("%s: status %d with %d bytes, want 206 with bytes %d to %d of the 200's",
						r.header, w.Code, w.Body.Len(), r.start, r.end)
				}
				if got, want := w.Header().Get("Content-Range"), fmt.Sprintf("bytes %d-%d/%d", r.start, r.end-1, len(body)); got != want {
					t.Errorf("%s: Content-Range %q, want %q", r.header, got, want)
				}
				if got, want := w.Header().Get("Content-Length"), strconv.Itoa(r.end-r.start); got != want {
					t.Errorf("%s: Content-Length %s, want %s", r.header, got, want)
				}
				for _, k := range []string{"ETag", "Content-Encoding", "Content-Type", "Vary", "Cache-Control"} {
					if got, want := w.Header().Values(k), whole.Header().Values(k); !reflect.DeepEqual(got, want) {
						t.Errorf("%s: %s %q, the 200 has %q", r.header, k, got, want)
					}
				}
			}
			if w := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept, "Range", "bytes=0-9", "If-Range", etag); w.Code != http.StatusPartialContent {
				t.Errorf("If-Range with its ETag: status %d, want 206", w.Code)
			}
			if tt.other != "" {
				w := get(t, s, "GET", tt.target, "Accept-Encoding", tt.other, "Range", "bytes=0-9", "If-Range", etag)
				if w.Code != 200 || w.Header().Get("ETag") == etag {
					t.Errorf("If-Range with the ETag of another encoding: status %d, ETag %s; want 200 with another", w.Code, w.Header().Get("ETag"))
				}
			}
			w := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept, "Range", fmt.Sprintf("bytes=%d-", len(body)))
			if w.Code != http.StatusRequestedRangeNotSatisfiable {
				t.Fatalf("a range past the end: status %d, want 416", w.Code)
			}
			if got, want := w.Header().Get("Content-Range"), fmt.Sprintf("bytes */%d", len(body)); got != want {
				t.Errorf("416: Content-Range %q, want %q", got, want)
			}
			if got := w.Header().Get("Content-Encoding"); got != "" {
				t.Errorf("416: Content-Encoding %q on a plain-text error", got)
			}
		})
	}
}

// TestPreconditionFailed checks that If-Match with another copy's ETag gets
// 412 with no body and no Content-Length of the 200's (which would leave
// the client waiting for bytes that never come).
func TestPreconditionFailed(t *testing.T) {
	s := newTestSite(t)
	for _, target := range []string{"/?tokens=2.5B", "/app.js", "/web/app.wasm"} {
		for _, accept := range []string{"", "br"} {
			w := get(t, s, "GET", target, "Accept-Encoding", accept, "If-Match", `"other"`)
			if w.Code != http.StatusPreconditionFailed || w.Body.Len() != 0 {
				t.Errorf("%s, Accept-Encoding %q: status %d with %d bytes, want 412 and none", target, accept, w.Code, w.Body.Len())
			}
			if got := w.Header().Get("Content-Length"); got != "" && got != "0" {
				t.Errorf("%s, Accept-Encoding %q: 412 with Content-Length %s", target, accept, got)
			}
		}
	}
}

// TestPublicFilesCORS: the files the app fetches carry
// Access-Control-Allow-Origin: *, in each encoding and on a revalidation,
// so that a frame with an opaque origin (sandbox="allow-scripts") can fetch
// them; the pages, the service worker and /oembed do not.
func TestPublicFilesCORS(t *testing.T) {
	s := newTestSite(t)
	const acao = "Access-Control-Allow-Origin"
	for _, target := range []string{"/web/app.wasm", "/web/boot.js", "/web/app.css", "/web/icon.svg", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest"} {
		for _, enc := range []string{"br", "gzip", "identity"} {
			w := get(t, s, "GET", target, "Accept-Encoding", enc, "Origin", "null")
			if w.Code != 200 || w.Header().Get(acao) != "*" {
				t.Errorf("GET %s (%s): status %d, %s %q, want 200 and *", target, enc, w.Code, acao, w.Header().Get(acao))
			}
			w = get(t, s, "GET", target, "Accept-Encoding", enc, "If-None-Match", w.Header().Get("ETag"))
			if w.Code != http.StatusNotModified || w.Header().Get(acao) != "*" {
				t.Errorf("revalidating %s (%s): status %d, %s %q, want 304 and *", target, enc, w.Code, acao, w.Header().Get(acao))
			}
		}
	}
	for _, target := range []string{"/", "/embed?tokens=2B", "/app-worker.js", "/oembed?url=http%3A%2F%2Fexample.com%2F&format=json"} {
		if v := get(t, s, "GET", target).Header().Get(acao); v != "" {
			t.Errorf("GET %s: %s %q, want none", target, acao, v)
		}
	}
}

// TestEmbedStartsOnUse: the embed's <html> is marked as the embed, so that
// web/boot.js starts the app only once it is used, and its prerendered page
// says so in one line, hidden until boot.js shows it (without scripts an
// edit does not recalculate); the full page starts as before, without either.
func TestEmbedStartsOnUse(t *testing.T) {
	s := newTestSite(t)
	embed := get(t, s, "GET", "/embed?tokens=2B").Body.String()
	if !strings.Contains(embed, `<html data-page="embed" lang="en">`) {
		t.Errorf("the embed's <html> is not marked as the embed: %.200s", embed)
	}
	if !strings.Contains(embed, `<p class="starts-on-use" hidden id="starts-on-use">Press Change to edit and recalculate.</p>`) {
		t.Error("the embed does not say that the calculator starts when the reader edits")
	}
	page := get(t, s, "GET", "/?tokens=2B").Body.String()
	if !strings.Contains(page, `<html lang="en">`) || strings.Contains(page, `id="starts-on-use"`) {
		t.Error("the full page is marked as the embed, or says it starts on use")
	}
}
