package floor_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"
)

// kindFields returns the names of the fields of floor's types that only
// some kinds fill: the fields of Workload, Model and Configuration, and of
// the floor structs they point to (Generation, TokenSettings,
// DiffusionSettings), that are set on some workload, model or
// configuration of the real dataset of one kind and on none of another. A
// configuration's settings of the other kinds are nil, so the settings
// fields and every field within them are kind-specific. They are found from
// the types and the data, not listed, so a renamed or a new kind-specific
// field is one of them too.
func kindFields(t *testing.T) map[string]bool {
	d, err := data.Load()
	if err != nil {
		t.Fatalf("data.Load: %v", err)
	}
	// set[type][field][kind] reports that some value of that kind sets it.
	set := map[reflect.Type]map[string]map[floor.Kind]bool{}
	kinds := map[floor.Kind]bool{}
	floorPkg := reflect.TypeFor[floor.Configuration]().PkgPath()
	var note func(v reflect.Value, k floor.Kind)
	note = func(v reflect.Value, k floor.Kind) {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		ty := v.Type()
		if set[ty] == nil {
			set[ty] = map[string]map[floor.Kind]bool{}
		}
		for i := range ty.NumField() {
			f := ty.Field(i)
			if !f.IsExported() || f.Name == "Kind" {
				continue
			}
			if set[ty][f.Name] == nil {
				set[ty][f.Name] = map[floor.Kind]bool{}
			}
			if !v.Field(i).IsZero() {
				set[ty][f.Name][k] = true
			}
			if inner := f.Type; inner.Kind() == reflect.Pointer && inner.Elem().Kind() == reflect.Struct && inner.Elem().PkgPath() == floorPkg {
				note(v.Field(i), k)
			}
		}
	}
	for _, w := range d.AllWorkloads() {
		kinds[w.Kind] = true
		note(reflect.ValueOf(w), w.Kind)
		for _, m := range w.Models {
			note(reflect.ValueOf(m), w.Kind)
			for _, c := range m.Configurations {
				note(reflect.ValueOf(c), w.Kind)
			}
		}
	}
	if len(kinds) != 3 {
		t.Fatalf("the dataset has %d kinds of workload, want 3", len(kinds))
	}
	fields := map[string]bool{}
	for ty, fs := range set {
		for name, by := range fs {
			seen := 0
			for k := range kinds {
				if by[k] {
					seen++
				}
			}
			// Generation is only ever read on images and videos: a field
			// of it that one of them lacks tells them apart.
			if ty == reflect.TypeFor[floor.Generation]() && seen == 1 || ty != reflect.TypeFor[floor.Generation]() && seen > 0 && seen < len(kinds) {
				fields[name] = true
			}
		}
	}
	return fields
}

// TestKindAskedNotInferred: no package outside floor (the UI, the link,
// the server, the CLI and the browser's main) decides a workload's kind by
// testing a kind-specific field against its zero value, as `c.BatchSize >
// 0`, `c.TokenSettings != nil`, `m.Generation != nil`, `g.Frames > 0` or
// `c.JoulesPerRequest.IsZero()` would: it asks the kind (floor.Kind). The kind-specific fields come from
// the types and the data (kindFields); each if condition, switch tag and
// case of a non-test file is checked.
func TestKindAskedNotInferred(t *testing.T) {
	fields := kindFields(t)
	for _, want := range []string{"BatchSize", "MaxNumSeqs", "JoulesPerOutputToken", "JoulesPerRequest", "Generation", "Frames",
		"TokenSettings", "DiffusionSettings"} {
		if !fields[want] {
			t.Fatalf("kindFields misses %s: %v", want, fields)
		}
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, dir := range []string{"app/ui", "app/link", "app/server", "cmd/energyfloor", "wasm"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			check := func(cond ast.Expr) {
				if cond == nil {
					return
				}
				ast.Inspect(cond, func(n ast.Node) bool {
					if f, ok := zeroTest(n, fields); ok {
						t.Errorf("%s: decides the kind from %s's zero value; ask floor.Kind", fset.Position(n.Pos()), f)
					}
					return true
				})
			}
			ast.Inspect(file, func(n ast.Node) bool {
				switch s := n.(type) {
				case *ast.IfStmt:
					check(s.Cond)
				case *ast.SwitchStmt:
					check(s.Tag)
				case *ast.CaseClause:
					for _, e := range s.List {
						check(e)
					}
				}
				return true
			})
		}
	}
}

// zeroTest reports whether n tests a kind-specific field (one of fields)
// against its zero value: a comparison of the field, its Sign() or its
// len() with 0, "" or nil, or a call of its IsZero(); f names the field.
func zeroTest(n ast.Node, fields map[string]bool) (f string, ok bool) {
	field := func(e ast.Expr) (string, bool) {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			return x.Sel.Name, fields[x.Sel.Name]
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sign" {
				if inner, ok := sel.X.(*ast.SelectorExpr); ok {
					return inner.Sel.Name, fields[inner.Sel.Name]
				}
			}
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "len" && len(x.Args) == 1 {
				if inner, ok := x.Args[0].(*ast.SelectorExpr); ok {
					return inner.Sel.Name, fields[inner.Sel.Name]
				}
			}
		}
		return "", false
	}
	zero := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.BasicLit:
			return x.Value == "0" || x.Value == `""`
		case *ast.Ident:
			return x.Name == "nil"
		}
		return false
	}
	switch x := n.(type) {
	case *ast.BinaryExpr:
		if zero(x.Y) {
			return field(x.X)
		}
		if zero(x.X) {
			return field(x.Y)
		}
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" {
			return field(sel.X)
		}
	}
	return "", false
}

// TestZeroTestFinds: the check finds each form of a zero test, and not a
// comparison with another value.
func TestZeroTestFinds(t *testing.T) {
	fields := map[string]bool{"BatchSize": true, "Generation": true, "JoulesPerRequest": true, "Frames": true, "DiffusionSettings": true}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"c.BatchSize > 0", true}, {"0 < c.BatchSize", true}, {"m.Generation != nil", true}, {"m.Generation.Frames > 0", true},
		{"c.JoulesPerRequest.IsZero()", true}, {"c.JoulesPerRequest.Sign() > 0", true}, {"len(c.Generation) == 0", true},
		{"c.DiffusionSettings != nil", true}, {"nil == c.DiffusionSettings", true},
		{"c.BatchSize > 8", false}, {"c.NumGPUs > 0", false}, {"k.PerToken()", false},
	} {
		e, err := parser.ParseExpr(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			_, ok := zeroTest(n, fields)
			found = found || ok
			return true
		})
		if found != tc.want {
			t.Errorf("%s: found %v, want %v", tc.src, found, tc.want)
		}
	}
}
