package main

import (
	"strings"

	"energyfloor/app/floor"
)

// workloadIDs lists the dataset's workload ids.
func workloadIDs(d *floor.Dataset) []string {
	ids := make([]string, 0, len(d.TokenWorkloads)+len(d.DiffusionWorkloads))
	for _, w := range d.AllWorkloads() {
		ids = append(ids, w.ID)
	}
	return ids
}

// regions lists the codes of the bundled grids that are regions, not
// countries (whose codes are ISO 3166-1 alpha-3: three letters A to Z).
func regions(d *floor.Dataset) []string {
	var codes []string
	for _, g := range d.Grid {
		if len(g.Code) != 3 || strings.ContainsFunc(g.Code, func(r rune) bool { return r < 'A' || r > 'Z' }) {
			codes = append(codes, g.Code)
		}
	}
	return codes
}
