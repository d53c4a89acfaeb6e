package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBrowserBuildHasNoNetHTTP builds the workspace and lists app.wasm's
// packages in it: go-app comes from the copy, and neither net/http nor the
// crypto it brings is among them, while the server, built outside the
// workspace, still has go-app's Handler and net/http.
func TestBrowserBuildHasNoNetHTTP(t *testing.T) {
	out := t.TempDir()
	if err := write(out); err != nil {
		t.Fatal(err)
	}
	browser := goList(t, filepath.Join(out, "go.work"), "js", "wasm", "{{.ImportPath}} {{.Dir}}", "energyfloor/wasm")
	appDir := ""
	for _, line := range browser {
		if path, dir, _ := strings.Cut(line, " "); path == goApp+"/pkg/app" {
			appDir = dir
		}
	}
	if want := filepath.Join(out, "go-app", "pkg", "app"); appDir != want {
		t.Errorf("app.wasm's go-app is %q, want the copy %q", appDir, want)
	}
	for _, pkg := range []string{"net/http", "crypto/tls", "crypto/x509", "crypto/hpke", "crypto/internal/fips140/mlkem"} {
		if slices.ContainsFunc(browser, func(l string) bool { return strings.HasPrefix(l, pkg+" ") }) {
			t.Errorf("%s is among app.wasm's packages", pkg)
		}
	}
	server := goList(t, "off", "", "", "{{.ImportPath}} {{.Dir}}", "energyfloor/cmd/server")
	if !slices.ContainsFunc(server, func(l string) bool { return strings.HasPrefix(l, "net/http ") }) {
		t.Error("the server does not import net/http: is the workspace leaking into its build?")
	}
}

// goList returns `go list -deps -f format pkg`'s lines in workspace gowork.
func goList(t *testing.T, gowork, goos, goarch, format, pkg string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", format, pkg)
	cmd.Env = append(os.Environ(), "GOWORK="+gowork)
	if goos != "" {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH="+goarch)
	}
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// TestGoAppThatNoLongerFitsFailsTheBuild: a server-only file that already has
// a constraint, or that no longer declares what the browser names, stops the
// build with a message that says so.
func TestGoAppThatNoLongerFitsFailsTheBuild(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.go")
	if err := os.WriteFile(file, []byte("//go:build linux\n\npackage app\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := constrain(file); err == nil || !strings.Contains(err.Error(), "already has a build constraint") {
		t.Errorf("constrain on a constrained file: %v", err)
	}
	resource := filepath.Join(dir, "pkg", "app", "resource.go")
	if err := os.MkdirAll(filepath.Dir(resource), 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package app\n\nfunc remoteLocation(string) bool { return false }\nfunc webLocation(string) bool { return false }\n"
	if err := os.WriteFile(resource, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	err := writeStandIns(dir)
	if err == nil || !strings.Contains(err.Error(), "no longer declares clientResourceResolver") {
		t.Errorf("stand-ins from a resource.go without clientResourceResolver: %v", err)
	}
}
