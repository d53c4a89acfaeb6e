package link

import (
	"strings"
	"testing"

	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// TestDiffusionLinks: a state reads an image workload with its own
// defaults and writes a permalink of workload, requests, latency and model
// only; a link decodes to it; switching text → image → text keeps the
// token fields, and the requests field follows the tokens again.
func TestDiffusionLinks(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := NewState(ds)
	for _, e := range []struct {
		k Field
		v string
	}{{FieldWorkload, "text-to-image"}, {FieldModel, "black-forest-labs/FLUX.1-dev"}, {FieldRequests, "2M"}, {FieldLatency, "20"}} {
		if err := f.Apply(ds, e.k, e.v); err != nil {
			t.Fatalf("%s=%s: %v", e.k, e.v, err)
		}
	}
	if got, want := f.Permalink(ds).Encode(), "latency=20&model=flux-1-dev&requests=2M&v="+ds.DataVersion+"&workload=text-to-image"; got != want {
		t.Errorf("permalink %s, want %s", got, want)
	}
	v := NewState(ds)
	if err := v.Apply(ds, FieldWorkload, "text-to-video"); err != nil {
		t.Fatal(err)
	}
	if v.In.ImagesOrVideosPerMonth.String() != "10000" || v.In.TargetLatencyS.String() != "1800" {
		t.Errorf("video defaults: %s videos within %s s, want 10000 within 1800", v.In.ImagesOrVideosPerMonth, v.In.TargetLatencyS)
	}

	page, notices := DecodeQuery(ds, mustQuery(t, "workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&tokens=5B"))
	if len(notices) != 0 || page.Permalink(ds).Encode() != f.Permalink(ds).Encode() {
		t.Errorf("the link's state: notices %q, permalink %s, want %s", notices, page.Permalink(ds).Encode(), f.Permalink(ds).Encode())
	}
	// The token fields are not an image page's inputs: a link's are read
	// as the page's form sends them, not at all, so the requests field
	// shows the volume the figures are for, and no hidden field holds a
	// message; likewise the latency in seconds on a token page.
	for _, tc := range []struct{ query, requests string }{
		{"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&tokens=5B", "2M"},
		{"workload=text-to-image&tokens=5B&output=50", "1M"},
		{"workload=text-to-video&tokens=abc&output=0&itl=abc&pct=nope", "10k"},
		{"workload=lm-arena-chat&latency=abc&requests=3M", "3M"},
	} {
		page, notices := DecodeQuery(ds, mustQuery(t, tc.query))
		want := decimal.RequireFromString(strings.ReplaceAll(strings.ReplaceAll(tc.requests, "M", "000000"), "k", "000"))
		got := page.In.ImagesOrVideosPerMonth
		if page.Kind.PerToken() {
			got = page.Requests()
		}
		if page.Text[FieldRequests] != tc.requests || !got.Equal(want) || len(page.Errs) != 0 || len(notices) != 0 {
			t.Errorf("%s: requests field %q, %s requests a month, errors %v, notices %q; want %q, no error, no notice",
				tc.query, page.Text[FieldRequests], got, page.Errs, notices, tc.requests)
		}
	}

	s := NewState(ds)
	for _, e := range []struct {
		k Field
		v string
	}{{FieldOutput, "250"}, {FieldRequests, "2M"}, {FieldITL, "50"}, {FieldWorkload, "text-to-image"}, {FieldRequests, "3M"},
		{FieldLatency, "oops"}, {FieldWorkload, "gpqa"}} {
		if err := s.Apply(ds, e.k, e.v); err != nil && e.v != "oops" {
			t.Fatalf("%s=%s: %v", e.k, e.v, err)
		}
	}
	if got, want := s.Permalink(ds).Encode(), "itl=50&model=qwen-3-235b-a22b-instruct&output=250&pct=median&tokens=500M&v="+ds.DataVersion+"&workload=gpqa"; got != want {
		t.Errorf("back to tokens: %s, want %s", got, want)
	}
	if s.Text[FieldRequests] != "2M" || s.Text[FieldOutput] != "250" || s.Text[FieldITL] != "50" || len(s.Errs) != 0 {
		t.Errorf("back to tokens: requests %q, output %q, itl %q, errors %v", s.Text[FieldRequests], s.Text[FieldOutput], s.Text[FieldITL], s.Errs)
	}
}

func mustQuery(t *testing.T, raw string) map[string][]string {
	t.Helper()
	q, _ := ParseQuery(raw)
	return q
}
