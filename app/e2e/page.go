package e2e

import (
	"html"
	"regexp"
	"strings"
)

// ParsePage reads a page as the server prerenders it (go-app's markup,
// attributes quoted by the server's rewrite), for CheckFigures and
// SameState.
func ParsePage(html string) Page { return htmlPage{html: html, tags: tagsByID(html)} }

// htmlPage is a prerendered page: its markup and, by id, each element's
// attributes.
type htmlPage struct {
	html string
	tags map[string]map[string]string
}

func (p htmlPage) Attr(id, name string) (string, bool) {
	v, ok := p.tags[id][name]
	return v, ok
}

var (
	tagRE  = regexp.MustCompile(`<[a-z][a-z0-9]*(\s[^>]*)?>`)
	attrRE = regexp.MustCompile(`([a-z][a-z0-9-]*)(?:="([^"]*)")?`)
)

// tagsByID returns the attributes (unescaped) of each element of page
// that has an id, by id.
func tagsByID(page string) map[string]map[string]string {
	byID := map[string]map[string]string{}
	for _, tag := range tagRE.FindAllString(page, -1) {
		if a := attrs(tag); a["id"] != "" {
			byID[a["id"]] = a
		}
	}
	return byID
}

// attrs returns the attributes of one start tag, unescaped.
func attrs(tag string) map[string]string {
	a := map[string]string{}
	name := strings.IndexFunc(tag, func(r rune) bool { return r == ' ' || r == '>' })
	for _, m := range attrRE.FindAllStringSubmatch(tag[name:], -1) {
		a[m[1]] = html.UnescapeString(m[2])
	}
	return a
}

// Field returns the value of the field id: a text field's value, or
// a select's selected option's (its first option's when none is
// selected, as a browser does).
func (p htmlPage) Field(id string) (string, bool) {
	a, ok := p.tags[id]
	if !ok {
		return "", false
	}
	if _, isInput := a["type"]; isInput {
		return a["value"], true
	}
	body := regexp.MustCompile(`(?s)<select[^>]*\sid="` + regexp.QuoteMeta(id) + `"[^>]*>(.*?)</select>`).FindStringSubmatch(p.html)
	if body == nil {
		return "", false // neither an input nor a select
	}
	first := ""
	for i, tag := range regexp.MustCompile(`<option[^>]*>`).FindAllString(body[1], -1) {
		o := attrs(tag)
		if i == 0 {
			first = o["value"]
		}
		if _, sel := o["selected"]; sel {
			return o["value"], true
		}
	}
	return first, true
}
