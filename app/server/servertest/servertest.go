// Package servertest gives tests web/'s assets as a file system they can
// change, for a server (server.New) built without make wasm.
package servertest

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"energyfloor/web"
)

// Assets returns web.FS's files, the parts of boot.js and app.css among
// them, without app.wasm and its precompressed copies (a fresh clone has
// none): the test puts its own.
func Assets(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(web.FS, ".", func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || strings.HasPrefix(name, "app.wasm") {
			return err
		}
		b, err := fs.ReadFile(web.FS, name)
		m[name] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
