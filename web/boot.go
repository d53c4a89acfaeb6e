package web

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
)

// BootParts are the parts of boot.js under boot/, one job each, in the order
// they run (see boot/head.js). Each is a run of statements of one function:
// they share its names, and a later part may use what an earlier declares.
var BootParts = []string{"head.js", "fault.js", "page.js", "embed.js", "start.js"}

// BootJS returns boot.js, the one script a page runs before its app, served
// as /web/boot.js: the BootParts in assets' boot/ folder, concatenated in
// order inside one function that runs at once. A file in boot/ that
// BootParts does not list is an error, so that no part is left out unseen.
func BootJS(assets fs.FS) ([]byte, error) {
	entries, err := fs.ReadDir(assets, "boot")
	if err != nil {
		return nil, fmt.Errorf("reading boot.js's parts: %w", err)
	}
	for _, e := range entries {
		if !slices.Contains(BootParts, e.Name()) {
			return nil, fmt.Errorf("boot/%s is no part of boot.js: list it in web.BootParts", e.Name())
		}
	}
	b := bytes.NewBufferString("(() => {\n")
	for i, name := range BootParts {
		part, err := fs.ReadFile(assets, "boot/"+name)
		if err != nil {
			return nil, fmt.Errorf("reading boot.js's parts: %w", err)
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(part)
	}
	b.WriteString("})();\n")
	return b.Bytes(), nil
}
