package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
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

// bestForms holds what compressBest made, by coding and the body's SHA-256:
// a file is compressed at the best level, the slowest, once per process,
// however many Sites serve it (the server makes one; its tests make one
// each). Keyed by content, it holds nothing a new version could reuse wrongly.
var bestForms sync.Map

// compressBest is compress at the best level, once for each coding and body.
// The bytes it returns are shared: they must not be changed.
func compressBest(coding string, body []byte) []byte {
	sum := sha256.Sum256(body)
	key := coding + "\x00" + string(sum[:])
	if c, ok := bestForms.Load(key); ok {
		return c.([]byte)
	}
	c, _ := bestForms.LoadOrStore(key, compress(coding, body, true))
	return c.([]byte)
}

// dynamicCodings are what the server compresses on the fly.
func dynamicCodings(coding string) bool { return coding == "br" || coding == "gzip" }

// compressAnswer compresses go-app's 200 answer in place (headers and body)
// in coding, the one negotiated with the client. Pages, which vary with the
// query, are compressed fast on each request; go-app's files, fixed for a
// version, once at the best level and kept (compressBest).
func compressAnswer(coding string, h http.Header, body []byte) []byte {
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
		body = compressBest(coding, body)
	}
	h.Set("Content-Encoding", coding)
	return body
}
