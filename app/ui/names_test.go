package ui

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

	"energyfloor/web"
)

// sharedName finds, in JavaScript without its comments, the names that
// cross to Go: the globals (efSomething), the marks (ef:…), data attributes
// (data-… and dataset.x) and the cache prefix.
var sharedName = regexp.MustCompile(`\bef[A-Z]\w*|\bef:[a-z-]+|\bdata-[a-z-]+|\bdataset\b(\.\w+)?|\benergyfloor:[\w-]*|\bEnergyfloor-[\w-]+`)

// domUse finds, in JavaScript without its comments, where it names an
// element by id or class: getElementById("x"), a selector passed to
// querySelector, querySelectorAll, closest or matches ("#x.y"), an
// assignment to .id or .className, and classList's add, remove, toggle,
// replace or contains. Group 1 is the call, group 2 its string.
var domUse = regexp.MustCompile(`\b(getElementById|querySelector(?:All)?|closest|matches|\.id\s*=|\.className\s*=|classList\.(?:add|remove|toggle|replace|contains))\(?\s*("[^"]*"|'[^']*')`)

// selectorName finds the ids (#x) and classes (.x) in a CSS selector.
var selectorName = regexp.MustCompile(`([#.])(-?[_a-zA-Z][\w-]*)`)

// domConsts returns the ids and classes names.go declares, by value: the
// constants named IDx and ClassX.
func domConsts(t *testing.T) (ids, classes map[string]string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "names.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	ids, classes = map[string]string{}, map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				switch {
				case strings.HasPrefix(name.Name, "ID"):
					ids[v] = name.Name
				case strings.HasPrefix(name.Name, "Class"):
					classes[v] = name.Name
				}
			}
		}
	}
	return ids, classes
}

// constName suggests the Go name of an id's or class's constant:
// "traffic-next-step" → IDTrafficNextStep.
func constName(prefix, v string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// TestJSNames holds web/boot.js and app/server/worker.js to names.go: each
// name of a global, mark, data attribute or cache they use, and each id and
// class of the page they find or make, is declared there, and each name in
// jsNames is used by one of them.
func TestJSNames(t *testing.T) {
	ids, classes := domConsts(t)
	used := map[string]bool{}
	boot, err := web.Boot.Join(web.FS) // web/boot/'s parts, as served
	if err != nil {
		t.Fatal(err)
	}
	worker, err := os.ReadFile("../server/worker.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []struct {
		file string
		b    []byte
	}{{"web/boot.js", boot}, {"app/server/worker.js", worker}} {
		file, b := src.file, src.b
		code := jsCode(string(b))
		for _, loc := range sharedName.FindAllStringSubmatchIndex(code, -1) {
			name := code[loc[0]:loc[1]]
			if strings.HasPrefix(name, "dataset") {
				if loc[2] < 0 {
					// The whole dataset: only a preset option's, whose
					// attributes are fields' parameters (TestBootJSKnowsNoField).
					if !strings.HasPrefix(code[loc[1]:], ")") {
						t.Errorf("%s reads a dataset as a whole (%q): read each attribute by its name", file, code[loc[0]:min(loc[1]+20, len(code))])
					}
					continue
				}
				name = "data-" + kebab(code[loc[2]+1:loc[3]])
			}
			used[name] = true
			if !slices.Contains(jsNames, name) {
				t.Errorf("%s uses %q, which app/ui/names.go does not declare: declare it there as a constant and add it to jsNames", file, name)
			}
		}
		for _, m := range domUse.FindAllStringSubmatch(code, -1) {
			call, s := m[1], m[2][1:len(m[2])-1]
			var found []struct{ kind, name string }
			switch {
			case call == "getElementById" || strings.HasPrefix(call, ".id"):
				found = append(found, struct{ kind, name string }{"id", s})
			case strings.HasPrefix(call, ".className") || strings.HasPrefix(call, "classList"):
				for _, c := range strings.Fields(s) {
					found = append(found, struct{ kind, name string }{"class", c})
				}
			default: // a selector
				for _, n := range selectorName.FindAllStringSubmatch(s, -1) {
					kind := "id"
					if n[1] == "." {
						kind = "class"
					}
					found = append(found, struct{ kind, name string }{kind, n[2]})
				}
			}
			for _, f := range found {
				declared, prefix, how := ids, "ID", ".ID"
				if f.kind == "class" {
					declared, prefix, how = classes, "Class", ".Class"
				}
				used[f.name] = true
				if c, ok := declared[f.name]; !ok || !slices.Contains(jsNames, f.name) {
					if !ok {
						c = constName(prefix, f.name)
					}
					t.Errorf("%s uses the %s %q (%s %s), which app/ui/names.go does not declare: add %s = %q to its ids and classes, add %s to jsNames, and have Go write it as %s(%s)",
						file, f.kind, f.name, call, m[2], c, f.name, c, how, c)
				}
			}
		}
	}
	for _, name := range jsNames {
		if !used[name] {
			t.Errorf("app/ui/names.go declares %q, which neither web/boot.js nor app/server/worker.js uses: take it out of jsNames", name)
		}
	}
}

// TestGoNamesDeclaredOnce: outside names.go and the tests, no Go source of
// the packages that meet the JavaScript (app/ui, app/server, cmd/bench,
// wasm) writes a shared name (jsNames, Marks) as a literal, nor a data
// attribute of the page's markup through DataSet: they use names.go's constants.
func TestGoNamesDeclaredOnce(t *testing.T) {
	ids, classes := domConsts(t)
	names := append(slices.Clone(jsNames), Marks...)
	// Ids and classes are plain words ("live", "results"): Go is held to
	// their constants where it names an element, below, not in any text.
	names = slices.DeleteFunc(names, func(n string) bool { return ids[n] != "" || classes[n] != "" })
	slices.Sort(names)
	names = slices.Compact(names)
	var pats []*regexp.Regexp
	for _, n := range names {
		if strings.HasSuffix(n, ":") { // a prefix: the literal is the prefix alone
			pats = append(pats, regexp.MustCompile(`^`+regexp.QuoteMeta(n)+`$`))
			continue
		}
		pats = append(pats, regexp.MustCompile(`(^|[^\w:-])`+regexp.QuoteMeta(n)+`($|[^\w:-])`))
	}
	// The attributes of the page's markup (the others are boot.js's script
	// tag's, and data-scope means something else on a published row).
	pageAttrs := []string{AttrPrerenderedFor, AttrCurrent, AttrName}
	fset := token.NewFileSet()
	root := filepath.Join("..", "..")
	var files []string
	for _, dir := range []string{"app/ui", "app/server", "cmd/bench", "wasm", "wasm/inityield"} {
		m, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no Go files in %s (%v)", dir, err)
		}
		files = append(files, m...)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == filepath.Join(root, "app", "ui", "names.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					return true
				}
				for i, p := range pats {
					if p.MatchString(s) {
						t.Errorf("%s: %q is written out: use app/ui/names.go's constant", fset.Position(n.Pos()), names[i])
					}
				}
				for _, m := range markupID.FindAllStringSubmatch(s, -1) {
					if c := ids[m[1]]; c != "" {
						t.Errorf("%s: id %q is written out: use app/ui/names.go's %s", fset.Position(n.Pos()), m[1], c)
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || len(n.Args) == 0 {
					return true
				}
				if sel.Sel.Name == "ID" || sel.Sel.Name == "Class" {
					declared := ids
					if sel.Sel.Name == "Class" {
						declared = classes
					}
					for _, a := range n.Args {
						lit, ok := a.(*ast.BasicLit)
						if !ok {
							continue
						}
						if v, err := strconv.Unquote(lit.Value); err == nil && declared[v] != "" {
							t.Errorf("%s: %s(%q) writes out a name web/boot.js or the server's patches use: use app/ui/names.go's %s", fset.Position(n.Pos()), sel.Sel.Name, v, declared[v])
						}
					}
					return true
				}
				if sel.Sel.Name != "DataSet" {
					return true
				}
				if lit, ok := n.Args[0].(*ast.BasicLit); ok {
					if k, err := strconv.Unquote(lit.Value); err == nil && slices.Contains(pageAttrs, "data-"+k) {
						t.Errorf("%s: DataSet(%q) writes out data-%s: use Attr with app/ui/names.go's constant", fset.Position(n.Pos()), k, k)
					}
				}
			}
			return true
		})
	}
}

// markupID finds an id written in markup: id="x".
var markupID = regexp.MustCompile(`\bid="([^"]*)"`)

// kebab turns a dataset key (prerenderedFor) into its attribute's spelling
// (prerendered-for).
func kebab(s string) string {
	var b strings.Builder
	for _, r := range s {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsCode returns the JavaScript src without its comments; strings, template
// literals and regular expression literals are kept as written.
func jsCode(src string) string {
	var b strings.Builder
	prev := byte('(') // the last character of code before i, spaces skipped
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			i += strings.IndexByte(src[i:]+"\n", '\n') - 1
			continue
		case strings.HasPrefix(src[i:], "/*"):
			i += strings.Index(src[i:]+"*/", "*/") + 1
			continue
		case c == '"' || c == '\'' || c == '`' || c == '/' && strings.IndexByte("(,=:[!&|?{};", prev) >= 0:
			j, class := i+1, false
			for j < len(src) && (src[j] != c || class) {
				switch src[j] {
				case '\\':
					j++
				case '[':
					class = c == '/'
				case ']':
					class = false
				}
				j++
			}
			j = min(j, len(src)-1)
			b.WriteString(src[i : j+1])
			i, prev = j, c
			continue
		}
		b.WriteByte(c)
		if c != ' ' && c != '\n' && c != '\t' {
			prev = c
		}
	}
	return b.String()
}
