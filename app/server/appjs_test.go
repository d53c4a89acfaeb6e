package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkAppJS fails unless app.js takes app.wasm at wasm from boot.js's early
// compile, or else hands its own response to the streaming compiler, shows a
// static label and still removes the loader.
func checkAppJS(t *testing.T, js, wasm string) {
	t.Helper()
	for _, want := range []string{
		`const wasm = await (self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("` + wasm + `", go.importObject);`,
		`const goappLoadingLabel = "Loading…";`,
		`loader.remove();`,
	} {
		if !strings.Contains(js, want) {
			t.Errorf("app.js lacks %q", want)
		}
	}
	if strings.Contains(js, "fetchWithProgress(\"") {
		t.Error("app.js still fetches app.wasm through fetchWithProgress, whose synthesized Response defeats the code cache")
	}
}

func TestServedAppJSFetchesWasmDirectly(t *testing.T) {
	s := newTestSite(t)
	for _, tt := range []struct{ name, path, accept string }{
		{"app.js plain", "/app.js", ""},
		{"app.js br", "/app.js", "br"},
		{"goapp.js alias", "/goapp.js", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, s, "GET", tt.path, "Accept-Encoding", tt.accept)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			body := decode(t, w.Header().Get("Content-Encoding"), w.Body.Bytes())
			if got, want := w.Header().Get("Content-Length"), itoa(w.Body.Len()); got != want {
				t.Errorf("Content-Length %s, body %s bytes", got, want)
			}
			checkAppJS(t, string(body), "/web/app.wasm")
		})
	}
}

func TestStaticAppJSFetchesWasmDirectly(t *testing.T) {
	s := newTestSite(t)
	for _, prefix := range []string{"", "/energy"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dist")
			if err := s.WriteStatic(dir, prefix); err != nil {
				t.Fatal(err)
			}
			js, err := os.ReadFile(filepath.Join(dir, "app.js"))
			if err != nil {
				t.Fatal(err)
			}
			checkAppJS(t, string(js), prefix+"/web/app.wasm")
		})
	}
}

func TestFetchWasmDirectly(t *testing.T) {
	tests := []struct {
		name, in, want string
		wantErr        bool
	}{
		{"go-app's call", "x(instantiateStreaming(\n  fetchWithProgress(\"/web/app.wasm\", showProgress),\n  go.importObject\n))",
			`x((self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("/web/app.wasm", go.importObject))`, false},
		{"under a prefix", `instantiateStreaming(fetchWithProgress("/energy/web/app.wasm", showProgress), go.importObject)`,
			`(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))("/energy/web/app.wasm", go.importObject)`, false},
		{"the function's definition is kept", "async function fetchWithProgress(url, progess) {}\ninstantiateStreaming(fetchWithProgress(\"/a.wasm\", showProgress), go.importObject)",
			"async function fetchWithProgress(url, progess) {}\n(self.efInstantiate || (self.efInstantiate = null, (url, imports) => instantiateStreaming(fetch(url), imports)))(\"/a.wasm\", go.importObject)", false},
		{"fetch without instantiateStreaming", `x(fetchWithProgress("/web/app.wasm", showProgress), go.importObject)`, "", true},
		{"no call: another go-app", `instantiateStreaming(fetch(url))`, "", true},
		{"two calls", `instantiateStreaming(fetchWithProgress("/a", showProgress), go.importObject); instantiateStreaming(fetchWithProgress("/b", showProgress), go.importObject)`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fetchWasmDirectly([]byte(tt.in))
			if (err != nil) != tt.wantErr {
				t.Fatalf("error = %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
