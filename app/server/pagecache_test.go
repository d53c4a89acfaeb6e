package server

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestPageCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	c := newPageCache(2, 1<<20)
	c.put(&cachedPage{key: "a", body: []byte("A")})
	c.put(&cachedPage{key: "b", body: []byte("B")})
	c.get("a") // b is now the least recently used
	c.put(&cachedPage{key: "c", body: []byte("C")})
	for _, tt := range []struct {
		key  string
		want string // "" when dropped
	}{{"a", "A"}, {"b", ""}, {"c", "C"}} {
		p, ok := c.get(tt.key)
		switch {
		case tt.want == "" && ok:
			t.Errorf("%s is still kept", tt.key)
		case tt.want != "" && (!ok || string(p.body) != tt.want):
			t.Errorf("get(%s) = %v, %v; want %s", tt.key, p, ok, tt.want)
		}
	}
	c.put(&cachedPage{key: "a", body: []byte("A2")})
	if p, _ := c.get("a"); p == nil || string(p.body) != "A2" || c.order.Len() != 2 {
		t.Errorf("putting a again: get(a) = %v with %d kept, want A2 with 2", p, c.order.Len())
	}
}

// TestPagesServedAgainFromCache checks that a page asked for again comes
// from the cache, byte for byte the answer a fresh Site makes, per coding,
// and that the cache answers a revalidation too.
func TestPagesServedAgainFromCache(t *testing.T) {
	s := newTestSite(t)
	fresh := newTestSite(t)
	const page = "/?workload=gpqa&tokens=2.5B&itl=80"
	answer := func(h http.Handler, method, coding string) (int, http.Header, string) {
		w := get(t, h, method, page, "Accept-Encoding", coding)
		return w.Code, w.Header(), w.Body.String()
	}
	for i, coding := range []string{"br", "gzip", "identity"} {
		wantCode, wantHeader, wantBody := answer(fresh, "GET", coding)
		if wantCode != http.StatusOK {
			t.Fatalf("%s: status %d", coding, wantCode)
		}
		answer(s, "GET", coding) // kept
		hits := s.pages.hits
		for _, method := range []string{"GET", "HEAD"} {
			code, header, body := answer(s, method, coding)
			if method == "HEAD" {
				wantBody = ""
			}
			if code != wantCode || !reflect.DeepEqual(header, wantHeader) || body != wantBody {
				t.Errorf("%s %s again: status %d, headers %v, %d bytes; a fresh site: %d, %v, %d bytes",
					method, coding, code, header, len(body), wantCode, wantHeader, len(wantBody))
			}
		}
		if got := s.pages.hits - hits; got != 2 {
			t.Errorf("%s: %d of 2 answers came from the cache", coding, got)
		}
		if got := s.pages.order.Len(); got != i+1 {
			t.Errorf("after %s: %d pages kept, want %d (one per coding)", coding, got, i+1)
		}
	}
	hits := s.pages.hits
	etag := get(t, s, "GET", page, "Accept-Encoding", "br").Header().Get("ETag")
	if w := get(t, s, "GET", page, "Accept-Encoding", "br", "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Errorf("revalidating %s: status %d, want 304", etag, w.Code)
	}
	if got := s.pages.hits - hits; got != 2 {
		t.Errorf("%d of 2 answers came from the cache", got)
	}
}

func TestPageCacheByteBound(t *testing.T) {
	c := newPageCache(100, 1000)
	page := func(key string, n int) *cachedPage {
		return &cachedPage{key: key, header: http.Header{}, body: make([]byte, n-len(key))}
	}
	for _, key := range []string{"a", "b", "c", "d"} {
		c.put(page(key, 300)) // 300 bytes each: three fit in 1,000
	}
	c.put(page("huge", 1001)) // larger than the bound: not kept, nothing dropped for it
	var kept []string
	for e := c.order.Front(); e != nil; e = e.Next() {
		kept = append(kept, e.Value.(*cachedPage).key)
	}
	if want := []string{"d", "c", "b"}; !reflect.DeepEqual(kept, want) || c.bytes != 900 {
		t.Errorf("kept %q (%d bytes), want %q (900 bytes)", kept, c.bytes, want)
	}
}

// TestPageCacheKeysOnTheState checks that queries which differ only in
// order, encoding and parameters the calculator does not read share one
// entry, and that what the cache sends for each is byte for byte what a
// prerender of that very query makes.
func TestPageCacheKeysOnTheState(t *testing.T) {
	s := newTestSite(t)
	uncached := newTestSite(t)
	uncached.pages = newPageCache(0, 0)
	variants := []string{
		"/?tokens=2.5B&itl=80",
		"/?itl=80&tokens=2.5B",
		"/?tokens=%32%2E5B&i%74l=80",
		"/?utm_source=x&tokens=2.5B&junk=1&itl=80&itl=90",
		"/?workload=lm-arena-chat&tokens=2.5B&output=500&itl=80&pct=median&gpu=",
		"/?tokens=+2.5B+&itl=80&" + strings.Repeat("x", 200_000),
	}
	for _, v := range variants {
		want := get(t, uncached, "GET", v, "Accept-Encoding", "br")
		got := get(t, s, "GET", v, "Accept-Encoding", "br")
		if got.Code != 200 || got.Code != want.Code || !reflect.DeepEqual(got.Header(), want.Header()) || got.Body.String() != want.Body.String() {
			t.Errorf("%.80s: status %d, %d bytes; a prerender of it: %d, %d bytes", v, got.Code, got.Body.Len(), want.Code, want.Body.Len())
		}
	}
	if n, hits := s.pages.order.Len(), s.pages.hits; n != 1 || hits != len(variants)-1 {
		t.Errorf("%d pages kept and %d hits, want 1 and %d", n, hits, len(variants)-1)
	}
	if get(t, s, "GET", "/?tokens=lots", "Accept-Encoding", "br"); s.pages.order.Len() != 1 {
		t.Errorf("a page with notices was kept")
	}
}

// TestPageCacheFlood checks that a flood of distinct junk parameters keeps
// one page, and that a flood of distinct states stays within the bounds.
func TestPageCacheFlood(t *testing.T) {
	s := newTestSite(t)
	for i := range 500 {
		get(t, s, "GET", fmt.Sprintf("/?tokens=2.5B&junk%d=%d", i, i), "Accept-Encoding", "br")
	}
	if n := s.pages.order.Len(); n != 1 {
		t.Errorf("500 junk queries of one state: %d pages kept, want 1", n)
	}
	for _, bound := range []struct{ max, maxBytes int }{{4, 1 << 20}, {100, 40_000}} {
		s.pages = newPageCache(bound.max, bound.maxBytes)
		for i := range 12 {
			get(t, s, "GET", fmt.Sprintf("/?tokens=%dB", i+1), "Accept-Encoding", "br")
		}
		sum := 0
		for e := s.pages.order.Front(); e != nil; e = e.Next() {
			sum += pageSize(e.Value.(*cachedPage))
		}
		if n := s.pages.order.Len(); n == 0 || n > bound.max || sum > bound.maxBytes || sum != s.pages.bytes {
			t.Errorf("bounds %d pages, %d bytes: kept %d pages of %d bytes (counted %d)", bound.max, bound.maxBytes, n, sum, s.pages.bytes)
		}
	}
}
