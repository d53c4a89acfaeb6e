package link

import (
	"strings"

	"energyfloor/app/floor"
)

// Preview returns the link preview of a page in state f on dataset ds:
// title states its figure in words ("At least 0.0334 Wh per request for Qwen
// 3 235B A22B Instruct"), description adds the monthly figure, the traffic
// it is for and the caveat's first sentence. ok is false when the state's
// workload is unknown; with no figure (nothing on the allowed GPUs) the
// title says so.
func Preview(ds *floor.Dataset, f *State) (title, description string, ok bool) {
	in := f.In
	w := ds.FindWorkload(in.Workload)
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
	// The figures at the chosen configuration or, when nothing meets the
	// target, at the fastest, as the page's headline shows them.
	if !found || r.Chosen == nil && r.Fastest == nil {
		title = "No energy floor for " + name + " on the GPUs allowed"
		return title, title + ". " + caveat, true
	}
	unit, volume := "request", floor.FormatInteger(in.OutputTokensPerMonth)+" output tokens"
	if w.Diffusion() {
		unit, volume = w.Request, floor.FormatInteger(in.RequestsPerMonth)+" "+w.Request+"s"
	}
	title = "At least " + floor.FormatWh(r.Figures.WhPerRequest) + " per " + unit + " for " + name
	description = title + ", " + floor.FormatWh(r.Figures.KWhPerMonth.Shift(3)) + " a month for " +
		volume + " (" + w.Name + "). " + caveat
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
