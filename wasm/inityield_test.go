package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestInitYieldOrder pins where package inityield splits the browser's
// initialisation: it relies on Go's order of package initialisation (of the
// packages whose imports are initialised, the one with the smallest import
// path first), which its import path, not its imports, puts early. The test
// works the order out from `go list -deps` for GOOS=js GOARCH=wasm, in the
// workspace `make wasm` builds in (cmd/wasmwork), as the Go spec states it,
// and fails when inityield no longer runs after unicode and before the heavy
// packages' init (go-app, shopspring/decimal and ours).
func TestInitYieldOrder(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	work := t.TempDir()
	if out, err := exec.Command(goTool, "run", "../cmd/wasmwork", "-out", work).CombinedOutput(); err != nil {
		t.Fatalf("wasmwork: %v\n%s", err, out)
	}
	cmd := exec.Command(goTool, "list", "-deps", "-json=ImportPath,Imports", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK="+filepath.Join(work, "go.work"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		imports[p.ImportPath] = p.Imports
	}
	order := initOrder(imports)
	at := func(pkg string) int {
		i := slices.Index(order, pkg)
		if i < 0 {
			t.Fatalf("%s is not among app.wasm's packages", pkg)
		}
		return i
	}
	const yield = "energyfloor/wasm/inityield"
	if at(yield) < at("unicode") {
		t.Errorf("%s initialises before unicode, whose tables should come before the split", yield)
	}
	for _, heavy := range []string{
		"github.com/maxence-charriere/go-app/v10/pkg/app", "github.com/shopspring/decimal",
		"energyfloor/data", "energyfloor/app/ui",
	} {
		if at(yield) > at(heavy) {
			t.Errorf("%s initialises after %s: the split no longer falls before the heavy packages' init", yield, heavy)
		}
	}
}

// initOrder returns the order in which Go initialises the packages of
// imports (each package's imports): repeatedly, of the packages not yet
// initialised whose imports all are, the one with the smallest import path.
func initOrder(imports map[string][]string) []string {
	var order []string
	done := map[string]bool{}
	pending := make([]string, 0, len(imports))
	for p := range imports {
		pending = append(pending, p)
	}
	slices.Sort(pending)
	for len(pending) > 0 {
		i := slices.IndexFunc(pending, func(p string) bool {
			return !slices.ContainsFunc(imports[p], func(q string) bool { _, listed := imports[q]; return listed && !done[q] })
		})
		if i < 0 {
			return append(order, pending...) // an import cycle: cannot happen in Go
		}
		done[pending[i]] = true
		order = append(order, pending[i])
		pending = slices.Delete(pending, i, i+1)
	}
	return order
}
