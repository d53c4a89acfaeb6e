package server

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

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
