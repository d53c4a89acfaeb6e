package link

import "energyfloor/app/floor"

// Preview returns the link preview of a page in state f on dataset ds:
// floor.Preview's words for the model and floor the page's statement is
// about (floor.StatementFloor). ok is false when the state's workload is
// unknown or has no model.
func Preview(ds *floor.Dataset, f *State) (title, description string, ok bool) {
	w := ds.FindWorkload(f.In.Workload)
	if w == nil {
		return "", "", false
	}
	in, r, ok := floor.StatementFloor(w, f.In)
	if !ok {
		return "", "", false
	}
	title, description = floor.Preview(ds, w, in, r)
	return title, description, true
}
