//go:build !wasm

package ui

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeState reads arbitrary raw query strings with parseQuery and
// decodes them: neither may panic; where url.ParseQuery reads the query
// without an error, parseQuery reads the same first value of each of the
// calculator's parameters, with no notice; only plain text may reach a field
// (and so a prerendered attribute), notices stay few and short valid text,
// and the permalink of the result decodes without a notice to the same inputs.
func FuzzDecodeState(f *testing.F) {
	for _, seed := range []string{
		"", "tokens=2.5M&output=500&itl=100&pct=median&gpu=H100&model=alpha",
		"requests=2M&output=250", "tokens=%3Cscript%3E", "itl=1e309&output=-0&tokens=0x10&pct=NaN",
		"model=%E2%80%AE&workload=gpqa", "tokens=%EF%BC%91", "gpu=&model=&workload=", "tokens=1&tokens=2",
		"output=0.000001&tokens=1e18", "itl=%00%01%7F",
		"tokens=5M;itl=50", "tok%zzens=1&itl=5%2", "utm=a;b&gpu=B200", "tokens&itl=",
	} {
		f.Add(seed)
	}
	ds := fixtureDataset()
	f.Fuzz(func(t *testing.T, raw string) {
		q, read := parseQuery(raw)
		if std, err := url.ParseQuery(raw); err == nil {
			want := url.Values{}
			for _, p := range params {
				if vs, ok := std[p]; ok {
					want[p] = vs[:1]
				}
			}
			if !reflect.DeepEqual(q, want) || len(read) != 0 {
				t.Fatalf("parseQuery(%q) = %v, %q; url.ParseQuery reads %v", raw, q, read, want)
			}
		}
		form, notices := decodeState(ds, q)
		notices = append(read, notices...)
		for _, s := range []string{form.Tokens, form.Requests, form.Output, form.ITL} {
			if strings.ContainsAny(s, `"<>&\`) || !utf8.ValidString(s) {
				t.Fatalf("field text %q is not plain", s)
			}
		}
		if len(notices) > len(params)+1 {
			t.Fatalf("%d notices for %q: want at most one per parameter and one for the query", len(notices), raw)
		}
		for _, n := range notices {
			if !utf8.ValidString(string(n)) || len(n) > 600 {
				t.Fatalf("notice %q is not short valid text", n)
			}
		}
		if ds.Workload(form.In.Workload) == nil || ds.Workload(form.In.Workload).Model(form.In.Model) == nil {
			t.Fatalf("decoded to workload %q, model %q", form.In.Workload, form.In.Model)
		}
		again, n2 := decodeState(ds, form.query())
		if len(n2) != 0 {
			t.Fatalf("the permalink %q of %q gives notices %q", form.query().Encode(), raw, n2)
		}
		if !again.In.OutputTokensPerMonth.Equal(form.In.OutputTokensPerMonth) ||
			!again.In.OutputTokensPerRequest.Equal(form.In.OutputTokensPerRequest) ||
			!again.In.TargetITLMs.Equal(form.In.TargetITLMs) || again.In.Statistic != form.In.Statistic ||
			again.In.GPU != form.In.GPU || again.In.Model != form.In.Model || again.In.Workload != form.In.Workload {
			t.Fatalf("the permalink of %q decodes to %+v, want %+v", raw, again.In, form.In)
		}
	})
}
