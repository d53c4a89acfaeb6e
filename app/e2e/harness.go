// Package e2e is Energy Floor's end-to-end suite: it builds what users run
// (the wasm, the server binary, the static site and the CLI), serves them on
// 127.0.0.1, drives Debian's Chromium through chromedp and checks what a
// visitor sees. The harness in this file is shared with cmd/bench, the
// browser benchmark; the checks live in the _test files, but for issue 29's
// property (figures.go: CheckFigures, SameState; page.go: ParsePage;
// links.go: HostileLinks), which cmd/energyfloor's tests check on the
// server's prerendered pages and this suite in the browser.
package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the repository root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("finding the repository root: no go.mod above the working directory")
		}
		dir = parent
	}
}

// ErrNoChromium reports that no Chromium binary was found.
var ErrNoChromium = errors.New("chromium not found (install Debian's package: apt-get install chromium)")

// ChromiumPath returns the browser to drive: $CHROMIUM when set, else
// /usr/bin/chromium, else chromium or chromium-browser on PATH.
func ChromiumPath() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("$CHROMIUM=%s: %w", p, ErrNoChromium)
		}
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// run runs name with args in dir, with env added to the environment, and
// returns an error holding the command's output when it fails.
func run(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s (in %s): %w\n%s", name, strings.Join(args, " "), dir, err, out.String())
	}
	return nil
}

// BuildServer builds the server the way users get it, `make build` (the
// wasm, its precompressed copies and bin/energyfloor-server, which embeds
// them), and copies the binary to out so that later builds in the checkout
// cannot change what a test runs.
//
// Builds through the harness hold a lock (bin/.e2e-build.lock), so that the
// suite and the benchmark's test, which `go test ./...` runs side by side,
// never build into web/ at the same time.
func BuildServer(ctx context.Context, root, out string) error {
	if err := os.MkdirAll(filepath.Join(root, "bin"), 0o755); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(root, "bin", ".e2e-build.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("locking the build: %w", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("locking the build: %w", err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if err := run(ctx, root, nil, "make", "build"); err != nil {
		return err
	}
	return run(ctx, root, nil, "cp", filepath.Join(root, "bin", "energyfloor-server"), out)
}

// BuildBinary builds the main package pkg (such as ./cmd/server) into
// out, with extra arguments for go build (such as -ldflags).
func BuildBinary(ctx context.Context, root, pkg, out string, extra ...string) error {
	args := append([]string{"build", "-trimpath"}, extra...)
	args = append(args, "-o", out, pkg)
	return run(ctx, root, nil, "go", args...)
}

// BuildStatic writes the static site for prefix to dest with the server
// binary that BuildServer made: the recipe of `make static PREFIX=prefix`
// (`go run ./cmd/server -static dist -prefix PREFIX`) with the binary already
// built, so that the shared dist/ is left alone.
func BuildStatic(ctx context.Context, serverBin, prefix, dest string) error {
	return run(ctx, filepath.Dir(serverBin), nil, serverBin, "-static", dest, "-prefix", prefix)
}

// FreeAddr returns a free 127.0.0.1 address.
func FreeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// Server is a running server process.
type Server struct {
	// URL is the server's base URL, such as http://127.0.0.1:41234.
	URL  string
	Addr string
	cmd  *exec.Cmd
	out  *bytes.Buffer
	done chan error
}

// StartServer runs the server binary on a free 127.0.0.1 port (its -addr
// flag) and waits until it answers GET /.
func StartServer(ctx context.Context, bin string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	return StartServerAt(ctx, bin, addr)
}

// StartServerIn is StartServer with dir as the server's working directory.
func StartServerIn(ctx context.Context, dir, bin string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	return startServer(ctx, dir, bin, addr)
}

// StartServerAt is StartServer on a given address.
func StartServerAt(ctx context.Context, bin, addr string) (*Server, error) {
	return startServer(ctx, "", bin, addr)
}

func startServer(ctx context.Context, dir, bin, addr string) (*Server, error) {
	cmd := exec.Command(bin, "-addr", addr)
	cmd.Dir = dir
	out := &bytes.Buffer{}
	cmd.Stdout = out
	cmd.Stderr = out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	s := &Server{URL: "http://" + addr, Addr: addr, cmd: cmd, out: out, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("server %s exited before answering: %v\n%s", bin, err, out.String())
		default:
		}
		resp, err := http.Get(s.URL + "/")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Stop()
			return nil, fmt.Errorf("server %s did not answer GET / within 30s (last error %v)\n%s", bin, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop stops the server (SIGTERM, then SIGKILL after 5 s) and returns its output.
func (s *Server) Stop() string {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.done
		}
	}
	return s.out.String()
}

// StaticServer serves a directory under a URL prefix with a plain Go file
// server, as a static host would (with .wasm as application/wasm).
type StaticServer struct {
	URL string // the site's URL, prefix included, without a trailing slash
	srv *http.Server
}

// ServeStatic serves dir at prefix (such as "/energy") on a free 127.0.0.1 port.
func ServeStatic(dir, prefix string) (*StaticServer, error) {
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("serving %s: %w", dir, err)
	}
	mux := http.NewServeMux()
	files := http.FileServer(http.Dir(dir))
	if prefix == "" {
		mux.Handle("/", files)
	} else {
		mux.Handle(prefix+"/", http.StripPrefix(prefix, files))
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return &StaticServer{URL: "http://" + l.Addr().String() + prefix, srv: srv}, nil
}

// ServePlainFiles serves dir at prefix as the plainest static hosts do
// (Python's http.server): a path names a file, a path ending in "/" its
// folder's index.html, and /index.html is served as it is, where Go's file
// server redirects it to "./".
func ServePlainFiles(dir, prefix string) (*StaticServer, error) {
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("serving %s: %w", dir, err)
	}
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

// WorkerActivated is a page expression that resolves to true once the
// page's service worker is active.
const WorkerActivated = `navigator.serviceWorker.ready.then(r => r.active && r.active.state === "activated")`

// CountingProxy is a proxy on a free 127.0.0.1 port in front of a site's
// origin that counts the body bytes it sends, per path: what the site sent a
// browser, its service worker's requests included, which the page's own
// network events do not show.
type CountingProxy struct {
	URL  string // the proxy's origin
	stop func()

	mu     sync.Mutex
	bodies map[string][]int // path → the size of each body sent for it
	paths  []string         // the path of each request, in order
	held   map[string]chan struct{}
}

// StartCountingProxy proxies to the origin of site.
func StartCountingProxy(site string) (*CountingProxy, error) {
	origin, err := url.Parse(Origin(site))
	if err != nil {
		return nil, err
	}
	rp := httputil.NewSingleHostReverseProxy(origin)
	p := &CountingProxy{bodies: map[string][]int{}, held: map[string]chan struct{}{}}
	p.URL, p.stop, err = ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.paths = append(p.paths, r.URL.Path)
		gate := p.held[r.URL.Path]
		p.mu.Unlock()
		if gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		c := &countingWriter{ResponseWriter: w}
		rp.ServeHTTP(c, r)
		if c.n > 0 {
			p.mu.Lock()
			p.bodies[r.URL.Path] = append(p.bodies[r.URL.Path], c.n)
			p.mu.Unlock()
		}
	}))
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Bodies returns, per path, the size of each response body sent so far.
func (p *CountingProxy) Bodies() map[string][]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make(map[string][]int, len(p.bodies))
	for k, v := range p.bodies {
		out[k] = append([]int(nil), v...)
	}
	return out
}

// Paths returns the path of each request received so far, in order, those
// held included.
func (p *CountingProxy) Paths() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.paths...)
}

// Hold holds back the requests for path until the returned func is called
// (once).
func (p *CountingProxy) Hold(path string) (release func()) {
	gate := make(chan struct{})
	p.mu.Lock()
	p.held[path] = gate
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		delete(p.held, path)
		p.mu.Unlock()
		close(gate)
	}
}

// Close stops the proxy.
func (p *CountingProxy) Close() { p.stop() }

// countingWriter counts the body bytes of one response.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}

// Unwrap lets the reverse proxy flush through the writer.
func (c *countingWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// Close stops the static server.
func (s *StaticServer) Close() error { return s.srv.Close() }

// Get fetches url and returns its status and body.
func Get(url string) (int, string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, "", fmt.Errorf("GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", fmt.Errorf("GET %s: %w", url, err)
	}
	return resp.StatusCode, string(b), nil
}

// CopyTree copies the repository at root to dst for a variant build,
// leaving out .git and build outputs.
func CopyTree(ctx context.Context, root, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	return run(ctx, root, nil, "sh", "-c",
		`tar --exclude=./.git --exclude=./bin --exclude=./dist --exclude=./screenshots --exclude='./web/app.wasm*' -cf - . | tar -C "$1" -xf -`,
		"sh", dst)
}
