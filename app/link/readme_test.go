package link

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEParameters: the README's paragraph on permalinks names every
// field's parameter, and states the bounds of each field whose help states
// them as the parser's constants give them: "`pue` (1 to 3)".
func TestREADMEParameters(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "Every state is a permalink")
	if start < 0 {
		t.Fatal("the README has no paragraph on permalinks")
	}
	para := readme[start:]
	para = strings.Join(strings.Fields(para[:strings.Index(para+"\n\n", "\n\n")]), " ")
	ranged := 0
	for _, fd := range Fields {
		if !regexp.MustCompile("`" + regexp.QuoteMeta(fd.Param) + "[`=]").MatchString(para) {
			t.Errorf("the README's permalink paragraph does not name `%s`", fd.Param)
		}
		if fd.Range == "" {
			continue
		}
		ranged++
		m := regexp.MustCompile("`" + regexp.QuoteMeta(fd.Param) + "` \\(([^)]*)\\)").FindStringSubmatch(para)
		if m == nil || !strings.Contains(m[1], fd.Range) {
			t.Errorf("the README states `%s` as %q, want its bounds %q in the parentheses after it", fd.Param, m, fd.Range)
		}
	}
	if ranged == 0 {
		t.Error("no field states its bounds")
	}
}
