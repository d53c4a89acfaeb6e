package e2e

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
)

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
