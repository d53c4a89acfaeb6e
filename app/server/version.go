package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
)

// unversioned is the version the Site answers with while it works out its
// version (see served).
const unversioned = "unversioned"

// setVersion makes the Site answer as version v: go-app's Handler for it,
// the stylesheets inlined from its app.css, and no answer kept from
// another version.
func (s *Site) setVersion(v string) error {
	s.Version = v
	s.app = handler(v, s.WasmSize, "")
	own, ok := s.assets["/web/app.css"]
	if !ok {
		return errors.New("web/app.css is missing")
	}
	goapp, err := goappCSS(s.app)
	if err != nil {
		return err
	}
	if s.styles, err = newInlineStyles(goapp, own.forms["identity"].body); err != nil {
		return err
	}
	s.headers = s.styles.headers()
	s.pages = newPageCache(pageCacheSize, pageCacheBytes)
	return nil
}

// versionHost is the host of the requests served answers.
const versionHost = "version.invalid"

// served returns, as text, what the Site answers (as it is: a Site that
// answers as version unversioned leaves the version out) to every request
// whose answer the service worker keeps or a page is made of: the pages /
// and /embed for the empty query (go-app's page template as the patches
// rewrite it), go-app's files as patched (app.js, wasm_exec.js, app.css,
// the manifest, the service worker), an oEmbed answer and every file under
// /web/ but app.wasm (which Version hashes whole): for each, its path, its
// status, its headers and a hash of its body. So a change to any byte the
// Site sends for a request makes a new version.
func (s *Site) served() (string, error) {
	paths := []string{"/", "/embed", "/app.js", "/wasm_exec.js", "/app.css", "/manifest.webmanifest", "/app-worker.js",
		oembedPath + "?format=json&url=" + url.QueryEscape("http://"+versionHost+"/")}
	for name := range s.assets {
		if name != "/web/app.wasm" {
			paths = append(paths, name)
		}
	}
	sort.Strings(paths[8:])
	var b strings.Builder
	for _, p := range paths {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://"+versionHost+p, nil))
		if w.Code != http.StatusOK {
			return "", fmt.Errorf("working out the version: %s answered %d: %s", p, w.Code, strings.TrimSpace(w.Body.String()))
		}
		w.Header().Del("Date")
		sum := sha256.Sum256(w.Body.Bytes())
		fmt.Fprintf(&b, "%s %d %x\n", p, w.Code, sum)
		if err := w.Header().Write(&b); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// Version returns a hash of app.wasm, every file of the dataset and config
// (what the Site sends besides: see served), so the same build always has
// the same version (a restart is not an update) and any change to a byte
// the Site sends makes a new one.
func Version(wasm []byte, dataset fs.FS, config string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "app.wasm\x00%d\x00", len(wasm))
	h.Write(wasm)
	fmt.Fprintf(h, "config\x00%d\x00%s", len(config), config)
	var names []string
	err := fs.WalkDir(dataset, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("listing the dataset: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		b, err := fs.ReadFile(dataset, name)
		if err != nil {
			return "", fmt.Errorf("reading the dataset: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:10]), nil
}
