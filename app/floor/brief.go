package floor

import (
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// The words a briefing needs beside the figures: which figure to quote and
// why (QuoteWords), the carbon and cost of each figure (FactorLines), the
// spread of floors across a workload's models (FloorRange), what the figures
// leave out (OutsideScope) and which configuration a fleet figure is at
// (FloorConfigWords, TrafficConfigWords). The page, its prerender and the
// CLI all take them from here.

// QuoteWords says, in one sentence, which of result r's two figures (for
// inputs in on a workload of kind k) a briefing should quote and why, from the batches
// each configuration runs and how busy the traffic keeps its own: "Quote the
// figure at your traffic, what your volume reaches: your 3 billion output
// tokens a month fill batches of 64, not the floor's 4,096, keeping one such
// server busy 74.7% of the month; the floor is the best case, at full
// batches." "" when r has no figure at your traffic.
func QuoteWords(k Kind, in Inputs, r Result) string {
	t := r.Traffic
	if r.Chosen == nil || t == nil {
		return ""
	}
	volume := "your " + k.VolumeWords(in, true)
	if t.TimesFloor.Equal(one) {
		return "Quote either figure: " + volume + " reach the floor, " + t.Config.BatchWords() + "."
	}
	s := "Quote the figure at your traffic, what your volume reaches: " + volume
	if tb, fb := batchOf(t.Config), batchOf(r.Chosen); tb != fb {
		s += " fill batches of " + FormatInteger(decimal.NewFromInt(int64(tb))) + ", not the floor's " + FormatInteger(decimal.NewFromInt(int64(fb))) + ","
	} else {
		s += " run on " + t.Config.ShortWords() + ", not the floor's " + r.Chosen.ShortWords() + ","
	}
	if t.Fills {
		s += " filling " + FormatNumber(t.Utilisation) + " such servers"
	} else {
		s += " keeping one such server busy " + FormatPercent(t.Utilisation) + " of the month"
	}
	return s + "; the floor is the best case, at full batches."
}

// batchOf is the batch a configuration runs: a token configuration's batch
// size limit (max_num_seqs), an image or video configuration's batch size.
func batchOf(c *Configuration) int {
	if c.Kind.PerToken() {
		return c.MaxNumSeqs
	}
	return c.BatchSize
}

// The IDs of the factor lines (FactorLine.ID), which name the page's hooks
// of each: #traffic-carbon on a card, #embodied-per-request in the
// estimate.
const (
	LineCarbon   = "carbon"
	LineEmbodied = "embodied"
	LineWater    = "water"
	LineCost     = "cost"
)

// FactorLine is one figure's estimate beyond the GPU under one factor, as a
// headline card and the phone summary show it: "at Germany's 2024 grid:
// 0.0131 gCO2e per request, 39.3 kgCO2e per month".
type FactorLine struct {
	// ID names what it counts, LineCarbon, LineEmbodied, LineWater or LineCost:
	// the page's hooks are the card's id with it ("traffic-carbon").
	ID string
	// Label says under which assumption, "at Germany's 2024 grid",
	// "manufacture over 6 years"; Short is how the one-sentence statement
	// names it, the Label of carbon and cost, "manufacture", "water".
	Label, Short string
	// GPUOnly says the line is of the GPU energy alone while host, idle
	// or PUE are set: Text says so ("GPU energy only, at Germany's 2024
	// grid"), so that the cards' figures are not read as the estimate's.
	GPUOnly bool
	// PerRequest and PerMonth are the figures, with their units; Value and
	// MonthValue the same unrounded (gCO2e and kgCO2e, mL and L, or the
	// currency), and Unit what follows a per-request figure (" gCO2e",
	// " mL", " EUR").
	PerRequest, PerMonth string
	Value, MonthValue    decimal.Decimal
	Unit                 string
}

// Text is the line as one reads it: "at Germany's 2024 grid: 0.0131 gCO2e
// per request, 39.3 kgCO2e per month", with request the kind's Request().
func (l FactorLine) Text(request string) string {
	label := l.Label
	if l.GPUOnly {
		label = "GPU energy only, " + label
	}
	return label + ": " + l.PerRequest + " per " + request + ", " + l.PerMonth + " per month"
}

// FactorLines returns the lines that restate result r's two figures (for
// inputs in), its floor's and its figure at your traffic's (none when r has
// none), under in.Factors: carbon with a grid intensity, manufacture and
// water when the footprint counts them, cost with a price; none for the
// zero Factors. Carbon, water and cost are of the GPU energy the figures
// state, whatever host, idle and PUE the factors set (Beyond the GPU gives
// the estimate that adds them); manufacture is charged as the estimate
// charges it, by the floor's GPU-seconds and, at your traffic, for every
// GPU the volume keeps reserved. When host, idle or PUE are set, carbon,
// water and cost are marked GPUOnly, so that they are not read as the
// estimate's, which Beyond the GPU and the embed also show.
func FactorLines(in Inputs, r Result) (floorLines, trafficLines []FactorLine) {
	if r.Chosen == nil {
		return nil, nil
	}
	f := in.Factors
	f.Host, f.Idle, f.PUE = decimal.Zero, decimal.Zero, decimal.Zero
	floorLines = f.Lines(f.EstimateAt(r.Chosen, in, r.Figures), false)
	if r.Traffic != nil {
		trafficLines = f.Lines(f.TrafficEstimate(r.Traffic), true)
	}
	if !in.Factors.EnergyFactor().Equal(one) {
		gpuOnly(floorLines)
		gpuOnly(trafficLines)
	}
	return floorLines, trafficLines
}

// gpuOnly marks the lines of carbon, water and cost as of the GPU energy
// alone. Manufacture, charged by GPU-seconds, does not depend on the
// energy.
func gpuOnly(lines []FactorLine) {
	for i := range lines {
		lines[i].GPUOnly = lines[i].ID != LineEmbodied
	}
}

// Lines returns estimate e's lines under f (FactorLines' for the GPU
// energy the cards state; the embed's for the estimate with host, idle
// and PUE): carbon, manufacture, water and cost, each when e has it;
// reserved when e is the figure at your traffic's (TrafficEstimate).
func (f Factors) Lines(e Estimate, reserved bool) []FactorLine {
	var lines []FactorLine
	add := func(id, label, short, unit string, v, m decimal.Decimal, month string) {
		lines = append(lines, FactorLine{ID: id, Label: label, Short: short, PerRequest: FormatNumber(v) + unit, PerMonth: month,
			Value: v, MonthValue: m, Unit: unit})
	}
	if e.GCO2ePerRequest.Valid {
		m := e.KgCO2ePerMonth.Decimal
		add(LineCarbon, CarbonLabel(f), CarbonLabel(f), " gCO2e", e.GCO2ePerRequest.Decimal, m, FormatKgCO2e(m))
	}
	if e.EmbodiedGPerRequest.Valid {
		label := "manufacture over " + f.Footprint.lifeYears()
		if reserved {
			label += ", every GPU reserved"
		}
		m := e.EmbodiedKgPerMonth.Decimal
		add(LineEmbodied, label, "manufacture", " gCO2e", e.EmbodiedGPerRequest.Decimal, m, FormatEmbodiedKg(m))
	}
	if e.WaterML.Valid {
		m := e.WaterLPerMonth.Decimal
		add(LineWater, "water "+f.Footprint.waterRates(), "water", " mL", e.WaterML.Decimal, m, FormatWaterL(m))
	}
	if e.CostPerMonth.Valid {
		unit, m := WithCurrency("", f.Currency), e.CostPerMonth.Decimal
		label := "at " + WithCurrency(FormatExact(f.PricePerKWh.Decimal), f.Currency) + "/kWh"
		add(LineCost, label, label, unit, e.CostPerRequest.Decimal, m, FormatNumber(m)+unit)
	}
	return lines
}

// factorClause is the short statement's words for lines fl of the floor
// and tl of the figure at your traffic (nil for none): "at Germany's 2024
// grid, 0.0131 and 0.352 gCO2e", each line's Short and figures per
// request, joined by "; ".
func factorClause(fl, tl []FactorLine) string {
	var parts []string
	for _, l := range fl {
		v := FormatNumber(l.Value)
		for _, t := range tl {
			if t.ID == l.ID {
				v += " and " + FormatNumber(t.Value)
			}
		}
		parts = append(parts, l.Short+", "+v+l.Unit)
	}
	return strings.Join(parts, "; ")
}

// CarbonLabel names the grid intensity carbon is computed with under
// factors f: "at Germany's 2024 grid", "at your own 400 gCO2e/kWh"; "" when
// f has none.
func CarbonLabel(f Factors) string {
	if g, ok := f.GridUsed(); ok {
		return "at " + Possessive(g.Name) + " " + strconv.Itoa(g.Year) + " grid"
	}
	if g, ok := f.GCO2ePerKWh(); ok {
		return "at your own " + FormatExact(g) + " gCO2e/kWh"
	}
	return ""
}

// Possessive is a name's possessive: "Germany's", "United States'".
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// FloorRange is the spread of floors per request across a workload's
// models for the same inputs, each model at its own floor.
type FloorRange struct {
	// Models is how many models the workload has, Meeting how many of them
	// have a floor for the inputs; Lowest and Highest are the least and
	// greatest of those floors, in Wh per request.
	Models, Meeting int
	Lowest, Highest decimal.Decimal
}

// RangeOf returns the spread of floors of ranking rs (Rank's, for inputs on
// workload w): a model ranked on both GPUs counts once, at its lower floor.
func RangeOf(w *Workload, rs []Result) FloorRange {
	best := map[*Model]decimal.Decimal{}
	for _, r := range rs {
		if !r.Meets() {
			continue
		}
		if b, ok := best[r.Model]; !ok || r.Figures.WhPerRequest.LessThan(b) {
			best[r.Model] = r.Figures.WhPerRequest
		}
	}
	fr := FloorRange{Models: len(w.Models), Meeting: len(best)}
	for _, wh := range best {
		if fr.Lowest.IsZero() || wh.LessThan(fr.Lowest) {
			fr.Lowest = wh
		}
		if wh.GreaterThan(fr.Highest) {
			fr.Highest = wh
		}
	}
	return fr
}

// Words states the spread on a workload of kind k: "the 18 models measured
// for this workload range from 0.0067 to 0.229 Wh per request", or "the 12
// of the 18 models … that meet your target range …"; "" when fewer than two
// models have a floor.
func (fr FloorRange) Words(k Kind) string {
	if fr.Meeting < 2 {
		return ""
	}
	s := "the " + strconv.Itoa(fr.Models) + " models measured for this workload"
	if fr.Meeting < fr.Models {
		s = "the " + strconv.Itoa(fr.Meeting) + " of the " + strconv.Itoa(fr.Models) + " models measured for this workload that meet your target"
	}
	return s + " range from " + FormatWh(fr.Lowest) + " to " + FormatWh(fr.Highest) + " per " + k.Request()
}

// ChoosingModel says, in two sentences, which models are measured and how to
// stand one in for a model that is not.
// The embed, which has no ranking, leaves out where the spread is
// (withRanking false).
func ChoosingModel(withRanking bool) string {
	const s = "Only open models are measured. For a closed model, pick a stand-in of similar total and active parameters"
	if withRanking {
		return s + "; the ranking gives the spread."
	}
	return s + "."
}

// OutsideScope returns what the figures under factors f do not count, in
// the order a briefing is asked about them: training, the hardware's
// manufacture, water, networks and end-user devices. Manufacture and water
// leave the list when the factors count them (Footprint).
func OutsideScope(f Factors) []string {
	out := []string{"training"}
	if !f.Footprint.CountsEmbodied() {
		out = append(out, "the hardware's manufacture")
	}
	if !f.Footprint.CountsWater() {
		out = append(out, "water")
	}
	return append(out, "networks", "end-user devices")
}

// ScopeWords is the sentence that names what is outside the figures under
// factors f: "Outside these figures: training, the hardware's manufacture,
// water, networks and end-user devices."
func ScopeWords(f Factors) string {
	return "Outside these figures: " + joinAnd(OutsideScope(f)) + "."
}

// FloorConfigWords and TrafficConfigWords name the configuration a fleet or
// utilisation figure is at, as they lead its words.
const (
	FloorConfigWords   = "at the floor's configuration"
	TrafficConfigWords = "at your traffic's configuration"
)

// FloorApart is how many times the floor the figure at your traffic must
// be for a restatement of it (in everyday energies) to need one of the floor
// beside it.
var FloorApart = decimal.New(15, -1)

// NeedsFloorLine reports whether restating the figure at your traffic t
// needs a line for the floor too: t is more than FloorApart times the floor.
func NeedsFloorLine(t *Traffic) bool { return t != nil && t.TimesFloor.GreaterThan(FloorApart) }
