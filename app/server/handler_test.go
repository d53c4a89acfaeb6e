//go:build !wasm

package server

import (
	"strings"
	"testing"

	"energyfloor/app/ui"
)

// TestHandlerSetsAppVersion checks that the version given to handler reaches
// both places the UI reads GOAPP_VERSION from: the prerendered footer (the
// server's environment, which go-app's Handler sets from Version before it
// prerenders anything) and app.js's environment, which the wasm reads.
func TestHandlerSetsAppVersion(t *testing.T) {
	routesOnce.Do(ui.Routes)
	for _, tt := range []struct {
		name, version, prefix string
	}{
		{"at the root", "test-version-1", ""},
		{"under a sub-path", "test-version-2", "/energy"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := handler(tt.version, 1000, tt.prefix)
			get := func(path string) string {
				w := get(t, h, "GET", path)
				if w.Code != 200 {
					t.Fatalf("GET %s: status %d", path, w.Code)
				}
				return w.Body.String()
			}
			page := get("/")
			wantFooter := `<p class="versions">Energy Floor ` + tt.version + ` · data version `
			if !strings.Contains(page, wantFooter) {
				i := strings.Index(page, `class="versions"`)
				t.Errorf("the prerendered footer lacks %q; it reads %q", wantFooter, page[max(i, 0):min(max(i, 0)+120, len(page))])
			}
			if js := get("/app.js"); !strings.Contains(js, `"GOAPP_VERSION":"`+tt.version+`"`) {
				t.Errorf("app.js's environment lacks GOAPP_VERSION %q", tt.version)
			}
		})
	}
}
