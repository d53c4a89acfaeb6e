package floor

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// FuzzParseNumber checks that ParseNumber never panics, that whatever it
// accepts is within its bounds, that its errors are sentences, and that
// FormatCompact, FormatExact and FormatInteger round-trip through it. The
// estimate's parsers (ParseOverhead, ParsePUE, ParseGCO2ePerKWh,
// ParsePricePerKWh, ParseCurrency) take the same inputs: they never panic,
// their errors are sentences, and what they accept is within their bounds
// and, for the numbers, what ParseNumber reads (or zero). Its seed corpus is
// in testdata/fuzz/FuzzParseNumber.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1000000000", "1e9", "1,000,000,000", "1 000 000 000", "2.5M", "1.2B", "3T", "7k", " 42 ", ".5", "0.000001",
		"0", "0.43", "1.09", "43%", "2,000", "EUR", "€", "3 billion", "3bn", "250 thousand", "3 billions", "3.000.000.000", "1.500,5", "1,500.000.000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFactorParsers(t, s)
		d, err := ParseNumber(s)
		if err != nil {
			sentence(t, "ParseNumber", s, err)
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

// sentence fails t unless err, parse's error for s, is a sentence.
func sentence(t *testing.T, parse, s string, err error) {
	t.Helper()
	if msg := err.Error(); msg == "" || !strings.HasSuffix(msg, ".") || msg[0] < 'A' || msg[0] > 'Z' {
		t.Errorf("%s(%q): error %q is not a sentence", parse, s, msg)
	}
}

// checkFactorParsers checks the estimate's parsers on s.
func checkFactorParsers(t *testing.T, s string) {
	want, wantErr := ParseNumber(s)
	for _, p := range []struct {
		name     string
		parse    func(string) (decimal.Decimal, error)
		min, max decimal.Decimal
	}{
		{"ParseOverhead", ParseOverhead, decimal.Zero, MaxOverhead},
		{"ParsePUE", ParsePUE, MinPUE, MaxPUE},
		{"ParseGCO2ePerKWh", ParseGCO2ePerKWh, decimal.Zero, MaxGCO2ePerKWh},
		{"ParsePricePerKWh", ParsePricePerKWh, decimal.Zero, MaxPricePerKWh},
	} {
		d, err := p.parse(s)
		if err != nil {
			sentence(t, p.name, s, err)
			continue
		}
		if d.LessThan(p.min) || d.GreaterThan(p.max) {
			t.Fatalf("%s(%q) = %s, outside [%s, %s]", p.name, s, d, p.min, p.max)
		}
		if !d.IsZero() && (wantErr != nil || !d.Equal(want)) {
			t.Fatalf("%s(%q) = %s, but ParseNumber gives %s, %v", p.name, s, d, want, wantErr)
		}
	}
	c, err := ParseCurrency(s)
	if err != nil {
		sentence(t, "ParseCurrency", s, err)
		return
	}
	if utf8.RuneCountInString(c) > MaxCurrencyRunes || !utf8.ValidString(c) || c != strings.TrimFunc(c, unicode.IsSpace) {
		t.Fatalf("ParseCurrency(%q) = %q: too long, not UTF-8 or not trimmed", s, c)
	}
	for _, r := range c {
		if unicode.In(r, unicode.Cc, unicode.Cf) {
			t.Fatalf("ParseCurrency(%q) = %q, with control or formatting character %U", s, c, r)
		}
	}
}
