package server

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"

	json "github.com/goccy/go-json"

	"energyfloor/app/ui"
)

// oEmbed (https://oembed.com): WordPress and Ghost turn a pasted permalink
// into the embed when the page links an oEmbed endpoint (discovery) that
// answers with a rich type's iframe. The server does both; the static build
// has no endpoint, so its pages have no discovery link.

// oembedPath is the server's oEmbed endpoint.
const oembedPath = "/oembed"

// oembedCacheAge is the cache_age of an answer, in seconds: the iframe it
// gives depends only on the permalink and the origin, not on the version.
const oembedCacheAge = 86400

// oembedAnswer is a rich oEmbed response.
type oembedAnswer struct {
	Version      string `json:"version"`
	Type         string `json:"type"`
	ProviderName string `json:"provider_name"`
	ProviderURL  string `json:"provider_url"`
	Title        string `json:"title"`
	HTML         string `json:"html"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	CacheAge     int    `json:"cache_age"`
}

// permalink returns the page at path with the raw query rawQuery, read as
// page, as a permalink on origin: the query of the state it decodes to when
// it decodes cleanly (see ui.PageLink's Key), else the query as it is.
func permalink(origin, path, rawQuery string, page ui.PageLink) string {
	if page.Key != "" {
		return origin + page.Key
	}
	if rawQuery == "" {
		return origin + path
	}
	return origin + path + "?" + rawQuery
}

// oembedLink returns the discovery link of the page whose permalink is
// link, for a page head.
func oembedLink(origin, link string) string {
	href := origin + oembedPath + "?url=" + url.QueryEscape(link) + "&format=json"
	return `<link rel="alternate" type="application/json+oembed" href="` + html.EscapeString(href) + `" title="` + ui.EmbedTitle + `">`
}

// addOEmbedLink puts the discovery link for the page's permalink link on
// origin at the end of a prerendered page's head.
func addOEmbedLink(page []byte, origin, link string) ([]byte, error) {
	return replaceOnce(page, "</head>", oembedLink(origin, link)+"\n</head>", patchOEmbed, "</head>")
}

// serveOEmbed answers /oembed?url=&maxwidth=&maxheight=&format=: for a
// permalink of one of the site's pages (on the origin its pages name, see
// pageOrigin; path / or /embed) a rich answer whose html is the embed's
// iframe with the permalink's query, sized within maxwidth and maxheight.
// Another URL gets 404, a format other than json 501 (as the oEmbed spec
// says), a malformed maxwidth or maxheight 400.
func (s *Site) serveOEmbed(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		http.Error(w, "not implemented: only format=json", http.StatusNotImplemented)
		return
	}
	width, height := ui.EmbedWidth, ui.EmbedHeight
	for _, l := range []struct {
		name string
		v    *int
	}{{"maxwidth", &width}, {"maxheight", &height}} {
		v := q.Get(l.name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			http.Error(w, "bad request: "+l.name+" must be a positive whole number of pixels", http.StatusBadRequest)
			return
		}
		*l.v = min(*l.v, n)
	}
	origin := s.pageOrigin(r)
	u, err := url.Parse(q.Get("url"))
	if origin == "" || err != nil || u.Scheme+"://"+u.Host != origin || u.User != nil || u.Fragment != "" ||
		!slices.Contains(ui.Pages, u.Path) {
		http.Error(w, "not found: url is not a permalink of this site", http.StatusNotFound)
		return
	}
	title := ui.EmbedTitle
	if p, _ := ui.ReadPage(u.Path, u.RawQuery); p.Title != "" {
		title = p.Title + " (" + ui.EmbedTitle + ")"
	}
	src := origin + "/embed"
	if u.RawQuery != "" {
		src += "?" + u.RawQuery
	}
	body, err := json.Marshal(oembedAnswer{
		Version:      "1.0",
		Type:         "rich",
		ProviderName: "Energy Floor",
		ProviderURL:  origin + "/",
		Title:        title,
		HTML:         ui.OEmbedFrame(src, width, height),
		Width:        width,
		Height:       height,
		CacheAge:     oembedCacheAge,
	})
	if err != nil {
		http.Error(w, fmt.Sprintf("internal error: %v", err), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "max-age="+strconv.Itoa(oembedCacheAge))
	h.Set("ETag", etagOf(body))
	serveBody(w, r, body)
}

// ogMeta matches go-app's Open Graph element for a property, once
// escapeAttributes has sorted its attributes.
func ogMeta(property string) *regexp.Regexp {
	return regexp.MustCompile(`<meta content="[^"]*" property="` + regexp.QuoteMeta(property) + `">`)
}

var ogURL, ogTitle, ogDescription, ogImage = ogMeta("og:url"), ogMeta("og:title"), ogMeta("og:description"), ogMeta("og:image")

// twitterCard is the twitter:card a page's preview asks for.
var twitterCard = "summary"

// setPreview gives a page the link preview of its own state: og:url its
// permalink link (go-app writes a fixed one), og:title and og:description
// its figure in words with the caveat's first sentence (page's, see
// link.Preview),
// og:image the app's icon on origin (go-app writes "https://"), and a
// twitter:card (summary) with the same title and description. A query
// whose workload is unknown keeps go-app's title and description.
func setPreview(page []byte, origin, link string, p ui.PageLink) ([]byte, error) {
	meta := func(attr, name, content string) string {
		return `<meta content="` + html.EscapeString(content) + `" ` + attr + `="` + name + `">`
	}
	set := map[*regexp.Regexp]string{ogURL: meta("property", "og:url", link),
		ogImage: meta("property", "og:image", origin+"/web/icon-512.png")}
	extra := ""
	if title, description := p.Title, p.Description; title != "" {
		set[ogTitle] = meta("property", "og:title", title)
		set[ogDescription] = meta("property", "og:description", description)
		extra = meta("name", "twitter:card", twitterCard) + meta("name", "twitter:title", title) +
			meta("name", "twitter:description", description)
	}
	for re, with := range set {
		if n := len(re.FindAllIndex(page, 2)); n != 1 {
			return nil, fmt.Errorf("patch %q: the page has %d elements %s, want one: has go-app changed?", patchPreview, n, re)
		}
		page = re.ReplaceAllLiteral(page, []byte(with))
	}
	if extra == "" {
		return page, nil
	}
	return replaceOnce(page, "</head>", extra+"\n</head>", patchPreview, "</head>")
}
