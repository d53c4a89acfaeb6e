package server

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"energyfloor/app/ui"
)

// pageWriter holds go-app's answer so that a prerendered page can be fixed
// before it is sent.
type pageWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *pageWriter) Header() http.Header         { return p.header }
func (p *pageWriter) WriteHeader(status int)      { p.status = status }
func (p *pageWriter) Write(b []byte) (int, error) { return p.body.Write(b) }

// serveApp serves go-app's answer: prerendered pages with their attributes
// rewritten (see rewritePage; a page that cannot be is not sent); app.js fetching app.wasm directly (see
// fetchWasmDirectly); compressed when the client accepts it (go-app
// compresses nothing). A page answer is kept (see pageCache) and given again
// to a request for the same state, origin and coding, unless the request
// revalidates.
func (s *Site) serveApp(w http.ResponseWriter, r *http.Request) {
	key, origin := "", s.pageOrigin(r)
	if state, ok := ui.PageKey(r.URL.Path, r.URL.RawQuery); ok && r.Header.Get("If-None-Match") == "" {
		key = negotiate(r.Header.Get("Accept-Encoding"), dynamicCodings) + "\x00" + origin + "\x00" + state
		if c, ok := s.pages.get(key); ok {
			h := w.Header()
			for k, v := range c.header {
				h[k] = append([]string(nil), v...)
			}
			w.WriteHeader(http.StatusOK)
			if r.Method != http.MethodHead {
				w.Write(c.body)
			}
			return
		}
	}
	p := &pageWriter{header: w.Header(), status: http.StatusOK}
	revalidated, plainCopy := s.translateIfNoneMatch(r)
	s.app.ServeHTTP(p, r)
	body := p.body.Bytes()
	page := p.status == http.StatusOK && strings.HasPrefix(p.header.Get("Content-Type"), "text/html")
	if page {
		fixed, err := rewritePage(body, "", origin, s.styles)
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = fixed
		p.header.Set("Content-Type", "text/html; charset=utf-8")
		p.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	if p.status == http.StatusOK && (r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js") {
		js, err := fetchWasmDirectly(body)
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = js
		p.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	body = s.compressAnswer(r, p.header, p.status, body, revalidated)
	p.status, body = s.confirmPlainCopy(p.header, p.status, body, plainCopy)
	if page && key != "" && r.Method == http.MethodGet {
		s.pages.put(&cachedPage{key: key, header: p.header.Clone(), body: body})
	}
	w.WriteHeader(p.status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// pageOrigin returns the origin a page's embed snippet names: the Site's
// Origin when set, else the request's own, http:// (the server speaks plain
// HTTP) and its Host, when that is a plain host name or address with an
// optional port; else "", which leaves the snippet's placeholder (see
// fillOrigin). X-Forwarded-* headers are not read: any client can send
// them, and behind a proxy Origin says the public origin.
func (s *Site) pageOrigin(r *http.Request) string {
	if s.Origin != "" {
		return s.Origin
	}
	host := strings.ToLower(r.Host)
	if len(host) > maxHostLen || !plainHost.MatchString(host) {
		return ""
	}
	return "http://" + host
}

// plainHost matches a host name, an IPv4 or a bracketed IPv6 address, with
// an optional port.
var plainHost = regexp.MustCompile(`^([a-z0-9]([a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$`)

// maxHostLen bounds the Host a page's origin is taken from: a DNS name has
// at most 253 characters.
const maxHostLen = 260
