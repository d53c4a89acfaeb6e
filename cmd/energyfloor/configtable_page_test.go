package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"energyfloor/app/floor"
	"energyfloor/app/server/pagetest"
)

// cliConfig is a configuration in energyfloor -json's results on an image
// or video workload.
type cliConfig struct {
	RowID         string      `json:"row_id"`
	GPU           string      `json:"gpu"`
	NumGPUs       int         `json:"num_gpus"`
	UlyssesDegree int         `json:"ulysses_degree"`
	RingDegree    int         `json:"ring_degree"`
	BatchSize     int         `json:"batch_size"`
	BatchLatencyS json.Number `json:"batch_latency_s"`
}

// cliDiffusionResult is a result of energyfloor -json on an image or video
// workload.
type cliDiffusionResult struct {
	Slug          string      `json:"slug"`
	GPU           string      `json:"gpu"`
	Configuration cliConfig   `json:"configuration"`
	JPerRequest   json.Number `json:"joules_per_request"`
	WhPerRequest  json.Number `json:"wh_per_request"`
	Qualifying    int         `json:"qualifying_configurations"`
	Measured      int         `json:"measured_configurations"`
	Traffic       *struct {
		JPerRequest   json.Number `json:"joules_per_request"`
		WhPerRequest  json.Number `json:"wh_per_request"`
		Configuration cliConfig   `json:"configuration"`
	} `json:"traffic"`
}

// configRow is one row of #config-table as the page has it.
type configRow struct {
	id, class string
	cells     []string
	s, j, wh  string
}

// TestPrerenderedConfigTable: on an image and a video page the
// energy–latency chart's configuration table (#config-table) lists every
// measured configuration of the selected model on the allowed GPUs, as many
// as energyfloor -json counts; the rows of the configurations it names (each
// GPU's floor and figure at your traffic) carry its figures: GPUs, Ulysses
// × ring, batch size, batch latency, joules and Wh per image or video; a row
// meets the target when its batch latency is within it, as many as the
// CLI's qualifying configurations; the page's floor and traffic rows are
// marked.
func TestPrerenderedConfigTable(t *testing.T) {
	s := pageSite(t)
	for _, q := range []string{
		"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
		"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
	} {
		unit := "image"
		if strings.Contains(q, "video") {
			unit = "video"
		}
		t.Run(unit, func(t *testing.T) {
			code, out, errOut := runCLI("-json", "-link", "/?"+q)
			if code != 0 {
				t.Fatalf("energyfloor -json -link: exit %d: %s", code, errOut)
			}
			var rep struct {
				Inputs struct {
					LatencyTargetS json.Number `json:"latency_target_s"`
				} `json:"inputs"`
				Results []cliDiffusionResult `json:"results"`
			}
			dec := json.NewDecoder(strings.NewReader(out))
			dec.UseNumber()
			if err := dec.Decode(&rep); err != nil {
				t.Fatal(err)
			}
			p := served(t, s, "/?"+q)
			table := p.ByID("config-table")
			if table == nil {
				t.Fatal("no #config-table")
			}
			var head []string
			for _, thead := range pagetest.Find(table, pagetest.Tag(atom.Thead)) {
				for _, th := range pagetest.Find(thead, pagetest.Tag(atom.Th)) {
					head = append(head, pagetest.Text(th))
				}
			}
			var rows []configRow
			for _, tr := range pagetest.Find(table, func(n *html.Node) bool { _, ok := pagetest.Attr(n, "data-row-id"); return n.DataAtom == atom.Tr && ok }) {
				d := func(name string) string {
					if c := pagetest.Find(tr, func(n *html.Node) bool { _, ok := pagetest.Attr(n, name); return ok }); len(c) > 0 {
						v, _ := pagetest.Attr(c[0], name)
						return v
					}
					return ""
				}
				r := configRow{s: d("data-s"), j: d("data-j"), wh: d("data-wh")}
				r.id, _ = pagetest.Attr(tr, "data-row-id")
				r.class, _ = pagetest.Attr(tr, "class")
				for c := tr.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode {
						r.cells = append(r.cells, pagetest.Text(c))
					}
				}
				if len(r.cells) != 8 {
					t.Fatalf("row %s has %d cells, want 8: %q", r.id, len(r.cells), r.cells)
				}
				rows = append(rows, r)
			}

			measured, qualifying := 0, 0
			for _, r := range rep.Results {
				measured += r.Measured
				qualifying += r.Qualifying
			}
			if len(rows) != measured {
				t.Errorf("%d rows, want the CLI's %d measured configurations", len(rows), measured)
			}
			target := decimal.RequireFromString(string(rep.Inputs.LatencyTargetS))
			meeting := 0
			for _, r := range rows {
				yes := strings.HasPrefix(r.cells[6], "yes")
				if s, err := decimal.NewFromString(r.s); err != nil || yes != s.LessThanOrEqual(target) {
					t.Errorf("row %s: batch latency %q s, target %s s, says %q", r.id, r.s, target, r.cells[6])
				}
				if yes {
					meeting++
				}
			}
			if meeting != qualifying {
				t.Errorf("%d rows meet the target, the CLI counts %d qualifying configurations", meeting, qualifying)
			}
			wantHead := []string{"GPUs", "Ulysses × ring", "Batch size", "Batch latency (s)", "J per " + unit, "Wh per " + unit,
				"Within " + floor.FormatSeconds(target) + " target", "Measurement id"}
			if !slices.Equal(head, wantHead) {
				t.Errorf("columns %q, want %q", head, wantHead)
			}
			check := func(what string, c cliConfig, j, wh json.Number) {
				i := slices.IndexFunc(rows, func(r configRow) bool { return r.id == c.RowID })
				if i < 0 {
					t.Errorf("no row %s in the table", c.RowID)
					return
				}
				r := rows[i]
				want := []string{fmt.Sprintf("%d × %s", c.NumGPUs, c.GPU), fmt.Sprintf("%d × %d", c.UlyssesDegree, c.RingDegree), fmt.Sprint(c.BatchSize)}
				if !slices.Equal(r.cells[:3], want) || r.cells[7] != c.RowID {
					t.Errorf("%s row %s reads %q, want %q and its id", what, c.RowID, r.cells, want)
				}
				for _, f := range []struct{ name, got, want string }{
					{"batch_latency_s", r.s, string(c.BatchLatencyS)}, {"joules_per_request", r.j, string(j)}, {"wh_per_request", r.wh, string(wh)},
				} {
					if !sameNumber(f.got, f.want) {
						t.Errorf("%s row %s: %s %q, the CLI's is %q", what, c.RowID, f.name, f.got, f.want)
					}
				}
			}
			// The page's floor is the first result's; its figure at your
			// traffic the least over the GPUs.
			var trafficRow string
			var least decimal.Decimal
			for _, res := range rep.Results {
				check(res.GPU+" floor", res.Configuration, res.JPerRequest, res.WhPerRequest)
				if tr := res.Traffic; tr != nil {
					check(res.GPU+" traffic", tr.Configuration, tr.JPerRequest, tr.WhPerRequest)
					if j := decimal.RequireFromString(string(tr.JPerRequest)); trafficRow == "" || j.LessThan(least) {
						trafficRow, least = tr.Configuration.RowID, j
					}
				}
			}
			if len(rep.Results) == 0 {
				t.Fatal("the CLI gives no result")
			}
			for _, r := range rows {
				class := " " + r.class + " "
				floorRow := r.id == rep.Results[0].Configuration.RowID
				if got := strings.Contains(class, " selected ") && strings.Contains(r.cells[6], "chosen"); got != floorRow {
					t.Errorf("row %s (class %q, %q) marked as the floor: %v, want %v", r.id, r.class, r.cells[6], got, floorRow)
				}
				traffic := r.id == trafficRow
				if got := strings.Contains(class, " traffic ") && strings.Contains(r.cells[6], "at your traffic"); got != traffic {
					t.Errorf("row %s (class %q, %q) marked at your traffic: %v, want %v", r.id, r.class, r.cells[6], got, traffic)
				}
			}
		})
	}
}
