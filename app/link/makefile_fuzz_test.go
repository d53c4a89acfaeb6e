package link

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMakefileFuzzTargetsExist: each `go test -fuzz '^Name$' ./pkg` line of
// the Makefile's fuzz target names a fuzz function that pkg defines. go test
// passes, fuzzing nothing, when the name is not there, so a moved fuzz test
// would otherwise drop out of `make test` in silence.
func TestMakefileFuzzTargetsExist(t *testing.T) {
	root := filepath.Join("..", "..")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	lines := regexp.MustCompile(`-fuzz '\^(Fuzz\w+)\$\$' .*? (\./\S+)`).FindAllStringSubmatch(string(mk), -1)
	if len(lines) == 0 {
		t.Fatal("the Makefile names no fuzz target")
	}
	for _, l := range lines {
		name, pkg := l[1], l[2]
		files, err := filepath.Glob(filepath.Join(root, pkg, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(b), "func "+name+"(") {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("the Makefile fuzzes %s in %s, which defines no such fuzz test", name, pkg)
		}
	}
}
