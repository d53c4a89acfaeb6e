package web

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestParts: a file made of parts is its parts in their listed order between
// its head and tail, and a part that is missing, or a file of its folder that
// is no part, is an error rather than a file without it. boot.js and app.css
// are made from web/'s folders.
func TestParts(t *testing.T) {
	p := Parts{Dir: "d", Names: []string{"a.js", "b.js", "c.js"}, Head: "(\n", Tail: ")\n"}
	parts := func() fstest.MapFS {
		m := fstest.MapFS{}
		for _, name := range p.Names {
			m["d/"+name] = &fstest.MapFile{Data: []byte("// " + name + "\n")}
		}
		return m
	}
	got, err := p.Join(parts())
	if err != nil {
		t.Fatal(err)
	}
	if want := "(\n// a.js\n\n// b.js\n\n// c.js\n)\n"; string(got) != want {
		t.Errorf("Join = %q, want %q", got, want)
	}
	extra := parts()
	extra["d/more.js"] = &fstest.MapFile{Data: []byte("more();\n")}
	if _, err := p.Join(extra); err == nil || !strings.Contains(err.Error(), "d/more.js") {
		t.Errorf("with d/more.js, which Names does not list: err = %v, want one naming it", err)
	}
	missing := parts()
	delete(missing, "d/b.js")
	if _, err := p.Join(missing); err == nil {
		t.Error("without d/b.js: no error")
	}
	for _, p := range []Parts{Boot, Styles} {
		if _, err := p.Join(FS); err != nil {
			t.Errorf("web/%s/: %v", p.Dir, err)
		}
	}
}
