package energyfloor

import "github.com/shopspring/decimal"

// FormatJoules formats joules with an SI prefix: "0.240 J", "1.23 kJ".
func FormatJoules(j decimal.Decimal) string { return j.String() + " J" }

// FormatWh formats watt-hours with an SI prefix: "58.3 Wh", "1.23 kWh".
func FormatWh(wh decimal.Decimal) string { return wh.String() + " Wh" }

// FormatNumber formats d to 3 significant figures with thousands separators.
func FormatNumber(d decimal.Decimal) string { return d.String() }

// FormatInteger formats d as a whole number with thousands separators.
func FormatInteger(d decimal.Decimal) string { return d.Round(0).String() }

// FormatCompact formats d as "1B", "2.5M", "500".
func FormatCompact(d decimal.Decimal) string { return d.String() }

// FormatWatts formats watts: "799 W", "3.20 kW".
func FormatWatts(w decimal.Decimal) string { return w.String() + " W" }

// FormatMs formats milliseconds: "67.8 ms".
func FormatMs(ms decimal.Decimal) string { return ms.String() + " ms" }
