package floor

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseNumber checks that ParseNumber never panics, that whatever it
// accepts is within its bounds, that its errors are sentences, and that
// FormatCompact, FormatExact and FormatInteger round-trip through it. Its
// seed corpus is in testdata/fuzz/FuzzParseNumber.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1000000000", "1e9", "1,000,000,000", "1 000 000 000", "2.5M", "1.2B", "3T", "7k", " 42 ", ".5", "0.000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseNumber(s)
		if err != nil {
			msg := err.Error()
			if msg == "" || !strings.HasSuffix(msg, ".") || msg[0] < 'A' || msg[0] > 'Z' {
				t.Errorf("ParseNumber(%q): error %q is not a sentence", s, msg)
			}
			return
		}
		if d.LessThan(MinNumber) || d.GreaterThan(MaxNumber) {
			t.Fatalf("ParseNumber(%q) = %s, outside [%s, %s]", s, d, MinNumber, MaxNumber)
		}
		if compact := FormatCompact(d); utf8.RuneCountInString(compact) <= MaxInputRunes {
			back, err := ParseNumber(compact)
			if err != nil || !back.Equal(d) {
				t.Fatalf("ParseNumber(%q) = %s; FormatCompact gives %q, which parses as %s, %v", s, d, compact, back, err)
			}
		}
		if exact := FormatExact(d); utf8.RuneCountInString(exact) <= MaxInputRunes {
			back, err := ParseNumber(exact)
			if err != nil || !back.Equal(d) {
				t.Fatalf("ParseNumber(%q) = %s; FormatExact gives %q, which parses as %s, %v", s, d, exact, back, err)
			}
		}
		if d.IsInteger() {
			if whole := FormatInteger(d); utf8.RuneCountInString(whole) <= MaxInputRunes {
				back, err := ParseNumber(whole)
				if err != nil || !back.Equal(d) {
					t.Fatalf("ParseNumber(%q) = %s; FormatInteger gives %q, which parses as %s, %v", s, d, whole, back, err)
				}
			}
		}
	})
}
