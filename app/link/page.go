package link

import (
	"energyfloor/app/floor"
	"net/url"
	"strings"

	"github.com/shopspring/decimal"
)

// Decode reads a page's raw query string into its state on dataset ds:
// ParseQuery, then DecodeQuery. The notices say how the query was read
// (ParseQuery's) and then what of it the state could not use as it is.
func Decode(ds *floor.Dataset, rawQuery string) (State, []Notice) {
	q, read := ParseQuery(rawQuery)
	f, notices := DecodeQuery(ds, q)
	return f, append(read, notices...)
}

// Key returns what a page in state f depends on besides its path, version
// and origin, for a cache of pages: the canonical query of the state, with
// the page's own parameters (PageParams; embed says the page is the embed),
// so that queries that differ only in order, encoding or parameters the
// calculator does not read share one key. ok is false when the query that
// gave f gave notices, a field error or a data version notice: such a page
// quotes what was wrong with its query, so it depends on more than its
// state.
func (f *State) Key(embed bool, notices []Notice) (key string, ok bool) {
	if len(notices) > 0 || len(f.Errs) > 0 || f.LinkVersion != "" {
		return "", false
	}
	return WithPageParams(f.Query().Encode(), f.PageParams(embed)), true
}

// VersionNotice says, when the link was made with another data version
// than the dataset ds (LinkVersion), that its figures may differ from the
// ones it showed; "" otherwise. The page shows it above the calculator,
// and energyfloor -link on stderr.
func (f *State) VersionNotice(ds *floor.Dataset) Notice {
	if f.LinkVersion == "" {
		return ""
	}
	return Notice("This link was made with data version " + floor.QuoteInput(f.LinkVersion) + "; these figures come from data version " +
		ds.DataVersion + ", so they may differ from the ones the link showed.")
}

// PermalinkOf returns the permalink query of inputs in on dataset ds, in the
// canonical spellings: the query a page in the state in writes (the volume
// as tokens), with the data version. The CLI's statement links to it.
func PermalinkOf(ds *floor.Dataset, in floor.Inputs) url.Values {
	f := State{Basis: FieldTokens, In: in}
	if w := ds.FindWorkload(in.Workload); w != nil {
		f.Kind = w.Kind
	}
	return f.Permalink(ds)
}

// FlagUsage returns the help of field k's CLI flag: its Usage, with the
// volume or latency target of a new image page and video page
// (floor.Kind.Defaults) for defaultsMark. Only the CLI asks, so they are
// written here rather than with the ranges (init): app.wasm does not link it.
func FlagUsage(k Field) string {
	images, imageLatency := floor.KindImages.Defaults()
	videos, videoLatency := floor.KindVideos.Defaults()
	defaults := ""
	switch k {
	case FieldRequests:
		defaults = floor.FormatCompact(images) + " images; " + floor.FormatCompact(videos) + " videos"
	case FieldLatency:
		defaults = floor.FormatExact(imageLatency) + " for images, " + floor.FormatExact(videoLatency) + " for videos"
	}
	return strings.ReplaceAll(Fields[k].Usage, defaultsMark, defaults)
}

// FlagDefault returns the default of field k's CLI flag, as its help shows
// it: the value a new page holds, a number in its compact form ("1B"). The
// model's is "": its flag limits the ranking to one model, and without it
// the CLI ranks them all. The requests' is "" too: their default depends on
// the workload, and their help says it for each. The energy factors' is the
// floor's own: host and idle 0, PUE 1.
func FlagDefault(k Field) string {
	switch k {
	case FieldModel, FieldRequests:
		return ""
	case FieldHost, FieldIdle, FieldPUE:
		// Not given, they are the GPU floor's own (floor.Factors' zero):
		// host and idle 0, PUE 1, which a permalink leaves out.
		return floor.FormatCompact(Fields[k].Min)
	}
	f := State{Basis: FieldTokens, In: floor.DefaultInputs()}
	v := f.Value(k)
	if Fields[k].Kind == NumberKind && v != "" {
		return floor.FormatCompact(decimal.RequireFromString(v))
	}
	return v
}
