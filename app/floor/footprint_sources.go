package floor

import "github.com/shopspring/decimal"

// FootprintSources are the bundled values of the footprint beyond energy
// (footprint.go), each with where it was read: the embodied emissions of
// each measured GPU, service lives, water usage effectiveness presets,
// rest-of-server presets (none until a server maker's footprint is found
// that does not count the GPUs again) and what the "Full footprint" preset
// sets.
type FootprintSources struct {
	// Embodied holds one value per measured GPU (H100, B200), in kgCO2e per
	// GPU.
	Embodied []GPUEmbodied
	// Lives are service lives in years; DefaultLife is the ID of the one
	// that applies when the user gives none.
	Lives       []SourcedValue
	DefaultLife string
	// WUE are water usage effectiveness presets, litres per kWh of IT
	// energy.
	WUE []SourcedValue
	// Servers are rest-of-server presets, kgCO2e per 8-GPU server without
	// its GPUs; often none.
	Servers []SourcedValue
	// Full is what the "Full footprint" preset sets.
	Full FullFootprint
}

// GPUEmbodied is the embodied emissions of one GPU, kgCO2e.
type GPUEmbodied struct {
	// GPU is H100 or B200.
	GPU string
	SourcedValue
}

// SourcedValue is a bundled value with its source, as read there.
type SourcedValue struct {
	// ID names the value in a table, "alphabet-10k-2022"; Label is how a
	// person reads it, "Alphabet 10-K: servers' useful life".
	ID    string
	Label string
	// Value is the value in its table's unit.
	Value decimal.Decimal
	// Figure is the figure as read at the source, with its unit; Basis says
	// how Value follows from it.
	Figure string
	Basis  string
	// Scope says what the value counts and what it does not.
	Scope string
	// Source names the publication; URL is where it is; Date is when it was
	// published (YYYY-MM or YYYY-MM-DD); Retrieved the day it was read.
	Source    string
	URL       string
	Date      string
	Retrieved string
}

// FullFootprint is what the "Full footprint" preset sets: the bundled
// embodied value of each row's GPU (EmbodiedNVIDIA), and the IDs of a
// service life, a WUE preset and a rest-of-server preset ("" for none).
type FullFootprint struct {
	Embodied string
	Life     string
	WUE      string
	Server   string
}

// EmbodiedNVIDIA is the embodied setting that takes each row's GPU's
// bundled value: the `embodied=nvidia` of a link.
const EmbodiedNVIDIA = "nvidia"
