package web

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestBootJS: boot.js is its parts in BootParts' order inside one function,
// and a part that is missing, or a file of boot/ that is no part, is an
// error rather than a script without it.
func TestBootJS(t *testing.T) {
	parts := func() fstest.MapFS {
		m := fstest.MapFS{}
		for _, name := range BootParts {
			m["boot/"+name] = &fstest.MapFile{Data: []byte("  // " + name + "\n")}
		}
		return m
	}
	got, err := BootJS(parts())
	if err != nil {
		t.Fatal(err)
	}
	want := "(() => {\n  // " + strings.Join(BootParts, "\n\n  // ") + "\n})();\n"
	if string(got) != want {
		t.Errorf("BootJS = %q, want %q", got, want)
	}
	extra := parts()
	extra["boot/more.js"] = &fstest.MapFile{Data: []byte("  more();\n")}
	if _, err := BootJS(extra); err == nil || !strings.Contains(err.Error(), "boot/more.js") {
		t.Errorf("with boot/more.js, which BootParts does not list: err = %v, want one naming it", err)
	}
	missing := parts()
	delete(missing, "boot/"+BootParts[1])
	if _, err := BootJS(missing); err == nil {
		t.Errorf("without boot/%s: no error", BootParts[1])
	}
	if _, err := BootJS(FS); err != nil {
		t.Errorf("web/boot/: %v", err)
	}
}
