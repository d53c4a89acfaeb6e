package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

func TestAppAnswersCompressed(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ name, target, accept, want string }{
		{"page, br", "/?tokens=2.5B&gpu=H100", "gzip, deflate, br", "br"},
		{"page, gzip", "/embed?itl=50", "gzip", "gzip"},
		{"page, none", "/", "", ""},
		{"app.js, br", "/app.js", "br", "br"},
		{"wasm_exec.js, gzip", "/wasm_exec.js", "gzip", "gzip"},
		{"service worker, br", "/app-worker.js", "br", "br"},
		{"stylesheet, br", "/web/app.css", "br", "br"},
		{"go-app stylesheet, gzip", "/app.css", "gzip", "gzip"},
		{"icon stays as is", "/web/icon-192.png", "br", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plain := get(t, s, "GET", tt.target)
			w := get(t, s, "GET", tt.target, "Accept-Encoding", tt.accept)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			if got := w.Header().Get("Content-Encoding"); got != tt.want {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.want)
			}
			if tt.want != "" && !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Accept-Encoding") {
				t.Errorf("Vary = %q, want Accept-Encoding", w.Header().Values("Vary"))
			}
			if got, want := w.Header().Get("Content-Length"), len(w.Body.Bytes()); got != itoa(want) {
				t.Errorf("Content-Length %s for %d bytes", got, want)
			}
			if got := decode(t, w.Header().Get("Content-Encoding"), w.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
				t.Errorf("decoded body (%d bytes) differs from the plain answer (%d bytes)", len(got), plain.Body.Len())
			}
			if tt.want != "" && w.Body.Len() >= plain.Body.Len() {
				t.Errorf("compressed %d bytes, plain %d", w.Body.Len(), plain.Body.Len())
			}
		})
	}
}

func TestAppRevalidationPerEncoding(t *testing.T) {
	s := newTestSite(t)
	br := get(t, s, "GET", "/app.js", "Accept-Encoding", "br")
	plain := get(t, s, "GET", "/app.js")
	etagBr, etagPlain := br.Header().Get("ETag"), plain.Header().Get("ETag")
	if etagBr == "" || etagPlain == "" || etagBr == etagPlain {
		t.Fatalf("ETags %q and %q, want one per encoding", etagBr, etagPlain)
	}
	tests := []struct {
		name, accept, inm string
		want              int
	}{
		{"br copy, br client", "br", etagBr, http.StatusNotModified},
		{"plain copy, plain client", "", etagPlain, http.StatusNotModified},
		{"br copy, gzip client", "gzip", etagBr, http.StatusOK},
		{"plain copy, br client", "br", etagPlain, http.StatusOK},
		{"another copy", "br", `"0000"`, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", "/app.js", "Accept-Encoding", tt.accept, "If-None-Match", tt.inm)
			checkRevalidation(t, w, tt.want, tt.inm)
		})
	}
	// The manifest, too small to compress, goes out plain to every client:
	// a plain copy is confirmed to a client that accepts brotli too.
	manifest := get(t, s, "GET", "/manifest.webmanifest", "Accept-Encoding", "br")
	if got := manifest.Header().Get("Content-Encoding"); got != "" {
		t.Fatalf("the manifest went out with Content-Encoding %q, want plain (too small to compress)", got)
	}
	etag := manifest.Header().Get("ETag")
	for _, accept := range []string{"br", "gzip", ""} {
		t.Run("plain manifest, client accepting "+accept, func(t *testing.T) {
			w := get(t, s, "GET", "/manifest.webmanifest", "Accept-Encoding", accept, "If-None-Match", etag)
			checkRevalidation(t, w, http.StatusNotModified, etag)
		})
	}
}

// checkRevalidation checks a revalidation's status, and that a 304 names
// the copy it confirms and has no body.
func checkRevalidation(t *testing.T, w *httptest.ResponseRecorder, want int, inm string) {
	t.Helper()
	if w.Code != want {
		t.Errorf("status %d, want %d", w.Code, want)
	}
	if w.Code == http.StatusNotModified && (w.Header().Get("ETag") != inm || w.Body.Len() != 0) {
		t.Errorf("304 with ETag %s and %d bytes, want %s and none", w.Header().Get("ETag"), w.Body.Len(), inm)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// BenchmarkPageCompressed measures one prerendered page sent with brotli.
func BenchmarkPageCompressed(b *testing.B) {
	s := newTestSite(b)
	for _, accept := range []string{"br", "gzip"} {
		b.Run(accept, func(b *testing.B) {
			for b.Loop() {
				if w := get(b, s, "GET", "/?tokens=2.5B&output=500&itl=100&gpu=H100", "Accept-Encoding", accept); w.Code != 200 {
					b.Fatal(w.Code)
				}
			}
		})
	}
}
