package energyfloor

import (
	"errors"

	"github.com/shopspring/decimal"
)

// ParseNumber parses a positive number as people type or paste it.
func ParseNumber(s string) (decimal.Decimal, error) {
	return decimal.NewFromString(s) // TODO
}

// ParseTokensPerMonth parses output tokens per month: > 0, ≤ 1e18.
func ParseTokensPerMonth(s string) (decimal.Decimal, error) { return ParseNumber(s) }

// ParseRequestsPerMonth parses requests per month: > 0, ≤ 1e15.
func ParseRequestsPerMonth(s string) (decimal.Decimal, error) { return ParseNumber(s) }

// ParseOutputTokens parses average output tokens per request: > 0, ≤ 1,000,000.
func ParseOutputTokens(s string) (decimal.Decimal, error) { return ParseNumber(s) }

// ParseITLMs parses a latency target in milliseconds: > 0, ≤ 60,000.
func ParseITLMs(s string) (decimal.Decimal, error) { return ParseNumber(s) }

var _ = errors.New
