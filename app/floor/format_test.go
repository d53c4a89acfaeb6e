package floor

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		name   string
		format func(decimal.Decimal) string
		in     string
		want   string
	}{
		{"number: 3 significant figures", FormatNumber, "0.2402453", "0.240"},
		{"number: keeps trailing zeros", FormatNumber, "2", "2.00"},
		{"number: thousands", FormatNumber, "1234567", "1,230,000"},
		{"number: rounds half away from zero", FormatNumber, "66.75", "66.8"},
		{"number: rounding up to a new power of ten", FormatNumber, "999.6", "1,000"},
		{"number: rounding up below one", FormatNumber, "0.9996", "1.00"},
		{"number: small, no exponent", FormatNumber, "0.0000027", "0.00000270"},
		{"number: large, no exponent", FormatNumber, "123456789012345678901234", "123,000,000,000,000,000,000,000"},
		{"number: zero", FormatNumber, "0", "0"},
		{"number: negative", FormatNumber, "-1234.5", "-1,230"},
		{"integer: separators", FormatInteger, "1000000000", "1,000,000,000"},
		{"integer: rounds half away from zero", FormatInteger, "2.5", "3"},
		{"integer: small", FormatInteger, "999", "999"},
		{"integer: zero", FormatInteger, "0.4", "0"},
		{"exact: every digit", FormatExact, "1234.5678", "1,234.5678"},
		{"exact: whole", FormatExact, "1000000", "1,000,000"},
		{"exact: small", FormatExact, "0.000001", "0.000001"},
		{"exact: keeps its trailing zeros", FormatExact, "9.0", "9.0"},
		{"exact: an exponent", FormatExact, "1e9", "1,000,000,000"},
		{"volume: billion", FormatVolume, "1000000000", "1 billion"},
		{"volume: 3 significant figures", FormatVolume, "1019401200", "1.02 billion"},
		{"volume: million", FormatVolume, "20000000", "20 million"},
		{"volume: trillion", FormatVolume, "2500000000000", "2.5 trillion"},
		{"volume: rounds up to the next word", FormatVolume, "999999999", "1 billion"},
		{"volume: below a million", FormatVolume, "123456", "123,000"},
		{"volume: large", FormatVolume, "12345000000000000", "12,300 trillion"},
		{"percent: no space", FormatPercent, "0.0194012", "1.94%"},
		{"percent: whole", FormatPercent, "0.029", "2.90%"},
		{"compact: billion", FormatCompact, "1000000000", "1B"},
		{"compact: million", FormatCompact, "2500000", "2.5M"},
		{"compact: plain", FormatCompact, "500", "500"},
		{"compact: trillion", FormatCompact, "1200000000000", "1.2T"},
		{"compact: thousand", FormatCompact, "1500", "1.5k"},
		{"compact: exact, no digit lost", FormatCompact, "1234567891", "1.234567891B"},
		{"compact: beyond trillions", FormatCompact, "1e18", "1000000T"},
		{"compact: below one", FormatCompact, "0.5", "0.5"},
		{"joules: below one", FormatJoules, "0.2402453", "0.240 J"},
		{"joules: hundreds", FormatJoules, "210", "210 J"},
		{"joules: kilo", FormatJoules, "1234", "1.23 kJ"},
		{"joules: mega", FormatJoules, "4560000", "4.56 MJ"},
		{"joules: rounding crosses to kilo", FormatJoules, "999.7", "1.00 kJ"},
		{"Wh: below one", FormatWh, "0.0583", "0.0583 Wh"},
		{"Wh: tens", FormatWh, "58.3", "58.3 Wh"},
		{"Wh: kilo", FormatWh, "1234", "1.23 kWh"},
		{"Wh: mega", FormatWh, "4560000", "4.56 MWh"},
		{"Wh: giga", FormatWh, "7890000000", "7.89 GWh"},
		{"Wh: tera", FormatWh, "2780000000000", "2.78 TWh"},
		{"Wh: beyond tera, separators", FormatWh, "2780000000000000", "2,780 TWh"},
		{"Wh: tiny, no exponent", FormatWh, "0.0000001234", "0.000000123 Wh"},
		{"watts", FormatWatts, "799", "799 W"},
		{"watts: kilo keeps 3 figures", FormatWatts, "3200", "3.20 kW"},
		{"watts: mega", FormatWatts, "1500000", "1.50 MW"},
		{"CO2e: kilograms", FormatKgCO2e, "540", "540 kgCO2e"},
		{"CO2e: a few kilograms", FormatKgCO2e, "9.1", "9.10 kgCO2e"},
		{"CO2e: just under a tonne", FormatKgCO2e, "999.4", "999 kgCO2e"},
		{"CO2e: rounding up to a tonne", FormatKgCO2e, "999.6", "1.00 t CO2e"},
		{"CO2e: a tonne", FormatKgCO2e, "1000", "1.00 t CO2e"},
		{"CO2e: tonnes", FormatKgCO2e, "1020", "1.02 t CO2e"},
		{"CO2e: thousands of tonnes", FormatKgCO2e, "1214567", "1,210 t CO2e"},
		{"CO2e: none", FormatKgCO2e, "0", "0 kgCO2e"},
		{"latency: every digit", FormatLatency, "246.4", "246.4 ms"},
		{"latency: thousands", FormatLatency, "1234.5", "1,234.5 ms"},
		{"latency: as typed", FormatLatency, "67.85", "67.85 ms"},
		{"latency: as measured", FormatLatency, "9.0", "9.0 ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.format(dec(tc.in)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestWithCurrency(t *testing.T) {
	tests := []struct{ name, amount, currency, want string }{
		{"a code", "34.9", "EUR", "34.9 EUR"},
		{"a sign", "0.3", "€", "0.3 €"},
		{"no currency", "34.9", "", "34.9 currency units"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WithCurrency(tt.amount, tt.currency); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestQuoteInput(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "abc", `"abc"`},
		{"quotes escaped", `a"b`, `"a\"b"`},
		{"right-to-left override escaped", "\u202eabc", `"\u202eabc"`},
		{"invalid UTF-8 replaced", "a\xffb", "\"a\uFFFDb\""},
		{"cut at 40 characters", strings.Repeat("x", 41), `"` + strings.Repeat("x", 40) + `…"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := QuoteInput(tt.in); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One (a, b). Two.": "One (a, b).",
		"Only one.":        "Only one.",
		"":                 "",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCounted: the noun is singular only where the count reads "1".
func TestCounted(t *testing.T) {
	for _, c := range []struct{ count, noun, want string }{
		{"1", "image", "1 image"},
		{"1", "output token", "1 output token"},
		{"0", "video", "0 videos"},
		{"2", "request", "2 requests"},
		{"1.00", "request", "1.00 requests"},
		{"1,000,000", "image", "1,000,000 images"},
		{"1.02 billion", "output token", "1.02 billion output tokens"},
	} {
		if got := Counted(c.count, c.noun); got != c.want {
			t.Errorf("Counted(%q, %q) = %q, want %q", c.count, c.noun, got, c.want)
		}
	}
}
