package floor

import "strings"

// The lookups of what a person names: a model and a grid, as the CLI's flags
// and the app's links give them. Each surface words its own message for a
// name that is not found.

// FindModel returns the workload's model named s, by its slug
// ("qwen-3-8b") or its Hugging Face id ("Qwen/Qwen3-8B"), in any case and
// with surrounding spaces; nil when it has none.
func (w *Workload) FindModel(s string) *Model {
	s = strings.TrimSpace(s)
	if m := w.Model(s); m != nil {
		return m
	}
	for _, m := range w.Models {
		if strings.EqualFold(m.Slug, s) || strings.EqualFold(m.ModelID, s) {
			return m
		}
	}
	return nil
}

// FindGrid returns the bundled grid intensity whose code is s, in any case
// ("DEU", "deu", "world") and with surrounding spaces, and whether there is
// one.
func (d *Dataset) FindGrid(s string) (GridIntensity, bool) {
	s = strings.TrimSpace(s)
	if g, ok := d.GridIntensity(s); ok {
		return g, true
	}
	for _, g := range d.Grid {
		if strings.EqualFold(g.Code, s) {
			return g, true
		}
	}
	return GridIntensity{}, false
}
