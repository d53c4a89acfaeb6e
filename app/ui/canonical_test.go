//go:build !wasm

package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// canonical is html with each tag's attributes in order: go-app's
// HTMLString writes them in map order, which differs from one call to the
// next. go-app quotes attribute values Go-style, so a value is a Go string
// literal.
func canonical(t *testing.T, html string) string {
	t.Helper()
	attr := regexp.MustCompile(`\s[^\s=>]+(="(?:[^"\\]|\\.)*")?`)
	return regexp.MustCompile(`<[a-z][a-z0-9]*(?:\s[^\s=>]+(?:="(?:[^"\\]|\\.)*")?)*>`).ReplaceAllStringFunc(html, func(tag string) string {
		name := tag[:strings.IndexAny(tag, " \t\n>")]
		attrs := attr.FindAllString(tag[len(name):len(tag)-1], -1)
		slices.Sort(attrs)
		return name + strings.Join(attrs, "") + ">"
	})
}

func TestCanonical(t *testing.T) {
	a := canonical(t, `<div id="x" class="a b"><input value="q\"r" readonly type="text"></div>`)
	b := canonical(t, `<div class="a b" id="x"><input type="text" readonly value="q\"r"></div>`)
	if a != b {
		t.Errorf("the same tags in another attribute order differ:\n%s\n%s", a, b)
	}
	if c := canonical(t, `<div class="a b" id="y"><input type="text" readonly value="q\"r"></div>`); c == a {
		t.Error("another id gives the same canonical form")
	}
}
