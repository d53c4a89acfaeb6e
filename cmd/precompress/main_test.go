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
		if err := precompress(name, &out); err != nil {
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
		if err := precompress(name, io.Discard); err != nil {
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
		if err := precompress(name, io.Discard); err != nil {
			t.Fatal(err)
		}
		check(t)
		if entries, _ := os.ReadDir(dir); len(entries) != 3 {
			t.Errorf("%d files left in the folder, want 3 (no temporary ones)", len(entries))
		}
	})
	t.Run("a missing input is an error", func(t *testing.T) {
		if err := precompress(filepath.Join(dir, "nope.wasm"), io.Discard); err == nil {
			t.Error("no error")
		}
	})
}
