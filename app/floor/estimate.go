package floor

import (
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Factors are the assumptions of an estimate beyond the GPU floor (see the
// package doc's "Beyond the GPU floor"). The zero Factors are the GPU floor
// alone, and give no estimate.
type Factors struct {
	// Host is host CPU and memory energy as a fraction of GPU energy, 0 to
	// MaxOverhead.
	Host decimal.Decimal
	// Idle is the energy of idle and provisioned-but-unused machines as a
	// fraction of GPU energy, 0 to MaxOverhead.
	Idle decimal.Decimal
	// PUE is facility energy over IT energy, MinPUE to MaxPUE; zero stands
	// for 1, so that the zero Factors are the floor.
	PUE decimal.Decimal
	// Grid is the bundled grid intensity carbon is computed with; its Code
	// is "" for none.
	Grid GridIntensity
	// CustomGCO2ePerKWh, when valid, is the user's own grid intensity in
	// gCO2e per kWh, 0 to MaxGCO2ePerKWh; it overrides Grid.
	CustomGCO2ePerKWh decimal.NullDecimal
	// PricePerKWh, when valid, is the price of a kWh in Currency, 0 to
	// MaxPricePerKWh.
	PricePerKWh decimal.NullDecimal
	// Currency names the price's currency as the user typed it ("EUR",
	// "US$"), shown as text only; it is not a factor.
	Currency string
	// Footprint is manufacture and water (footprint_factors.go).
	Footprint Footprint
}

// pue returns f's PUE, 1 for zero.
func (f Factors) pue() decimal.Decimal {
	if f.PUE.IsZero() {
		return one
	}
	return f.PUE
}

// EnergyWords states f's energy factors as the page's caveat, the statement
// and the CLI give them: "host 0.43, idle 0.17 and PUE 1.09", PUE 1 when
// it is unset (zero).
func (f Factors) EnergyWords() string {
	return "host " + FormatExact(f.Host) + ", idle " + FormatExact(f.Idle) + " and PUE " + FormatExact(f.pue())
}

// addsEnergy reports whether host, idle or PUE add anything to GPU energy.
func (f Factors) addsEnergy() bool {
	return !f.Host.IsZero() || !f.Idle.IsZero() || !f.pue().Equal(one)
}

// IsZero reports whether f sets no factor: host and idle 0, PUE 1 (or
// zero), no grid intensity, no price, no manufacture and no water. Such
// factors give no estimate: the floor is the whole answer. Currency alone is
// not a factor, nor a service life alone.
func (f Factors) IsZero() bool {
	_, carbon := f.GCO2ePerKWh()
	return !f.addsEnergy() && !carbon && !f.PricePerKWh.Valid && f.Footprint.IsZero()
}

// EnergyFactor returns (1 + Host + Idle) × PUE: the estimate's energy over
// the floor's.
func (f Factors) EnergyFactor() decimal.Decimal {
	return one.Add(f.Host).Add(f.Idle).Mul(f.pue())
}

// GCO2ePerKWh returns the grid intensity carbon is computed with, in gCO2e
// per kWh: the custom one when set, else the bundled grid's; ok is false
// when there is neither.
func (f Factors) GCO2ePerKWh() (d decimal.Decimal, ok bool) {
	switch {
	case f.CustomGCO2ePerKWh.Valid:
		return f.CustomGCO2ePerKWh.Decimal, true
	case f.Grid.Code != "":
		return f.Grid.GCO2ePerKWh, true
	}
	return decimal.Decimal{}, false
}

// GridUsed returns the bundled grid whose intensity carbon is computed with;
// ok is false when there is none or a custom intensity overrides it.
func (f Factors) GridUsed() (g GridIntensity, ok bool) {
	if f.CustomGCO2ePerKWh.Valid || f.Grid.Code == "" {
		return GridIntensity{}, false
	}
	return f.Grid, true
}

// GridWords names the grid intensity f computes carbon with, to follow
// "at": "Germany's 2024 grid", or "your own 300 gCO2e/kWh"; "" for none.
func (f Factors) GridWords() string {
	if g, ok := f.GridUsed(); ok {
		return g.Name + "'s " + strconv.Itoa(g.Year) + " grid"
	}
	if g, ok := f.GCO2ePerKWh(); ok {
		return "your own " + FormatExact(g) + " gCO2e/kWh"
	}
	return ""
}

// Estimate is one result's energy, carbon and cost beyond the GPU floor, for
// given Factors, unrounded (round only for display).
type Estimate struct {
	// WhPerRequest and KWhPerMonth are the floor's times Factors.EnergyFactor.
	WhPerRequest decimal.Decimal
	KWhPerMonth  decimal.Decimal
	// GCO2ePerRequest (grams of CO2e) and KgCO2ePerMonth (kilograms) are
	// valid when the factors have a grid intensity.
	GCO2ePerRequest decimal.NullDecimal
	KgCO2ePerMonth  decimal.NullDecimal
	// CostPerMonth, in Factors.Currency, is valid when the factors have a
	// price, as is CostPerRequest.
	CostPerMonth   decimal.NullDecimal
	CostPerRequest decimal.NullDecimal
	// GPUSecondsPerRequest is the GPU time of a request at the
	// configuration (RequestRate.GPUSecondsPerRequest); zero from Estimate,
	// which has no configuration.
	GPUSecondsPerRequest decimal.Decimal
	// EmbodiedKgPerGPU is the E the manufacture figures take for the
	// configuration's GPU; EmbodiedGPerRequest (gCO2e) and
	// EmbodiedKgPerMonth (kgCO2e) are manufacture charged at the floor or,
	// from TrafficEstimate, for the Servers the month's volume reserves.
	// Each valid when the factors count manufacture (EstimateAt,
	// TrafficEstimate).
	EmbodiedKgPerGPU    decimal.NullDecimal
	EmbodiedGPerRequest decimal.NullDecimal
	EmbodiedKgPerMonth  decimal.NullDecimal
	Servers             int64
	// WaterOnsiteML (valid with a WUE) and WaterOffsiteML (valid with an
	// off-site figure) are mL per request; WaterML is their sum and
	// WaterLPerMonth that in litres a month, valid with either.
	WaterOnsiteML  decimal.NullDecimal
	WaterOffsiteML decimal.NullDecimal
	WaterML        decimal.NullDecimal
	WaterLPerMonth decimal.NullDecimal
}

// Estimate returns the estimate for the unrounded figures fig of one result
// (Result.Figures): every figure exact, as the package doc gives it. It
// counts no manufacture, which needs the configuration: EstimateAt and
// TrafficEstimate do.
func (f Factors) Estimate(fig Figures) Estimate {
	k := f.EnergyFactor()
	e := Estimate{WhPerRequest: fig.WhPerRequest.Mul(k), KWhPerMonth: fig.KWhPerMonth.Mul(k)}
	if g, ok := f.GCO2ePerKWh(); ok {
		// Wh × g/kWh is milligrams; kWh × g/kWh is grams.
		e.GCO2ePerRequest = decimal.NewNullDecimal(e.WhPerRequest.Mul(g).Shift(-3))
		e.KgCO2ePerMonth = decimal.NewNullDecimal(e.KWhPerMonth.Mul(g).Shift(-3))
	}
	if f.PricePerKWh.Valid {
		e.CostPerMonth = decimal.NewNullDecimal(e.KWhPerMonth.Mul(f.PricePerKWh.Decimal))
		e.CostPerRequest = decimal.NewNullDecimal(e.WhPerRequest.Mul(f.PricePerKWh.Decimal).Shift(-3))
	}
	f.Footprint.water(&e, fig, f.Host, f.Idle, f.pue())
	return e
}

// The presets' IDs: the names a permalink and the published figures give them.
const (
	PresetGPUOnly         = "gpu-only"
	PresetGoogle2025      = "google-2025"
	PresetIndustryAverage = "industry-average"
)

// Preset is a set of host, idle and PUE factors with its published source.
type Preset struct {
	// ID names it in permalinks, "google-2025".
	ID string
	// Name is what a user reads, "Google 2025 proportions".
	Name            string
	Host, Idle, PUE decimal.Decimal
	// Citation is a short citation of the source, shown next to the preset;
	// URL is where the source is.
	Citation string
	URL      string
}

// googleCitation is the source of the Google 2025 proportions.
const googleCitation = "Elsworth et al., Measuring the environmental impact of delivering AI at Google Scale, " +
	"arXiv 2508.15734 (Aug 2025)"

// Presets returns the presets in the order a user is offered them.
//
// The Google 2025 proportions come from the split of the median Gemini Apps
// text prompt's energy in May 2025 (arXiv 2508.15734): accelerators 58 %,
// host CPU and DRAM 25 %, idle machines 10 %, data-centre overhead 8 %. So
// host = 25/58 = 0.431…, idle = 10/58 = 0.172… and pue = 1/(1 − 0.08) =
// 1.087…; the preset's values are those rounded to two decimals, 0.43, 0.17
// and 1.09, the values shown, so that a permalink says exactly what was
// computed. The industry-average facility takes the average annual PUE
// respondents reported for their largest data centre in the Uptime Institute
// Global Data Center Survey 2024, 1.56, with the Google host and idle shares.
func Presets() []Preset {
	host, idle := decimal.New(43, -2), decimal.New(17, -2)
	return []Preset{
		{ID: PresetGPUOnly, Name: "GPU only", Host: decimal.Zero, Idle: decimal.Zero, PUE: one,
			Citation: "The measured GPU energy alone: ML.ENERGY Leaderboard v3", URL: "https://ml.energy/leaderboard/"},
		{ID: PresetGoogle2025, Name: "Google 2025 proportions", Host: host, Idle: idle, PUE: decimal.New(109, -2),
			Citation: googleCitation, URL: "https://arxiv.org/abs/2508.15734"},
		{ID: PresetIndustryAverage, Name: "Industry-average facility", Host: host, Idle: idle, PUE: decimal.New(156, -2),
			Citation: "Uptime Institute Global Data Center Survey 2024 for PUE (the average annual PUE at respondents' " +
				"largest data centre), and " + googleCitation + " for host and idle",
			URL: "https://uptimeinstitute.com/resources/research-and-reports/uptime-institute-global-data-center-survey-results-2024"},
	}
}

// PresetByID returns the preset with the given ID, and whether there is one.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

// Preset returns the preset whose host, idle and PUE f has (compared as
// numbers: 0.430 is 0.43), and whether there is one.
func (f Factors) Preset() (Preset, bool) {
	for _, p := range Presets() {
		if f.Host.Equal(p.Host) && f.Idle.Equal(p.Idle) && f.pue().Equal(p.PUE) {
			return p, true
		}
	}
	return Preset{}, false
}

// CaveatNote returns the caveat's second sentence for factors f: "" for the
// GPU floor alone (f.IsZero()); otherwise which of the estimate's factors
// are assumptions and whose, and that carbon is a location-based annual
// average grid intensity. src is the bundled grid data's source, named when
// f uses a bundled grid. The UI and the CLI show it after Dataset.Caveat.
func CaveatNote(f Factors, src GridSource) string {
	if f.IsZero() {
		return ""
	}
	var parts []string
	factors := f.EnergyWords()
	switch p, ok := f.Preset(); {
	case !f.addsEnergy():
		parts = append(parts, "the estimate adds no host, idle or facility energy to the measured GPU energy")
	case ok:
		parts = append(parts, factors+" are assumptions: the "+p.Name+" preset, from "+p.Citation)
	default:
		parts = append(parts, factors+" are your own assumptions")
	}
	if g, ok := f.GridUsed(); ok {
		parts = append(parts, "carbon uses a location-based annual average grid intensity, "+Possessive(g.Name)+" "+
			FormatExact(g.GCO2ePerKWh)+" gCO2e/kWh for "+strconv.Itoa(g.Year)+" from "+src.Name)
	} else if g, ok := f.GCO2ePerKWh(); ok {
		parts = append(parts, "carbon uses your own grid intensity, "+FormatExact(g)+
			" gCO2e/kWh, taken as a location-based annual average")
	}
	if f.PricePerKWh.Valid {
		parts = append(parts, "the price, "+WithCurrency(FormatExact(f.PricePerKWh.Decimal), f.Currency)+" per kWh, is your own")
	}
	parts = append(parts, f.Footprint.footprintCaveat()...)
	return "Beyond the measured floor, " + strings.Join(parts, "; ") + "."
}

// WorkloadCaveat is Caveat for inputs in on workload w: on a diffusion
// workload, the caveat of the model in.Model names (true for its generation
// settings) or, for every model, DiffusionCaveatAll; with the factors' note.
func WorkloadCaveat(d *Dataset, w *Workload, in Inputs) string {
	return w.Kind.spec().family.caveat(d, w, in)
}

// batchCaveat is WorkloadCaveat on an image or video workload.
func batchCaveat(d *Dataset, w *Workload, in Inputs) string {
	caveat := DiffusionCaveatAll
	if m := w.Model(in.Model); m != nil && m.Caveat != "" {
		caveat = m.Caveat
	}
	caveat += " " + ScopeWords(in.Factors)
	if note := CaveatNote(in.Factors, d.GridSource); note != "" {
		return caveat + " " + note
	}
	return caveat
}

// DiffusionCaveatAll is the caveat of a diffusion ranking over every model,
// each generating at its own fixed settings.
const DiffusionCaveatAll = "GPU energy only, measured generating each model's images or videos at its own fixed resolution and " +
	"inference steps (each configuration gives them), in batches on a busy server. Host, network, cooling and idle time are not " +
	"counted. Every figure is a floor; a lightly used server sits well above it."

// Caveat returns the caveat for results with factors f: d.Caveat, the
// sentence naming what is outside the figures (ScopeWords), and
// CaveatNote's sentence after them when f sets any factor.
func Caveat(d *Dataset, f Factors) string {
	caveat := d.Caveat + " " + ScopeWords(f)
	if note := CaveatNote(f, d.GridSource); note != "" {
		return caveat + " " + note
	}
	return caveat
}
