package floor

import (
	"cmp"
	"slices"
	"sort"

	"github.com/shopspring/decimal"
)

// An index is what the calculation reads of a set of models, built once on
// their first use: every energy and latency figure replaced by its rank among
// the distinct values of the set, so selection and ranking compare integers,
// exactly, whatever the decimals' precision; each model's configurations per
// GPU in order of energy; and the operands figures are computed from.
type index struct {
	// energies are the distinct joules per output token (per image or video
	// for diffusion: JoulesPerUnit), ascending.
	energies []decimal.Decimal
	// latencies are the distinct values of each statistic (statIndex), ascending.
	latencies [len(Statistics)][]decimal.Decimal
	models    []indexedModel
}

// indexedModel is one model's configurations, grouped by GPU.
type indexedModel struct {
	m    *Model
	gpus []indexedGPU
}

// indexedGPU is a model's configurations on one GPU, in order of energy
// (equal energies in the model's configuration order).
type indexedGPU struct {
	gpu      string
	byEnergy []ranked
}

// ranked is a configuration with its figures' ranks and operands.
type ranked struct {
	c *Configuration
	// energy ranks c.JoulesPerUnit() in index.energies.
	energy int32
	// latency ranks each statistic of c in index.latencies.
	latency [len(Statistics)]int32
	// j and tps are operands of c's figures; whPerMillion and avgPower are
	// the figures that depend on c alone.
	j, tps                 operand
	whPerMillion, avgPower decimal.Decimal
}

// statIndex returns s's position in Statistics, the order of
// ranked.latency; any other statistic counts as the median, as
// Configuration.ITL does.
func statIndex(s Statistic) int {
	return max(0, slices.Index(Statistics[:], s))
}

// modelIndex returns m's index, building it on first use. The Model must not
// change after that.
func modelIndex(m *Model) *index {
	if x := m.index.Load(); x != nil {
		return x
	}
	m.index.CompareAndSwap(nil, newIndex([]*Model{m}))
	return m.index.Load()
}

// workloadIndex returns w's index over all its models, building it on first
// use. The Workload and its models must not change after that, but for
// models added to a workload that had none (the browser decodes a
// workload's models on first need: package data): an index of no models is
// not kept.
func workloadIndex(w *Workload) *index {
	if x := w.index.Load(); x != nil {
		return x
	}
	if len(w.Models) == 0 {
		return newIndex(nil)
	}
	w.index.CompareAndSwap(nil, newIndex(w.Models))
	return w.index.Load()
}

// newIndex indexes models.
func newIndex(models []*Model) *index {
	x := &index{models: make([]indexedModel, len(models))}
	var energies []decimal.Decimal
	var latencies [len(Statistics)][]decimal.Decimal
	for _, m := range models {
		for _, c := range m.Configurations {
			energies = append(energies, c.JoulesPerUnit())
			for i, s := range Statistics {
				latencies[i] = append(latencies[i], c.Latency(s))
			}
		}
	}
	x.energies = distinct(energies)
	for i := range latencies {
		x.latencies[i] = distinct(latencies[i])
	}
	for k, m := range models {
		im := indexedModel{m: m}
		for _, c := range m.Configurations {
			r := newRanked(c)
			r.energy = rankOf(x.energies, c.JoulesPerUnit())
			for i, s := range Statistics {
				r.latency[i] = rankOf(x.latencies[i], c.Latency(s))
			}
			g := im.gpu(c.GPU)
			if g == nil {
				im.gpus = append(im.gpus, indexedGPU{gpu: c.GPU})
				g = &im.gpus[len(im.gpus)-1]
			}
			g.byEnergy = append(g.byEnergy, r)
		}
		for i := range im.gpus {
			slices.SortStableFunc(im.gpus[i].byEnergy, func(a, b ranked) int { return cmp.Compare(a.energy, b.energy) })
		}
		x.models[k] = im
	}
	return x
}

// gpu returns the model's configurations on gpu, or nil.
func (im *indexedModel) gpu(gpu string) *indexedGPU {
	for i := range im.gpus {
		if im.gpus[i].gpu == gpu {
			return &im.gpus[i]
		}
	}
	return nil
}

// distinct sorts ds and removes repeated values.
func distinct(ds []decimal.Decimal) []decimal.Decimal {
	sort.Slice(ds, func(i, j int) bool { return ds[i].LessThan(ds[j]) })
	return slices.CompactFunc(ds, decimal.Decimal.Equal)
}

// rankOf returns the position of d in the sorted distinct values ds.
func rankOf(ds []decimal.Decimal, d decimal.Decimal) int32 {
	return int32(sort.Search(len(ds), func(i int) bool { return ds[i].Cmp(d) >= 0 }))
}

// within returns the number of distinct values of statistic si that meet
// target (withinTarget): a configuration meets the target when its latency
// rank is below it.
func (x *index) within(si int, target decimal.Decimal) int32 {
	ds := x.latencies[si]
	return int32(sort.Search(len(ds), func(i int) bool { return !withinTarget(ds[i], target) }))
}
