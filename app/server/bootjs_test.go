package server

import (
	"strings"
	"testing"
)

func TestDropGoappScripts(t *testing.T) {
	const (
		exec = `<script defer src="/energy/wasm_exec.js"></script>`
		app  = `<script defer src="/energy/app.js"></script>`
		boot = `<script async src="/energy/web/boot.js"></script>`
	)
	tests := []struct {
		name, page, prefix, want, err string
	}{
		{"both tags, under a prefix", "<head>" + exec + app + boot + "</head>", "/energy", "<head>" + boot + "</head>", ""},
		{"both tags, at the root", `<head><script defer src="/wasm_exec.js"></script><script defer src="/app.js"></script></head>`, "", "<head></head>", ""},
		{"the other prefix's tags", "<head>" + exec + app + "</head>", "", "", "/wasm_exec.js 0 times"},
		{"app.js missing", "<head>" + exec + "</head>", "/energy", "", "/energy/app.js 0 times"},
		{"wasm_exec.js twice", "<head>" + exec + exec + app + "</head>", "/energy", "", "/energy/wasm_exec.js 2 times"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := dropGoappScripts([]byte(tt.page), tt.prefix)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error = %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
