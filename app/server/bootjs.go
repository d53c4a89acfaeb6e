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
		var err error
		tag := `<script defer src="` + prefix + name + `"></script>`
		if page, err = replaceOnce(page, tag, "", "go-app's tag for "+prefix+name); err != nil {
			return nil, err
		}
	}
	return page, nil
}

// replaceOnce replaces old by with in page, which must hold old exactly
// once (what names old in the error), so that a change of go-app's page
// cannot silently go unnoticed.
func replaceOnce(page []byte, old, with, what string) ([]byte, error) {
	if n := bytes.Count(page, []byte(old)); n != 1 {
		return nil, fmt.Errorf("the page has %s %d times, want once: has go-app changed?", what, n)
	}
	return bytes.Replace(page, []byte(old), []byte(with), 1), nil
}

// rewritePage makes a page written by htmlattr.Fix for a site under prefix
// what the server and the static build send: its stylesheets inlined (see
// inlineStyles.apply) and go-app's script tags left to web/boot.js.
func rewritePage(page []byte, prefix string, styles *inlineStyles) ([]byte, error) {
	page, err := styles.apply(page, prefix)
	if err != nil {
		return nil, err
	}
	return dropGoappScripts(page, prefix)
}
