package server

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

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
