package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewBrowserStartsAgainAfterACrash starts the browser through a wrapper
// that, the first time, exits as a crashing Chromium does (before its
// DevTools port is up), and then runs the real one: NewBrowser must come back
// with a working browser, started twice. A wrapper that always exits must
// give up after startTries starts.
func TestNewBrowserStartsAgainAfterACrash(t *testing.T) {
	requireChromium(t)
	chromium, _ := ChromiumPath()
	dir := t.TempDir()
	count := filepath.Join(dir, "starts")
	wrapper := func(name, rest string) string {
		p := filepath.Join(dir, name)
		script := "#!/bin/sh\necho start >> '" + count + "'\n" + rest + "\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	starts := func() int {
		data, _ := os.ReadFile(count)
		return strings.Count(string(data), "start")
	}

	flaky := wrapper("flaky", `[ "$(grep -c start '`+count+`')" -ge 2 ] || { echo "crashed" >&2; exit 1; }
exec '`+chromium+`' "$@"`)
	b, err := NewBrowser(context.Background(), BrowserOptions{Chromium: flaky})
	if err != nil {
		t.Fatalf("NewBrowser through a browser that crashes once: %v", err)
	}
	defer b.Close()
	if got, err := Eval[int](b, `1 + 1`); err != nil || got != 2 {
		t.Fatalf("the restarted browser evaluates 1 + 1 to %d, %v", got, err)
	}
	if n := starts(); n != 2 {
		t.Errorf("started the browser %d times, want 2", n)
	}

	os.Remove(count)
	broken := wrapper("broken", `echo "crashed" >&2; exit 1`)
	if _, err := NewBrowser(context.Background(), BrowserOptions{Chromium: broken}); err == nil {
		t.Fatal("NewBrowser through a browser that never starts: no error")
	}
	if n := starts(); n != startTries {
		t.Errorf("started a browser that never starts %d times, want %d", n, startTries)
	}
}
