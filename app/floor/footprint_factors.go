package floor

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Footprint is the estimate's factors beyond energy (footprint.go): the
// GPUs' embodied emissions, the service life they are spread over, the rest
// of the server's, and on-site and off-site water. Each is optional and
// unset by default; the zero Footprint counts neither manufacture nor water.
type Footprint struct {
	// EmbodiedKg, when valid, is the user's own kgCO2e per GPU, 0 to
	// MaxEmbodiedKg; Bundled, when set instead, takes each row's GPU's
	// bundled value (Sources.Embodied): a link's embodied=nvidia.
	EmbodiedKg decimal.NullDecimal
	Bundled    bool
	// LifeYears, when valid, is the user's service life in years,
	// MinLifeYears to MaxLifeYears; else Sources' default life applies.
	LifeYears decimal.NullDecimal
	// ServerKg, when valid, is the kgCO2e of the rest of an 8-GPU server,
	// 0 to MaxServerKg, shared by its eight GPUs.
	ServerKg decimal.NullDecimal
	// WUE, when valid, is on-site water in litres per kWh of IT energy, 0
	// to MaxWUE; OffsiteLPerKWh the water consumed generating a kWh, 0 to
	// MaxOffsiteLPerKWh.
	WUE            decimal.NullDecimal
	OffsiteLPerKWh decimal.NullDecimal
	// Sources are the bundled values (Dataset.Footprint): the GPUs'
	// embodied values, the default life and the WUE presets. nil counts no
	// bundled value.
	Sources *FootprintSources
}

// Bounds of the footprint's parsers, the ranges a user may give (issue 53).
var (
	MaxEmbodiedKg     = decimal.NewFromInt(10_000)
	MinLifeYears      = decimal.NewFromInt(1)
	MaxLifeYears      = decimal.NewFromInt(15)
	MaxServerKg       = decimal.NewFromInt(100_000)
	MaxWUE            = decimal.NewFromInt(20)
	MaxOffsiteLPerKWh = decimal.NewFromInt(100)
)

var (
	embodiedExamples = examples{one: "164", grouped: "1,312.5", of: "kgCO2e per GPU", word: embodiedWord}
	lifeExamples     = examples{one: "6", forms: "6 or 4.5", grouped: "6"}
	serverExamples   = examples{one: "2,500", forms: "2500, 2,500 or 2.5k", grouped: "2,500.5"}
	waterExamples    = examples{one: "1.15", forms: "1.15", grouped: "1.15"}
)

// embodiedWord is the word an embodied setting takes in place of a number,
// with what it means, as ParseEmbodied's messages offer it.
const embodiedWord = EmbodiedNVIDIA + " for NVIDIA's figure of each GPU"

// ParseEmbodied reads an embodied setting: EmbodiedNVIDIA (in any case) for
// each GPU's bundled value, else kgCO2e per GPU, 0 to MaxEmbodiedKg.
func ParseEmbodied(s string) (kg decimal.Decimal, bundled bool, err error) {
	if strings.EqualFold(strings.TrimSpace(s), EmbodiedNVIDIA) {
		return decimal.Decimal{}, true, nil
	}
	kg, err = parseBetween(s, decimal.Zero, MaxEmbodiedKg, "Must be "+between(decimal.Zero, MaxEmbodiedKg, 0)+
		" kgCO2e per GPU, or "+embodiedWord+".", embodiedExamples)
	return kg, false, err
}

// ParseLifeYears parses a service life in years: MinLifeYears (1) to
// MaxLifeYears (15).
func ParseLifeYears(s string) (decimal.Decimal, error) {
	return parseBetween(s, MinLifeYears, MaxLifeYears, "Must be "+between(MinLifeYears, MaxLifeYears, 0)+" years.", lifeExamples)
}

// ParseServerKg parses the kgCO2e of the rest of an 8-GPU server: 0 to
// MaxServerKg (100,000).
func ParseServerKg(s string) (decimal.Decimal, error) {
	return parseBetween(s, decimal.Zero, MaxServerKg, "Must be "+between(decimal.Zero, MaxServerKg, 0)+" kgCO2e per server.", serverExamples)
}

// ParseWUE parses a water usage effectiveness, litres per kWh of IT
// energy: 0 to MaxWUE (20).
func ParseWUE(s string) (decimal.Decimal, error) {
	return parseBetween(s, decimal.Zero, MaxWUE, "Must be "+between(decimal.Zero, MaxWUE, 0)+" L/kWh.", waterExamples)
}

// ParseOffsiteWater parses the water consumed generating a kWh, in litres:
// 0 to MaxOffsiteLPerKWh (100).
func ParseOffsiteWater(s string) (decimal.Decimal, error) {
	return parseBetween(s, decimal.Zero, MaxOffsiteLPerKWh, "Must be "+between(decimal.Zero, MaxOffsiteLPerKWh, 0)+" L/kWh.", waterExamples)
}

// CountsEmbodied reports whether p charges manufacture: an embodied value
// per GPU or a server's is set, and there is a service life.
func (p Footprint) CountsEmbodied() bool {
	_, _, life := p.Life()
	return (p.EmbodiedKg.Valid || p.Bundled || p.ServerKg.Valid) && life
}

// CountsWater reports whether p counts water, on site or off.
func (p Footprint) CountsWater() bool { return p.WUE.Valid || p.OffsiteLPerKWh.Valid }

// IsZero reports whether p sets nothing that is counted.
func (p Footprint) IsZero() bool { return !p.CountsEmbodied() && !p.CountsWater() }

// Life returns the service life embodied emissions are spread over: the
// user's, or the bundled default (src its row); ok is false when there is
// neither.
func (p Footprint) Life() (years decimal.Decimal, src *SourcedValue, ok bool) {
	if p.LifeYears.Valid {
		return p.LifeYears.Decimal, nil, true
	}
	if p.Sources != nil {
		for i, l := range p.Sources.Lives {
			if l.ID == p.Sources.DefaultLife {
				return l.Value, &p.Sources.Lives[i], true
			}
		}
	}
	return decimal.Decimal{}, nil, false
}

// GPUKg returns E, the embodied kgCO2e of one GPU of model gpu: the user's,
// or the bundled value of that GPU (src its row); zero when neither is set.
func (p Footprint) GPUKg(gpu string) (kg decimal.Decimal, src *GPUEmbodied) {
	switch {
	case p.EmbodiedKg.Valid:
		return p.EmbodiedKg.Decimal, nil
	case p.Bundled && p.Sources != nil:
		for i, e := range p.Sources.Embodied {
			if e.GPU == gpu {
				return e.Value, &p.Sources.Embodied[i]
			}
		}
	}
	return decimal.Zero, nil
}

// WUEPreset returns the bundled WUE preset whose value p's WUE is, and
// whether there is one.
func (p Footprint) WUEPreset() (SourcedValue, bool) {
	if !p.WUE.Valid || p.Sources == nil {
		return SourcedValue{}, false
	}
	for _, w := range p.Sources.WUE {
		if w.Value.Equal(p.WUE.Decimal) {
			return w, true
		}
	}
	return SourcedValue{}, false
}

// perGPUSecond returns the embodied gCO2e of a GPU-second of a gpu, and E.
func (p Footprint) perGPUSecond(gpu string) (g, kg decimal.Decimal) {
	life, _, _ := p.Life()
	kg, _ = p.GPUKg(gpu)
	server := decimal.Zero
	if p.ServerKg.Valid {
		server = p.ServerKg.Decimal
	}
	return EmbodiedPerGPUSecond(kg, server, life), kg
}

// water sets e's water figures from its energy, for p, host and idle
// energy and PUE: on site WUE × IT energy, off site the L/kWh × facility
// energy, each per request and, summed, per month.
func (p Footprint) water(e *Estimate, fig Figures, host, idle, pue decimal.Decimal) {
	if !p.CountsWater() {
		return
	}
	it := ITWh(fig.WhPerRequest, host, idle)
	total := decimal.Zero
	if p.WUE.Valid {
		on := WaterOnsiteML(p.WUE.Decimal, it)
		e.WaterOnsiteML, total = decimal.NewNullDecimal(on), total.Add(on)
	}
	if p.OffsiteLPerKWh.Valid {
		off := WaterOffsiteML(p.OffsiteLPerKWh.Decimal, it, pue)
		e.WaterOffsiteML, total = decimal.NewNullDecimal(off), total.Add(off)
	}
	e.WaterML = decimal.NewNullDecimal(total)
	e.WaterLPerMonth = decimal.NewNullDecimal(WaterLPerMonth(total, fig.RequestsPerMonth))
}

// EstimateAt returns the estimate of configuration c's figures fig for
// inputs in at the floor: Estimate's, with manufacture charged by the
// GPU-seconds of each request (EmbodiedAtFloor).
func (f Factors) EstimateAt(c *Configuration, in Inputs, fig Figures) Estimate {
	return f.footprintEstimate(c, in, fig, false)
}

// ResultEstimate is EstimateAt for result r's configuration and figures
// (Result.Config); Estimate's alone when r has no configuration.
func (f Factors) ResultEstimate(r *Result, in Inputs) Estimate {
	if c := r.Config(); c != nil {
		return f.EstimateAt(c, in, r.Figures)
	}
	return f.Estimate(r.Figures)
}

// TrafficEstimate returns the estimate of the figure at your traffic t:
// Estimate's, with manufacture charged for every GPU the month's volume
// keeps reserved, busy or idle (EmbodiedAtTraffic).
func (f Factors) TrafficEstimate(t *Traffic) Estimate {
	return f.footprintEstimate(t.Config, t.in, t.Figures, true)
}

func (f Factors) footprintEstimate(c *Configuration, in Inputs, fig Figures, reserved bool) Estimate {
	e := f.Estimate(fig)
	rate := c.Rate(in)
	e.GPUSecondsPerRequest = rate.GPUSecondsPerRequest(c.NumGPUs)
	p := f.Footprint
	if !p.CountsEmbodied() {
		return e
	}
	g, kg := p.perGPUSecond(c.GPU)
	e.EmbodiedKgPerGPU = decimal.NewNullDecimal(kg)
	var em Embodied
	if reserved {
		r := EmbodiedAtTraffic(rate, c.NumGPUs, g, fig.RequestsPerMonth)
		em, e.Servers = r.Embodied, r.Servers
	} else {
		em = EmbodiedAtFloor(e.GPUSecondsPerRequest, g, fig.RequestsPerMonth)
	}
	e.EmbodiedGPerRequest, e.EmbodiedKgPerMonth = decimal.NewNullDecimal(em.GPerRequest), decimal.NewNullDecimal(em.KgPerMonth)
	return e
}
