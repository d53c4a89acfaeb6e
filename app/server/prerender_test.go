package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func TestFixAttributeQuoting(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain, attributes sorted", `<p id="a" class="b c">x</p>`, `<p class="b c" id="a">x</p>`},
		{"doctype and closing tags", "<!doctype html>\n<html lang=\"en\">\n</html>", "<!doctype html>\n<html lang=\"en\">\n</html>"},
		{"boolean attribute", `<input readonly id="x">`, `<input id="x" readonly>`},
		{"quote in a value", `<textarea value="<iframe style=\"border:0\">"></textarea>`, `<textarea value="&lt;iframe style=&#34;border:0&#34;&gt;"></textarea>`},
		{"breakout attempt", `<input value="\"><h1 id=pwned>">`, `<input value="&#34;&gt;&lt;h1 id=pwned&gt;">`},
		{"backslash", `<p title="a\\b">`, `<p title="a\b">`},
		{"escaped controls", `<p title="a\nb\u200fc">`, "<p title=\"a\nb\u200fc\">"},
		{"ampersand", `<a href="/?a=1&b=2">`, `<a href="/?a=1&amp;b=2">`},
		{"escaped text kept", `<p>&lt;b&gt; &amp; &#34;</p>`, `<p>&lt;b&gt; &amp; &#34;</p>`},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="1"></circle></svg>`, `<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fixAttributeQuoting([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	for _, bad := range []string{`<p id="a>`, `<p id=a>`, `<p`, `<p id="a"`} {
		if _, err := fixAttributeQuoting([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestPrerenderDeterministic: the same URL gives the same bytes, though
// go-app writes attributes in map order.
func TestPrerenderDeterministic(t *testing.T) {
	s := newTestSite(t)
	first := get(t, s, "GET", "/?tokens=2.5B&gpu=H100").Body.String()
	for range 5 {
		if got := get(t, s, "GET", "/?tokens=2.5B&gpu=H100").Body.String(); got != first {
			t.Fatal("two answers for one URL differ")
		}
	}
}

// TestPrerenderHostileQuery checks the served page end to end: whatever the
// query, no value breaks out of its attribute.
func TestPrerenderHostileQuery(t *testing.T) {
	s := newTestSite(t)
	hostile := []string{
		`"><h1 id=pwned>x</h1>`,
		`'><h1 id=pwned>x</h1>`,
		`<script>alert(1)</script>`,
		"\u202e1e9\u200f",
		strings.Repeat(`"`, 2000),
		`1e309`, `-0`, `0x10`, `NaN`, "１２３",
	}
	for _, h := range hostile {
		for _, param := range []string{"tokens", "output", "itl", "pct", "gpu", "model", "workload"} {
			for _, path := range []string{"/", "/embed"} {
				target := path + "?" + url.Values{param: {h}}.Encode()
				w := get(t, s, "GET", target)
				if w.Code != 200 {
					t.Fatalf("%s: status %d", target, w.Code)
				}
				page := w.Body.String()
				if strings.Contains(page, "pwned>") || strings.Contains(page, "<script>") || strings.Contains(page, `\"`) {
					t.Errorf("%s: the value escaped into markup", target)
				}
				if got := w.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
					t.Errorf("%s: Content-Type %q", target, got)
				}
			}
		}
	}
}

// BenchmarkFixAttributeQuoting measures the pass on the default page.
func BenchmarkFixAttributeQuoting(b *testing.B) {
	s := newTestSite(b)
	p := &pageWriter{header: make(map[string][]string), status: 200}
	s.app.ServeHTTP(p, httptestRequest("/"))
	page := p.body.Bytes()
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		if _, err := fixAttributeQuoting(page); err != nil {
			b.Fatal(err)
		}
	}
}

func httptestRequest(target string) *http.Request { return httptest.NewRequest("GET", target, nil) }
