package e2e

import (
	"encoding/json"
	"fmt"
	"strings"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

// Page is what CheckFigures reads of a page, prerendered or live: the
// value a field (by id) holds, and an attribute of an element (by id); ok
// is false when the page has no such field, element or attribute.
type Page interface {
	Field(id string) (value string, ok bool)
	Attr(id, name string) (value string, ok bool)
}

// CLI runs energyfloor with args and returns its exit status and output.
type CLI func(args ...string) (code int, stdout, stderr string)

// pageFlags names, for each field of the page (its id), the CLI's flag
// for it. The requests field gives the CLI the volume of an image or video
// workload only: on a token workload the tokens field, which follows it,
// does. The fields a workload does not have are empty, and not given.
var pageFlags = []struct{ id, flag string }{
	{"workload", "-workload"}, {"tokens-per-month", "-tokens"}, {requestsID, "-requests"}, {"output-tokens", "-output-tokens"},
	{"itl-ms", "-itl-ms"}, {"latency-s", "-latency-s"}, {"percentile", "-percentile"}, {"gpu", "-gpu"}, {"model", "-model"},
	{"host-overhead", "-host-overhead"}, {"idle-overhead", "-idle-overhead"}, {"pue", "-pue"},
	{"grid", "-grid"}, {"gco2-per-kwh", "-gco2-per-kwh"}, {"price-per-kwh", "-price-per-kwh"}, {"currency", "-currency"},
	{"embodied-kg", "-embodied-kg"}, {"life-years", "-life-years"}, {"server-kg", "-server-kg"}, {"wue", "-wue"},
	{"offsite-water", "-offsite-water"},
}

// requestsID is the requests field's id, and diffusionWorkloads the
// workloads whose volume it is (images or videos a month).
const requestsID = "requests-per-month"

var diffusionWorkloads = map[string]bool{"text-to-image": true, "text-to-video": true}

// FieldIDs lists the ids of the fields CheckFigures reads.
func FieldIDs() []string {
	ids := make([]string, len(pageFlags))
	for i, f := range pageFlags {
		ids[i] = f.id
	}
	return ids
}

// factorField and estimateFigure are the fields and figures of Beyond the
// GPU, which the embed draws only for a link that sets a factor.
var (
	factorField = map[string]bool{"host-overhead": true, "idle-overhead": true, "pue": true, "grid": true,
		"gco2-per-kwh": true, "price-per-kwh": true, "currency": true, "embodied-kg": true, "life-years": true, "server-kg": true,
		"wue": true, "offsite-water": true}
	estimateFigure = map[string]bool{"estimate-per-request": true, "estimate-per-month": true, "carbon-per-request": true,
		"carbon-per-month": true, "cost-per-month": true, "traffic-estimate-per-month": true,
		"embodied-per-request": true, "embodied-per-month": true, "water-per-request": true, "water-per-month": true,
		"traffic-embodied-per-request": true, "traffic-embodied-per-month": true, "traffic-water-per-request": true, "traffic-water-per-month": true}
)

// CheckFigures checks issue 29's property on one page: its figures are
// either marked not current (#results[data-current="no"], with
// #results-for-inputs saying what they are for), or they are, for the
// values in its fields, the figures `energyfloor -json` gives for those
// values: the floor, the configuration behind it, the estimate, carbon,
// cost and the floor at your traffic. It returns the page's data-current
// and what is wrong, one line each.
func CheckFigures(p Page, cli CLI) (current string, problems []string) {
	current, _ = p.Attr("results", "data-current")
	switch current {
	case "no":
		if _, ok := p.Attr("results-for-inputs", "id"); !ok {
			problems = append(problems, "not current, but no #results-for-inputs saying what the figures are for")
		}
		return current, problems
	case "yes":
	default:
		return current, []string{fmt.Sprintf("#results data-current %q", current)}
	}
	// The embed draws Beyond the GPU only for a link that sets a factor:
	// without it, the factors are the CLI's defaults and there is no
	// estimate to compare.
	_, beyond := p.Field("host-overhead")
	args := []string{"-json"}
	workload, _ := p.Field("workload")
	for _, f := range pageFlags {
		if f.id == requestsID && !diffusionWorkloads[workload] {
			continue
		}
		v, ok := p.Field(f.id)
		if !ok && !beyond && factorField[f.id] {
			continue
		}
		if !ok {
			return current, []string{"no field #" + f.id}
		}
		if f.id == "grid" && v == "custom" || v == "" {
			continue // your own intensity is the gco2 field's; an empty field is the CLI's default
		}
		args = append(args, f.flag, v)
	}
	code, stdout, stderr := cli(args...)
	if code != 0 {
		return current, []string{fmt.Sprintf("the figures are marked current, but the CLI refuses the fields' values: exit %d\n  energyfloor %q\n  %s", code, args, stderr)}
	}
	var rep struct {
		Results []cliPageResult `json:"results"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		return current, []string{fmt.Sprintf("energyfloor %q: %v", args, err)}
	}
	// -model limits the results to the model's, one a GPU. The floor is
	// the first's; the floor at your traffic is the least-energy one over
	// the GPUs (traffic.joules_per_output_token).
	var want *cliPageResult
	if len(rep.Results) > 0 {
		want = &rep.Results[0]
		for _, r := range rep.Results[1:] {
			if r.Traffic != nil && (want.Traffic == nil || r.Traffic.joules().LessThan(want.Traffic.joules())) {
				want.Traffic = r.Traffic
			}
		}
	}
	for _, c := range want.figures() {
		if !beyond && estimateFigure[c.id] {
			continue
		}
		got, ok := p.Attr(c.id, c.attr)
		if !ok && c.omittable {
			continue
		}
		if !ok {
			got, _ = p.Attr(cardHook(c.id))
		}
		if !sameDecimal(got, c.want) {
			problems = append(problems, fmt.Sprintf("#%s %s=%q, the CLI's %s is %q\n  energyfloor %q", c.id, c.attr, got, c.name, c.want, args))
		}
	}
	return current, problems
}

// cardHook is the headline card's line that gives the same figure as
// Beyond the GPU's hook id ("carbon-per-month" → #energy-carbon's
// data-per-month, "traffic-water-per-request" → #traffic-water's
// data-per-request): the embed does not draw a factor's line again where
// the cards give its figures, so there it is the card's line that must be
// the CLI's.
func cardHook(id string) (cardID, attr string) {
	line, per, _ := strings.Cut(id, "-per-")
	if !strings.HasPrefix(line, "traffic-") {
		line = "energy-" + line
	}
	return line, "data-per-" + per
}

// SameState compares the state in the fields of page got with want's (the
// page the server prerenders for the same link, which Go decodes): the
// same choices, and numbers of the same value however they are written.
// It returns what differs, one line each.
func SameState(got, want Page) (problems []string) {
	for _, id := range FieldIDs() {
		g, gok := got.Field(id)
		w, wok := want.Field(id)
		if !gok && !wok {
			continue
		}
		if g == w {
			continue
		}
		if x, err1 := floor.ParseNumber(g); err1 == nil {
			if y, err2 := floor.ParseNumber(w); err2 == nil && x.Equal(y) {
				continue
			}
		}
		problems = append(problems, fmt.Sprintf("#%s holds %q, where the server's page for the link holds %q", id, g, w))
	}
	return problems
}

// cliPageResult is what the page shows of one entry of -json's results.
type cliPageResult struct {
	WhPerRequest  json.Number `json:"wh_per_request"`
	KWhPerMonth   json.Number `json:"kwh_per_month"`
	Configuration struct {
		RowID string `json:"row_id"`
	} `json:"configuration"`
	Estimate *estimate       `json:"estimate"`
	Traffic  *cliPageTraffic `json:"traffic"`
}

// cliPageTraffic is what the page shows of a result's traffic: an image or
// video workload's has joules per request where a token one's has joules
// per output token.
type cliPageTraffic struct {
	JPerToken     json.Number `json:"joules_per_output_token"`
	JPerRequest   json.Number `json:"joules_per_request"`
	WhPerRequest  json.Number `json:"wh_per_request"`
	KWhPerMonth   json.Number `json:"kwh_per_month"`
	RowID         string      `json:"row_id"`
	Configuration *struct {
		RowID string `json:"row_id"`
	} `json:"configuration"`
	Estimate *estimate `json:"estimate"`
}

// joules returns the energy the traffic figures rank by: per output token,
// or per image or video.
func (t *cliPageTraffic) joules() decimal.Decimal {
	if t.JPerToken != "" {
		return decimal.RequireFromString(string(t.JPerToken))
	}
	return decimal.RequireFromString(string(t.JPerRequest))
}

// rowID returns the traffic configuration's row id (an image or video
// workload's traffic gives it inside its configuration).
func (t *cliPageTraffic) rowID() string {
	if t.RowID == "" && t.Configuration != nil {
		return t.Configuration.RowID
	}
	return t.RowID
}

// estimate is what `energyfloor -json` gives as the estimate of one result.
type estimate struct {
	WhPerRequest    json.Number  `json:"wh_per_request"`
	KWhPerMonth     json.Number  `json:"kwh_per_month"`
	GCO2ePerRequest *json.Number `json:"g_co2e_per_request"`
	KgCO2ePerMonth  *json.Number `json:"kg_co2e_per_month"`
	CostPerMonth    *json.Number `json:"cost_per_month"`
	// The footprint's, null unless set.
	EmbodiedGPerRequest *json.Number `json:"embodied_g_per_request"`
	EmbodiedKgPerMonth  *json.Number `json:"embodied_kg_per_month"`
	WaterMLPerRequest   *json.Number `json:"water_ml_per_request"`
	WaterLPerMonth      *json.Number `json:"water_l_per_month"`
}

// footprint lists the footprint's figures of estimate e, its hooks'
// ids with prefix ("" or "traffic-") and its JSON keys under name.
func (e *estimate) footprint(prefix, name string, opt func(*json.Number) string) []figure {
	return []figure{
		{prefix + "embodied-per-request", "data-g", name + ".embodied_g_per_request", opt(e.EmbodiedGPerRequest), false},
		{prefix + "embodied-per-month", "data-kg", name + ".embodied_kg_per_month", opt(e.EmbodiedKgPerMonth), false},
		{prefix + "water-per-request", "data-ml", name + ".water_ml_per_request", opt(e.WaterMLPerRequest), false},
		{prefix + "water-per-month", "data-l", name + ".water_l_per_month", opt(e.WaterLPerMonth), false},
	}
}

// figure is one figure the page must show: the element's id, its data-*
// attribute, the CLI's field and its value ("" where the page shows none).
// figure is one figure of a page: its hook's id and attribute, the CLI's
// name for it and its value there. Omittable says a page may leave it out:
// the estimate's energy where it is the floor's (no host, idle or
// facility energy added), which the embed does not restate.
type figure struct {
	id, attr, name, want string
	omittable            bool
}

// figures lists the page's figures for r ("" for each when r is nil: the
// model has no configuration on the allowed GPUs, and the page no figure).
func (r *cliPageResult) figures() []figure {
	if r == nil {
		return []figure{{"energy-per-request", "data-wh", "(no result)", "", false}, {"energy-per-month", "data-wh", "(no result)", "", false}}
	}
	wh := func(kwh json.Number) string { return shift3(string(kwh)) }
	opt := func(n *json.Number) string {
		if n == nil {
			return ""
		}
		return string(*n)
	}
	fs := []figure{
		{"energy-per-request", "data-wh", "wh_per_request", string(r.WhPerRequest), false},
		{"energy-per-month", "data-wh", "kwh_per_month × 1000", wh(r.KWhPerMonth), false},
		{"chosen-config", "data-row-id", "configuration.row_id", r.Configuration.RowID, false},
	}
	// Without factors the CLI gives no estimate, and the page the floor
	// itself as its estimate (times 1), with no carbon or cost.
	e := r.Estimate
	if e == nil {
		e = &estimate{WhPerRequest: r.WhPerRequest, KWhPerMonth: r.KWhPerMonth}
	}
	same := sameDecimal(string(e.WhPerRequest), string(r.WhPerRequest))
	fs = append(fs,
		figure{"estimate-per-request", "data-wh", "estimate.wh_per_request", string(e.WhPerRequest), same},
		figure{"estimate-per-month", "data-wh", "estimate.kwh_per_month × 1000", wh(e.KWhPerMonth), same},
		figure{"carbon-per-request", "data-g", "estimate.g_co2e_per_request", opt(e.GCO2ePerRequest), false},
		figure{"carbon-per-month", "data-kg", "estimate.kg_co2e_per_month", opt(e.KgCO2ePerMonth), false},
		figure{"cost-per-month", "data-amount", "estimate.cost_per_month", opt(e.CostPerMonth), false})
	fs = append(fs, e.footprint("", "estimate", opt)...)
	if tr := r.Traffic; tr != nil {
		te := tr.Estimate
		if te == nil {
			te = &estimate{KWhPerMonth: tr.KWhPerMonth}
		}
		fs = append(fs,
			figure{"traffic-per-request", "data-wh", "traffic.wh_per_request", string(tr.WhPerRequest), false},
			figure{"traffic-per-month", "data-wh", "traffic.kwh_per_month × 1000", wh(tr.KWhPerMonth), false},
			figure{"traffic-config", "data-row-id", "traffic.row_id", tr.rowID(), false},
			figure{"traffic-estimate-per-month", "data-wh", "traffic.estimate.kwh_per_month × 1000", wh(te.KWhPerMonth), same})
		fs = append(fs, te.footprint("traffic-", "traffic.estimate", opt)...)
	}
	return fs
}

// shift3 returns the decimal text s times 1000 ("" stays "").
func shift3(s string) string {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return s
	}
	return d.Shift(3).String()
}

// sameDecimal reports whether got and want are the same decimal, or the
// same text when either is not one (such as a row id, or "" for none).
func sameDecimal(got, want string) bool {
	g, err1 := decimal.NewFromString(got)
	w, err2 := decimal.NewFromString(want)
	if err1 != nil || err2 != nil {
		return got == want
	}
	return g.Equal(w)
}
