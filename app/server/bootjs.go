package server

import (
	"bytes"
	"fmt"
)

// dropGoappScripts removes, from a page written by htmlattr.Fix for a site
// under prefix, go-app's deferred tags for wasm_exec.js and app.js: web/boot.js
// adds those two scripts itself, on a first visit only once the prerendered
// page has painted (see web/boot.js and the page head in app.Handler). Each
// tag must be there exactly once, so that a change of go-app cannot leave a
// page loading them twice or not at all.
func dropGoappScripts(page []byte, prefix string) ([]byte, error) {
	for _, name := range []string{"/wasm_exec.js", "/app.js"} {
		tag := []byte(`<script defer src="` + prefix + name + `"></script>`)
		if n := bytes.Count(page, tag); n != 1 {
			return nil, fmt.Errorf("the page has go-app's tag for %s %d times, want once: has go-app changed?", prefix+name, n)
		}
		page = bytes.Replace(page, tag, nil, 1)
	}
	return page, nil
}
