package floor

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// suffixes maps a k/M/B/T suffix (either case) to its power of ten.
var suffixes = map[rune]int{'k': 3, 'm': 6, 'b': 9, 't': 12}

// ParseNumber parses a positive number as people type or paste it:
// "1000000000", "1e9", "1,000,000,000", "1 000 000 000", "2.5M", "1.2B", "3T"
// (k, M, B, T for thousand, million, billion, trillion, in either case, with
// or without a space before them), with surrounding spaces. Commas, spaces,
// non-breaking and thin spaces are accepted between groups of three digits of
// the whole part; the decimal separator is a point. An exponent ("1e9",
// "2.5E+6") may be given instead of or with a suffix.
//
// It accepts numbers from MinNumber (0.000001) to MaxNumber (10^18) and
// returns them exactly. Everything else is rejected with an error whose
// Error() is a sentence for the user: empty input, anything not a number,
// negative numbers and zero, NaN and infinity, hexadecimal and other bases,
// numbers out of bounds, and input longer than MaxInputRunes characters
// (checked before any other work). Full-width and other non-ASCII digits are
// rejected rather than normalised, with a message that says so: a number that
// will be printed should be the number that was typed.
func ParseNumber(s string) (decimal.Decimal, error) { return parseNumber(s, false, anyNumber) }

// parseNumber is ParseNumber, which with allowZero also accepts zero (and
// then says "zero or more" of negative numbers), and whose messages that
// suggest a number suggest ex's examples.
func parseNumber(s string, allowZero bool, ex examples) (decimal.Decimal, error) {
	notPos, tooSmall := errNotPos, errTooSmall
	if allowZero {
		notPos, tooSmall = errNegative, errTooSmallOrZero
	}
	if len(s) > 4*MaxInputRunes || utf8.RuneCountInString(s) > MaxInputRunes {
		return decimal.Decimal{}, errTooLong
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return decimal.Decimal{}, ex.empty()
	}
	switch {
	case strings.HasPrefix(s, "-"), strings.HasPrefix(s, "\u2212"): // hyphen-minus, minus sign
		return decimal.Decimal{}, notPos
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	lower := strings.ToLower(s)
	switch lower {
	case "nan", "inf", "infinity", "∞":
		return decimal.Decimal{}, ex.notFinite()
	}
	if len(lower) > 2 && lower[0] == '0' && strings.ContainsRune("xob", rune(lower[1])) {
		return decimal.Decimal{}, errBase
	}

	// A k/M/B/T suffix, possibly after a space.
	shift := 0
	if r, size := utf8.DecodeLastRuneInString(s); suffixes[unicode.ToLower(r)] != 0 {
		shift = suffixes[unicode.ToLower(r)]
		s = strings.TrimRightFunc(s[:len(s)-size], unicode.IsSpace)
	}

	m, err := scanMantissa(s, ex)
	if err != nil {
		return decimal.Decimal{}, err
	}
	digits := strings.TrimLeft(m.whole+m.frac, "0")
	if digits == "" {
		if allowZero {
			return decimal.Zero, nil
		}
		return decimal.Decimal{}, notPos
	}
	exp := m.exp + shift - len(m.frac)
	// The value is digits × 10^exp; its leading digit sits at 10^magnitude.
	magnitude := len(digits) - 1 + exp
	if magnitude > 18 {
		return decimal.Decimal{}, errTooLarge
	}
	if magnitude < -6 {
		return decimal.Decimal{}, tooSmall
	}
	coef, _ := new(big.Int).SetString(digits, 10) // digits are ASCII 0-9 only
	d := decimal.NewFromBigInt(coef, int32(exp))
	if d.GreaterThan(MaxNumber) {
		return decimal.Decimal{}, errTooLarge
	}
	return d, nil
}

// mantissa is a scanned number: whole and fractional digits (ASCII, no
// separators) and the exponent that follows them.
type mantissa struct {
	whole, frac string
	exp         int
}

// maxExponent caps an exponent's magnitude while scanning: anything beyond it
// is out of ParseNumber's bounds anyway.
const maxExponent = 1000

// scanMantissa scans digits with optional group separators, an optional
// fractional part and an optional exponent; its messages suggest ex's
// examples.
func scanMantissa(s string, ex examples) (mantissa, error) {
	var m mantissa
	var whole strings.Builder
	groups := []int{0} // digits in each group of the whole part
	i := 0
	// Whole part, with separators between groups of three.
scan:
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			whole.WriteByte(byte(r))
			groups[len(groups)-1]++
		case isGroupSeparator(r):
			groups = append(groups, 0)
		default:
			break scan
		}
		i += size
	}
	if len(groups) > 1 {
		if groups[0] < 1 || groups[0] > 3 {
			return m, ex.grouping()
		}
		for _, g := range groups[1:] {
			if g != 3 {
				return m, ex.grouping()
			}
		}
	}
	m.whole = whole.String()
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		m.frac = s[start:i]
		if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && isGroupSeparator(r) {
			return m, ex.grouping()
		}
	}
	if m.whole == "" && m.frac == "" {
		return m, classify(s[i:], ex)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		sign := 1
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			if s[i] == '-' {
				sign = -1
			}
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if m.exp < maxExponent {
				m.exp = m.exp*10 + int(s[i]-'0')
			}
			i++
		}
		if i == start {
			return m, ex.notNumber()
		}
		m.exp *= sign
	}
	if i < len(s) {
		return m, classify(s[i:], ex)
	}
	return m, nil
}

// isGroupSeparator reports whether r may separate groups of three digits: a
// comma, a space, a no-break space, a figure space, a thin space or a narrow
// no-break space.
func isGroupSeparator(r rune) bool {
	switch r {
	case ',', ' ', '\u00a0', '\u2007', '\u2009', '\u202f':
		return true
	}
	return false
}

// classify explains why rest, the unscanned part of an input, is not a
// number; its message suggests ex's examples.
func classify(rest string, ex examples) error {
	for _, r := range rest {
		if unicode.IsDigit(r) && (r < '0' || r > '9') {
			return errDigits
		}
	}
	return ex.notNumber()
}
