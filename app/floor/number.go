package floor

import (
	"fmt"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// scaleWords maps the words and abbreviations a number may end with, in any
// case, to their power of ten: k, M, B and T, the "mn", "bn" and "tn" of
// newspapers, and the words themselves.
var scaleWords = map[string]int{
	"k": 3, "thousand": 3,
	"m": 6, "mn": 6, "million": 6,
	"b": 9, "bn": 9, "billion": 9,
	"t": 12, "tn": 12, "trillion": 12,
}

// ParseNumber parses a positive number as people type or paste it:
// "1000000000", "1e9", "1,000,000,000", "1 000 000 000", "1.000.000.000",
// "2.5M", "1.2B", "3T", "3bn", "3 billion", "250 thousand". It reads, with
// surrounding spaces:
//
//   - digits, with commas, spaces, non-breaking or thin spaces between groups
//     of three digits of the whole part, and a point for decimals;
//   - or digits grouped in threes by two or more dots ("1.500.000"): with two
//     or more dots, each followed by exactly three digits, the dots can only
//     group thousands. A single dot is always a decimal point ("1.500" is 1.5);
//   - then an optional exponent ("1e9", "2.5E+6");
//   - then an optional scale, in any case, with or without a space before it:
//     k or thousand; M, mn or million; B, bn or billion; T, tn or trillion.
//     M is always million, never milli. The words take no plural: "3
//     billions" is refused with a message that says so.
//
// Readings it refuses get a message that names them: a decimal comma after
// dot-grouped thousands ("1.500,5": the message gives 1,500.5 with a point),
// and dots mixed with commas or spaces as group separators ("1,500.000.000").
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
	switch strings.ToLower(s) {
	case "nan", "inf", "infinity", "∞":
		return decimal.Decimal{}, ex.notFinite()
	}
	// A scale word, possibly after a space.
	full := s
	shift := 0
	if word := trailingLetters(s); word != "" {
		w := strings.ToLower(word)
		if n, ok := scaleWords[w]; ok {
			shift = n
			s = strings.TrimRightFunc(s[:len(s)-len(word)], unicode.IsSpace)
		} else if one := strings.TrimSuffix(w, "s"); len(one) > 2 && scaleWords[one] != 0 {
			return decimal.Decimal{}, errPlural(one)
		}
	}

	// After the scale, so that "0b" and "0bn" are zero billion.
	if len(s) > 2 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		return decimal.Decimal{}, errBase
	}

	m, err := scanMantissa(s, ex)
	if err != nil {
		if refused := misread(s, full[len(s):]); refused != nil {
			return decimal.Decimal{}, refused
		}
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
// examples. With two or more dots, the dots separate groups of three
// digits and there is no fractional part.
func scanMantissa(s string, ex examples) (mantissa, error) {
	var m mantissa
	var whole strings.Builder
	groups := []int{0} // digits in each group of the whole part
	dotted := strings.Count(s, ".") >= 2
	mixed := false // dots and other separators
	var lastSep rune
	i := 0
	// Whole part, with separators between groups of three.
scan:
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			whole.WriteByte(byte(r))
			groups[len(groups)-1]++
		case dotted && r == '.':
			groups = append(groups, 0)
			lastSep = r
		case isGroupSeparator(r):
			mixed = mixed || dotted
			groups = append(groups, 0)
			lastSep = r
		default:
			break scan
		}
		i += size
	}
	switch {
	case groups[len(groups)-1] == 0 && i < len(s) && unicode.IsSpace(lastSep):
		// A number, a space and something else: "3 Mrd".
		return m, classify(s[i:], ex)
	case dotted && (mixed || !inThrees(groups)):
		return m, errDotGroups
	case !inThrees(groups):
		return m, ex.grouping()
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

// inThrees reports whether groups, the digits in each group of a whole
// part, are groups of three after a first of one to three, or one group.
func inThrees(groups []int) bool {
	if len(groups) == 1 {
		return true
	}
	if groups[0] < 1 || groups[0] > 3 {
		return false
	}
	for _, g := range groups[1:] {
		if g != 3 {
			return false
		}
	}
	return true
}

// trailingLetters returns the ASCII letters s ends with: a scale word's
// place.
func trailingLetters(s string) string {
	i := len(s)
	for i > 0 && ('a' <= s[i-1] && s[i-1] <= 'z' || 'A' <= s[i-1] && s[i-1] <= 'Z') {
		i--
	}
	return s[i:]
}

// misread returns, for s that the scanner refused, the message that names
// a reading of s that is refused, or nil where there is none: a decimal
// comma after dot-grouped thousands ("1.500,5"), or dots mixed with commas
// or spaces as group separators ("1,500.000.000"). The message states the
// number so read, followed by scale, the scale word as typed (" M", or "").
func misread(s, scale string) error {
	if whole, frac, ok := strings.Cut(s, ","); ok && strings.Contains(whole, ".") && frac != "" &&
		strings.Trim(frac, "0123456789") == "" {
		if digits, ok := splitThrees(whole, func(r rune) bool { return r == '.' }); ok {
			return fmt.Errorf("The comma is not read as a decimal point: type %s if that is the number.", group(digits+"."+frac)+scale)
		}
	}
	if strings.Count(s, ".") >= 2 && strings.ContainsFunc(s, isGroupSeparator) {
		if digits, ok := splitThrees(s, func(r rune) bool { return r == '.' || isGroupSeparator(r) }); ok {
			return fmt.Errorf("Group thousands with dots, or with commas or spaces, not both: type %s if that is the number.", group(digits)+scale)
		}
	}
	return nil
}

// splitThrees returns the digits of s if s is digits in groups of three
// separated by single characters for which sep is true: a first group of
// one to three digits, then at least one of three.
func splitThrees(s string, sep func(rune) bool) (string, bool) {
	var digits strings.Builder
	groups := []int{0}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
			groups[len(groups)-1]++
		case sep(r):
			groups = append(groups, 0)
		default:
			return "", false
		}
	}
	return digits.String(), len(groups) > 1 && inThrees(groups)
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
