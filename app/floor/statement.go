package floor

import (
	"strconv"
	"strings"
)

// Statement returns one short paragraph, in plain words, that states the
// floor of result r (ModelFloor's, for inputs in on workload w of ds) with
// the context a quoted number needs: the per-request and monthly figures as
// the page shows them (FormatWh), the model, the GPU scope, the workload,
// the monthly volume, the output length and the latency target with its
// percentile; the figure at your traffic when there is one; that it is
// measured GPU energy only and a floor; the source, its citation and the
// data version; and permalink, when it is not "". With factors set (in.Factors
// not zero), a second sentence gives the estimate and names its assumptions.
// When nothing meets the target it says so instead of giving a floor.
//
// The page's #statement and `energyfloor -statement` both write it, so the
// two are the same text apart from the link. r.Model must be set; a model
// with no configuration on the allowed GPUs (ModelFloor's ok false) is
// passed as Result{Model: m}.
func Statement(ds *Dataset, w *Workload, in Inputs, r Result, permalink string) string {
	var b strings.Builder
	m := r.Model
	task := "the " + w.Name + " workload (" + w.ID + ")"
	traffic := w.Kind.VolumeWords(in, false)
	target := w.Kind.TargetWords(in)
	per := " per " + w.Kind.Request()
	switch c := r.Chosen; {
	case c != nil:
		f := r.Figures
		b.WriteString(w.Kind.Verb() + " " + traffic + " with " + m.Name + " on " + task + ", within " + target + " on " + gpuScope(in.GPU) +
			", takes at least " + FormatWh(f.WhPerRequest) + per + " and " + FormatWh(f.KWhPerMonth.Shift(3)) +
			" per month of GPU energy, at " + c.Words() + ".")
		if t := r.Traffic; t != nil {
			b.WriteString(" At that volume, on the configurations it can keep busy, it takes at least " + FormatWh(t.Figures.WhPerRequest) +
				per + " and " + FormatWh(t.Figures.KWhPerMonth.Shift(3)) + " per month, " + FormatTimes(t.TimesFloor) + " the floor.")
		}
		b.WriteString(" These are measured GPU energy only, and a floor: host, network, cooling and idle time are not counted. " + ScopeWords(in.Factors))
		if !in.Factors.IsZero() {
			b.WriteString(" " + estimateSentence(ds, in, r))
		}
	case r.Fastest != nil:
		b.WriteString("No measured configuration of " + m.Name + " on " + task + " meets " + target + " on " + gpuScope(in.GPU) +
			", so there is no energy floor for it: the fastest, " + r.Fastest.Words() + ", reaches " + r.Fastest.LatencyWords(in.Statistic) + ".")
	default:
		b.WriteString(m.Name + " was not measured on " + task + " on " + gpuScope(in.GPU) + ", so there is no energy floor for it.")
	}
	src := w.Source
	version, _, _ := strings.Cut(src.Version, " ")
	b.WriteString(" Source: " + src.Name + " v" + version + " (data version " + ds.DataVersion + "); cite " + src.Cite + ".")
	if permalink != "" {
		b.WriteString(" " + permalink)
	}
	return b.String()
}

// ShortWords and ShortWordsFactors are the most words ShortStatement's
// sentence has, its link counted as one: without factors, and with them.
const (
	ShortWords        = 45
	ShortWordsFactors = 60
)

// ShortStatement returns the statement to quote in one sentence of at most
// ShortWords words with permalink (when not "") as its last,
// ShortWordsFactors with factors: the floor per request, the figure at your
// traffic per request, the model, the workload in plain words, the latency
// target, that it is GPU energy only, the carbon, manufacture, water and
// cost of both figures when in.Factors give them (FactorLines, shortFactors),
// and the source.
// Its arguments are Statement's; the page's #statement-short and
// `energyfloor -statement -short` write it.
func ShortStatement(w *Workload, in Inputs, r Result, permalink string) string {
	m := r.Model
	task := strings.ToLower(w.Name)
	target := w.Kind.TargetWords(in)
	per := " per " + w.Kind.Request()
	volume := w.Kind.VolumeWords(in, true)
	major, _, _ := strings.Cut(w.Source.Version, ".")
	source := w.Source.Name + " v" + major
	var s string
	switch {
	case r.Chosen != nil:
		s = m.Name + " needs at least " + FormatWh(r.Figures.WhPerRequest) + per + " for " + task + " within " + target
		if t := r.Traffic; t != nil {
			s += ", and " + FormatWh(t.Figures.WhPerRequest) + per + " at " + volume
		}
		s += " (GPU energy only; "
		// The link counts as one word, whether it is given or not, so that
		// the page and the CLI state the same factors.
		fl, tl := FactorLines(in, r)
		if c := shortFactors(len(strings.Fields(s+source+")."))+1, fl, tl); c != "" {
			s += c + "; "
		}
		s += source + ")."
	case r.Fastest != nil:
		s = "No measured configuration of " + m.Name + " meets " + target + " for " + task + ", so there is no energy floor (" + source + ")."
	default:
		s = m.Name + " was not measured for " + task + " on " + gpuScope(in.GPU) + ", so there is no energy floor (" + source + ")."
	}
	if permalink != "" {
		s += " " + permalink
	}
	return s
}

// shortFactors is the one sentence's clause for lines fl of the floor and
// tl of the figure at your traffic, in a sentence of words words without
// it: each line for both figures (factorClause) when the sentence stays
// within ShortWordsFactors; else the figure at your traffic's alone, "at
// that volume: …", with as many of its lines, in order, as keep it within
// (the floor's when there is no figure at your traffic); "" for none.
func shortFactors(words int, fl, tl []FactorLine) string {
	fits := func(c string) bool { return words+len(strings.Fields(c)) <= ShortWordsFactors }
	if c := factorClause(fl, tl); fits(c) {
		return c
	}
	lines, lead := tl, "at that volume: "
	if len(tl) == 0 {
		lines, lead = fl, ""
	}
	for n := len(lines); n > 0; n-- {
		if c := lead + factorClause(lines[:n], nil); fits(c) {
			return c
		}
	}
	return ""
}

// StatementFloor returns the model a statement on workload w is about, for
// inputs in, and its floor: in.Model's when set, else DefaultModel's when w
// has it, else the model with the lowest floor (the first of Rank). It
// returns in with Model set to that model's slug, and the Result to give
// Statement: ModelFloor's, or Result{Model: m} when m has no configuration
// on the GPUs in.GPU allows. ok is false when w has no model to state.
func StatementFloor(w *Workload, in Inputs) (Inputs, Result, bool) {
	m := w.Model(in.Model)
	if m == nil && in.Model == "" {
		if m = w.Model(DefaultModel); m == nil {
			if rs := Rank(w, in); len(rs) > 0 {
				m = rs[0].Model
			}
		}
	}
	if m == nil {
		return in, Result{}, false
	}
	in.Model = m.Slug
	r, ok := ModelFloor(m, in)
	if !ok {
		r = Result{Model: m}
	}
	return in, r, true
}

// Preview returns the link preview of a page whose statement is about
// result r (StatementFloor's, for inputs in on workload w of ds): title
// states the floor in words ("At least 0.0334 Wh per request for Qwen 3
// 235B A22B Instruct"), description adds the monthly figure, the traffic it
// is for and the first sentence of the page's caveat (WorkloadCaveat). When
// nothing meets the target, or the model has no configuration on the
// allowed GPUs, the title says there is no floor, as the statement does,
// and gives no figure.
func Preview(ds *Dataset, w *Workload, in Inputs, r Result) (title, description string) {
	m := r.Model
	caveat := firstSentence(WorkloadCaveat(ds, w, in))
	switch {
	case r.Chosen != nil:
		volume := Counted(FormatInteger(w.Kind.VolumeOf(in)), w.Kind.Unit())
		title = "At least " + FormatWh(r.Figures.WhPerRequest) + " per " + w.Kind.Request() + " for " + m.Name
		return title, title + ", " + FormatWh(r.Figures.KWhPerMonth.Shift(3)) + " a month for " + volume + " (" + w.Name + "). " + caveat
	case r.Fastest != nil:
		title = "No energy floor for " + m.Name + " within " + w.Kind.TargetWords(in)
		return title, title + ": the fastest measured configuration, " + r.Fastest.Words() + ", reaches " +
			r.Fastest.LatencyWords(in.Statistic) + ". " + caveat
	}
	title = "No energy floor for " + m.Name + " on the GPUs allowed"
	return title, title + ". " + caveat
}

// firstSentence returns s up to and including its first full stop followed
// by a space (or its end).
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// gpuScope names the GPUs a result may be on: "either GPU (H100 or B200)"
// or "H100 only".
func gpuScope(gpu string) string {
	if gpu == "" {
		return "either GPU (" + H100 + " or " + B200 + ")"
	}
	return gpu + " only"
}

// estimateSentence is the statement's second sentence for inputs in, whose
// factors are not zero, and result r, which meets the target: the estimate
// of its floor and of its figure at your traffic (when it has one) and what
// they assume.
func estimateSentence(ds *Dataset, in Inputs, r Result) string {
	f, t := in.Factors, r.Traffic
	var parts []string
	if f.addsEnergy() {
		s := f.EnergyWords() + " (× " + f.EnergyFactor().String()
		if p, ok := f.Preset(); ok {
			s += ", the " + p.Name + " preset"
		}
		parts = append(parts, s+")")
	} else {
		parts = append(parts, "no host, idle or facility energy")
	}
	if g, ok := f.GridUsed(); ok {
		parts = append(parts, Possessive(g.Name)+" "+strconv.Itoa(g.Year)+" grid intensity of "+FormatExact(g.GCO2ePerKWh)+" gCO2e/kWh from "+ds.GridSource.Name)
	} else if g, ok := f.GCO2ePerKWh(); ok {
		parts = append(parts, "your own grid intensity of "+FormatExact(g)+" gCO2e/kWh")
	}
	if f.PricePerKWh.Valid {
		parts = append(parts, "a price of "+WithCurrency(FormatExact(f.PricePerKWh.Decimal), f.Currency)+" per kWh")
	}
	if f.Footprint.CountsEmbodied() {
		parts = append(parts, "manufacture of "+f.Footprint.EmbodiedWords())
	}
	parts = append(parts, f.Footprint.WaterWords()...)
	s := "Assuming " + joinAnd(parts) + ", the estimate is " + estimateFigures(f, f.EstimateAt(r.Chosen, in, r.Figures))
	if t != nil {
		s += "; at your traffic, " + estimateFigures(f, f.TrafficEstimate(t))
	}
	return s + "."
}

// estimateFigures gives estimate e with factors f: energy per request and
// per month, then carbon, cost, manufacture and water when f gives them.
func estimateFigures(f Factors, e Estimate) string {
	s := FormatWh(e.WhPerRequest) + " per request and " + FormatWh(e.KWhPerMonth.Shift(3)) + " per month"
	if e.GCO2ePerRequest.Valid {
		s += ", " + FormatNumber(e.GCO2ePerRequest.Decimal) + " gCO2e per request and " + FormatKgCO2e(e.KgCO2ePerMonth.Decimal) + " per month"
	}
	if e.CostPerMonth.Valid {
		s += ", costing " + WithCurrency(FormatNumber(e.CostPerMonth.Decimal), f.Currency) + " a month"
	}
	if e.EmbodiedGPerRequest.Valid {
		s += ", manufacture " + FormatNumber(e.EmbodiedGPerRequest.Decimal) + " gCO2e per request and " + FormatEmbodiedKg(e.EmbodiedKgPerMonth.Decimal) + " per month"
	}
	if e.WaterML.Valid {
		s += ", water " + FormatNumber(e.WaterML.Decimal) + " mL per request and " + FormatWaterL(e.WaterLPerMonth.Decimal) + " per month"
	}
	return s
}

// joinAnd joins parts as a list in a sentence: "a", "a and b", "a, b and c".
func joinAnd(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
