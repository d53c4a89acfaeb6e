package server

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"energyfloor/app/ui"
	"energyfloor/data"
)

// datasetWith returns a copy of the embedded dataset with file changed by
// change.
func datasetWith(t *testing.T, file string, change func([]byte) []byte) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(data.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.Files(), name)
		if err != nil {
			return err
		}
		if name == file {
			changed := change(bytes.Clone(b))
			if bytes.Equal(changed, b) {
				t.Fatalf("the change left %s as it was", file)
			}
			b = changed
		}
		m[name] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m[file]; !ok {
		t.Fatalf("the dataset has no %s", file)
	}
	return m
}

// TestNewRefusesBadData: a Site is never built on a dataset that fails
// validation, so a server with bad data never listens and no static build of
// it is written; the error names the file and, where there is one, the row
// and field.
func TestNewRefusesBadData(t *testing.T) {
	const model = "lm-arena-chat/gemma-3-12b.json"
	for _, tc := range []struct {
		name, file string
		change     func([]byte) []byte
		want       []string
	}{
		{"a negative figure", model, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"joules_per_output_token":`), []byte(`"joules_per_output_token":-`), 1)
		}, []string{`file "` + model + `"`, `row "`, `field "joules_per_output_token"`}},
		{"a truncated file", model, func(b []byte) []byte { return b[:len(b)/2] }, []string{`file "` + model + `"`}},
		{"an unknown field", model, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"joules_per_output_token":`), []byte(`"joules_per_output_tokens":`), 1)
		}, []string{`file "` + model + `"`, "joules_per_output_tokens"}},
		{"a truncated index", "index.json", func(b []byte) []byte { return b[:len(b)-2] }, []string{`file "index.json"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(testAssets(t, fakeWasm), datasetWith(t, tc.file, tc.change))
			if err == nil {
				t.Fatalf("New built a Site (version %s) on a bad dataset", s.Version)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not name %s", err, want)
				}
			}
		})
	}
}

// TestVersionCoversPatches: the version is a hash of every byte the Site
// sends, its patches of go-app's pages among them: another string a patch
// writes into the pages (the preview's twitter:card) makes another version,
// which the footer and boot.js's script tag show.
func TestVersionCoversPatches(t *testing.T) {
	s1 := newTestSite(t)
	old := twitterCard
	twitterCard = "summary_large_image"
	defer func() { twitterCard = old }()
	s2, err := New(testAssets(t, fakeWasm), data.Files())
	if err != nil {
		t.Fatal(err)
	}
	if s1.Version == s2.Version {
		t.Fatalf("another twitter:card kept version %s", s1.Version)
	}
	page := get(t, s2, "GET", "/").Body.String()
	for _, want := range []string{`content="summary_large_image" name="twitter:card"`, "Energy Floor " + s2.Version, `data-version="` + s2.Version + `"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(page, unversioned) {
		t.Errorf("the page shows the version %q it was hashed with", unversioned)
	}
}

// TestWasmNamesItsVersion: app.wasm goes out with its version
// (ui.HeaderVersion), readable from other origins, and the static build's
// _headers gives it the same, for web/boot.js to compare with its page's.
func TestWasmNamesItsVersion(t *testing.T) {
	s := newTestSite(t)
	w := get(t, s, "GET", "/web/app.wasm")
	if got := w.Header().Get(ui.HeaderVersion); got != s.Version {
		t.Errorf("app.wasm's %s is %q, want %q", ui.HeaderVersion, got, s.Version)
	}
	if got := w.Header().Get("Access-Control-Expose-Headers"); got != ui.HeaderVersion {
		t.Errorf("Access-Control-Expose-Headers is %q, want %q", got, ui.HeaderVersion)
	}
	headers := StaticHeaders("/energy", s.Version, Headers)
	if want := "/energy/web/app.wasm\n  Content-Type: application/wasm\n  Cache-Control: no-cache\n  " + ui.HeaderVersion + ": " + s.Version + "\n"; !strings.Contains(headers, want) {
		t.Errorf("_headers lacks\n%s\nin\n%s", want, headers)
	}
}
