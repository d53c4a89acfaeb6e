package server

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

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
// to a request for the same state, origin and coding. A 200 goes out through
// serveBody, which answers revalidations and ranges; any other status as
// go-app wrote it.
//
// go-app answers If-None-Match with its version ETag by a 304 before it
// routes, so for paths it has no page for too, and without the headers its
// 200 carries (Vary). So go-app gets the request without If-None-Match, and
// serveBody answers it from the whole answer.
func (s *Site) serveApp(w http.ResponseWriter, r *http.Request) {
	key, origin := "", s.pageOrigin(r)
	coding := negotiate(r.Header.Get("Accept-Encoding"), dynamicCodings)
	// The page's address is decoded once, here: its key, permalink and
	// preview all come from it.
	pl, _ := ui.ReadPage(r.URL.Path, r.URL.RawQuery)
	if pl.Key != "" {
		key = coding + "\x00" + origin + "\x00" + pl.Key
		if c, ok := s.pages.get(key); ok {
			h := w.Header()
			for k, v := range c.header {
				h[k] = append([]string(nil), v...)
			}
			serveBody(w, r, c.body)
			return
		}
	}
	unconditional := r.Clone(r.Context())
	unconditional.Header.Del("If-None-Match")
	p := &pageWriter{header: w.Header(), status: http.StatusOK}
	s.app.ServeHTTP(p, unconditional)
	body := p.body.Bytes()
	if p.status != http.StatusOK {
		w.WriteHeader(p.status)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
		return
	}
	p.header.Del("Content-Length") // go-app's, for the body before the changes below
	page := strings.HasPrefix(p.header.Get("Content-Type"), "text/html")
	if page {
		fixed, err := rewritePage(body, "", origin, s.styles)
		if err == nil && origin != "" {
			link := permalink(origin, r.URL.Path, r.URL.RawQuery, pl)
			if fixed, err = addOEmbedLink(fixed, origin, link); err == nil {
				fixed, err = setPreview(fixed, origin, link, pl)
			}
		}
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = fixed
		p.header.Set("Content-Type", "text/html; charset=utf-8")
	}
	if r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js" {
		js, err := rewriteAppJS(body)
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = js
	}
	body = compressAnswer(coding, p.header, body)
	p.header.Set("ETag", etagOf(body)) // go-app's is the version: one for a page whatever origin it names
	if page && key != "" && r.Method == http.MethodGet {
		s.pages.put(&cachedPage{key: key, header: p.header.Clone(), body: body})
	}
	serveBody(w, r, body)
}

// serveBody sends body, a whole answer of status 200 whose headers
// (Content-Type, ETag, Content-Encoding, Vary…) are set on w, through
// http.ServeContent: it answers HEAD, If-None-Match (a 304 without the
// body's headers), If-Match, If-Range and Range (on the bytes sent,
// compressed or not). w has no Content-Length: ServeContent states the
// length of what it sends, which is not always body (a 206, a 412).
func serveBody(w http.ResponseWriter, r *http.Request, body []byte) {
	http.ServeContent(wholeLength{w, len(body)}, r, "", time.Time{}, bytes.NewReader(body))
}

// wholeLength gives ServeContent's 200 the body's Content-Length, which
// ServeContent leaves out when Content-Encoding is set (for writers that
// compress on the fly; ours are compressed beforehand). Clients need it to
// show progress, and Serve sizes the write deadline by it.
type wholeLength struct {
	http.ResponseWriter
	n int
}

func (w wholeLength) WriteHeader(status int) {
	if status == http.StatusOK {
		w.Header().Set("Content-Length", strconv.Itoa(w.n))
	}
	w.ResponseWriter.WriteHeader(status)
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
