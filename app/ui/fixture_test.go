//go:build !wasm

package ui

import (
	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"
)

// fixtureCalculator returns a calculator on the fixture, navigated to query.
func fixtureCalculator(query string, embed bool) *calculator {
	ds := floortest.Dataset()
	c := &calculator{embed: embed, load: func() (*floor.Dataset, error) { return ds, nil }}
	c.navigate(query)
	return c
}
