package web

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
)

// Parts is a file the server serves as one response but that is written as
// parts of one job each, in a folder of its own: Dir's files Names, in that
// order, joined by a line break between Head and Tail.
type Parts struct {
	Dir        string
	Names      []string
	Head, Tail string
}

// Boot is boot.js, the one script a page runs before its app, served as
// /web/boot.js: its parts in boot/, in the order they run (see
// boot/head.js), inside one function that runs at once. Each part is a run
// of statements of that function: they share its names, and a later part
// may use what an earlier declares.
var Boot = Parts{Dir: "boot", Names: []string{"head.js", "fault.js", "page.js", "embed.js", "start.js"},
	Head: "(() => {\n", Tail: "})();\n"}

// Styles is app.css, Energy Floor's stylesheet, served as /web/app.css and
// inlined into every page: its parts in css/, in cascade order (a later
// rule wins a tie): the page and its form; the statement, equivalents,
// headline figures and tables; the charts, the figure at your traffic and
// the status lines; the embed and narrow screens; print; Beyond the GPU,
// the published figures and the details under the figures, with their
// phone and wide-screen rules.
var Styles = Parts{Dir: "css", Names: []string{"page.css", "results.css", "charts.css", "embed.css", "print.css", "details.css"}}

// Join returns the file p's parts in assets make. A file in p.Dir that
// p.Names does not list is an error, so that no part is left out unseen.
func (p Parts) Join(assets fs.FS) ([]byte, error) {
	entries, err := fs.ReadDir(assets, p.Dir)
	if err != nil {
		return nil, fmt.Errorf("reading the parts in %s/: %w", p.Dir, err)
	}
	for _, e := range entries {
		if !slices.Contains(p.Names, e.Name()) {
			return nil, fmt.Errorf("%s/%s is no part of the file its folder makes: list it in web's Parts", p.Dir, e.Name())
		}
	}
	b := bytes.NewBufferString(p.Head)
	for i, name := range p.Names {
		part, err := fs.ReadFile(assets, p.Dir+"/"+name)
		if err != nil {
			return nil, fmt.Errorf("reading the parts in %s/: %w", p.Dir, err)
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(part)
	}
	b.WriteString(p.Tail)
	return b.Bytes(), nil
}
