package server

import (
	"net/http"
	"reflect"
	"testing"
)

func TestPageCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	c := newPageCache(2)
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
// and that a revalidation still goes to go-app.
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
	if got := s.pages.hits - hits; got != 1 {
		t.Errorf("%d answers came from the cache, want 1: the revalidation goes to go-app", got)
	}
}
