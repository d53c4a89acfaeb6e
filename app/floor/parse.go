package floor

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// MaxInputRunes is the longest input ParseNumber reads; longer input is
// rejected before any other work.
const MaxInputRunes = 100

// Bounds of ParseNumber and the field parsers.
var (
	// MaxNumber is the largest number ParseNumber accepts: 10^18.
	MaxNumber = decimal.New(1, 18)
	// MinNumber is the smallest number ParseNumber accepts: 0.000001.
	MinNumber = decimal.New(1, -6)
	// MaxTokensPerMonth bounds ParseTokensPerMonth: 10^18.
	MaxTokensPerMonth = decimal.New(1, 18)
	// MaxRequestsPerMonth bounds ParseRequestsPerMonth: 10^15.
	MaxRequestsPerMonth = decimal.New(1, 15)
	// MaxOutputTokens bounds ParseOutputTokens, a request's average output
	// length: 1,000,000 tokens.
	MaxOutputTokens = decimal.New(1, 6)
	// MaxITLMs bounds ParseITLMs: 60,000 ms (a minute per token).
	MaxITLMs = decimal.New(6, 4)
	// MinLatencyS and MaxLatencyS bound ParseLatencyS, a diffusion batch's
	// latency target: 0.1 s to 100,000 s (measured video batches take up to
	// 6,288 s).
	MinLatencyS = decimal.New(1, -1)
	MaxLatencyS = decimal.New(1, 5)
	// MinPUE and MaxPUE bound ParsePUE: 1 (no facility overhead) to 3.
	MinPUE = decimal.NewFromInt(1)
	MaxPUE = decimal.NewFromInt(3)
	// MaxOverhead bounds ParseOverhead, host or idle energy as a fraction of
	// GPU energy: 5 (five times the GPU's own).
	MaxOverhead = decimal.NewFromInt(5)
	// MaxGCO2ePerKWh bounds ParseGCO2ePerKWh and the bundled grid
	// intensities: 2,000 gCO2e per kWh, above any grid's yearly average.
	MaxGCO2ePerKWh = decimal.NewFromInt(2_000)
	// MaxPricePerKWh bounds ParsePricePerKWh: 1,000 per kWh, in any currency.
	MaxPricePerKWh = decimal.NewFromInt(1_000)
)

// MaxCurrencyRunes is the longest currency ParseCurrency accepts.
const MaxCurrencyRunes = 8

// The reasons ParseNumber gives besides those that suggest a number (see
// examples). Each is a sentence a user can act on.
var (
	errTooLong  = fmt.Errorf("Too long: enter at most %d characters.", MaxInputRunes)
	errNotPos   = errors.New("Must be more than zero.")
	errBase     = errors.New("Enter a decimal number: hexadecimal, octal and binary are not accepted.")
	errDigits   = errors.New("Use the digits 0 to 9: other scripts' digits and full-width digits are not accepted.")
	errTooLarge = errors.New("Must be at most " + bound(MaxNumber) + ".")
	errTooSmall = errors.New("Must be at least " + FormatExact(MinNumber) + ".")
	// Two or more dots that do not group thousands.
	errDotGroups = errors.New("Two or more dots are read only as separators before groups of three digits; a single dot is a decimal point.")
	// For numbers that may be zero.
	errNegative       = errors.New("Must be zero or more.")
	errTooSmallOrZero = errors.New("Enter 0, or a number of at least " + FormatExact(MinNumber) + ".")
)

// errPlural answers a scale word in the plural, such as "billions": one is
// its singular.
func errPlural(one string) error {
	return errors.New(`Write "` + one + `" after a number, not "` + one + `s".`)
}

// bound writes a bound as the parsers' messages state it: its digits,
// grouped, and a power of ten from 10^9 on also as such: "1,000,000,000,000,000,000
// (10^18)".
func bound(d decimal.Decimal) string {
	s := FormatExact(d)
	if n := int32(len(d.Coefficient().String())) - 1 + d.Exponent(); n >= 9 && d.Equal(decimal.New(1, n)) {
		s += fmt.Sprintf(" (10^%d)", n)
	}
	return s
}

// between states the range min to max of a parser's message, with places
// decimals: "between 0 and 2,000", "between 1.0 and 3.0".
func between(min, max decimal.Decimal, places int32) string {
	return "between " + FormatExact(min.Round(places).Truncate(places)) + " and " + FormatExact(max.Round(places).Truncate(places))
}

// examples are the values the messages that suggest a number give: one
// value, a phrase naming the forms the field takes (plain, grouped,
// compact, exponent) where it takes such values, and a grouped value with
// decimals. Each field parser passes its own, within its bounds, to
// the number parser, so that a message never suggests a value the field
// refuses. A field that also takes a word in place of a number has it in
// word, with what it means ("nvidia for …"), and its messages offer it
// beside the number (of, the number's unit) they ask for.
type examples struct{ one, forms, grouped, of, word string }

// The examples of ParseNumber and of each field. Where a field's usual
// values have no grouped or compact form, its phrases repeat its one value.
var (
	anyNumber        = examples{one: "2.5M", forms: "1000000, 1,000,000, 1 000 000, 2.5M or 1e6", grouped: "1,000,000.5"}
	outputExamples   = examples{one: "500", forms: "1500, 1,500, 1.5k or 1.5e3", grouped: "1,500.5"}
	itlExamples      = examples{one: "100", forms: "100 or 2.5", grouped: "1,500.5"}
	latencyExamples  = examples{one: "30", forms: "30 or 2.5", grouped: "1,800.5"}
	overheadExamples = examples{one: "0.43", forms: "0.43", grouped: "0.43"}
	pueExamples      = examples{one: "1.09", forms: "1.09", grouped: "1.09"}
	gco2Examples     = examples{one: "400", forms: "400 or 1,500", grouped: "1,500.5"}
	priceExamples    = examples{one: "0.12", forms: "0.12", grouped: "0.12"}
)

// The messages that suggest a number, with ex's examples.
func (ex examples) empty() error {
	if ex.word != "" {
		return ex.orWord()
	}
	return errors.New("Enter a number, such as " + ex.one + ".")
}

func (ex examples) notNumber() error {
	if ex.word != "" {
		return ex.orWord()
	}
	return errors.New("Enter a number such as " + ex.forms + ".")
}

func (ex examples) notFinite() error {
	if ex.word != "" {
		return ex.orWord()
	}
	return errors.New("Enter a finite number, such as " + ex.one + ".")
}

// orWord asks for a number or ex's word.
func (ex examples) orWord() error {
	return errors.New("Enter a number of " + ex.of + " such as " + ex.one + ", or " + ex.word + ".")
}

func (ex examples) grouping() error {
	return errors.New("Use a point for decimals, and commas or spaces only between groups of three digits, as in " + ex.grouped + ".")
}

// parseField parses s as ParseNumber does and checks it against max, which
// message states; its other messages suggest the field's examples ex.
func parseField(s string, max decimal.Decimal, message string, ex examples) (decimal.Decimal, error) {
	d, err := parseNumber(s, false, ex)
	if errors.Is(err, errTooLarge) {
		// Beyond every field's bound: state this field's own.
		return decimal.Decimal{}, errors.New(message)
	}
	if err != nil {
		return d, err
	}
	if d.GreaterThan(max) {
		return decimal.Decimal{}, errors.New(message)
	}
	return d, nil
}

// errTokensTooLarge states the bound of output tokens per month, however the
// volume is given.
var errTokensTooLarge = "Must be at most " + bound(MaxTokensPerMonth) + " tokens per month."

// ParseTokensPerMonth parses output tokens per month: more than zero and at
// most MaxTokensPerMonth (10^18).
func ParseTokensPerMonth(s string) (decimal.Decimal, error) {
	return parseField(s, MaxTokensPerMonth, errTokensTooLarge, anyNumber)
}

// TokensForRequests returns the output tokens per month of requests per
// month of outputPerRequest tokens each, held to the bound of
// ParseTokensPerMonth: past MaxTokensPerMonth it returns ParseTokensPerMonth's
// message, so a volume given as requests is bounded as one typed as tokens.
func TokensForRequests(requests, outputPerRequest decimal.Decimal) (decimal.Decimal, error) {
	t := requests.Mul(outputPerRequest)
	if t.GreaterThan(MaxTokensPerMonth) {
		return decimal.Decimal{}, errors.New(errTokensTooLarge)
	}
	return t, nil
}

// ParseRequestsPerMonth parses requests per month: more than zero and at most
// MaxRequestsPerMonth (10^15).
func ParseRequestsPerMonth(s string) (decimal.Decimal, error) {
	return parseField(s, MaxRequestsPerMonth, "Must be at most "+bound(MaxRequestsPerMonth)+" requests per month.", anyNumber)
}

// ParseOutputTokens parses a request's average output length in tokens: more
// than zero and at most MaxOutputTokens (1,000,000).
func ParseOutputTokens(s string) (decimal.Decimal, error) {
	return parseField(s, MaxOutputTokens, "Must be at most "+bound(MaxOutputTokens)+" output tokens per request.", outputExamples)
}

// ParseLatencyS parses a diffusion batch's latency target in seconds:
// MinLatencyS (0.1 s) to MaxLatencyS (100,000 s).
func ParseLatencyS(s string) (decimal.Decimal, error) {
	return parseBetween(s, MinLatencyS, MaxLatencyS, "Must be between "+FormatExact(MinLatencyS)+" and "+FormatExact(MaxLatencyS)+" seconds.", latencyExamples)
}

// ParseITLMs parses a latency target in milliseconds: more than zero and at
// most MaxITLMs (60,000 ms).
func ParseITLMs(s string) (decimal.Decimal, error) {
	return parseField(s, MaxITLMs, "Must be at most "+bound(MaxITLMs)+" ms.", itlExamples)
}

// parseBetween parses s, zero allowed, and checks min ≤ value ≤ max; message
// states the range, and answers every number outside it; its other messages
// suggest the field's examples ex.
func parseBetween(s string, min, max decimal.Decimal, message string, ex examples) (decimal.Decimal, error) {
	d, err := parseNumber(s, true, ex)
	switch {
	case errors.Is(err, errNegative), errors.Is(err, errTooLarge), errors.Is(err, errTooSmallOrZero) && min.Sign() > 0:
		return decimal.Decimal{}, errors.New(message)
	case err != nil:
		return decimal.Decimal{}, err
	case d.LessThan(min), d.GreaterThan(max):
		return decimal.Decimal{}, errors.New(message)
	}
	return d, nil
}

// errPercent answers a fraction typed as a percentage.
var errPercent = errors.New("Enter a fraction of GPU energy, not a percentage: 0.43 for 43%.")

// ParseOverhead parses host or idle energy as a fraction of GPU energy: 0 to
// MaxOverhead (5), in any form ParseNumber reads.
func ParseOverhead(s string) (decimal.Decimal, error) {
	if len(s) <= 4*MaxInputRunes && strings.HasSuffix(strings.TrimRightFunc(s, unicode.IsSpace), "%") {
		return decimal.Decimal{}, errPercent
	}
	return parseBetween(s, decimal.Zero, MaxOverhead, "Must be "+between(decimal.Zero, MaxOverhead, 0)+": a fraction of GPU energy, such as "+overheadExamples.one+".", overheadExamples)
}

// ParsePUE parses a power usage effectiveness, facility energy over IT
// energy: MinPUE (1) to MaxPUE (3).
func ParsePUE(s string) (decimal.Decimal, error) {
	return parseBetween(s, MinPUE, MaxPUE, "Must be "+between(MinPUE, MaxPUE, 1)+": facility energy over IT energy, such as "+pueExamples.one+".", pueExamples)
}

// ParseGCO2ePerKWh parses a grid carbon intensity in grams of CO2e per kWh:
// 0 to MaxGCO2ePerKWh (2,000).
func ParseGCO2ePerKWh(s string) (decimal.Decimal, error) {
	return parseBetween(s, decimal.Zero, MaxGCO2ePerKWh, "Must be "+between(decimal.Zero, MaxGCO2ePerKWh, 0)+" gCO2e/kWh.", gco2Examples)
}

// ParsePricePerKWh parses an electricity price per kWh, in any currency: 0
// to MaxPricePerKWh (1,000).
func ParsePricePerKWh(s string) (decimal.Decimal, error) {
	return parseBetween(s, decimal.Zero, MaxPricePerKWh, "Must be "+between(decimal.Zero, MaxPricePerKWh, 0)+" per kWh.", priceExamples)
}

// ParseCurrency reads a currency's name or sign as typed ("EUR", "US$",
// "€"), surrounding spaces removed: at most MaxCurrencyRunes characters of
// valid UTF-8, with no control or formatting characters and no line or
// paragraph separators (such as line breaks, U+2028 or direction marks),
// since it is shown as text beside figures on one line. ""
// is no currency.
func ParseCurrency(s string) (string, error) {
	if len(s) > 4*MaxInputRunes {
		return "", errCurrencyLong
	}
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) {
		return "", errCurrencyText
	}
	if utf8.RuneCountInString(s) > MaxCurrencyRunes {
		return "", errCurrencyLong
	}
	for _, r := range s {
		if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) {
			return "", errCurrencyText
		}
	}
	return s, nil
}

// ParseCurrency's reasons.
var (
	errCurrencyLong = fmt.Errorf("Too long: enter at most %d characters, such as EUR or US$.", MaxCurrencyRunes)
	errCurrencyText = errors.New("Use letters, digits and signs only, such as EUR or €: control and formatting characters are not accepted.")
)
