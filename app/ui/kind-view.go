package ui

import (
	"energyfloor/app/floor"
	"energyfloor/app/link"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// kindView is what the page draws differently for a kind of workload
// beyond the words floor.Kind gives: the hooks named after the kind's
// units, the ranking's and the configuration table's columns, and the
// facts of a configuration. kindViews holds one per kind; every component
// asks it (viewOf) rather than telling the kinds apart.
type kindView struct {
	// relaxAttr names #relax's data attribute of the latency reached: the
	// DOM id of the kind's target field. rateAttr names #traffic-rate's of
	// the volume's rate.
	relaxAttr, rateAttr string
	// batchHead is the ranking's batch column heading (HTML), batchLede the
	// ranking lede's words on it, perMillionHead the heading of its column
	// of Wh per million output tokens ("" for none); rankingCells a row's
	// cells after the GPUs.
	batchHead, batchLede, perMillionHead string
	rankingCells                         func(v *rowView) []string
	// configHead, configRow and configAbout are the configuration table's
	// columns, a row of them and the sentence on its batch column.
	configHead  func(t *configTable) []app.UI
	configRow   func(t *configTable, c *floor.Configuration, meets string) []app.UI
	configAbout func(k floor.Kind) string
	// facts lists a configuration (configFacts).
	facts func(c *floor.Configuration, g *floor.Generation, compact bool) []app.UI
}

// tokenView is a token workload's; batchView an image or video workload's.
var (
	tokenView = &kindView{
		relaxAttr: link.Fields[link.FieldITL].ID, rateAttr: "tokens-per-second",
		batchHead:      `<th scope="col" title="The batch size limit: the most requests the configuration serves together">max_<wbr>num_<wbr>seqs</th>`,
		batchLede:      " max_num_seqs is the batch size limit: the most requests served together.",
		perMillionHead: `<th scope="col">Wh per million output tokens</th>`,
		rankingCells: func(v *rowView) []string {
			return []string{v.Seqs, v.Latency, v.Energy, v.PerMillion, v.PerRequest, v.Traffic}
		},
		configHead: (*configTable).tokenHead, configRow: (*configTable).tokenRow,
		configAbout: func(floor.Kind) string {
			return "The max_num_seqs column is the batch size limit: the most requests served together."
		},
		facts: tokenFacts,
	}
	batchView = &kindView{
		relaxAttr: link.Fields[link.FieldLatency].ID, rateAttr: "requests-per-second",
		batchHead: `<th scope="col">Ulysses × ring, batch</th>`,
		rankingCells: func(v *rowView) []string {
			return []string{v.Seqs, v.Latency, v.Energy, v.PerRequest, v.Traffic}
		},
		configHead: (*configTable).diffusionHead, configRow: (*configTable).diffusionRow,
		configAbout: func(k floor.Kind) string {
			return "Each batch generates its " + k.Requests() + " together: all are ready when the batch is, after its batch latency."
		},
		facts: diffusionFacts,
	}
	kindViews = map[floor.Kind]*kindView{floor.KindTokens: tokenView, floor.KindImages: batchView, floor.KindVideos: batchView}
)

// viewOf returns kind k's view.
func viewOf(k floor.Kind) *kindView { return kindViews[k] }
