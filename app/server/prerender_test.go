package server

import (
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/app/ui"
	"energyfloor/data"
)

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
		if _, err := escapeAttributes(page); err != nil {
			b.Fatal(err)
		}
	}
}

func httptestRequest(target string) *http.Request { return httptest.NewRequest("GET", target, nil) }

// TestPrerenderSalvagesTheQuery checks that the good parameters of a query
// url.ParseQuery refuses reach the prerendered form, and that the page says
// what it read differently.
func TestPrerenderSalvagesTheQuery(t *testing.T) {
	s := newTestSite(t)
	tests := []struct {
		name, target string
		wantNotice   string // "" for no #notices
	}{
		{"a semicolon", "/?tokens=5M;itl=50",
			`Read ";" as "&" in "tokens=5M;itl=50": parameters are separated by "&".`},
		{"more than 10,000 parameters", "/?" + strings.Repeat("utm=1&", 10_000) + "tokens=5M&itl=50", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", tt.target)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			page := w.Body.String()
			for _, in := range []struct{ id, want string }{{"tokens-per-month", "5M"}, {"itl-ms", "50"}} {
				m := regexp.MustCompile(`id="` + in.id + `"[^>]*value="([^"]*)"`).FindStringSubmatch(page)
				if m == nil {
					t.Fatalf("no input #%s", in.id)
				}
				if m[1] != in.want {
					t.Errorf("#%s has value %q, want %q", in.id, m[1], in.want)
				}
			}
			if got := strings.Contains(page, `id="notices"`); got != (tt.wantNotice != "") {
				t.Errorf("#notices shown: %v, want %v", got, tt.wantNotice != "")
			}
			if tt.wantNotice != "" && !strings.Contains(page, "<li>"+html.EscapeString(tt.wantNotice)+"</li>") {
				t.Errorf("the page lacks the notice %q", tt.wantNotice)
			}
		})
	}
}

// TestPrerenderedEmbedSnippetOrigin checks that the embed snippet of a
// served page is an absolute URL on the page's origin, for each Host of one
// URL in turn (so a kept page never names another Host), or on the Site's
// Origin when set. (The snippet is HTML: its src writes & as &amp;.)
func TestPrerenderedEmbedSnippetOrigin(t *testing.T) {
	s := newTestSite(t)
	const note = "<!-- Replace https://your-energy-floor-site.example with the origin this calculator is served from, such as https://example.org. -->\n"
	const query = "itl=80&amp;model=qwen-3-235b-a22b-instruct&amp;output=500&amp;pct=median&amp;tokens=2.5B&amp;v=2026-10-19&amp;workload=lm-arena-chat"
	tests := []struct{ name, origin, host, want string }{
		{"the request's host", "", "127.0.0.1:8000", `<iframe src="http://127.0.0.1:8000/embed?` + query + `" title=`},
		{"another host, in lower case", "", "Energy.Example:8080", `<iframe src="http://energy.example:8080/embed?` + query + `" title=`},
		{"an IPv6 address", "", "[::1]:8000", `<iframe src="http://[::1]:8000/embed?` + query + `" title=`},
		{"a host that is not a plain name: the placeholder and its note", "", "a_b.example",
			note + `<iframe src="https://your-energy-floor-site.example/embed?` + query + `" title=`},
		{"the Site's origin wins over the host", "https://example.org", "127.0.0.1:8000", `<iframe src="https://example.org/embed?` + query + `" title=`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.Origin = tt.origin
			for _, coding := range []string{"identity", "br"} { // the second from the page cache
				r := httptest.NewRequest("GET", "/?tokens=2.5B&itl=80", nil)
				r.Host = tt.host
				r.Header.Set("Accept-Encoding", coding)
				w := httptest.NewRecorder()
				s.ServeHTTP(w, r)
				if w.Code != 200 {
					t.Fatalf("status %d", w.Code)
				}
				page := string(decode(t, w.Header().Get("Content-Encoding"), w.Body.Bytes()))
				if got := embedSnippetText(t, page); !strings.HasPrefix(got, tt.want) {
					t.Errorf("%s: the embed snippet is\n%s\nwant it to start\n%s", coding, got, tt.want)
				}
				// The statement's link: on the same origin as the snippet,
				// else relative to the page, never a placeholder.
				origin := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(tt.want, note), `<iframe src="`), "/embed?"+query+`" title=`)
				if origin == ui.OriginPlaceholder {
					origin = ""
				}
				if href, text := statementLink(t, page); href != origin+"/?"+html.UnescapeString(query) || text != href {
					t.Errorf("%s: the statement's link is %q (text %q), want %q", coding, href, text, origin+"/?"+html.UnescapeString(query))
				}
			}
		})
	}
}

// TestPageETagFollowsTheOrigin checks that a page's ETag changes with the
// origin its embed snippet names: two servers of one build with different
// Origins give one page different ETags, and a copy from the first is not
// confirmed by the second, which would leave the old origin in the client's
// snippet; nor by the first once its Origin has changed, though it kept the
// page. The same Origin gives the same ETag: a restart is not a change.
func TestPageETagFollowsTheOrigin(t *testing.T) {
	const target = "/?tokens=2.5B&itl=80"
	for _, coding := range []string{"identity", "br", "gzip"} {
		t.Run(coding, func(t *testing.T) {
			first, restarted, other := newTestSite(t), newTestSite(t), newTestSite(t)
			first.Origin, restarted.Origin, other.Origin = "https://a.example", "https://a.example", "https://b.example"
			old := get(t, first, "GET", target, "Accept-Encoding", coding)
			etag := old.Header().Get("ETag")
			if old.Code != 200 || etag == "" {
				t.Fatalf("status %d, ETag %q", old.Code, etag)
			}
			if got := get(t, restarted, "GET", target, "Accept-Encoding", coding).Header().Get("ETag"); got != etag {
				t.Errorf("the same Origin gave ETags %s and %s", etag, got)
			}
			first.Origin = other.Origin
			for _, s := range []struct {
				name string
				site *Site
			}{{"another server", other}, {"the first, its Origin changed", first}} {
				w := get(t, s.site, "GET", target, "Accept-Encoding", coding, "If-None-Match", etag)
				if w.Code != http.StatusOK || w.Header().Get("ETag") == etag {
					t.Fatalf("%s: a copy for https://a.example revalidated: status %d, ETag %s; want 200 with another ETag",
						s.name, w.Code, w.Header().Get("ETag"))
				}
				page := string(decode(t, w.Header().Get("Content-Encoding"), w.Body.Bytes()))
				if got := embedSnippetText(t, page); !strings.Contains(got, `src="https://b.example/embed?`) {
					t.Errorf("%s: the embed snippet is\n%s\nwant it on https://b.example", s.name, got)
				}
				if m := regexp.MustCompile(`id="statement-link"[^>]*>\s*([^<]*)<`).FindStringSubmatch(page); m == nil ||
					!strings.HasPrefix(html.UnescapeString(m[1]), "https://b.example/?") || !strings.Contains(page, `href="https://b.example/?`) {
					t.Errorf("%s: the statement's permalink is not on https://b.example: %q", s.name, m)
				}
			}
		})
	}
}

// TestPrerenderDiffusion: an image and a video permalink are prerendered
// with the selected model's floor from the calculation (floor.ModelFloor),
// per image or video, the images or videos a month in the requests field,
// and no token field shown or sent.
func TestPrerenderDiffusion(t *testing.T) {
	s := newTestSite(t)
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
		"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b"} {
		page := get(t, s, "GET", "/?"+q).Body.String()
		v, _ := url.ParseQuery(q)
		w := ds.DiffusionWorkload(v.Get("workload"))
		in := floor.Inputs{Workload: w.ID, Model: v.Get("model"), GPU: v.Get("gpu")}
		in.ImagesOrVideosPerMonth, _ = floor.ParseRequestsPerMonth(v.Get("requests"))
		in.TargetLatencyS, _ = floor.ParseLatencyS(v.Get("latency"))
		r, ok := floor.ModelFloor(w.Model(in.Model), in)
		if !ok || !r.Meets() {
			t.Fatalf("%s: no floor", q)
		}
		for _, want := range []string{
			`<span class="figure-value" data-wh="` + r.Figures.WhPerRequest.String() + `" id="energy-per-request">`,
			`data-row-id="` + r.Chosen.RowID + `"`,
			`Per ` + w.Kind.Request() + `</span>`,
			`name="requests" spellcheck="false" type="text" value="` + v.Get("requests") + `"`,
			`name="latency" spellcheck="false" type="text" value="` + v.Get("latency") + `"`,
			`<input disabled id="itl-ms" name="itl" type="hidden">`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %s", q, want)
			}
		}
	}
}

// TestPercentSignsUnspaced: the served pages set percentages in English
// style, "43%", with no space before the sign (issue 38): the default page,
// a factor page with a field's message, an image page and a video page,
// hints, messages, published scopes and assumptions included.
func TestPercentSignsUnspaced(t *testing.T) {
	s := newTestSite(t)
	drop := regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>|<[^>]*>`)
	spaced := regexp.MustCompile(`\d[ \x{00a0}\x{202f}]%`)
	for _, target := range []string{
		"/",
		"/?host=0.43&idle=17%25&pue=1.2&grid=USA&price=0.15&cur=USD",
		"/?workload=text-to-image",
		"/?workload=text-to-video",
		"/embed",
	} {
		w := get(t, s, "GET", target)
		if w.Code != 200 {
			t.Fatalf("%s: status %d", target, w.Code)
		}
		text := html.UnescapeString(drop.ReplaceAllString(w.Body.String(), " "))
		for _, m := range spaced.FindAllStringIndex(text, -1) {
			t.Errorf("%s: a space before a percent sign: %q", target, text[max(0, m[0]-60):m[1]])
		}
	}
}

// TestDiffusionTrafficSentence: an image page's configuration at your
// traffic is a sentence, as a token page's is: "At your volume, the least
// energy is on a server with 1 H100 GPU in batches of …".
func TestDiffusionTrafficSentence(t *testing.T) {
	s := newTestSite(t)
	drop := regexp.MustCompile(`<[^>]*>`)
	text := html.UnescapeString(drop.ReplaceAllString(get(t, s, "GET", "/?workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100").Body.String(), ""))
	if want := "At your volume, the least energy is on a server with 1 H100 GPU in batches of 1 ("; !strings.Contains(text, want) {
		i := strings.Index(text, "The configuration at your traffic")
		t.Errorf("the image page lacks %q; it reads %q", want, text[max(0, i):min(len(text), i+160)])
	}
}
