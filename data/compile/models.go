package compile

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"energyfloor/app/floor"
	"energyfloor/data"
)

// model is one model of one workload, ready to write.
type model struct {
	data.ModelInfo
	rows []*data.Row
	best map[string]*data.Row
	over int // configurations whose median ITL exceeds the deadline
	at   int // configurations whose median ITL equals it
}

// written is an output row with the configuration it parses into: the
// dataset's rules (floor.RowID, floor.CompareConfigurations,
// floor.BestRows) apply to the figures as written.
type written[R any] struct {
	row R
	c   *floor.Configuration
}

// groupByModel groups the rows of an upstream file by the model each names
// (split gives a row's model and output row): the models, made by newModel
// from each one's first row, in slug order (sortModels), and each model's
// output rows with the configurations they parse into, sorted by
// floor.CompareConfigurations. The sort is stable: every repeat is still 0,
// so the runs of one configuration keep upstream's order.
func groupByModel[U any, M comparable, R interface {
	Configuration() (*floor.Configuration, error)
}](
	file string, rows []U, split func(U) (*rowModel, R), newModel func(U) M, info func(M) *data.ModelInfo,
) ([]M, map[M][]written[R], error) {
	byID := map[string]M{}
	var order []M
	out := map[M][]written[R]{}
	for _, u := range rows {
		rm, row := split(u)
		m, ok := byID[rm.modelID]
		if !ok {
			m = newModel(u)
			byID[rm.modelID] = m
			order = append(order, m)
		}
		c, err := row.Configuration()
		if err != nil {
			return nil, nil, &InputError{File: file, Model: rm.modelID, Err: fmt.Errorf("an output row does not read back: %w", err)}
		}
		out[m] = append(out[m], written[R]{row, c})
	}
	if err := sortModels(file, order, info); err != nil {
		return nil, nil, err
	}
	for _, m := range order {
		slices.SortStableFunc(out[m], func(a, b written[R]) int { return floor.CompareConfigurations(a.c, b.c) })
	}
	return order, out, nil
}

// sortModels sorts the models of an upstream file by slug, and refuses two
// models with one slug.
func sortModels[M any](file string, order []M, info func(M) *data.ModelInfo) error {
	sort.Slice(order, func(i, j int) bool { return info(order[i]).Slug < info(order[j]).Slug })
	for i := 1; i < len(order); i++ {
		if a, b := info(order[i-1]), info(order[i]); b.Slug == a.Slug {
			return &InputError{File: file, Model: b.ModelID, Field: "nickname",
				Err: fmt.Errorf("gives slug %q, already taken by model %q", b.Slug, a.ModelID)}
		}
	}
	return nil
}

// modelInfo describes the model upstream names modelID (nickname), as the
// index and its model file give it.
func modelInfo(modelID, nickname string, params, active decimal.Decimal, architecture string) data.ModelInfo {
	return data.ModelInfo{
		Slug:          Slug(nickname),
		Name:          nickname,
		ModelID:       modelID,
		ParamsB:       pyNumber(params),
		ActiveParamsB: pyNumber(active),
		Architecture:  architecture,
	}
}

func buildModels(t *task[*upstreamRow], s Settings) ([]*model, error) {
	order, rows, err := groupByModel(t.file, t.rows,
		func(r *upstreamRow) (*rowModel, *data.Row) { return &r.rowModel, r.out },
		func(r *upstreamRow) *model {
			return &model{ModelInfo: modelInfo(r.modelID, r.nickname, r.params, r.active, r.architecture), best: map[string]*data.Row{}}
		},
		func(m *model) *data.ModelInfo { return &m.ModelInfo })
	if err != nil {
		return nil, err
	}
	deadline := decimal.NewFromInt(s.ITLDeadlineMs)
	for _, m := range order {
		ws := rows[m]
		runs := map[string]int{}
		configs := make([]*floor.Configuration, len(ws))
		rowOf := map[*floor.Configuration]*data.Row{}
		for i, w := range ws {
			r, c := w.row, w.c
			first := floor.RowID(m.Slug, r.GPU, r.NumGPUs, r.MaxNumSeqs, 1)
			runs[first]++
			r.Repeat = runs[first]
			r.RowID = floor.RowID(m.Slug, r.GPU, r.NumGPUs, r.MaxNumSeqs, r.Repeat)
			r.UnderITLDeadline = c.MedianITLMs.LessThanOrEqual(deadline)
			c.Repeat, c.RowID, c.UnderITLDeadline = r.Repeat, r.RowID, r.UnderITLDeadline
			if !r.UnderITLDeadline {
				m.over++
			} else if c.MedianITLMs.Equal(deadline) {
				m.at++
			}
			m.rows = append(m.rows, r)
			configs[i], rowOf[c] = c, r
		}
		m.GPUs = floor.ModelGPUs(configs)
		for gpu, c := range floor.BestRows(configs) {
			m.best[gpu] = rowOf[c]
		}
	}
	return order, nil
}

// Slug derives a model's URL identity from its nickname.
func Slug(nickname string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(nickname) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(c)
		} else {
			dash = true
		}
	}
	return b.String()
}

// selection is the source block's selection text, true for model m; for the
// workload as a whole (m nil) it states only the rule.
func selection(s Settings, m *model) string {
	rule := fmt.Sprintf("Each index row is the lowest-energy configuration for its model and GPU whose median "+
		"inter-token latency does not exceed %d ms, the leaderboard's own default ceiling", s.ITLDeadlineMs)
	if m == nil {
		return rule + "."
	}
	if m.over == 0 && m.at == 0 {
		return rule + "; no measured configuration reaches it."
	}
	if m.over == 0 {
		return rule + "; no measured configuration exceeds it."
	}
	text := fmt.Sprintf("%s; %d of its %d measured configurations exceed it and are never chosen", rule, m.over, len(m.rows))
	if m.over == 1 {
		text = fmt.Sprintf("%s; 1 of its %d measured configurations exceeds it and is never chosen", rule, len(m.rows))
	}
	var none []string
	for _, g := range m.GPUs {
		if m.best[g] == nil {
			none = append(none, g)
		}
	}
	for _, g := range none {
		text += fmt.Sprintf("; on %s none is within it, so %s has no index row", g, g)
	}
	return text + "."
}
