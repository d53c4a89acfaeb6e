// Command wasmwork writes the Go workspace that `make wasm` builds app.wasm in:
// a copy of go-app's module whose server-only files are left out of the
// browser build, and a go.work that uses this repository with that copy in
// go-app's place.
//
// go-app's package app imports net/http in the browser too, for its Handler
// (http.go) and its resource resolvers (resource.go), which only the server
// runs. Package initialisation cannot be pruned: net/http's imports (crypto/tls,
// crypto/x509, and crypto/hpke, whose init builds its curves and post-quantum
// KEMs) then stay in app.wasm, a large share of it, though no visitor's browser
// ever calls them. Go leaves a file of a module out of a build only by a build
// constraint, so the copy gives those two files `//go:build !wasm` and adds one
// file with the few declarations the browser code names from them: a Handler
// type for the signature of the browser's GenerateStaticWebsite, and the
// resolver functions, copied from resource.go's own source by their names, so
// that they are go-app's code, not ours. The server and the CLI build against
// go-app itself. A go-app whose files no longer fit this fails the build,
// naming what it could not find.
//
// Usage:
//
//	wasmwork -out DIR
//
// It writes DIR/go.work and DIR/go-app/ (replacing what an earlier run wrote)
// for the module of the current directory; build with GOWORK=DIR/go.work.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/goccy/go-json"
)

// goApp is the module whose server-only files the browser build leaves out.
const goApp = "github.com/maxence-charriere/go-app/v10"

// serverOnly are go-app's files that import net/http, relative to its module.
var serverOnly = []string{"pkg/app/http.go", "pkg/app/resource.go"}

// browserNeeds are the declarations of serverOnly that go-app's browser code
// names: the file each is copied from, and its names.
var browserNeeds = map[string][]string{
	"pkg/app/resource.go": {"clientResourceResolver", "remoteLocation", "webLocation"},
}

// handlerStandIn keeps the type that the browser's GenerateStaticWebsite
// (wasm.go) takes, and that the browser never builds.
const handlerStandIn = "// Handler serves the app's pages; only the server builds it.\ntype Handler struct{}\n"

func main() {
	out := flag.String("out", "", "`directory` to write go.work and go-app/ into")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: wasmwork -out DIR")
		flag.PrintDefaults()
		os.Exit(2)
	}
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "wasmwork:", err)
		os.Exit(1)
	}
}

// write makes out's workspace for the module of the current directory.
func write(out string) error {
	repo, err := moduleRoot()
	if err != nil {
		return err
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	src, err := moduleDir(goApp)
	if err != nil {
		return err
	}
	dst := filepath.Join(out, "go-app")
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := copyModule(src, dst); err != nil {
		return err
	}
	for _, name := range serverOnly {
		if err := constrain(filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	if err := writeStandIns(dst); err != nil {
		return err
	}
	if err := goCmd(out, "work", "init", repo); err != nil {
		return err
	}
	return goCmd(out, "work", "edit", "-replace="+goApp+"=./go-app")
}

// moduleRoot returns the directory of the main module of the current directory.
func moduleRoot() (string, error) {
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	b, err := cmd.Output()
	gomod := strings.TrimSpace(string(b))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("no go.mod here (go env GOMOD: %q, %v)", gomod, err)
	}
	return filepath.Dir(gomod), nil
}

// moduleDir downloads module (at the version go.mod requires) and returns its
// directory in the module cache.
func moduleDir(module string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Env = append(os.Environ(), "GOWORK=off")
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(b, &m); err != nil {
		return "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	if m.Error != "" || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory (%s)", module, m.Error)
	}
	return m.Dir, nil
}

// copyModule copies what a build reads of the module at src, its go.mod,
// LICENSE and the files under pkg/ but tests, into dst, writable.
func copyModule(src, dst string) error {
	for _, name := range []string{"go.mod", "LICENSE"} {
		if err := copyFile(filepath.Join(src, name), filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	return filepath.WalkDir(filepath.Join(src, "pkg"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		return copyFile(path, filepath.Join(dst, rel))
	})
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// constrain gives the Go file at path the constraint `//go:build !wasm`; a
// file that already has a constraint is refused, since it would need the two
// combined.
func constrain(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w: go-app's server-only files have moved", err)
	}
	if bytes.Contains(b, []byte("//go:build")) {
		return fmt.Errorf("%s already has a build constraint", path)
	}
	return os.WriteFile(path, append([]byte("//go:build !wasm\n\n"), b...), 0o644)
}

// writeStandIns writes pkg/app/serveronly_wasm.go: the Handler stand-in and
// the declarations browserNeeds names, printed from the files they are in.
func writeStandIns(dir string) error {
	var sb strings.Builder
	sb.WriteString("// Code generated by energyfloor's cmd/wasmwork. DO NOT EDIT.\n\n")
	sb.WriteString("// Declarations of http.go and resource.go, which the browser build leaves out, that\n")
	sb.WriteString("// go-app's browser code names.\n\npackage app\n\nimport \"strings\"\n\n")
	sb.WriteString(handlerStandIn)
	fset := token.NewFileSet()
	for _, file := range serverOnly {
		names := browserNeeds[file]
		if len(names) == 0 {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, file), nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, name := range names {
			decl := funcDecl(f, name)
			if decl == nil {
				return fmt.Errorf("%s no longer declares %s, which go-app's browser code names", file, name)
			}
			sb.WriteString("\n")
			if err := printer.Fprint(&sb, fset, &printer.CommentedNode{Node: decl, Comments: f.Comments}); err != nil {
				return err
			}
			sb.WriteString("\n")
		}
	}
	return os.WriteFile(filepath.Join(dir, "pkg/app/serveronly_wasm.go"), []byte(sb.String()), 0o644)
}

// funcDecl returns f's top-level function name, or nil.
func funcDecl(f *ast.File, name string) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
			return fd
		}
	}
	return nil
}

// goCmd runs the go command in dir on the workspace dir/go.work.
func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"))
	if out, err := cmd.CombinedOutput(); err != nil {
		return errors.New("go " + strings.Join(args, " ") + ": " + err.Error() + "\n" + string(out))
	}
	return nil
}
