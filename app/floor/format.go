package floor

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// SignificantFigures is how many significant figures the Format functions
// keep, unless stated otherwise. They round half away from zero.
const SignificantFigures = 3

// roundSig rounds d to sig significant figures and returns it with the number
// of decimal places to print it with (0 when the rounding reaches into the
// whole part).
func roundSig(d decimal.Decimal, sig int) (decimal.Decimal, int32) {
	if d.IsZero() {
		return d, 0
	}
	mag := magnitude(d)
	places := int32(sig-1) - mag
	r := d.Round(places)
	if magnitude(r) > mag { // rounded up to the next power of ten: 999.6 → 1000
		places--
		r = d.Round(places)
	}
	return r, max(places, 0)
}

// magnitude returns the power of ten of d's leading digit: 2 for 123.4.
func magnitude(d decimal.Decimal) int32 {
	return int32(d.NumDigits()) - 1 + d.Exponent()
}

// group inserts a comma between each group of three digits of the whole part
// of a plain decimal string such as "-1234567.25".
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// Counted writes a formatted count and the noun it counts, singular where
// the count reads "1" and plural (with an s) otherwise: "1 image",
// "1,000,000 images", "2.5 output tokens".
func Counted(count, noun string) string {
	if count == "1" {
		return count + " " + noun
	}
	return count + " " + noun + "s"
}

// WithArticle puts the indefinite article before s, a phrase that starts
// with a number as the Format functions write it, chosen by how the number
// is spoken: "an" where it is spoken with a vowel sound (eight, eleven,
// eighteen: "an 8 s", "an 80 ms", "an 800", "an 8,000", "an 11,000", "an
// 18.5"), "a" otherwise ("a 1", "a 100 ms", "a 110", "a 1,100", "a 0.8").
// The number's leading group of three digits is what is spoken first: 11
// and 18 are "eleven" and "eighteen" only as a whole group (11,500 is eleven
// thousand, 110 one hundred and ten).
func WithArticle(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != ',' })
	if end < 0 {
		end = len(s)
	}
	whole := strings.ReplaceAll(s[:end], ",", "")
	lead := whole[:min(len(whole), (len(whole)+2)%3+1)] // the leading group of three digits
	if strings.HasPrefix(lead, "8") || lead == "11" || lead == "18" {
		return "an " + s
	}
	return "a " + s
}

// FormatNumber formats d to SignificantFigures significant figures with
// commas between groups of three digits: "1,230,000", "0.240", "66.7".
func FormatNumber(d decimal.Decimal) string {
	r, places := roundSig(d, SignificantFigures)
	return group(r.StringFixed(places))
}

// FormatInteger formats d rounded to a whole number (half away from zero),
// with commas between groups of three digits: "1,000,000,000".
func FormatInteger(d decimal.Decimal) string {
	return group(d.Round(0).StringFixed(0))
}

// FormatExact formats d with every digit it has, trailing zeros included,
// and commas between groups of three digits of the whole part: "1,234.5678",
// "500", "9.0" (a latency measured to 0.1 ms). It is for measurements and for
// figures a user typed, shown as they are.
func FormatExact(d decimal.Decimal) string { return group(d.StringFixed(max(0, -d.Exponent()))) }

// compactSuffixes are FormatCompact's suffixes, largest first.
var compactSuffixes = []struct {
	exp    int32
	suffix string
}{{12, "T"}, {9, "B"}, {6, "M"}, {3, "k"}}

// FormatCompact formats d exactly with the largest k/M/B/T suffix it reaches
// and no separators: "1B", "2.5M", "500", "1.2T", "1.234567891B". It loses no
// digit, so ParseNumber(FormatCompact(d)) equals d for every number
// ParseNumber accepts (as long as the result fits in MaxInputRunes).
func FormatCompact(d decimal.Decimal) string {
	abs := d.Abs()
	for _, s := range compactSuffixes {
		if abs.Cmp(decimal.New(1, s.exp)) >= 0 {
			return d.Shift(-s.exp).String() + s.suffix
		}
	}
	return d.String()
}

// unitPrefixes are the SI prefixes of the unit formatters, smallest first.
var unitPrefixes = []string{"", "k", "M", "G", "T"}

// formatSI formats d in unit with the largest SI prefix (up to maxPrefix
// steps of 1,000) that keeps its rounded value at least 1, to
// SignificantFigures significant figures.
func formatSI(d decimal.Decimal, unit string, maxPrefix int) string {
	r, _ := roundSig(d, SignificantFigures)
	step := 0
	for step < maxPrefix && r.Abs().Cmp(decimal.New(1, int32(3*(step+1)))) >= 0 {
		step++
	}
	return FormatNumber(d.Shift(int32(-3*step))) + " " + unitPrefixes[step] + unit
}

// volumeScales are FormatVolume's words, largest first.
var volumeScales = []struct {
	exp  int32
	word string
}{{12, "trillion"}, {9, "billion"}, {6, "million"}}

// FormatVolume formats a count in words, as a sentence gives it, to
// SignificantFigures significant figures without trailing zeros: "1
// billion", "1.02 billion", "20 million", "2.5 trillion", "500,000".
func FormatVolume(d decimal.Decimal) string {
	r, _ := roundSig(d, SignificantFigures)
	for _, s := range volumeScales {
		if r.Abs().Cmp(decimal.New(1, s.exp)) >= 0 {
			return group(r.Shift(-s.exp).String()) + " " + s.word
		}
	}
	return group(r.String())
}

// FormatPercent formats a fraction as a percentage to SignificantFigures
// significant figures, in English style with no space before the sign:
// 0.0194 → "1.94%".
func FormatPercent(fraction decimal.Decimal) string { return FormatNumber(fraction.Shift(2)) + "%" }

// FormatTimes formats a ratio to SignificantFigures significant figures
// with a times sign: "26.9×".
func FormatTimes(d decimal.Decimal) string { return FormatNumber(d) + "×" }

// FormatJoules formats an energy in joules with SignificantFigures
// significant figures and J, kJ, MJ, GJ or TJ: "0.240 J", "210 J", "1.23 kJ",
// "4.56 MJ".
func FormatJoules(j decimal.Decimal) string { return formatSI(j, "J", 4) }

// FormatWh formats an energy in watt-hours with SignificantFigures
// significant figures and Wh, kWh, MWh, GWh or TWh: "0.0583 Wh", "58.3 Wh",
// "1.23 kWh", "4.56 MWh", "7.89 GWh".
func FormatWh(wh decimal.Decimal) string { return formatSI(wh, "Wh", 4) }

// FormatWatts formats a power in watts with SignificantFigures significant
// figures and W, kW or MW: "799 W", "3.20 kW".
func FormatWatts(w decimal.Decimal) string { return formatSI(w, "W", 2) }

// FormatKgCO2e formats a mass of CO2e given in kilograms with
// SignificantFigures significant figures: in kg below 1,000 kg ("540
// kgCO2e", "9.10 kgCO2e"), in tonnes from 1,000 kg as rounded ("1.02 t
// CO2e", "1.00 t CO2e" for 999.6 kg, "1,210 t CO2e").
func FormatKgCO2e(kg decimal.Decimal) string {
	if r, _ := roundSig(kg, SignificantFigures); r.Abs().Cmp(decimal.New(1, 3)) >= 0 {
		return FormatNumber(kg.Shift(-3)) + " t CO2e"
	}
	return FormatNumber(kg) + " kgCO2e"
}

// FormatLatency formats a measured latency or a latency target in
// milliseconds with every digit it has: "67.8 ms", "9.0 ms", "1,234.5 ms".
// Use it where a reader compares the figure with a target, as in "the lowest
// latency it reaches is 246.4 ms": rounded to "246 ms", a target set to that
// would still miss.
func FormatLatency(ms decimal.Decimal) string { return FormatExact(ms) + " ms" }

// FormatSeconds formats a batch latency or a diffusion latency target in
// seconds with every digit it has: "30 s", "11.6392002 s".
func FormatSeconds(s decimal.Decimal) string { return FormatExact(s) + " s" }

// WithCurrency follows amount, a formatted money figure, with currency as
// the user typed it: "34.9 EUR"; with no currency, "34.9 currency units",
// so that a figure quoted is never a bare number.
func WithCurrency(amount, currency string) string {
	if currency == "" {
		currency = noCurrency
	}
	return amount + " " + currency
}

// noCurrency stands for the currency of a price given without one.
const noCurrency = "currency units"

// MaxQuotedRunes is how many characters of a rejected value QuoteInput keeps.
const MaxQuotedRunes = 40

// QuoteInput quotes a rejected input for a message, as the app's notices and
// the CLI's errors show it: at most MaxQuotedRunes characters (an ellipsis
// marks the cut), invalid UTF-8 replaced, and control, format and
// direction-changing characters escaped, so the message reads as it is.
func QuoteInput(v string) string {
	if !utf8.ValidString(v) {
		v = strings.ToValidUTF8(v, "\uFFFD")
	}
	cut := false
	if utf8.RuneCountInString(v) > MaxQuotedRunes {
		v = string([]rune(v)[:MaxQuotedRunes])
		cut = true
	}
	q := strconv.QuoteToGraphic(v)
	if cut {
		q = q[:len(q)-1] + "…\""
	}
	return q
}
