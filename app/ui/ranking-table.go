package ui

import (
	"cmp"
	"html"
	"slices"
	"strconv"
	"strings"

	"energyfloor/app/floor"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/shopspring/decimal"
)

// rankingTable lists every model (per GPU) for the current inputs. Columns
// sort on their header buttons; a model's name is a button that selects it.
// Sorting is the table's own state: it re-renders the table only and
// recomputes nothing. The table itself is raw HTML (tableHTML), replaced
// whole when its text changes.
type rankingTable struct {
	app.Compo

	// Results is floor.Rank's output, in rank order. Of its figures only
	// the "at your traffic" column depends on the monthly volume.
	Results   []floor.Result
	Selected  string
	Statistic floor.Statistic
	// Output is the average output tokens per request (the per-request column).
	Output string
	// Kind is the workload's: an image or video workload's columns are its
	// own (batch, batch latency, energy per image or video), without the
	// per-token ones.
	Kind floor.Kind

	sortKey string // one of the sort* constants
	desc    bool
	views   []rowView // the rows, in display order

	// cells caches each configuration's formatted figures, which depend on
	// the statistic and the output length only (cellsKey).
	cells    map[*floor.Configuration]rowCells
	cellsKey string
}

// rowView is what one row shows, as plain strings.
type rowView struct {
	Rank                           int
	Slug, Name, GPU                string
	GPUs, Seqs, Latency            string
	Energy, PerMillion, PerRequest string
	// Traffic is the "at your traffic" cell, TrafficJ its joules per
	// output token (data-traffic-j); both empty when nothing meets the target.
	Traffic, TrafficJ string
	Meets, Selected   bool
}

// rowCells are a configuration's formatted figures.
type rowCells struct {
	GPUs, Seqs, Latency, Energy, PerMillion, PerRequest string
}

// Sort keys of the ranking table's columns.
const (
	sortRank    = "rank"
	sortModel   = "model"
	sortGPU     = "gpu"
	sortLatency = "latency"
	sortEnergy  = "energy"
	sortTraffic = "traffic"
)

// OnInit orders the rows for the first render.
func (t *rankingTable) OnInit() { t.sortRows() }

// OnUpdate re-orders the rows when the parent passes new results.
func (t *rankingTable) OnUpdate(ctx app.Context) { t.sortRows() }

// sortRows fills views from Results, sortKey and desc. Rows that meet
// nothing stay last when sorting by a figure they lack.
func (t *rankingTable) sortRows() {
	order := sortedOrder(t.Results, t.sortKey, t.desc, t.Statistic)
	key := string(t.Statistic) + "|" + t.Output + "|" + t.Kind.String()
	if key != t.cellsKey || t.cells == nil {
		t.cells, t.cellsKey = map[*floor.Configuration]rowCells{}, key
	}
	t.views = make([]rowView, len(order))
	for i, ri := range order {
		t.views[i] = t.view(ri)
	}
}

// sortedOrder returns the display order of results for a sort key.
func sortedOrder(results []floor.Result, key string, desc bool, s floor.Statistic) []int {
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	if key == "" || key == sortRank {
		if desc {
			slices.Reverse(order)
		}
		return order
	}
	byFigure := key == sortLatency || key == sortEnergy || key == sortTraffic
	slices.SortStableFunc(order, func(a, b int) int {
		ra, rb := &results[a], &results[b]
		if byFigure && ra.Meets() != rb.Meets() {
			if ra.Meets() {
				return -1
			}
			return 1
		}
		var c int
		switch key {
		case sortModel:
			c = cmp.Compare(ra.Model.Name, rb.Model.Name)
		case sortGPU:
			c = cmp.Or(cmp.Compare(ra.GPU, rb.GPU), cmp.Compare(gpuCount(ra), gpuCount(rb)))
		case sortLatency:
			c = latencyOf(ra, s).Cmp(latencyOf(rb, s))
		case sortEnergy:
			c = shown(ra).JoulesPerUnit().Cmp(shown(rb).JoulesPerUnit())
		case sortTraffic:
			if ra.Traffic != nil && rb.Traffic != nil {
				c = ra.Traffic.Config.JoulesPerUnit().Cmp(rb.Traffic.Config.JoulesPerUnit())
			}
		}
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a, b))
	})
	return order
}

// shown returns the configuration whose figures a result (a ranking row, the
// selected model's floor) shows: the chosen one, or the fastest when nothing
// meets the target.
func shown(r *floor.Result) *floor.Configuration {
	if r.Chosen != nil {
		return r.Chosen
	}
	return r.Fastest
}

// hasFigures reports whether a result has figures: it was found (the model
// has a configuration on the allowed GPUs) and shows a configuration.
func hasFigures(r *floor.Result, found bool) bool {
	return found && shown(r) != nil
}

func gpuCount(r *floor.Result) int {
	if c := shown(r); c != nil {
		return c.NumGPUs
	}
	return 0
}

func latencyOf(r *floor.Result, s floor.Statistic) decimal.Decimal {
	if c := shown(r); c != nil {
		return c.Latency(s)
	}
	return decimal.Zero
}

// onClick handles the clicks of the table's buttons, delegated to the box
// around it: the table is one raw HTML string (tableHTML), which the browser
// parses at once instead of go-app creating its hundreds of nodes one
// JavaScript call at a time. A sort button sorts; a model's name selects the model. The
// focus goes back to the button, which the new table replaced.
func (t *rankingTable) onClick(ctx app.Context, e app.Event) {
	btn := e.Get("target").Call("closest", "button")
	if !btn.Truthy() {
		return
	}
	sortKey := ""
	if key := btn.Get("dataset").Get("sort"); key.Truthy() {
		sortKey = key.String()
	}
	sel := t.press(ctx, sortKey, btn.Get("value").String())
	ctx.Defer(func(ctx app.Context) {
		if b := app.Window().Get("document").Call("querySelector", sel); b.Truthy() {
			b.Call("focus")
		}
	})
}

// press acts on a press of one of the table's buttons: a sort button's
// sortKey sorts; without one, the button is a model's, whose slug selects
// the model. It returns the selector of the button, which the redrawn
// table holds anew.
func (t *rankingTable) press(ctx app.Context, sortKey, slug string) string {
	if sortKey != "" {
		t.sort(sortKey)
		return `#ranking-table button[data-sort="` + sortKey + `"]`
	}
	ctx.NewActionWithValue(actionSelectModel, slug)
	return `#ranking-table button[value="` + slug + `"]`
}

// sort sorts by column key, or reverses the order when the table is sorted by
// it already.
func (t *rankingTable) sort(key string) {
	switch key {
	case sortRank, sortModel, sortGPU, sortLatency, sortEnergy, sortTraffic:
	default:
		return
	}
	if t.sortKey == key || (t.sortKey == "" && key == sortRank) {
		t.desc = !t.desc
	} else {
		t.sortKey, t.desc = key, false
	}
	t.sortRows()
}

// Render draws the table in its own horizontally scrolling box.
func (t *rankingTable) Render() app.UI {
	return app.Section().ID("ranking").Class("panel", "ranking").Aria("labelledby", "ranking-h").Body(
		app.H2().ID("ranking-h").Text("Every model for these inputs"),
		app.P().Class("fine").Text("One row per model and GPU: its lowest-energy configuration within the target. \"At your traffic\" is the energy per request at the least-energy configuration your monthly volume can keep busy on that GPU, with how many times the floor it is. Sort with the column headers; choose a model by its name."+viewOf(t.Kind).batchLede),
		app.P().Class("scroll-hint").Text("The table scrolls in its box: every model and GPU is in it."),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", "Ranking table (scrolls in its box)").
			OnClick(t.onClick).Body(app.Raw(t.tableHTML())),
	)
}

// tableHTML writes the table: a header row of sort buttons (aria-sort on the
// column the table is sorted by) and one row per rowView, every text and
// attribute value escaped.
func (t *rankingTable) tableHTML() string {
	var b strings.Builder
	b.Grow(512 + 640*len(t.views))
	b.WriteString(`<table id="ranking-table"><thead><tr>`)
	t.header(&b, sortRank, "#")
	t.header(&b, sortModel, "Model")
	t.header(&b, sortGPU, "GPUs")
	k, view := t.Kind, viewOf(t.Kind)
	b.WriteString(view.batchHead)
	t.header(&b, sortLatency, k.LatencyHeading(t.Statistic))
	t.header(&b, sortEnergy, "J per "+k.Unit())
	b.WriteString(view.perMillionHead + `<th scope="col">Per ` + k.Request() + `</th>`)
	t.header(&b, sortTraffic, "At your traffic")
	b.WriteString(`</tr></thead><tbody>`)
	for _, v := range t.views {
		var class []string
		if v.Selected {
			class = append(class, "selected")
		}
		if !v.Meets {
			class = append(class, "unmet")
		}
		b.WriteString(`<tr`)
		if len(class) > 0 {
			b.WriteString(` class="` + strings.Join(class, " ") + `"`)
		}
		b.WriteString(` data-model="` + html.EscapeString(v.Slug) + `" data-gpu="` + html.EscapeString(v.GPU) + `" data-traffic-j="` + v.TrafficJ + `">`)
		b.WriteString(`<td class="num">` + strconv.Itoa(v.Rank) + `</td>`)
		b.WriteString(`<th scope="row"><button type="button" class="select-model" aria-pressed="` + strconv.FormatBool(v.Selected) +
			`" value="` + html.EscapeString(v.Slug) + `">` + html.EscapeString(v.Name) + `</button></th>`)
		b.WriteString(`<td>` + html.EscapeString(v.GPUs) + `</td>`)
		for _, cell := range view.rankingCells(&v) {
			b.WriteString(`<td class="num">` + html.EscapeString(cell) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

// header writes a sortable column header: a button, with aria-sort on the
// column the table is sorted by.
func (t *rankingTable) header(b *strings.Builder, key, label string) {
	current := t.sortKey == key || (t.sortKey == "" && key == sortRank)
	b.WriteString(`<th scope="col"`)
	mark := ""
	if current {
		dir := "ascending"
		mark = " ▲"
		if t.desc {
			dir, mark = "descending", " ▼"
		}
		b.WriteString(` aria-sort="` + dir + `"`)
	}
	b.WriteString(`><button type="button" class="sort" data-sort="` + key + `">` + html.EscapeString(label) +
		`<span class="sort-mark" aria-hidden="true">` + mark + `</span></button></th>`)
}

// view returns what the row of Results[i] shows.
func (t *rankingTable) view(i int) rowView {
	r := &t.Results[i]
	v := rowView{Rank: i + 1, Slug: r.Model.Slug, Name: r.Model.Name, GPU: r.GPU, Meets: r.Meets(),
		Selected: r.Model.Slug == t.Selected, GPUs: r.GPU, Seqs: "—", Latency: "—", Energy: "—", PerMillion: "—", PerRequest: "—", Traffic: "—"}
	if tr := r.Traffic; tr != nil {
		v.Traffic = floor.FormatWh(tr.Figures.WhPerRequest) + " (" + floor.FormatTimes(tr.TimesFloor) + ")"
		v.TrafficJ = tr.Config.JoulesPerUnit().String()
	}
	c := shown(r)
	if c == nil {
		return v
	}
	cells, ok := t.cells[c]
	if !ok {
		cells = rowCells{
			GPUs:    strconv.Itoa(c.NumGPUs) + " × " + c.GPU,
			Seqs:    c.BatchSetting(),
			Latency: c.LatencyWords(t.Statistic),
			// Figures are c's whether it is chosen or only the fastest.
			Energy:     floor.FormatJoules(c.JoulesPerUnit()),
			PerMillion: floor.FormatNumber(r.Figures.WhPerMillionOutputTokens),
			PerRequest: floor.FormatWh(r.Figures.WhPerRequest),
		}
		t.cells[c] = cells
	}
	v.GPUs, v.Seqs, v.Latency = cells.GPUs, cells.Seqs, cells.Latency
	if v.Meets {
		v.Energy, v.PerMillion, v.PerRequest = cells.Energy, cells.PerMillion, cells.PerRequest
	} else {
		v.Latency = "none within target; fastest " + cells.Latency
	}
	return v
}
