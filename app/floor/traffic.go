package floor

import (
	"slices"

	"github.com/shopspring/decimal"
)

// TrafficAssumption is the sentence that states what a traffic floor
// assumes, shown wherever one is.
const TrafficAssumption = "The figure at your traffic assumes the monthly volume arrives evenly over the month and counts no idle time. " +
	"It takes a token to cost no less with fewer requests in flight, as the measured curves show at 705 of their 724 steps; " +
	"at the other 19 the next point up a curve costs 1 to 38% more per token (median 7%)."

// TrafficAssumptionPlain says what TrafficAssumption says in plain words,
// for the page's readers: what the figure at your traffic assumes, and how
// often the measurements bear it out (TestCurvesMostlyFall pins the counts).
const TrafficAssumptionPlain = "This figure assumes your monthly volume arrives evenly, with no idle time, " +
	"and that a server handling fewer requests at once uses no less energy per token. " +
	"The measurements bear that out at 705 of 724 steps from one batch size limit to the next (97%); " +
	"at the other 19, the next larger limit uses 1 to 38% more energy per token (median 7%)."

// DiffusionTrafficAssumption is TrafficAssumption for image and video
// generation, shown wherever a diffusion traffic floor is.
const DiffusionTrafficAssumption = "The figure at your traffic assumes the monthly volume arrives evenly over the month and counts no idle time. " +
	"It takes an image or a video to cost no less in a batch the traffic cannot fill than in a full one. " +
	"Batching helps image and video generation much less than it helps text: along the measured curves the next batch size up " +
	"costs more per image at 150 of 516 steps (by at most 7.3%, median 1.4%) and more per video at 83 of 301 (by at most 6.3%, median 0.5%)."

// Method is how the figures are worked out, in two sentences: the printout
// states it with the source's own, longer account left to the page.
const Method = "ML.ENERGY measured each model's GPU energy per output token and its inter-token latency at steady state, " +
	"with Zeus under vLLM, for every configuration it ran (GPU type and count, maximum batch size), prompt processing included. " +
	"The floor is the least of those energies among the configurations whose latency at the chosen statistic meets the target, " +
	"times the output tokens per request and per month; the figure at your traffic is the least among the configurations its volume keeps busy."

// diffusionMethod is Method for an image or video workload (request:
// "image" or "video"), in two sentences: Kind.Method gives it.
func diffusionMethod(request string) string {
	return "ML.ENERGY measured each model's GPU energy per " + request + " and its batch latency with Zeus, generating full batches, " +
		"for every configuration it ran (GPU type and count, Ulysses and ring sequence parallelism, batch size). " +
		"The floor is the least of those energies among the configurations whose batch latency meets the target, " +
		"times the " + request + "s per month; the figure at your traffic is the least among the configurations its volume keeps busy."
}

var decSecondsPerMonth = decimal.NewFromInt(SecondsPerMonth)

// Traffic is the floor a month's traffic can reach: the lowest-energy
// configuration it can keep busy, with its figures for the inputs.
type Traffic struct {
	// Config is the configuration the traffic floor is at.
	Config *Configuration
	// PerSecond is r, the monthly volume's average rate, in the kind's
	// units: output tokens, images or videos per second.
	PerSecond decimal.Decimal
	// Figures are Config's, for the inputs.
	Figures Figures
	// Utilisation is r ÷ Config's measured throughput (UnitsPerSecond): below
	// 1, the share of the month one replica is busy; from 1 on, the
	// replicas the traffic fills.
	Utilisation decimal.Decimal
	// Fills reports that the traffic fills Config as measured: its
	// throughput is at most r.
	Fills bool
	// TimesFloor is Config's joules per output token (per image or video) ÷ the floor's.
	TimesFloor decimal.Decimal

	// What NextStep walks: the model, the GPUs and inputs the traffic floor
	// is for, and the floor's configuration.
	model *Model
	gpus  []string
	in    Inputs
	floor *Configuration
}

// NextStep is where the traffic floor next falls as the monthly volume
// grows: from the monthly volume From (in the kind's units: output tokens,
// images or videos; Kind.VolumeOf) on, it is at Config, TimesFloor times
// the floor.
type NextStep struct {
	From       decimal.Decimal
	Config     *Configuration
	TimesFloor decimal.Decimal
}

// NextStep returns where t's traffic floor next falls: the first monthly
// volume above t's at which the traffic floor's joules per output token are
// lower than t's, the start of a step of TrafficSteps. It is nil when t is
// nil or already at the floor's energy, where no volume lowers it.
func (t *Traffic) NextStep() *NextStep {
	if t == nil || t.model == nil || t.Config.JoulesPerUnit().Cmp(t.floor.JoulesPerUnit()) <= 0 {
		return nil
	}
	in, kind := t.in, t.model.Kind
	for _, v := range stepVolumes(t.model, t.gpus, kind.VolumeOf(in), decimal.Decimal{}) {
		kind.setVolume(&in, v)
		if c := trafficChoice(t.model.Configurations, t.gpus, in); c != nil && c.JoulesPerUnit().Cmp(t.Config.JoulesPerUnit()) < 0 {
			return &NextStep{From: v, Config: c, TimesFloor: TimesFloor(c, t.floor)}
		}
	}
	return nil
}

// stepVolumes returns, in order and once each, the monthly volumes above
// `from` (and, unless to is zero, at most to) at which the traffic floor of
// model m on GPUs gpus can change: those whose rate equals the measured
// throughput of one of m's configurations on those GPUs, where the next
// point up its curve becomes reachable.
func stepVolumes(m *Model, gpus []string, from, to decimal.Decimal) []decimal.Decimal {
	var volumes []decimal.Decimal
	for _, c := range m.Configurations {
		if v := c.UnitsPerSecond().Mul(decSecondsPerMonth); slices.Contains(gpus, c.GPU) && v.Cmp(from) > 0 && (to.IsZero() || v.Cmp(to) <= 0) {
			volumes = append(volumes, v)
		}
	}
	return distinct(volumes)
}

// PerSecond returns the average rate of a monthly volume, whatever it
// counts (output tokens, images or videos): perMonth ÷ SecondsPerMonth.
func PerSecond(perMonth decimal.Decimal) decimal.Decimal {
	if perMonth.Sign() <= 0 {
		return decimal.Zero
	}
	return quo(op(perMonth), opOne, opSecondsPerMonth, opOne)
}

// Fillable reports whether a monthly volume (in c's kind's units: output
// tokens, images or videos) fills configuration c as measured: c's
// throughput is at most the volume's average rate (compared exactly). A
// configuration it cannot fill is a traffic floor's candidate only as the
// first such point of its curve.
func Fillable(c *Configuration, volume decimal.Decimal) bool {
	return c.UnitsPerSecond().Mul(decSecondsPerMonth).Cmp(volume) <= 0
}

// trafficChoice returns the configuration the traffic floor of inputs in is
// at, among configurations cs (sorted as CompareConfigurations orders) on
// GPUs gpus; nil when none meets the target.
func trafficChoice(cs []*Configuration, gpus []string, in Inputs) *Configuration {
	var best *Configuration
	var passed []*Configuration // a point of each curve whose walk has stopped
	for _, c := range cs {
		if !slices.Contains(gpus, c.GPU) || !Meets(c, in.Statistic, c.Kind.TargetOf(in)) {
			continue
		}
		if slices.ContainsFunc(passed, func(p *Configuration) bool { return SameCurve(c, p) }) {
			continue
		}
		if best == nil || Preferred(c, best, in.Statistic) {
			best = c
		}
		if !Fillable(c, c.Kind.VolumeOf(in)) {
			passed = append(passed, c)
		}
	}
	return best
}

// trafficFor returns the traffic floor of model m on GPUs gpus for inputs in,
// whose floor is at configuration fl; nil when fl is nil (nothing meets the
// target).
func trafficFor(m *Model, gpus []string, in Inputs, fl *Configuration) *Traffic {
	if fl == nil {
		return nil
	}
	c := trafficChoice(m.Configurations, gpus, in)
	if c == nil {
		return nil
	}
	units := c.Kind.VolumeOf(in)
	t := &Traffic{Config: c, Figures: FiguresFor(c, in), Fills: Fillable(c, units), PerSecond: PerSecond(units), model: m, gpus: gpus, in: in, floor: fl}
	if units.Sign() > 0 && c.UnitsPerSecond().Sign() > 0 {
		t.Utilisation = quo(op(units), opOne, opSecondsPerMonth, op(c.UnitsPerSecond()))
	}
	t.TimesFloor = TimesFloor(c, fl)
	return t
}

// TimesFloor returns how many times the floor's energy per unit (output
// token, image or video) configuration c's is: c's JoulesPerUnit ÷ fl's.
func TimesFloor(c, fl *Configuration) decimal.Decimal {
	if fl.JoulesPerUnit().Sign() <= 0 {
		return decimal.Zero
	}
	return quo(op(c.JoulesPerUnit()), opOne, op(fl.JoulesPerUnit()), opOne)
}

// TrafficStep is one step of a model's traffic floor as the monthly volume
// grows: from the monthly volume From (in the kind's units) on (up to the
// next step's), the traffic floor is at Config.
type TrafficStep struct {
	From   decimal.Decimal
	Config *Configuration
}

// TrafficSteps returns the traffic floor of model m over the GPUs in.GPU
// allows, for every monthly volume from `from` to `to`, as steps in order of
// volume: the first from `from`, each later one from a volume where the
// traffic floor moves to another configuration. It changes only where a
// volume's rate reaches a qualifying configuration's throughput, so it is
// evaluated there. The monthly volume of in (Kind.VolumeOf) is ignored; nil
// when nothing meets the target.
func TrafficSteps(m *Model, in Inputs, from, to decimal.Decimal) []TrafficStep {
	if m == nil {
		return nil
	}
	gpus := gpusFor(m, in.GPU)
	var steps []TrafficStep
	for _, v := range append([]decimal.Decimal{from}, stepVolumes(m, gpus, from, to)...) {
		m.Kind.setVolume(&in, v)
		c := trafficChoice(m.Configurations, gpus, in)
		if c == nil {
			return nil
		}
		if len(steps) == 0 || steps[len(steps)-1].Config != c {
			steps = append(steps, TrafficStep{From: v, Config: c})
		}
	}
	return steps
}
