package server

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
)

// The patches: every change the Site makes to what go-app v10.1.11 writes,
// in one place. Each checks that go-app's output is still what it was
// written against and fails with an error naming the patch when it is not
// (patches_test.go runs them all against go-app's real output), so that a
// new go-app cannot silently undo one.
//
//   - escapeAttributes (pages): go-app quotes attribute values Go-style; a
//     quote in a value would end the attribute. A correctness fix.
//   - inlineStyles.apply (pages): the stylesheets go into one <style>
//     element, so the first paint waits for no other request.
//   - dropGoappScripts (pages) and rewriteAppJS (app.js): web/boot.js
//     starts the app, compiling app.wasm from its own response, and has the
//     service worker registered once the app has started.
//   - serviceWorkerJS (app-worker.js): go-app's service worker with offline
//     permalinks and sub-paths, and updates that never mix two versions. A
//     correctness fix.
//   - fillOrigin (pages): the embed snippet gets the page's origin, which
//     the prerender does not know. A correctness fix.
//   - addOEmbedLink (the server's pages; oembed.go): the oEmbed discovery
//     link for the page's own permalink.
//   - setPreview (the server's pages; oembed.go): og:url the page's own
//     permalink, og:title, og:description and twitter:card its figure.
//   - markEmbed (pages): the embed's mark (ui.AttrPage) is copied from its
//     root to <html>, where web/boot.js reads it before the body.
//
// The prerendered page's empty web/split.css link is the UI's (app/ui).

// rewritePage makes a page go-app prerendered for a site at origin (""
// when unknown) under prefix what the server and the static build send: its
// embed snippet for that origin, its attributes escaped, its stylesheets
// inlined and go-app's script tags left to web/boot.js.
func rewritePage(page []byte, prefix, origin string, styles *inlineStyles) ([]byte, error) {
	page, err := fillOrigin(dropIndentation(page), origin)
	if err != nil {
		return nil, err
	}
	if page, err = escapeAttributes(page); err != nil {
		return nil, fmt.Errorf("patch %q: %w", patchAttributes, err)
	}
	if page, err = styles.apply(page, prefix); err != nil {
		return nil, err
	}
	if page, err = markEmbed(page); err != nil {
		return nil, err
	}
	return dropGoappScripts(page, prefix)
}

// The patches' names, for their errors.
const (
	patchAttributes = "escape attribute values"
	patchStyles     = "inline the stylesheets"
	patchScripts    = "leave go-app's scripts to boot.js"
	patchAppJS      = "app.js: compile app.wasm from boot.js's fetch, register the worker after the start"
	patchWorker     = "the service worker"
	patchOrigin     = "the embed snippet's origin"
	patchStatic     = "a static page's prerendered query"
	patchOEmbed     = "the oEmbed discovery link"
	patchPreview    = "the link preview"
	patchEmbed      = "the embed's mark"
)

// replaceOnce replaces old by with in page, which must hold old exactly
// once (what names old in the error), so that a change of go-app's page
// cannot silently go unnoticed.
func replaceOnce(page []byte, old, with, patch, what string) ([]byte, error) {
	if n := bytes.Count(page, []byte(old)); n != 1 {
		return nil, fmt.Errorf("patch %q: the page has %s %d times, want once: has go-app changed?", patch, what, n)
	}
	return bytes.Replace(page, []byte(old), []byte(with), 1), nil
}

// markPrerenderedForNoQuery marks a static page as prerendered for no query
// (<html data-prerendered-for="">): web/boot.js compares that with the link
// the page is opened with.
func markPrerenderedForNoQuery(page []byte) ([]byte, error) {
	return replaceOnce(page, "<html ", `<html `+ui.AttrPrerenderedFor+`="" `, patchStatic, "<html")
}

// embedMark is the attribute that marks the embed's root (ui.AttrPage).
// Attribute values are HTML-escaped (escapeAttributes) and text never holds
// a raw quote, so this can only be an attribute of a tag.
var embedMark = []byte(" " + ui.AttrPage + `="` + ui.PageEmbed + `"`)

// markEmbed copies embedMark from a page's body to its <html> element:
// web/boot.js, which runs in the head, decides how to start before the
// body is parsed. A page without it is left as it is.
func markEmbed(page []byte) ([]byte, error) {
	if !bytes.Contains(page, embedMark) {
		return page, nil
	}
	return replaceOnce(page, "<html ", "<html"+string(embedMark)+" ", patchEmbed, "<html")
}

// fillOrigin writes origin into the embed snippets and the statement's
// permalink of a page, which the prerender, not knowing the page's origin,
// writes with placeholders. A snippet starts with ui.OriginPlaceholder under
// a note that says to replace it (see ui.SnippetStart), which origin ""
// leaves. The statement's permalink, #statement-link, names
// ui.PermalinkOrigin in its href and as its text, which is always replaced:
// origin "" leaves the link relative to the page (web/boot.js writes it out
// absolute), never an origin that is not the page's. go-app writes the
// snippet as text, HTML-escaped. Each #embed-snippet must hold its
// placeholder, and each #statement-link its marker twice, so that a change
// of go-app's output cannot leave one unfilled.
func fillOrigin(page []byte, origin string) ([]byte, error) {
	placeholder := []byte(html.EscapeString(ui.SnippetStart("")))
	snippets, n := bytes.Count(page, []byte(`id="embed-snippet"`)), bytes.Count(page, placeholder)
	if n != snippets {
		return nil, fmt.Errorf("patch %q: the page has %d embed snippets and %d placeholder origins: has go-app changed?", patchOrigin, snippets, n)
	}
	if origin != "" {
		page = bytes.ReplaceAll(page, placeholder, []byte(html.EscapeString(ui.SnippetStart(origin))))
	}
	marker := []byte(ui.PermalinkOrigin)
	links, n := bytes.Count(page, []byte(`id="statement-link"`)), bytes.Count(page, marker)
	if n != 2*links {
		return nil, fmt.Errorf("patch %q: the page has %d statement links and %d permalink origins: has go-app changed?", patchOrigin, links, n)
	}
	return bytes.ReplaceAll(page, marker, []byte(html.EscapeString(origin))), nil
}

// escapeAttributes rewrites a page prerendered by go-app v10.1.11 so that
// every attribute value is HTML-escaped.
//
// go-app writes attribute values with strconv.Quote, Go's string syntax: a
// double quote becomes \" (which ends an HTML attribute) and < > & stay as
// they are. A value holding a quote (such as an iframe snippet in a
// textarea, or a typed string echoed into a value) therefore breaks out of
// its attribute and turns into markup: stray attributes, inline styles the
// CSP refuses, or worse with hostile input. go-app escapes text content
// properly, so outside tags the only '<' are tag starts, and inside a tag
// each value is exactly one Go string literal: this pass reads each with
// strconv.Unquote and writes it back with html.EscapeString. It gives an
// ARIA state that go-app wrote bare its "true". It also sorts each tag's
// attributes, so a page's bytes depend only on its URL and version.
func escapeAttributes(page []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(page) + len(page)/16)
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			out.Write(page[i:])
			break
		}
		out.Write(page[i : i+lt])
		i += lt
		if i+1 < len(page) && (page[i+1] == '/' || page[i+1] == '!') { // closing tag or doctype
			gt := bytes.IndexByte(page[i:], '>')
			if gt < 0 {
				return nil, errors.New("unterminated tag")
			}
			out.Write(page[i : i+gt+1])
			i += gt + 1
			continue
		}
		n, err := fixTag(&out, page[i:])
		if err != nil {
			return nil, fmt.Errorf("at byte %d: %w", i, err)
		}
		i += n
	}
	return out.Bytes(), nil
}

// fixTag copies one opening tag from page to out, re-encoding its attribute
// values and sorting its attributes by name (go-app writes them in map
// order, so the same page would otherwise differ from one request to the
// next), and returns how many bytes of page it used.
func fixTag(out *bytes.Buffer, page []byte) (int, error) {
	i := bytes.IndexAny(page, " >")
	if i < 0 {
		return 0, errors.New("unterminated tag")
	}
	out.Write(page[:i])
	var attrs []string // each ` name` or ` name="value"`, value HTML-escaped
	for i < len(page) {
		switch page[i] {
		case '>':
			slices.Sort(attrs)
			for _, a := range attrs {
				out.WriteString(a)
			}
			out.WriteByte('>')
			return i + 1, nil
		case ' ':
			i++
			end := bytes.IndexAny(page[i:], "= >")
			if end < 0 {
				return 0, errors.New("unterminated attribute")
			}
			name := string(page[i : i+end])
			i += end
			if page[i] != '=' {
				// go-app writes a "true" value as a bare attribute, which
				// for a boolean HTML attribute is right, but an ARIA state
				// without a value reads as "" (false): aria-invalid.
				if strings.HasPrefix(name, "aria-") {
					name += `="true"`
				}
				attrs = append(attrs, " "+name)
				continue
			}
			lit, err := quotedPrefix(page[i+1:])
			if err != nil {
				return 0, err
			}
			v := lit[1 : len(lit)-1]
			if strings.IndexByte(lit, '\\') >= 0 {
				if v, err = strconv.Unquote(lit); err != nil {
					return 0, fmt.Errorf("attribute value: %w", err)
				}
			}
			attrs = append(attrs, " "+name+`="`+html.EscapeString(v)+`"`)
			i += 1 + len(lit)
		default:
			return 0, fmt.Errorf("unexpected %q in a tag", page[i])
		}
	}
	return 0, errors.New("unterminated tag")
}

// quotedPrefix returns the Go string literal at the start of b.
func quotedPrefix(b []byte) (string, error) {
	if len(b) == 0 || b[0] != '"' {
		return "", errors.New("attribute value: want a quoted string")
	}
	for j := 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return string(b[:j+1]), nil
		case '\n':
			return "", errors.New("attribute value: newline in a quoted string")
		}
	}
	return "", errors.New("attribute value: unterminated quoted string")
}

// inlineStyles puts the stylesheets into the prerendered pages' head.
//
// A page's first paint waits for its stylesheets. go-app's head links two,
// its own app.css and ours (web/app.css): two requests before anything is
// painted, which in a fresh browser profile also wait for the HTTP cache to
// open. One <style> element in their place lets the prerendered results
// paint straight from the HTML. The CSP allows exactly that element, by its
// hash ('unsafe-inline' stays out).
type inlineStyles struct {
	element string // <style>…</style>
	hash    string // 'sha256-…', for the CSP's style-src
}

// newInlineStyles joins go-app's stylesheet and ours, in the order the head
// links them.
func newInlineStyles(goappCSS, ownCSS []byte) (*inlineStyles, error) {
	css := string(goappCSS) + "\n" + string(ownCSS)
	if strings.Contains(strings.ToLower(css), "</style") {
		return nil, errors.New("a stylesheet contains </style: it cannot be inlined")
	}
	sum := sha256.Sum256([]byte(css))
	return &inlineStyles{
		element: "<style>" + css + "</style>",
		hash:    "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'",
	}, nil
}

// goappCSS returns go-app's app.css, as its Handler serves it.
func goappCSS(h http.Handler) ([]byte, error) {
	w := &pageWriter{header: http.Header{}, status: http.StatusOK}
	r, err := http.NewRequest(http.MethodGet, "/app.css", nil)
	if err != nil {
		return nil, err
	}
	h.ServeHTTP(w, r)
	if w.status != http.StatusOK || w.body.Len() == 0 {
		return nil, fmt.Errorf("go-app's app.css: status %d, %d bytes", w.status, w.body.Len())
	}
	return w.body.Bytes(), nil
}

// apply replaces, in a page go-app wrote for a site under prefix, the link to go-app's app.css by the <style> element and drops the
// link to web/app.css. Each link must be there exactly once, so that a
// change of go-app cannot silently leave a page without its styles.
func (s *inlineStyles) apply(page []byte, prefix string) ([]byte, error) {
	for _, l := range []struct{ href, with string }{{prefix + "/app.css", s.element}, {prefix + "/web/app.css", ""}} {
		var err error
		link := `<link href="` + l.href + `" rel="stylesheet" type="text/css">`
		if page, err = replaceOnce(page, link, l.with, patchStyles, "a link to "+l.href); err != nil {
			return nil, err
		}
	}
	return page, nil
}

// headers returns Headers with the <style> element's hash allowed in the
// Content-Security-Policy's style-src.
func (s *inlineStyles) headers() map[string]string {
	h := make(map[string]string, len(Headers))
	for k, v := range Headers {
		h[k] = v
	}
	h["Content-Security-Policy"] = strings.Replace(h["Content-Security-Policy"], "style-src 'self';", "style-src 'self' "+s.hash+";", 1)
	return h
}

// dropGoappScripts removes, from a page go-app wrote for a site under
// prefix, go-app's deferred tags for wasm_exec.js and app.js: web/boot.js
// adds those two scripts itself, on a first visit only once the prerendered
// page has painted (see web/boot.js and the page head in app.Handler). Each
// tag must be there exactly once, so that a change of go-app cannot leave a
// page loading them twice or not at all.
func dropGoappScripts(page []byte, prefix string) ([]byte, error) {
	for _, name := range []string{"/wasm_exec.js", "/app.js"} {
		var err error
		tag := `<script defer src="` + prefix + name + `"></script>`
		if page, err = replaceOnce(page, tag, "", patchScripts, "go-app's tag for "+prefix+name); err != nil {
			return nil, err
		}
	}
	return page, nil
}

// wasmFetchCall is how go-app v10.1.11's app.js fetches and compiles
// app.wasm:
//
//	instantiateStreaming(fetchWithProgress("/web/app.wasm", showProgress), go.importObject)
//
// fetchWithProgress counts the bytes for the loader's percentage by copying
// the response into new Response(new ReadableStream(…)). A response built in
// JavaScript has no URL and comes from no cache, so Chromium can neither
// store the compiled module in its code cache nor load it from there: every
// visit, warm ones included, would compile all of app.wasm again, on a
// main-thread pump of the stream. And app.js is deferred: it starts only after the page
// has been parsed.
var wasmFetchCall = regexp.MustCompile(`instantiateStreaming\(\s*fetchWithProgress\(("[^"\\]*"), showProgress\),\s*go\.importObject\s*\)`)

// wasmFetchDirect replaces wasmFetchCall. It takes the module web/boot.js
// started compiling (efInstantiate; boot.js also adds app.js to the page);
// when there is none (a browser without WebAssembly.compileStreaming, or an
// app.js loaded without boot.js), it sets efInstantiate to null, so a later
// boot.js does nothing, and hands the network's (or the service worker's)
// own response to WebAssembly.instantiateStreaming. Both compile while the
// bytes arrive and can use the compiled-code cache (when Chromium has one:
// see cmd/bench).
const wasmFetchDirect = `(self.` + ui.JSInstantiate + ` || (self.` + ui.JSInstantiate + ` = null, (url, imports) => instantiateStreaming(fetch(url), imports)))($1, go.importObject)`

// fetchWasmDirectly rewrites go-app's app.js to compile app.wasm from its
// own response, started early (see wasmFetchCall). The loader then shows the
// handler's LoadingLabel, with no percentage, until the wasm runs, and is
// then removed. An app.js
// without exactly one such call (another go-app version) is an error, so
// that a change of go-app cannot silently undo this.
func fetchWasmDirectly(js []byte) ([]byte, error) {
	if n := len(wasmFetchCall.FindAllIndex(js, -1)); n != 1 {
		return nil, fmt.Errorf("patch %q: app.js: go-app's compile of app.wasm (instantiateStreaming(fetchWithProgress(…, showProgress), go.importObject)) was not found exactly once: has go-app changed?", patchAppJS)
	}
	return wasmFetchCall.ReplaceAll(js, []byte(wasmFetchDirect)), nil
}

// workerCall is go-app v10.1.11's app.js registering the service worker, as
// soon as app.js runs: on a first visit, the worker's install (which reads
// all of app.wasm into its cache, the files it lists too) then competes with
// the page's own download, compile and start of app.wasm.
const workerCall = "\ngoappInitServiceWorker();\n"

// workerLater replaces workerCall: web/boot.js's efAfterStart registers the
// worker once the app has drawn its first page (or failed to start). An
// app.js without boot.js registers it at once, as go-app does.
const workerLater = "\n(self." + ui.JSAfterStart + " || ((register) => register()))(goappInitServiceWorker);\n"

// rewriteAppJS applies the app.js patches: fetchWasmDirectly, and the
// service worker registered after the app's start (workerLater).
func rewriteAppJS(js []byte) ([]byte, error) {
	js, err := fetchWasmDirectly(js)
	if err != nil {
		return nil, err
	}
	return replaceOnce(js, workerCall, workerLater, patchAppJS, "go-app's call registering the service worker (goappInitServiceWorker();)")
}

// serviceWorkerJS is the template of the app's service worker (app-worker.js),
// go-app's DefaultAppWorkerJS with the changes listed at the top of
// worker.js: offline permalinks and sub-paths, and updates that never mix
// two versions. go-app fills in {{.Version}} and {{.ResourcesToCache}};
// handler fills in {{.ExtraPages}}.
//
//go:embed worker.js
var serviceWorkerJS string

// defaultWorkerSum starts the SHA-256 of go-app v10.1.11's DefaultAppWorkerJS,
// which worker.js starts from: a test fails when go-app's changes.
const defaultWorkerSum = "fb64efe18fb6e1f3"

// workerTemplate fills in the pages other than the root, which go-app
// does not know about, in the service worker's template.
func workerTemplate(resources app.ResourceResolver) string {
	extra := []string{}
	for _, p := range ui.Pages {
		if p != "/" {
			extra = append(extra, resources.Resolve(p))
		}
	}
	list, _ := json.Marshal(extra) // a []string always encodes
	return strings.ReplaceAll(serviceWorkerJS, "{{.ExtraPages}}", string(list))
}

// goappIndent is the whitespace go-app's server encoder writes between an
// element's children: a line break, then two spaces a level of depth,
// followed by the next child (a tag, or a text with any spaces of its own).
var goappIndent = regexp.MustCompile(`\n *`)

// dropIndent removes go-app's indentation from a run of text: each line
// break with the even number of spaces after it, so that a text's own
// leading space (" (") stays.
func dropIndent(text []byte) []byte {
	return goappIndent.ReplaceAllFunc(text, func(m []byte) []byte { return m[len(m)-(len(m)-1)%2:] })
}

// rawTextTags are the elements whose text the browser keeps as written (or
// does not render as text): their content is left as it is.
var rawTextTags = []string{"pre", "textarea", "script", "style"}

// dropIndentation removes the whitespace go-app's server encoder puts
// between an element's children. The app's own DOM has none, and in running
// text the browser shows it as a space: before a comma or a full stop after
// a figure ("12.7 times the floor , at"), or between two adjacent texts. A
// line break in an attribute value is always escaped (go-app quotes values
// with strconv.Quote), so the pass only ever removes the encoder's
// whitespace, and text in rawTextTags keeps its own.
func dropIndentation(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page))
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			out.Write(dropIndent(page[i:]))
			break
		}
		out.Write(dropIndent(page[i : i+lt]))
		i += lt
		gt := bytes.IndexByte(page[i:], '>')
		if gt < 0 {
			out.Write(page[i:])
			break
		}
		tag := page[i : i+gt+1]
		out.Write(tag)
		i += gt + 1
		for _, raw := range rawTextTags {
			if bytes.HasPrefix(tag, []byte("<"+raw)) && len(tag) > len(raw)+1 && (tag[len(raw)+1] == ' ' || tag[len(raw)+1] == '>') {
				end := bytes.Index(page[i:], []byte("</"+raw+">"))
				if end < 0 {
					end = len(page) - i
				}
				out.Write(page[i : i+end])
				i += end
				break
			}
		}
	}
	return out.Bytes()
}
