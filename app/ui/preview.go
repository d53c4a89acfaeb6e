package ui

import (
	"strings"

	"energyfloor/app/floor"
)

// Preview returns a page's link preview, for the page opened with the raw
// query rawQuery: title states its figure in words ("At least 0.0334 Wh per
// request for Qwen 3 235B A22B Instruct"), description adds the monthly
// figure, the traffic it is for and the caveat's first sentence. ok is false
// when the dataset does not load or the query's workload is unknown; with
// no figure (nothing on the allowed GPUs) the title says so.
func Preview(rawQuery string) (title, description string, ok bool) {
	ds, err := loadDataset()
	if err != nil {
		return "", "", false
	}
	q, _ := parseQuery(rawQuery)
	f, _ := decodeState(ds, q)
	in := f.In
	w := ds.Workload(in.Workload)
	if w == nil {
		return "", "", false
	}
	model, name := w.Model(in.Model), in.Model
	var r floor.Result
	found := false
	if model != nil {
		name = model.Name
		r, found = floor.ModelFloor(model, in)
	}
	caveat := firstSentence(floor.Caveat(ds, in.Factors))
	whReq, whMonth := headlineWh(r, found)
	if whReq == "" {
		title = "No energy floor for " + name + " on the GPUs allowed"
		return title, title + ". " + caveat, true
	}
	title = "At least " + headlineText(whReq) + " per request for " + name
	description = title + ", " + headlineText(whMonth) + " a month for " +
		floor.FormatInteger(in.OutputTokensPerMonth) + " output tokens (" + w.Name + "). " + caveat
	return title, description, true
}

// firstSentence returns s up to and including its first full stop followed
// by a space (or its end).
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
