//go:build !wasm

package ui

import (
	"strings"
	"testing"

	"energyfloor/app/floor/floortest"
)

// TestCitationBibTeXWithoutAPaper: a source whose citation is not
// "authors, title, venue…" is cited as a note, escaped for BibTeX, with its
// link, before the dataset's own entry.
func TestCitationBibTeXWithoutAPaper(t *testing.T) {
	s := floortest.Dataset().TokenWorkloads[0].Source
	s.Cite, s.CiteURL = "ML.ENERGY 100% measured", "https://ml.energy/leaderboard/"
	got := citationBibTeX(&s, "2026-10-19")
	want := "@misc{mlenergy,\n  note = {ML.ENERGY 100\\% measured},\n  url = {https://ml.energy/leaderboard/}\n}\n\n@misc{mlenergyleaderboard2025,"
	if !strings.HasPrefix(got, want) {
		t.Errorf("BibTeX starts\n%s\nwant\n%s", got, want)
	}
}
