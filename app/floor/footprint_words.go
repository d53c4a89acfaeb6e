package floor

import "strings"

// The footprint's words: how the page's factor summary, the statement, the
// caveat and the CLI name manufacture and water when they are counted.

// EmbodiedWords names the manufacture factors: "NVIDIA's figure for each
// GPU (H100 164 kgCO2e, B200 284.25 kgCO2e) over 6 years, the life of
// Alphabet's servers (10-K)", with " and 2,500 kgCO2e for the rest of each
// 8-GPU server" when a server's is set.
func (p Footprint) EmbodiedWords() string {
	var s string
	switch {
	case p.Bundled && p.Sources != nil:
		var each []string
		for _, e := range p.Sources.Embodied {
			each = append(each, e.GPU+" "+FormatExact(e.Value)+" kgCO2e")
		}
		s = "NVIDIA's figure for each GPU (" + strings.Join(each, ", ") + ")"
	case p.EmbodiedKg.Valid:
		s = "your own " + FormatExact(p.EmbodiedKg.Decimal) + " kgCO2e a GPU"
	default:
		s = "no GPU's own"
	}
	if p.ServerKg.Valid {
		s += " and " + FormatExact(p.ServerKg.Decimal) + " kgCO2e for the rest of each 8-GPU server"
	}
	return s + " over " + p.LifeWords()
}

// LifeWords names the service life: "6 years, the life of Alphabet's
// servers (10-K)", or "your own 4 years".
func (p Footprint) LifeWords() string {
	_, src, _ := p.Life()
	y := p.lifeYears()
	if src == nil {
		return "your own " + y
	}
	name, _, _ := strings.Cut(src.Label, ":")
	return y + ", the life of " + name
}

// lifeYears is the service life in years: "6 years", "1 year".
func (p Footprint) lifeYears() string {
	years, _, _ := p.Life()
	if years.Equal(one) {
		return "1 year"
	}
	return FormatExact(years) + " years"
}

// waterRates gives the water factors' rates: "at 1.15 L/kWh on site",
// "at 1.15 L/kWh on site and 2 L/kWh off site", "at 2 L/kWh off site".
func (p Footprint) waterRates() string {
	var parts []string
	if p.WUE.Valid {
		parts = append(parts, FormatExact(p.WUE.Decimal)+" L/kWh on site")
	}
	if p.OffsiteLPerKWh.Valid {
		parts = append(parts, FormatExact(p.OffsiteLPerKWh.Decimal)+" L/kWh off site")
	}
	return "at " + joinAnd(parts)
}

// WaterWords names the water factors: "a WUE of 0.27 L/kWh on site
// (Microsoft datacenters, fiscal 2025)" and "3.1 L/kWh off site, your own".
func (p Footprint) WaterWords() []string {
	var out []string
	if p.WUE.Valid {
		s := "a WUE of " + FormatExact(p.WUE.Decimal) + " L/kWh of IT energy on site"
		if w, ok := p.WUEPreset(); ok {
			s += " (" + w.Label + ")"
		} else {
			s += " (your own)"
		}
		out = append(out, s)
	}
	if p.OffsiteLPerKWh.Valid {
		out = append(out, "your own "+FormatExact(p.OffsiteLPerKWh.Decimal)+" L/kWh of facility energy off site")
	}
	return out
}

// footprintCaveat is CaveatNote's part for the footprint: how manufacture
// is charged and what it counts, what water counts, and what stays outside
// the estimate. "" when p counts nothing.
func (p Footprint) footprintCaveat() []string {
	if p.IsZero() {
		return nil
	}
	var parts, outside []string
	if p.CountsEmbodied() {
		s := "manufacture charges " + p.EmbodiedWords() + ", by each request's GPU-seconds at the floor and, at your traffic, " +
			"every GPU the month's volume keeps reserved for the whole month, busy or idle (at full use the two are equal)"
		if p.Bundled {
			s += "; NVIDIA's figures are cradle-to-gate for the GPU baseboard"
		}
		parts = append(parts, s)
		if !p.ServerKg.Valid {
			outside = append(outside, "the host's manufacture")
		}
		outside = append(outside, "use-phase and end-of-life emissions of the hardware")
	} else {
		outside = append(outside, "manufacture")
	}
	if w := p.WaterWords(); len(w) > 0 {
		parts = append(parts, "water takes "+joinAnd(w))
	}
	if !p.WUE.Valid {
		outside = append(outside, "on-site water")
	}
	if !p.OffsiteLPerKWh.Valid {
		outside = append(outside, "water consumed generating the electricity")
	}
	if p.CountsWater() {
		outside = append(outside, "water embodied in the hardware")
	}
	return append(parts, "outside the estimate: "+joinAnd(outside))
}
