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
// rewritten (see rewritePage; a page that cannot be is not sent); app.js
// patched (see rewriteAppJS); compressed when the client accepts it (go-app
// compresses nothing). A page answer is kept (see pageCache) and given again
// to a request for the same state, origin and coding.
//
// go-app answers If-None-Match with its version ETag by a 304 before it
// routes, so for paths it has no page for too, and without the headers its
// 200 carries (Vary). So go-app never sees If-None-Match: the Site answers
// a revalidation itself from the whole answer (see answer).
func (s *Site) serveApp(w http.ResponseWriter, r *http.Request) {
	inm := r.Header.Get("If-None-Match")
	r.Header.Del("If-None-Match")
	key, origin := "", s.pageOrigin(r)
	coding := negotiate(r.Header.Get("Accept-Encoding"), dynamicCodings)
	if state, ok := ui.PageKey(r.URL.Path, r.URL.RawQuery); ok {
		key = coding + "\x00" + origin + "\x00" + state
		if c, ok := s.pages.get(key); ok {
			h := w.Header()
			for k, v := range c.header {
				h[k] = append([]string(nil), v...)
			}
			answer(w, r, inm, http.StatusOK, c.body)
			return
		}
	}
	p := &pageWriter{header: w.Header(), status: http.StatusOK}
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
		js, err := rewriteAppJS(body)
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = js
		p.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	body = s.compressAnswer(r.URL.Path, coding, p.header, p.status, body)
	if page && key != "" && r.Method == http.MethodGet {
		s.pages.put(&cachedPage{key: key, header: p.header.Clone(), body: body})
	}
	answer(w, r, inm, p.status, body)
}

// answer sends status, the headers already set on w and body (none to a
// HEAD); but a 200 whose ETag inm, the request's If-None-Match, lists goes
// out as 304 Not Modified, with every header the 200 has (ETag, Vary and
// Cache-Control among them, as RFC 9110 §15.4.5 asks) but Content-Length
// and Content-Type, and no body.
func answer(w http.ResponseWriter, r *http.Request, inm string, status int, body []byte) {
	if status == http.StatusOK && inm != "" && etagMatch(inm, w.Header().Get("ETag")) {
		w.Header().Del("Content-Length")
		w.Header().Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(status)
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
