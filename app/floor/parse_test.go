package floor

import (
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// Messages ParseNumber gives, as a user reads them.
const (
	msgEmpty    = "Enter a number, such as 2.5M."
	msgNotNum   = "Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6."
	msgTooLong  = "Too long: enter at most 100 characters."
	msgNotPos   = "Must be more than zero."
	msgFinite   = "Enter a finite number, such as 2.5M."
	msgBase     = "Enter a decimal number: hexadecimal, octal and binary are not accepted."
	msgDigits   = "Use the digits 0 to 9: other scripts' digits and full-width digits are not accepted."
	msgGrouping = "Use a point for decimals, and commas or spaces only between groups of three digits, as in 1,000,000.5."
	msgTooLarge = "Must be at most 1,000,000,000,000,000,000 (10^18)."
	msgTooSmall = "Must be at least 0.000001."
	msgDots     = "Two or more dots are read only as separators before groups of three digits; a single dot is a decimal point."
)

// Messages of the estimate's fields.
const (
	msgOverhead = "Must be between 0 and 5: a fraction of GPU energy, such as 0.43."
	msgPercent  = "Enter a fraction of GPU energy, not a percentage: 0.43 for 43%."
	msgPUE      = "Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09."
	msgGCO2     = "Must be between 0 and 2,000 gCO2e/kWh."
	msgPrice    = "Must be between 0 and 1,000 per kWh."
	msgTinyZero = "Enter 0, or a number of at least 0.000001."
)

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, err string
	}{
		{"plain", "1000000000", "1000000000", ""},
		{"exponent", "1e9", "1000000000", ""},
		{"exponent with sign and capital", "2.5E+6", "2500000", ""},
		{"negative exponent", "5e-1", "0.5", ""},
		{"commas", "1,000,000,000", "1000000000", ""},
		{"spaces", "1 000 000 000", "1000000000", ""},
		{"no-break spaces", "1\u00a0000\u00a0000", "1000000", ""},
		{"thin and narrow no-break spaces", "1\u2009000\u202f000", "1000000", ""},
		{"million", "2.5M", "2500000", ""},
		{"billion", "1.2B", "1200000000", ""},
		{"trillion", "3T", "3000000000000", ""},
		{"thousand", "7k", "7000", ""},
		{"suffixes in either case", "7K", "7000", ""},
		{"lower-case m is million", "2.5m", "2500000", ""},
		{"lower-case b", "1.2b", "1200000000", ""},
		{"lower-case t", "3t", "3000000000000", ""},
		{"space before the suffix", "2.5 M", "2500000", ""},
		{"surrounding spaces", "  42 \t\n", "42", ""},
		{"surrounding no-break spaces", "\u00a042\u00a0", "42", ""},
		{"plus sign", "+42", "42", ""},
		{"decimals", "1,234.5678", "1234.5678", ""},
		{"leading point", ".5", "0.5", ""},
		{"trailing point", "5.", "5", ""},
		{"leading zeros", "007", "7", ""},
		{"exponent and suffix", "1e3k", "1000000", ""},
		{"grouped with suffix", "1,500k", "1500000", ""},
		{"the upper bound", "1e18", "1000000000000000000", ""},
		{"the upper bound with a suffix", "1000000T", "1000000000000000000", ""},
		{"the lower bound", "0.000001", "0.000001", ""},
		{"many digits kept exactly", "123456789012345678.5", "123456789012345678.5", ""},
		{"billion in words", "3 billion", "3000000000", ""},
		{"bn", "3bn", "3000000000", ""},
		{"bn after a space", "3 bn", "3000000000", ""},
		{"bn in capitals", "3BN", "3000000000", ""},
		{"a capital word", "3 Billion", "3000000000", ""},
		{"a word without a space", "3billion", "3000000000", ""},
		{"a word after a no-break space", "3\u00a0billion", "3000000000", ""},
		{"million in words", "2.5 million", "2500000", ""},
		{"mn", "2.5mn", "2500000", ""},
		{"thousand in words", "250 thousand", "250000", ""},
		{"trillion in words", "1.5 trillion", "1500000000000", ""},
		{"tn", "2tn", "2000000000000", ""},
		{"grouped, then a word", "1,500 million", "1500000000", ""},
		{"an exponent, then a word", "1e3 million", "1000000000", ""},
		{"dots grouping a billion", "3.000.000.000", "3000000000", ""},
		{"dots grouping a million and a half", "1.500.000", "1500000", ""},
		{"dots grouping, a short first group", "12.345.678.901", "12345678901", ""},
		{"dots grouping, then a suffix", "1.000.000k", "1000000000", ""},
		{"dots grouping, then an exponent", "1.000.000e3", "1000000000", ""},
		{"a single dot before three digits is a decimal point", "1.500", "1.5", ""},
		{"a single dot after commas is a decimal point", "1,500.000", "1500", ""},

		{"empty", "", "", msgEmpty},
		{"only spaces", "   ", "", msgEmpty},
		{"letters", "abc", "", msgNotNum},
		{"suffix alone", "M", "", msgNotNum},
		{"unknown suffix", "5x", "", msgNotNum},
		{"two points", "1.2.3", "", msgDots},
		{"dots before two digits", "1.500.00", "", msgDots},
		{"dots after four digits", "1000.000.000", "", msgDots},
		{"dots at the start", ".500.000", "", msgDots},
		{"dots at the end", "1.500.000.", "", msgDots},
		{"two dots together", "1..500", "", msgDots},
		{"a plural word", "3 billions", "", `Write "billion" after a number, not "billions".`},
		{"a plural word in capitals", "2 Millions", "", `Write "million" after a number, not "millions".`},
		{"thousands", "250 thousands", "", `Write "thousand" after a number, not "thousands".`},
		{"an abbreviation with an s", "5 bns", "", msgNotNum},
		{"ms is not a scale", "100ms", "", msgNotNum},
		{"a word alone", "billion", "", msgNotNum},
		{"a word for the number", "a billion", "", msgNotNum},
		{"German Mrd", "3 Mrd", "", msgNotNum},
		{"two words", "3 thousand million", "", msgNotNum},
		{"the Kelvin sign is not k", "5\u212a", "", msgNotNum},
		{"a decimal comma after dot groups", "1.500,5", "", "The comma is not read as a decimal point: type 1,500.5 if that is the number."},
		{"a decimal comma after several dot groups, then a scale", "2.500.000,75 M", "", "The comma is not read as a decimal point: type 2,500,000.75 M if that is the number."},
		{"commas, then dots", "1,500.000.000", "", "Group thousands with dots, or with commas or spaces, not both: type 1,500,000,000 if that is the number."},
		{"a space, then dots", "1 500.000.000", "", "Group thousands with dots, or with commas or spaces, not both: type 1,500,000,000 if that is the number."},
		{"dots, then commas", "1.500.000,000,000", "", "Group thousands with dots, or with commas or spaces, not both: type 1,500,000,000,000 if that is the number."},
		{"a space before a word that is not a scale", "5 x", "", msgNotNum},
		{"a space before full-width digits", "5 ５", "", msgDigits},
		{"a comma before a word", "5,x", "", msgGrouping},
		{"a decimal comma after a decimal point", "1.5,5", "", msgGrouping},
		{"exponent without digits", "1e", "", msgNotNum},
		{"exponent alone", "e9", "", msgNotNum},
		{"markup", "<b>1</b>", "", msgNotNum},
		{"right-to-left mark", "\u200f100", "", msgNotNum},
		{"control character", "1\x0000", "", msgNotNum},
		{"invalid UTF-8", "1\xff", "", msgNotNum},
		{"percent", "50%", "", msgNotNum},
		{"negative", "-5", "", msgNotPos},
		{"minus sign", "\u22125", "", msgNotPos},
		{"negative zero", "-0", "", msgNotPos},
		{"zero", "0", "", msgNotPos},
		{"zeros", "0.000", "", msgNotPos},
		{"zero billion", "0b", "", msgNotPos},
		{"zero bn", "0bn", "", msgNotPos},
		{"hexadecimal ending in bn's letters", "0xbn", "", msgBase},
		{"hexadecimal with a suffix", "0x10k", "", msgBase},
		{"NaN", "NaN", "", msgFinite},
		{"inf", "inf", "", msgFinite},
		{"Infinity", "Infinity", "", msgFinite},
		{"infinity sign", "∞", "", msgFinite},
		{"negative infinity", "-Inf", "", msgNotPos},
		{"hexadecimal", "0x10", "", msgBase},
		{"upper-case hexadecimal", "0X1F", "", msgBase},
		{"binary", "0b101", "", msgBase},
		{"octal", "0o17", "", msgBase},
		{"full-width digits", "１２３", "", msgDigits},
		{"Arabic-Indic digits", "٣٤", "", msgDigits},
		{"a full-width digit after ASCII", "12３", "", msgDigits},
		{"decimal comma", "1,5", "", msgGrouping},
		{"groups of four", "1,0000", "", msgGrouping},
		{"trailing comma", "1,000,", "", msgGrouping},
		{"leading comma", ",100", "", msgGrouping},
		{"separators in the decimals", "1.000,5", "", "The comma is not read as a decimal point: type 1,000.5 if that is the number."},
		{"separators in the decimals, not a decimal comma", "1.000,5,5", "", msgGrouping},
		{"digits separated by a space", "12 3", "", msgGrouping},
		{"beyond the bound", "1000000000000000001", "", msgTooLarge},
		{"1e309", "1e309", "", msgTooLarge},
		{"a huge exponent", "1e999999999999", "", msgTooLarge},
		{"1.5e18", "1.5e18", "", msgTooLarge},
		{"a huge suffixed value", "2000000T", "", msgTooLarge},
		{"below the lower bound", "0.0000009", "", msgTooSmall},
		{"a tiny exponent", "1e-999999999", "", msgTooSmall},
		{"101 characters", strings.Repeat("1", 101), "", msgTooLong},
		{"10,000 characters", strings.Repeat("9", 10000), "", msgTooLong},
		{"101 runes of full-width digits", strings.Repeat("１", 101), "", msgTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseNumber(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("ParseNumber(%q) = %s, %v; want error %q", tc.in, got, err, tc.err)
				}
				return
			}
			if err != nil || !got.Equal(dec(tc.want)) {
				t.Errorf("ParseNumber(%q) = %s, %v; want %s", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseFields(t *testing.T) {
	// The embodied setting's number (its word, nvidia, sets Bundled instead).
	embodiedKg := func(s string) (decimal.Decimal, error) {
		kg, _, err := ParseEmbodied(s)
		return kg, err
	}
	const msgEmbodiedWord = "Enter a number of kgCO2e per GPU such as 164, or nvidia for NVIDIA's figure of each GPU."
	for _, tc := range []struct {
		name  string
		parse func(string) (decimal.Decimal, error)
		in    string
		want  string
		err   string
	}{
		{"tokens: 1B", ParseTokensPerMonth, "1B", "1000000000", ""},
		{"tokens: at the bound", ParseTokensPerMonth, "1e18", "1000000000000000000", ""},
		{"tokens: over the bound", ParseTokensPerMonth, "1.1e18", "", "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."},
		{"itl: 1e309 states the field's bound", ParseITLMs, "1e309", "", "Must be at most 60,000 ms."},
		{"output tokens: 2e19 states the field's bound", ParseOutputTokens, "2e19", "", "Must be at most 1,000,000 output tokens per request."},
		{"tokens: zero", ParseTokensPerMonth, "0", "", msgNotPos},
		{"requests: at the bound", ParseRequestsPerMonth, "1e15", "1000000000000000", ""},
		{"requests: over the bound", ParseRequestsPerMonth, "1000000000000001", "", "Must be at most 1,000,000,000,000,000 (10^15) requests per month."},
		{"output tokens: 500", ParseOutputTokens, "500", "500", ""},
		{"output tokens: fractional", ParseOutputTokens, "612.5", "612.5", ""},
		{"output tokens: at the bound", ParseOutputTokens, "1M", "1000000", ""},
		{"output tokens: over the bound", ParseOutputTokens, "1000001", "", "Must be at most 1,000,000 output tokens per request."},
		{"itl: 100", ParseITLMs, "100", "100", ""},
		{"itl: fractional", ParseITLMs, "67.85", "67.85", ""},
		{"itl: at the bound", ParseITLMs, "60,000", "60000", ""},
		{"itl: over the bound", ParseITLMs, "60000.1", "", "Must be at most 60,000 ms."},
		{"itl: negative", ParseITLMs, "-1", "", msgNotPos},
		{"itl: not a number", ParseITLMs, "fast", "", "Enter a number such as 100 or 2.5."},
		{"host: the Google share", ParseOverhead, "0.43", "0.43", ""},
		{"host: zero", ParseOverhead, "0", "0", ""},
		{"host: zero written out", ParseOverhead, " 0.00 ", "0", ""},
		{"host: at the bound", ParseOverhead, "5", "5", ""},
		{"host: over the bound", ParseOverhead, "5.01", "", msgOverhead},
		{"host: negative", ParseOverhead, "-0.1", "", msgOverhead},
		{"host: negative zero", ParseOverhead, "-0", "", msgOverhead},
		{"host: huge", ParseOverhead, "1e309", "", msgOverhead},
		{"host: a percentage", ParseOverhead, "43%", "", msgPercent},
		{"host: a percentage with spaces", ParseOverhead, " 43 % ", "", msgPercent},
		{"host: tiny", ParseOverhead, "0.0000001", "", msgTinyZero},
		{"host: empty", ParseOverhead, "", "", "Enter a number, such as 0.43."},
		{"host: not a number", ParseOverhead, "some", "", "Enter a number such as 0.43."},
		{"host: decimal comma", ParseOverhead, "0,43", "", "Use a point for decimals, and commas or spaces only between groups of three digits, as in 0.43."},
		{"idle: the Google share", ParseOverhead, "0.17", "0.17", ""},
		{"pue: 1.09", ParsePUE, "1.09", "1.09", ""},
		{"pue: the lower bound", ParsePUE, "1", "1", ""},
		{"pue: the upper bound", ParsePUE, "3.0", "3", ""},
		{"pue: below 1", ParsePUE, "0.99", "", msgPUE},
		{"pue: zero", ParsePUE, "0", "", msgPUE},
		{"pue: tiny", ParsePUE, "1e-9", "", msgPUE},
		{"pue: negative", ParsePUE, "-1.2", "", msgPUE},
		{"pue: over 3", ParsePUE, "3.01", "", msgPUE},
		{"pue: infinity", ParsePUE, "inf", "", "Enter a finite number, such as 1.09."},
		{"gco2: DEU's", ParseGCO2ePerKWh, "342.06", "342.06", ""},
		{"gco2: zero", ParseGCO2ePerKWh, "0", "0", ""},
		{"gco2: the bound, grouped", ParseGCO2ePerKWh, "2,000", "2000", ""},
		{"gco2: with a suffix", ParseGCO2ePerKWh, "1.5k", "1500", ""},
		{"gco2: over the bound", ParseGCO2ePerKWh, "2000.5", "", msgGCO2},
		{"gco2: negative", ParseGCO2ePerKWh, "\u2212400", "", msgGCO2},
		{"gco2: full-width digits", ParseGCO2ePerKWh, "４００", "", msgDigits},
		{"price: 0.30", ParsePricePerKWh, "0.30", "0.3", ""},
		{"price: zero", ParsePricePerKWh, "0", "0", ""},
		{"price: the bound", ParsePricePerKWh, "1000", "1000", ""},
		{"price: a suffix inside", ParsePricePerKWh, "1k1", "", "Enter a number such as 0.12."},
		{"price: over the bound as a suffix", ParsePricePerKWh, "1.1k", "", msgPrice},
		{"price: negative", ParsePricePerKWh, "-0.2", "", msgPrice},
		{"price: NaN", ParsePricePerKWh, "NaN", "", "Enter a finite number, such as 0.12."},
		{"price: hexadecimal", ParsePricePerKWh, "0x1", "", msgBase},
		{"price: too long", ParsePricePerKWh, strings.Repeat("1", 101), "", msgTooLong},
		{"embodied: 1,312", embodiedKg, "1,312", "1312", ""},
		{"embodied: a word misspelt offers nvidia", embodiedKg, "NVDIA", "", msgEmbodiedWord},
		{"embodied: not a number offers nvidia", embodiedKg, "lots", "", msgEmbodiedWord},
		{"embodied: NaN offers nvidia", embodiedKg, "NaN", "", msgEmbodiedWord},
		{"embodied: over the bound", embodiedKg, "10001", "", "Must be between 0 and 10,000 kgCO2e per GPU, or nvidia for NVIDIA's figure of each GPU."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.parse(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("got %s, %v; want error %q", got, err, tc.err)
				}
				return
			}
			if err != nil || !got.Equal(dec(tc.want)) {
				t.Errorf("got %s, %v; want %s", got, err, tc.want)
			}
		})
	}
}

func TestParseCurrency(t *testing.T) {
	const (
		long = "Too long: enter at most 8 characters, such as EUR or US$."
		bad  = "Use letters, digits and signs only, such as EUR or €: control and formatting characters are not accepted."
	)
	for _, tc := range []struct{ name, in, want, err string }{
		{"a code", "EUR", "EUR", ""},
		{"a sign", "€", "€", ""},
		{"spaces around", "  US$ ", "US$", ""},
		{"empty", "", "", ""},
		{"eight characters", "ABCDEFGH", "ABCDEFGH", ""},
		{"eight runes of several bytes", "€€€€€€€€", "€€€€€€€€", ""},
		{"markup is text", "<b>", "<b>", ""},
		{"nine characters", "ABCDEFGHI", "", long},
		{"a kilobyte", strings.Repeat("A", 1024), "", long},
		{"a line break inside", "EU\nR", "", bad},
		{"a NUL", "EUR\x00", "", bad},
		{"a right-to-left override", "\u202eRUE", "", bad},
		{"a zero-width space", "E\u200bUR", "", bad},
		{"invalid UTF-8", "EU\xff", "", bad},
		{"a line separator", "EU\u2028R", "", bad},
		{"a paragraph separator", "EU\u2029R", "", bad},
		{"a next-line control", "EU\u0085R", "", bad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseCurrency(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("got %q, %v; want error %q", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestFieldMessagesSuggestValuesWithinBounds checks each field's messages
// that suggest a value, and that every value they suggest is one the same
// field accepts.
func TestFieldMessagesSuggestValuesWithinBounds(t *testing.T) {
	type parser = func(string) (decimal.Decimal, error)
	fields := []struct {
		name  string
		parse parser
		want  map[string]string // input -> message
	}{
		{"tokens", ParseTokensPerMonth, map[string]string{
			"": msgEmpty, "lots": msgNotNum, "NaN": msgFinite, "1,5": msgGrouping,
		}},
		{"requests", ParseRequestsPerMonth, map[string]string{
			"": msgEmpty, "lots": msgNotNum, "NaN": msgFinite, "1,5": msgGrouping,
		}},
		{"output tokens", ParseOutputTokens, map[string]string{
			"":     "Enter a number, such as 500.",
			"lots": "Enter a number such as 1500, 1,500, 1.5k or 1.5e3.",
			"NaN":  "Enter a finite number, such as 500.",
			"1,5":  "Use a point for decimals, and commas or spaces only between groups of three digits, as in 1,500.5.",
		}},
		{"itl", ParseITLMs, map[string]string{
			"":     "Enter a number, such as 100.",
			"lots": "Enter a number such as 100 or 2.5.",
			"NaN":  "Enter a finite number, such as 100.",
			"1,5":  "Use a point for decimals, and commas or spaces only between groups of three digits, as in 1,500.5.",
		}},
		{"host and idle overhead", ParseOverhead, map[string]string{
			"":    "Enter a number, such as 0.43.",
			"abc": "Enter a number such as 0.43.",
			"NaN": "Enter a finite number, such as 0.43.",
			"1,5": "Use a point for decimals, and commas or spaces only between groups of three digits, as in 0.43.",
		}},
		{"pue", ParsePUE, map[string]string{
			"":    "Enter a number, such as 1.09.",
			"abc": "Enter a number such as 1.09.",
			"NaN": "Enter a finite number, such as 1.09.",
			"1,5": "Use a point for decimals, and commas or spaces only between groups of three digits, as in 1.09.",
		}},
		{"gCO2e per kWh", ParseGCO2ePerKWh, map[string]string{
			"":    "Enter a number, such as 400.",
			"abc": "Enter a number such as 400 or 1,500.",
			"NaN": "Enter a finite number, such as 400.",
			"1,5": "Use a point for decimals, and commas or spaces only between groups of three digits, as in 1,500.5.",
		}},
		{"price per kWh", ParsePricePerKWh, map[string]string{
			"":    "Enter a number, such as 0.12.",
			"abc": "Enter a number such as 0.12.",
			"NaN": "Enter a finite number, such as 0.12.",
			"1,5": "Use a point for decimals, and commas or spaces only between groups of three digits, as in 0.12.",
		}},
	}
	for _, f := range fields {
		for in, want := range f.want {
			t.Run(f.name+"/"+in, func(t *testing.T) {
				_, err := f.parse(in)
				if err == nil || err.Error() != want {
					t.Fatalf("got %v, want %q", err, want)
				}
				_, suggested, ok := strings.Cut(want, "such as ")
				if !ok {
					_, suggested, _ = strings.Cut(want, "as in ")
				}
				for _, v := range regexp.MustCompile(`, | or `).Split(strings.TrimSuffix(suggested, "."), -1) {
					if _, err := f.parse(v); err != nil {
						t.Errorf("the message suggests %q, which the field refuses: %v", v, err)
					}
				}
			})
		}
	}
}

// TestTokensForRequests: a volume given as requests obeys the bound of one
// typed as tokens, with the same message.
func TestTokensForRequests(t *testing.T) {
	for _, tc := range []struct {
		name, requests, output, want, err string
	}{
		{"within the bound", "2M", "500", "1000000000", ""},
		{"at the bound", "1e12", "1e6", "1000000000000000000", ""},
		{"past the bound", "1e15", "1e6", "", "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := ParseRequestsPerMonth(tc.requests)
			o, _ := ParseOutputTokens(tc.output)
			got, err := TokensForRequests(r, o)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("TokensForRequests(%s, %s) = %s, %v; want error %q", tc.requests, tc.output, got, err, tc.err)
				}
				return
			}
			if err != nil || got.String() != tc.want {
				t.Errorf("TokensForRequests(%s, %s) = %s, %v; want %s", tc.requests, tc.output, got, err, tc.want)
			}
		})
	}
}
