//go:build !wasm

package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestBeyondPanelTonnes: carbon per month from 1,000 kg shows in tonnes,
// while its data attribute keeps the exact kilograms.
//
// As TestBeyondPanel, at 20 times the volume: alpha's a2 within 60 ms gives
// 0.05 Wh per request and 2,000 kWh a month for 20 billion tokens; the
// Google 2025 preset (× 1.744) gives 3,488 kWh; Germany's 342.06
// gCO2e/kWh gives 3,488 × 342.06 / 1,000 = 1,193.10528 kg a month, 1.19 t.
func TestBeyondPanelTonnes(t *testing.T) {
	html := render(t, fixtureCalculator("tokens=20B&itl=60&model=alpha&host=0.43&idle=0.17&pue=1.09&grid=DEU", false))
	if got, _ := attr(html, "carbon-per-month", "data-kg"); got != "1193.10528" {
		t.Errorf("#carbon-per-month data-kg = %q, want 1193.10528", got)
	}
	if got := text(html, "carbon-per-month"); got != "1.19 t CO2e" {
		t.Errorf("#carbon-per-month = %q, want 1.19 t CO2e", got)
	}
}

// TestEmptyFieldsMarked: a field left empty, as an unset factor is, carries
// class field-empty, which the printout leaves out rather than print a bare
// label; a field with a value, or with an error, does not.
func TestEmptyFieldsMarked(t *testing.T) {
	html := render(t, fixtureCalculator("itl=60&model=alpha&grid=DEU&cur=EUR&tokens=", false))
	for id, want := range map[string]bool{
		"host-overhead": true, "idle-overhead": true, "pue": true, "gco2-per-kwh": true, "price-per-kwh": true,
		"currency": false, "itl-ms": false, "output-tokens": false,
		"tokens-per-month": false, // empty, but with its message
	} {
		m := regexp.MustCompile(`<div class="([^"]*)">\s*<label for="` + id + `"`).FindStringSubmatch(html)
		if m == nil {
			t.Errorf("no field #%s", id)
			continue
		}
		if got := slices.Contains(strings.Fields(m[1]), "field-empty"); got != want {
			t.Errorf("#%s's field has classes %q: field-empty %t, want %t", id, m[1], got, want)
		}
	}
}
