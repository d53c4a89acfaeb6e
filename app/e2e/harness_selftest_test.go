package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHarnessCatchesWhatItMust checks the harness itself on a page built to
// misbehave: a request to another host, a request to another 127.0.0.1
// port, a console error and an uncaught exception must all be reported, and
// typing must replace a field's text.
func TestHarnessCatchesWhatItMust(t *testing.T) {
	requireChromium(t)
	other, stopOther, err := ServeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Write([]byte("x"))
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer stopOther()
	page := `<!doctype html><meta charset=utf-8><title>bad</title>
<input id=f value=old><output id=o data-wh=1></output>
<script>
document.getElementById("f").addEventListener("input", e => document.getElementById("o").setAttribute("data-wh", e.target.value));
fetch("http://example.invalid/beacon").catch(() => {});
fetch("` + other + `/other-port").catch(() => {});
console.error("boom");
setTimeout(() => { throw new Error("uncaught"); }, 0);
</script>`
	b, site := browseHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}), 1280, 900)
	if err := b.Type("#f", "２.5M\u200f"); err != nil {
		t.Fatal(err)
	}
	got, err := b.WaitAttrChange("#o", "data-wh", "1", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if want := "２.5M\u200f"; got != want {
		t.Errorf("after typing, data-wh = %q, want %q", got, want)
	}
	if _, err := Poll[bool](b, `performance.getEntriesByType("resource").length >= 2`, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)

	off := strings.Join(b.OffOrigin(site), "\n")
	for _, want := range []string{"http://example.invalid/beacon", other + "/other-port", "left the machine: "} {
		if !strings.Contains(off, want) {
			t.Errorf("OffOrigin() does not report %q; got:\n%s", want, off)
		}
	}
	errs := strings.Join(b.ConsoleErrors(), "\n")
	for _, want := range []string{"boom", "uncaught"} {
		if !strings.Contains(errs, want) {
			t.Errorf("ConsoleErrors() does not report %q; got:\n%s", want, errs)
		}
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the message instead of
// ending the test, for checks of what the harness refuses.
type fatalRecorder struct {
	testing.TB
	name  string
	fatal string
}

func (r *fatalRecorder) Name() string { return r.name }

func (r *fatalRecorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }

// TestNotParallelRefusesParallelTests: what must not run beside another
// test (liveApp, onDisk) fails a test that called parallel, and its
// subtests, and no other test.
func TestNotParallelRefusesParallelTests(t *testing.T) {
	parallelTests.Store("TestMarkedParallel", true)
	defer parallelTests.Delete("TestMarkedParallel")
	for name, refused := range map[string]bool{"TestMarkedParallel": true, "TestMarkedParallel/server": true, "TestMarkedParallelToo": false, "TestOther/TestMarkedParallel": false} {
		r := &fatalRecorder{TB: t, name: name}
		notParallel(r, "liveApp")
		if got := r.fatal != ""; got != refused {
			t.Errorf("notParallel in %s: refused %t (%q), want %t", name, got, r.fatal, refused)
		}
	}
}
