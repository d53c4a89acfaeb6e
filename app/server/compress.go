package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// minCompressSize is the smallest body worth compressing.
const minCompressSize = 1024

// compressible reports whether a body of this Content-Type shrinks when
// compressed (text, not images or the already compressed wasm forms).
func compressible(contentType string) bool {
	t, _, _ := mime.ParseMediaType(contentType)
	switch t {
	case "text/html", "text/css", "text/plain", "application/javascript", "text/javascript",
		"application/json", "application/manifest+json", "image/svg+xml":
		return true
	}
	return false
}

// Writers are pooled: a brotli writer allocates large windows.
var (
	brFast = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, 5) }}
	gzFast = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, 6); return w }}
)

// compress encodes body with coding ("br" or "gzip"); best chooses the
// smallest output over speed (for bodies compressed once and kept).
func compress(coding string, body []byte, best bool) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body) / 4)
	var w io.WriteCloser
	switch {
	case coding == "br" && best:
		w = brotli.NewWriterLevel(&buf, brotli.BestCompression)
	case coding == "br":
		bw := brFast.Get().(*brotli.Writer)
		defer brFast.Put(bw)
		bw.Reset(&buf)
		w = bw
	case best:
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	default:
		gw := gzFast.Get().(*gzip.Writer)
		defer gzFast.Put(gw)
		gw.Reset(&buf)
		w = gw
	}
	w.Write(body) // writes to a bytes.Buffer do not fail
	w.Close()
	return buf.Bytes()
}

// dynamicCodings are what the server compresses on the fly.
func dynamicCodings(coding string) bool { return coding == "br" || coding == "gzip" }

// compressAnswer compresses go-app's 200 answer for path in place (headers
// and body) in coding, the one negotiated with the client. Pages, which vary
// with the query, are compressed fast on each request; go-app's files, fixed
// for a version, once at the best level and kept.
func (s *Site) compressAnswer(path, coding string, h http.Header, body []byte) []byte {
	ctype := h.Get("Content-Type")
	if !compressible(ctype) || len(body) < minCompressSize {
		return body
	}
	h.Add("Vary", "Accept-Encoding")
	if coding == "identity" {
		return body
	}
	if strings.HasPrefix(ctype, "text/html") {
		body = compress(coding, body, false)
	} else {
		key := path + "\x00" + coding
		c, ok := s.compressed.Load(key)
		if !ok {
			c, _ = s.compressed.LoadOrStore(key, compress(coding, body, true))
		}
		body = c.([]byte)
	}
	h.Set("Content-Encoding", coding)
	return body
}
