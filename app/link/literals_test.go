package link

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// notParameters are string literals that spell a permalink parameter's name
// but name something else, by file.
var notParameters = map[string]map[string]string{
	"app/ui/ranking-table.go": {"model": "a sort key of the ranking's columns", "gpu": "a sort key of the ranking's columns",
		"latency": "a sort key of the ranking's columns"},
	"app/ui/beyond-panel.go":     {"price": "a CSS class"},
	"app/ui/inputs-panel.go":     {"latency": "a CSS class"},
	"app/ui/equivalents-list.go": {"requests": "a data attribute of an equivalent's row (data-requests)"},
	"app/floor/brief.go": {"water": "a word of the list of what the figures leave out, and a factor line's ID (LineWater)",
		"embodied": "a factor line's ID (LineEmbodied), which names the hooks (#traffic-embodied)"},
}

// TestParametersSpelledOnce: the code that reads or writes links (this
// package, ui, server, floor and the CLI) spells each permalink parameter
// (a field's, the version's and the quote's) as a string literal once: in
// the table. Struct tags, the JSON contract's, do not count, nor the same
// spelling as a row's flag, JSON key or DOM id (other names of the input);
// nor do test files, which spell links out on purpose.
func TestParametersSpelledOnce(t *testing.T) {
	params := map[string]bool{ParamVersion: true, ParamQuote: true}
	for _, fd := range Fields {
		params[fd.Param] = true
	}
	seen := map[string][]string{}
	fset := token.NewFileSet()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"app/link", "app/ui", "app/server", "app/floor", "cmd/energyfloor"} {
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
			rel, _ := filepath.Rel(root, name)
			rel = filepath.ToSlash(rel)
			skip := map[*ast.BasicLit]bool{}
			ast.Inspect(file, func(n ast.Node) bool {
				if f, ok := n.(*ast.Field); ok && f.Tag != nil {
					skip[f.Tag] = true
				}
				if kv, ok := n.(*ast.KeyValueExpr); ok {
					key, _ := kv.Key.(*ast.Ident)
					if lit, ok := kv.Value.(*ast.BasicLit); ok && key != nil && (key.Name == "Flag" || key.Name == "JSON" || key.Name == "ID") {
						skip[lit] = true
					}
				}
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || skip[lit] {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !params[s] || notParameters[rel][s] != "" {
					return true
				}
				seen[s] = append(seen[s], fset.Position(lit.Pos()).String())
				return true
			})
		}
	}
	for p := range params {
		if len(seen[p]) != 1 || !strings.Contains(seen[p][0], "app/link/fields.go:") {
			t.Errorf("the parameter %q is spelled at %q, want once, in fields.go's table", p, seen[p])
		}
	}
}
