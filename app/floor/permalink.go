package floor

import "net/url"

// PermalinkQuery returns the query of the app's permalink for inputs in on
// dataset ds, in the parameters the README documents and the canonical
// spellings the app writes: workload, tokens, output, itl, pct, gpu and
// model; host, idle, pue, grid (a bundled grid the carbon figures use),
// gco2, price and cur when set; and v, the data version. The app opens it
// in the state in; the CLI names it in its statement with -origin.
func PermalinkQuery(ds *Dataset, in Inputs) url.Values {
	q := url.Values{}
	set := func(param, v string) {
		if v != "" {
			q.Set(param, v)
		}
	}
	set("workload", in.Workload)
	set("tokens", in.OutputTokensPerMonth.String())
	set("output", in.OutputTokensPerRequest.String())
	set("itl", in.TargetITLMs.String())
	set("pct", string(in.Statistic))
	set("gpu", in.GPU)
	set("model", in.Model)
	f := in.Factors
	if !f.Host.IsZero() {
		set("host", f.Host.String())
	}
	if !f.Idle.IsZero() {
		set("idle", f.Idle.String())
	}
	if !f.pue().Equal(one) {
		set("pue", f.PUE.String())
	}
	if g, ok := f.GridUsed(); ok {
		set("grid", g.Code)
	}
	if f.CustomGCO2ePerKWh.Valid {
		set("gco2", f.CustomGCO2ePerKWh.Decimal.String())
	}
	if f.PricePerKWh.Valid {
		set("price", f.PricePerKWh.Decimal.String())
	}
	set("cur", f.Currency)
	set("v", ds.DataVersion)
	return q
}
