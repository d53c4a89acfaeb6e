package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "app.wasm")
	raw := bytes.Repeat([]byte("energy floor "), 5000)
	if err := os.WriteFile(name, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	readers := map[string]func(io.Reader) (io.Reader, error){
		".br": func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		".gz": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	check := func(t *testing.T) {
		t.Helper()
		for suffix, reader := range readers {
			f, err := os.Open(name + suffix)
			if err != nil {
				t.Fatal(err)
			}
			r, err := reader(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			f.Close()
			if err != nil || !bytes.Equal(got, raw) {
				t.Errorf("%s decodes to %d bytes (%v), want the %d of the input", suffix, len(got), err, len(raw))
			}
		}
	}

	t.Run("writes both forms", func(t *testing.T) {
		var out strings.Builder
		if err := precompress(name, withBrotliQuality(11), &out); err != nil {
			t.Fatal(err)
		}
		check(t)
		if !strings.HasPrefix(out.String(), "app.wasm: 65000 bytes, .br ") {
			t.Errorf("printed %q", out.String())
		}
	})
	t.Run("an up-to-date form is left alone", func(t *testing.T) {
		old := time.Now().Add(-time.Hour).Truncate(time.Second)
		os.Chtimes(name+".br", old, old)
		if err := precompress(name, withBrotliQuality(11), io.Discard); err != nil {
			t.Fatal(err)
		}
		if info, _ := os.Stat(name + ".br"); !info.ModTime().Equal(old) {
			t.Error(".br was rewritten although it was up to date")
		}
	})
	t.Run("a stale or broken form is replaced", func(t *testing.T) {
		os.WriteFile(name+".gz", []byte("not gzip"), 0o644)
		raw = append(raw, "more"...)
		os.WriteFile(name, raw, 0o644)
		if err := precompress(name, withBrotliQuality(11), io.Discard); err != nil {
			t.Fatal(err)
		}
		check(t)
		if entries, _ := os.ReadDir(dir); len(entries) != 3 {
			t.Errorf("%d files left in the folder, want 3 (no temporary ones)", len(entries))
		}
	})
	t.Run("a missing input is an error", func(t *testing.T) {
		if err := precompress(filepath.Join(dir, "nope.wasm"), withBrotliQuality(11), io.Discard); err == nil {
			t.Error("no error")
		}
	})
}

// TestBrotliQuality11 holds what `make wasm` ships to quality 11 with a
// 16 MB window: the .br written for testdata/doc.txt is, byte for byte,
// testdata/doc.txt.q11.br, which the reference brotli tool wrote
// (`brotli -q 11 --lgwin=24`). A lower quality, as the browser suite's
// second build asks for, writes another file that decodes to the same bytes.
func TestBrotliQuality11(t *testing.T) {
	raw, err := os.ReadFile("testdata/doc.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/doc.txt.q11.br")
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "doc.txt")
	if err := os.WriteFile(name, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := precompress(name, withBrotliQuality(11), io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(name + ".br")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the .br at quality 11 is %d bytes, not the reference tool's %d-byte brotli -q 11 --lgwin=24", len(got), len(want))
	}

	os.Remove(name + ".br")
	if err := precompress(name, withBrotliQuality(1), io.Discard); err != nil {
		t.Fatal(err)
	}
	fast, err := os.ReadFile(name + ".br")
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := io.ReadAll(brotli.NewReader(bytes.NewReader(fast)))
	if err != nil || !bytes.Equal(decoded, raw) {
		t.Errorf("the .br at quality 1 decodes to %d bytes (%v), want the input's %d", len(decoded), err, len(raw))
	}
	if bytes.Equal(fast, want) {
		t.Error("quality 1 wrote the same bytes as quality 11")
	}
}
