package server

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/ui"
)

// getHost answers a GET of target with Host host.
func getHost(s *Site, host, target string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", target, nil)
	r.Host = host
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// discovery returns the href of the page's oEmbed discovery link, failing
// unless there is exactly one.
func discovery(t *testing.T, page string) string {
	t.Helper()
	links := regexp.MustCompile(`<link rel="alternate" type="application/json\+oembed" href="([^"]*)"[^>]*>`).FindAllStringSubmatch(page, -1)
	if len(links) != 1 {
		t.Fatalf("page has %d oEmbed discovery links, want 1", len(links))
	}
	if !strings.Contains(page[:strings.Index(page, "</head>")], links[0][0]) {
		t.Error("the discovery link is not in the head")
	}
	return html.UnescapeString(links[0][1])
}

func TestOEmbedDiscovery(t *testing.T) {
	s := newTestSite(t)
	// The permalink is the state's: every parameter, in order (see ui.ReadPage).
	tests := []struct {
		name, origin, host, target, want string
	}{
		{"request's origin", "", "energy.test:8080", "/?tokens=2.5B&output=500",
			"http://energy.test:8080/oembed?url=" + url.QueryEscape("http://energy.test:8080/?itl=100&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=2.5B&workload=lm-arena-chat") + "&format=json"},
		{"configured origin, embed page", "https://floor.example", "localhost", "/embed?tokens=1e9",
			"https://floor.example/oembed?url=" + url.QueryEscape("https://floor.example/embed?itl=100&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=1e9&workload=lm-arena-chat") + "&format=json"},
		{"no query", "https://floor.example", "localhost", "/",
			"https://floor.example/oembed?url=" + url.QueryEscape("https://floor.example/?itl=100&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=1B&workload=lm-arena-chat") + "&format=json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.Origin = tt.origin
			defer func() { s.Origin = "" }()
			for range 2 { // the second from the page cache
				w := getHost(s, tt.host, tt.target)
				if w.Code != 200 {
					t.Fatalf("status %d", w.Code)
				}
				got := discovery(t, w.Body.String())
				if got != tt.want {
					t.Errorf("discovery href = %s\nwant %s", got, tt.want)
				}
			}
		})
	}
}

func TestOEmbedAnswer(t *testing.T) {
	s := newTestSite(t)
	page := "http://example.com/?tokens=2.5B&output=500&model=x%22y"
	tests := []struct {
		name, query  string
		wantW, wantH int
		wantSrc      string
	}{
		{"default size", "url=" + url.QueryEscape(page) + "&format=json", ui.EmbedWidth, ui.EmbedHeight,
			"http://example.com/embed?tokens=2.5B&output=500&model=x%22y"},
		{"within maxwidth and maxheight", "url=" + url.QueryEscape(page) + "&maxwidth=500&maxheight=300", 500, 300,
			"http://example.com/embed?tokens=2.5B&output=500&model=x%22y"},
		{"larger bounds", "url=" + url.QueryEscape("http://example.com/embed") + "&maxwidth=2000&maxheight=2000", ui.EmbedWidth, ui.EmbedHeight,
			"http://example.com/embed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", "/oembed?"+tt.query)
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			var a map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			for k, want := range map[string]any{"version": "1.0", "type": "rich", "provider_name": "Energy Floor",
				"provider_url": "http://example.com/", "width": float64(tt.wantW), "height": float64(tt.wantH),
				"cache_age": float64(oembedCacheAge)} {
				if a[k] != want {
					t.Errorf("%s = %v, want %v", k, a[k], want)
				}
			}
			if title, _ := a["title"].(string); title == "" {
				t.Error("no title")
			}
			frame, _ := a["html"].(string)
			m := regexp.MustCompile(`^<iframe src="([^"]*)" width="(\d+)" height="(\d+)" title="[^"]+" frameborder="0" loading="lazy"></iframe>$`).FindStringSubmatch(frame)
			if m == nil {
				t.Fatalf("html = %s", frame)
			}
			if src := html.UnescapeString(m[1]); src != tt.wantSrc {
				t.Errorf("src = %s, want %s", src, tt.wantSrc)
			}
			if m[2] != fmt.Sprint(tt.wantW) || m[3] != fmt.Sprint(tt.wantH) {
				t.Errorf("iframe is %s × %s, want %d × %d", m[2], m[3], tt.wantW, tt.wantH)
			}
		})
	}
}

func TestOEmbedRefused(t *testing.T) {
	s := newTestSite(t)
	for _, tt := range []struct {
		name, query string
		want        int
	}{
		{"no url", "", 404},
		{"another origin", "url=" + url.QueryEscape("http://other.example/?tokens=1e9"), 404},
		{"another scheme", "url=" + url.QueryEscape("https://example.com/"), 404},
		{"another port", "url=" + url.QueryEscape("http://example.com:81/"), 404},
		{"relative", "url=" + url.QueryEscape("/?tokens=1e9"), 404},
		{"not a page", "url=" + url.QueryEscape("http://example.com/web/app.wasm"), 404},
		{"not a page either", "url=" + url.QueryEscape("http://example.com/oembed"), 404},
		{"user info", "url=" + url.QueryEscape("http://u@example.com/"), 404},
		{"xml", "url=" + url.QueryEscape("http://example.com/") + "&format=xml", 501},
		{"xml, not ours", "url=" + url.QueryEscape("http://other.example/") + "&format=xml", 501},
		{"maxwidth 0", "url=" + url.QueryEscape("http://example.com/") + "&maxwidth=0", 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", "/oembed?"+tt.query)
			if w.Code != tt.want {
				t.Errorf("status = %d, want %d", w.Code, tt.want)
			}
			for k, want := range s.headers {
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
		})
	}
}

func TestOEmbedConfiguredOrigin(t *testing.T) {
	s := newTestSite(t)
	s.Origin = "https://floor.example"
	if w := get(t, s, "GET", "/oembed?url="+url.QueryEscape("http://example.com/")); w.Code != 404 {
		t.Errorf("the request's origin, not the configured one: status %d, want 404", w.Code)
	}
	w := get(t, s, "GET", "/oembed?url="+url.QueryEscape("https://floor.example/?tokens=1e9"))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `src=\"https://floor.example/embed?tokens=1e9\"`) {
		t.Errorf("status %d, %s", w.Code, w.Body)
	}
}

func TestLinkPreview(t *testing.T) {
	s := newTestSite(t)
	s.Origin = "https://floor.example"
	for _, target := range []string{"/embed?tokens=2.5B&output=500&itl=100", "/?itl=100&tokens=2.5B&output=500"} {
		t.Run(target, func(t *testing.T) {
			w := get(t, s, "GET", target)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			page := w.Body.String()
			head := page[:strings.Index(page, "</head>")]
			meta := func(attr, name string) string {
				t.Helper()
				m := regexp.MustCompile(`<meta content="([^"]*)" `+attr+`="`+name+`">`).FindAllStringSubmatch(head, -1)
				if len(m) != 1 {
					t.Fatalf("head has %d %s, want 1", len(m), name)
				}
				return html.UnescapeString(m[0][1])
			}
			path := target[:strings.Index(target, "?")]
			wantURL := "https://floor.example" + path + "?itl=100&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=2.5B&workload=lm-arena-chat"
			wantTitle := "At least 0.0334 Wh per request for Qwen 3 235B A22B Instruct"
			for _, c := range []struct{ attr, name, want string }{
				{"property", "og:url", wantURL},
				{"property", "og:title", wantTitle},
				{"name", "twitter:title", wantTitle},
				{"name", "twitter:card", "summary"},
				{"property", "og:image", "https://floor.example/web/icon-512.png"},
			} {
				if got := meta(c.attr, c.name); got != c.want {
					t.Errorf("%s = %q, want %q", c.name, got, c.want)
				}
			}
			for _, name := range []string{"og:description", "twitter:description"} {
				attr := "property"
				if strings.HasPrefix(name, "twitter") {
					attr = "name"
				}
				d := meta(attr, name)
				if !strings.HasPrefix(d, wantTitle+", 167 kWh a month") || !strings.HasSuffix(d, "under a latency limit).") {
					t.Errorf("%s = %q, want the figures and the caveat's first sentence", name, d)
				}
			}
		})
	}
}
