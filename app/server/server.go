// Package server serves Energy Floor over HTTP and writes its static build.
//
// A Site puts these in front of go-app's Handler (handler.go), which
// prerenders the pages and serves the PWA files:
//
//   - The pages / and /embed, prerendered with the results for the query
//     string, rewritten by the patches of go-app's output (patches.go): their
//     embed snippet given the page's origin (Origin, else the request's: see
//     pageOrigin), their attribute values HTML-escaped, their stylesheets
//     inlined in one <style> element, and go-app's script tags left to
//     web/boot.js, which starts the app (on a first visit once the
//     prerendered page has painted, on a return visit at once, reading
//     app.wasm from the service worker's cache).
//     The full page links one empty stylesheet, web/split.css, between the
//     results and the sections under them, so the first paint has the results
//     without the rest. The pages last served are kept (pageCache: up to
//     pageCacheSize of them and pageCacheBytes together), per state the
//     query decodes to, origin and encoding, and sent again without being
//     prerendered anew; a page whose query gives notices is not kept.
//   - oEmbed (oembed.go): each page's head links /oembed for its own
//     permalink on its origin, and /oembed answers a rich response whose html
//     is the embed's iframe for a permalink of the site (404 for any other
//     URL, 501 for a format other than json).
//   - go-app's files (app.js, rewritten to compile boot.js's fetch of
//     app.wasm; app-worker.js, our worker.js; wasm_exec.js, app.css,
//     manifest.webmanifest), compressed once for each encoding.
//   - /web/ from the embedded assets: app.wasm goes out brotli, gzip or plain
//     according to Accept-Encoding, as application/wasm with Vary:
//     Accept-Encoding, Cache-Control: no-cache and an ETag per encoding.
//   - Conditional and ranged requests: every answer of status 200 goes out
//     through http.ServeContent (see serveBody), with an ETag that is a hash of
//     the bytes it sends (etagOf), so one per encoding, and for a page one per
//     origin its embed snippet names. If-None-Match that lists its ETag gets 304
//     Not Modified, with its headers (Vary, ETag and Cache-Control among them)
//     but those of the body (Content-Length, Content-Type, Content-Encoding);
//     Range gets 206 or 416, on the bytes of the encoding sent. Every other
//     answer goes out whole, 404s included.
//   - The security headers (Headers, the CSP's style-src allowing the inlined
//     styles by their hash) on every response the Site writes, and 405 with
//     Allow: GET, HEAD for any other method, "OPTIONS *" included. The
//     static files the app fetches (publicFiles) also carry
//     Access-Control-Allow-Origin: *, for frames with an opaque origin.
//
// Serve adds the Limits: header, read, write and idle timeouts (a response
// that states its length gets a write deadline sized to it, so a slow
// client that keeps reading gets the whole uncompressed app.wasm), a header
// cap, and a stop that gives responses in flight ShutdownGrace to finish,
// then closes them. It turns off net/http's own answer to "OPTIONS *", so the
// Site answers it. net/http still writes a few answers itself, to requests
// it refuses before any handler sees them, and those carry no security
// headers: 400 (a malformed request line or header, a malformed or, in
// HTTP/1.1, missing Host), 417 (an Expect other than 100-continue), 431
// (headers over MaxHeaderBytes), 501 (a Transfer-Encoding it does not know)
// and 505 (an HTTP major version other than 1). TestAnswersOutsideTheHandler
// keeps this list true. WriteStatic writes the same site for static hosts,
// with a _headers file.
//
// Versions: the app's version (Version) is a hash of every byte the Site
// sends: app.wasm, the dataset, and the Site's own answers with the version
// left out (see served: the pages as go-app's template and the patches make
// them, app.js, wasm_exec.js, the service worker, the stylesheets, the
// manifest, the icons, boot.js), so a restart is not an update and any new
// build is. app.wasm goes out with its version in the response header
// Energyfloor-Version (ui.HeaderVersion; the static build's _headers gives
// it too): web/boot.js starts only an app.wasm of the version its page was
// served with, and on a mismatch reloads the page once, then says so. The service worker keeps one cache per
// version and reads only its own, so a page never mixes two versions; the
// dataset is inside app.wasm, so wasm and data travel together. After a
// deploy, an open or installed copy shows an update notice, and one reload
// brings the new version. Offline, the cached app answers any query string,
// at the root and under a sub-path.
//
// A load test on 127.0.0.1 (go test ./app/server -run TestLoad -v) runs 200
// concurrent clients fetching pages with varied queries and the brotli
// app.wasm, and prints latency percentiles and requests per second; with
// -args -load it runs 400 clients × 25 rounds on the real embedded app.wasm
// (after make wasm).
package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
	"energyfloor/data"
	"energyfloor/web"
)

// Headers are the security headers sent with every response the Site
// writes, the CSP's style-src with the hash of the pages' inlined styles
// added (see inlineStyles.headers). The static build writes the same set for
// static hosts.
//
// frame-ancestors is open on purpose: embedding the calculator is a feature,
// and it is safe here because the app is read-only, has no accounts, no
// cookies and keeps no state on the server. So there is no X-Frame-Options.
var Headers = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
		"img-src 'self' data:; connect-src 'self'; frame-ancestors *; base-uri 'self'; form-action 'self'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "no-referrer",
	"Permissions-Policy":     "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}

// publicFiles are the static files a page's app fetches (app.wasm, the
// scripts, the stylesheets, the manifest, the icons), as path patterns of
// the _headers format: a trailing * matches the rest of a path. They carry
// Access-Control-Allow-Origin: * (publicFileHeaders): in a frame with an
// opaque origin (sandbox="allow-scripts", as WordPress embeds) every fetch
// is cross-origin, and boot.js's fetch of app.wasm is refused without it.
// The files are the same for everyone, sent without cookies, so any origin
// may read them. The pages, the service worker and /oembed do not carry
// it: nothing fetches them across origins.
var publicFiles = []string{"/web/*", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest"}

// publicFileHeaders are the headers of publicFiles, besides Headers.
// The version header of app.wasm (ui.HeaderVersion) is exposed to them.
var publicFileHeaders = map[string]string{"Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": ui.HeaderVersion}

// isPublicFile reports whether the path p (without the site's prefix) is one of publicFiles.
func isPublicFile(p string) bool {
	for _, f := range publicFiles {
		if dir, ok := strings.CutSuffix(f, "*"); ok && strings.HasPrefix(p, dir) || p == f {
			return true
		}
	}
	return false
}

// contentTypes maps the asset types served under /web/; no other file of the
// asset folder is served.
var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".txt":  "text/plain; charset=utf-8",
}

// encodings are the precompressed forms looked for next to each asset, in the
// server's order of preference.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Site is Energy Floor as served over HTTP.
type Site struct {
	// Version identifies the content: a hash of every byte the Site sends
	// (see Version and served).
	Version string
	// WasmSize is app.wasm's uncompressed size in bytes.
	WasmSize int64
	// Origin is the site's public origin, such as https://example.org (see
	// NormalizeOrigin), which the pages' embed snippet names; "" for each
	// request's own (see pageOrigin). Set it when a proxy in front of the
	// server changes the scheme or host.
	Origin string

	assets  map[string]*asset // by path under /web/, e.g. "/web/app.wasm"
	app     *app.Handler
	styles  *inlineStyles     // the stylesheets, inlined into every page
	headers map[string]string // Headers, the CSP allowing styles' element
	pages   *pageCache        // the pages last served
}

// asset is one file under /web/ with its precompressed forms.
type asset struct {
	contentType string
	forms       map[string]form // by content coding; "identity" is always there
}

// form is one encoding of an asset.
type form struct {
	body []byte
	etag string
}

var routesOnce sync.Once

// New builds the Site from the asset folder (web.FS: app.wasm, its .br and
// .gz, app.css, icons) and the dataset files, which enter the version. It
// first decodes and validates the dataset (data.Decode), the same bytes
// app.wasm embeds and decodes without checks: a dataset that fails is an
// error naming its file, row and field, so that a server with bad data
// never listens and a static build of it is never written.
func New(assets, dataset fs.FS) (*Site, error) {
	if _, err := data.Decode(dataset); err != nil {
		return nil, fmt.Errorf("refusing bad data: %w", err)
	}
	routesOnce.Do(ui.Routes)
	s := &Site{assets: map[string]*asset{}, pages: newPageCache(pageCacheSize, pageCacheBytes)}
	if err := s.loadAssets(assets); err != nil {
		return nil, err
	}
	wasm, ok := s.assets["/web/app.wasm"]
	if !ok {
		return nil, errors.New("web/app.wasm is missing: build it with `make wasm`")
	}
	s.WasmSize = int64(len(wasm.forms["identity"].body))
	// The version is a hash of every byte the Site sends: it answers the
	// requests of served as version unversioned, which leaves the version
	// itself out, and then takes the hash of the answers, app.wasm and
	// the dataset.
	if err := s.setVersion(unversioned); err != nil {
		return nil, err
	}
	answers, err := s.served()
	if err != nil {
		return nil, err
	}
	version, err := Version(wasm.forms["identity"].body, dataset, answers)
	if err != nil {
		return nil, err
	}
	if err := s.setVersion(version); err != nil {
		return nil, err
	}
	return s, nil
}

// loadAssets reads every servable file of the asset folder into memory,
// with its precompressed forms when they are there; text assets without
// them are compressed here.
func (s *Site) loadAssets(assets fs.FS) error {
	entries, err := fs.ReadDir(assets, ".")
	if err != nil {
		return fmt.Errorf("reading the assets: %w", err)
	}
	for _, e := range entries {
		ctype, ok := contentTypes[path.Ext(e.Name())]
		if e.IsDir() || !ok {
			continue
		}
		a := &asset{contentType: ctype, forms: map[string]form{}}
		for _, enc := range append([]struct{ name, suffix string }{{"identity", ""}}, encodings...) {
			body, err := fs.ReadFile(assets, e.Name()+enc.suffix)
			if errors.Is(err, fs.ErrNotExist) && enc.name != "identity" {
				continue
			}
			if err != nil {
				return fmt.Errorf("reading the asset %s: %w", e.Name()+enc.suffix, err)
			}
			a.forms[enc.name] = form{body: body, etag: etagOf(body)}
		}
		if len(a.forms) == 1 {
			a.compressForms() // such as icon.svg: compressed once, here
		}
		s.assets["/web/"+e.Name()] = a
	}
	// boot.js and app.css are served from their parts (web/boot/, web/css/),
	// each as one response.
	for name, parts := range map[string]web.Parts{"boot.js": web.Boot, "app.css": web.Styles} {
		body, err := parts.Join(assets)
		if err != nil {
			return err
		}
		a := &asset{contentType: contentTypes[path.Ext(name)], forms: map[string]form{"identity": {body: body, etag: etagOf(body)}}}
		a.compressForms()
		s.assets["/web/"+name] = a
	}
	return nil
}

// compressForms adds a's compressed forms, made from its identity form,
// when its type is worth compressing and it is large enough.
func (a *asset) compressForms() {
	body := a.forms["identity"].body
	if !compressible(a.contentType) || len(body) < minCompressSize {
		return
	}
	for _, enc := range encodings {
		c := compressBest(enc.name, body)
		a.forms[enc.name] = form{body: c, etag: etagOf(c)}
	}
}

// etagOf returns the ETag of body, the bytes of one answer as sent (each
// encoding its own): a hash of them, so that it changes with anything they
// depend on (the version, a page's query and origin) and nothing else.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// ServeHTTP answers GET and HEAD: /web/ from the embedded assets, the rest
// from go-app's Handler. Every response it writes carries the security
// headers (the CSP allowing the pages' inlined stylesheets).
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range s.headers {
		w.Header().Set(k, v)
	}
	if isPublicFile(r.URL.Path) {
		for k, v := range publicFileHeaders {
			w.Header().Set(k, v)
		}
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed: only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	switch p := r.URL.Path; {
	case strings.HasPrefix(p, "/web/"):
		s.serveAsset(w, r, p)
	case p == "/robots.txt", p == "/sitemap.xml", p == "/ads.txt":
		// go-app would fetch these from http://<Host header>/web/… and cache
		// the answer for everyone: serve the embedded file or nothing.
		s.serveAsset(w, r, "/web"+p)
	case p == oembedPath:
		s.serveOEmbed(w, r)
	case p == "/app.wasm", p == "/goapp.wasm":
		s.serveAsset(w, r, "/web/app.wasm")
	default:
		s.serveApp(w, r)
	}
}

// serveAsset sends an embedded asset in the best encoding the client accepts.
// The URL of app.wasm does not change between versions, so it is revalidated
// on every use (no-cache, with an ETag per encoding); offline copies live in
// the service worker's cache.
func (s *Site) serveAsset(w http.ResponseWriter, r *http.Request, p string) {
	a, ok := s.assets[p]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	coding := "identity"
	if len(a.forms) > 1 {
		h.Set("Vary", "Accept-Encoding")
		coding = negotiate(r.Header.Get("Accept-Encoding"), func(c string) bool { _, ok := a.forms[c]; return ok })
	}
	f := a.forms[coding]
	if coding != "identity" {
		h.Set("Content-Encoding", coding)
	}
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", f.etag)
	if p == "/web/app.wasm" {
		h.Set(ui.HeaderVersion, s.Version) // boot.js starts only an app.wasm of its page's version
	}
	serveBody(w, r, f.body)
}

// negotiate picks the preferred available coding the Accept-Encoding header
// allows: br, then gzip, then identity. A coding with q=0 is refused.
func negotiate(accept string, available func(coding string) bool) string {
	q := map[string]bool{}
	star := false
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		ok := true
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				v = strings.TrimRight(strings.TrimSpace(v), "0")
				ok = v != "" && v != "." && v != "0."
			}
		}
		if name == "*" {
			star = ok
			continue
		}
		q[name] = ok
	}
	for _, enc := range encodings {
		allowed, listed := q[enc.name]
		if !listed {
			allowed = star
		}
		if allowed && available(enc.name) {
			return enc.name
		}
	}
	return "identity"
}
