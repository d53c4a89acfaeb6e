package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"energyfloor/app/ui"
)

// startupStep is a step of the start-up in the package doc:
// " 3. web/boot.js, efInstantiate: …".
var startupStep = regexp.MustCompile(`(?m)^ *(\d+)\. ([\w./-]+), ([\w.]+)[ :]`)

// TestStartupDoc holds the package doc's Start-up section to the code: its
// steps are numbered in order; each names a file that exists and a function
// (or method, calculator.start) defined in it; the marks it names are
// app/ui's Marks, all of them, in their order, each set in the file of the
// step that names it; and the globals it names are the ones boot.js
// defines for the app (app/ui/names.go).
func TestStartupDoc(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	i := strings.Index(doc, "# Start-up\n")
	if i < 0 {
		t.Fatal("the package doc has no # Start-up section")
	}
	doc = doc[i:]
	root := ".."
	marks := map[string]string{} // mark name -> the constant's name (MarkMain)
	for name, v := range stringConsts(t, filepath.Join(root, "app", "ui", "names.go")) {
		if strings.HasPrefix(name, "Mark") {
			marks[v] = name
		}
	}
	steps := startupStep.FindAllStringSubmatchIndex(doc, -1)
	if len(steps) == 0 {
		t.Fatal("the Start-up section lists no steps (\" 1. file, function: …\")")
	}
	var named []string
	for k, loc := range steps {
		n, file, fn := doc[loc[2]:loc[3]], doc[loc[4]:loc[5]], doc[loc[6]:loc[7]]
		if n != strconv.Itoa(k+1) {
			t.Errorf("step %s comes %d in the list", n, k+1)
		}
		end := len(doc)
		if k+1 < len(steps) {
			end = steps[k+1][0]
		}
		text := doc[loc[0]:end]
		src, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Errorf("step %s names %s: %v", n, file, err)
			continue
		}
		if !defines(t, file, string(src), fn) {
			t.Errorf("step %s: %s defines no %s", n, file, fn)
		}
		for _, m := range regexp.MustCompile(`\bef:[a-z-]+`).FindAllString(text, -1) {
			named = append(named, m)
			if !setsMark(string(src), file, m, marks[m]) {
				t.Errorf("step %s names the mark %s, which %s does not set", n, m, file)
			}
		}
	}
	if !slices.Equal(named, ui.Marks) {
		t.Errorf("the Start-up section names the marks %v, want app/ui's Marks in order: %v", named, ui.Marks)
	}
	globals := regexp.MustCompile(`\bef[A-Z]\w*`).FindAllString(doc, -1)
	slices.Sort(globals)
	globals = slices.Compact(globals)
	want := []string{ui.JSAfterStart, ui.JSInstantiate, ui.JSStarted}
	slices.Sort(want)
	if !slices.Equal(globals, want) {
		t.Errorf("the Start-up section names the globals %v, want boot.js's for the app (app/ui/names.go): %v", globals, want)
	}
}

// defines reports whether src, the file named file, defines fn: for Go a
// function or method ("calculator.start"), for JavaScript a const, let,
// var or function of that name, or a global (self.fn =).
func defines(t *testing.T, file, src, fn string) bool {
	t.Helper()
	if strings.HasSuffix(file, ".js") {
		q := regexp.QuoteMeta(fn)
		return regexp.MustCompile(`\b(?:const|let|var|function)\s+` + q + `\b|\bself\.` + q + `\s*=`).MatchString(src)
	}
	f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	recv, name, method := strings.Cut(fn, ".")
	if !method {
		recv, name = "", fn
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name {
			continue
		}
		if recv == "" && fd.Recv == nil {
			return true
		}
		if recv != "" && fd.Recv != nil {
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.Name == recv {
				return true
			}
		}
	}
	return false
}

// setsMark reports whether src, the file named file, sets mark: JavaScript
// writes it as a literal, Go names its constant (ui.MarkMain, MarkNav) in a
// call of Mark.
func setsMark(src, file, mark, constant string) bool {
	if strings.HasSuffix(file, ".js") {
		return strings.Contains(src, `performance.mark("`+mark+`")`)
	}
	return constant != "" && regexp.MustCompile(`\bMark\((?:ui\.)?`+constant+`\)`).MatchString(src)
}

// stringConsts returns the string constants of the Go file path, by name.
func stringConsts(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					consts[name.Name], _ = strconv.Unquote(lit.Value)
				}
			}
		}
	}
	return consts
}
