package e2e

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// StaticServer serves a directory under a URL prefix with a plain Go file
// server, as a static host would (with .wasm as application/wasm).
type StaticServer struct {
	URL string // the site's URL, prefix included, without a trailing slash
	srv *http.Server
}

// ServeStatic serves dir at prefix (such as "/energy") on a free 127.0.0.1 port.
func ServeStatic(dir, prefix string) (*StaticServer, error) {
	mux := http.NewServeMux()
	files := http.FileServer(http.Dir(dir))
	if prefix == "" {
		mux.Handle("/", files)
	} else {
		mux.Handle(prefix+"/", http.StripPrefix(prefix, files))
	}
	return serveFiles(dir, prefix, mux)
}

// ServePlainFiles serves dir at prefix as the plainest static hosts do
// (Python's http.server): a path names a file, a path ending in "/" its
// folder's index.html, and /index.html is served as it is, where Go's file
// server redirects it to "./".
func ServePlainFiles(dir, prefix string) (*StaticServer, error) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := strings.CutPrefix(r.URL.Path, prefix+"/")
		if !ok || strings.Contains(p, "..") {
			http.NotFound(w, r)
			return
		}
		if p == "" || strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		if ctype := mime.TypeByExtension(filepath.Ext(p)); ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
	return serveFiles(dir, prefix, h)
}

// serveFiles serves h, a static host's answers from dir at prefix, on a
// free 127.0.0.1 port, with .wasm files as application/wasm.
func serveFiles(dir, prefix string, h http.Handler) (*StaticServer, error) {
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("serving %s: %w", dir, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return &StaticServer{URL: "http://" + l.Addr().String() + prefix, srv: srv}, nil
}

// ServeStaticWithHeaders is ServeStatic applying the build's _headers file
// (HeaderRules) to each answer and serving a page at its route (/embed from
// embed.html), as Netlify or Cloudflare Pages do.
func ServeStaticWithHeaders(dir, prefix string) (*StaticServer, error) {
	b, err := os.ReadFile(filepath.Join(dir, "_headers"))
	if err != nil {
		return nil, err
	}
	rules, err := ParseHeaders(string(b))
	if err != nil {
		return nil, err
	}
	s, err := ServeStatic(dir, prefix)
	if err != nil {
		return nil, err
	}
	files := s.srv.Handler
	s.srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range rules.For(r.URL.Path) {
			w.Header().Set(k, v)
		}
		if rel, ok := strings.CutPrefix(r.URL.Path, prefix+"/"); ok && rel != "" && path.Ext(rel) == "" {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)+".html")); err == nil {
				r = r.Clone(r.Context())
				r.URL.Path += ".html"
			}
		}
		files.ServeHTTP(w, r)
	})
	return s, nil
}

// HeaderRules is a _headers file, the format of Netlify and Cloudflare Pages
// that the static build writes: rules, each a path pattern (a trailing *
// matches the rest of a path) and the headers it sets.
type HeaderRules []HeaderRule

// HeaderRule is one rule of a _headers file.
type HeaderRule struct {
	Pattern string
	Header  map[string]string // by canonical name
}

// ParseHeaders reads a _headers file: a line at the margin starts a rule
// with its path pattern, each indented "Name: value" line under it is a
// header of that rule; # starts a comment line.
func ParseHeaders(file string) (HeaderRules, error) {
	var rules HeaderRules
	for i, line := range strings.Split(file, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			rules = append(rules, HeaderRule{Pattern: strings.TrimSpace(line), Header: map[string]string{}})
			continue
		}
		name, value, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || len(rules) == 0 {
			return nil, fmt.Errorf("_headers line %d: %q is neither a path nor a header of one", i+1, line)
		}
		rules[len(rules)-1].Header[http.CanonicalHeaderKey(strings.TrimSpace(name))] = strings.TrimSpace(value)
	}
	return rules, nil
}

// For returns the headers the rules give a request for path: those of every
// rule that matches it, a header that two rules set joined with ", " (as
// Cloudflare Pages does).
func (rules HeaderRules) For(path string) map[string]string {
	h := map[string]string{}
	for _, r := range rules {
		dir, splat := strings.CutSuffix(r.Pattern, "*")
		if !(splat && strings.HasPrefix(path, dir) || path == r.Pattern) {
			continue
		}
		for k, v := range r.Header {
			if h[k] != "" {
				v = h[k] + ", " + v
			}
			h[k] = v
		}
	}
	return h
}

// ServeHandler serves h on a free 127.0.0.1 port and returns its base URL;
// the tests use it for a parent page on another origin.
func ServeHandler(h http.Handler) (url string, stop func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("serving a handler: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return "http://" + l.Addr().String(), func() { _ = srv.Close() }, nil
}

// Close stops the static server.
func (s *StaticServer) Close() error { return s.srv.Close() }
