//go:build !wasm

package ui

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeState decodes arbitrary query strings: it must never panic, a
// field shows plain text unless it holds a bad value with its message,
// notices stay short valid text, and the permalink of the result decodes
// without a notice or a field error to the same inputs.
func FuzzDecodeState(f *testing.F) {
	for _, seed := range []string{
		"", "tokens=2.5M&output=500&itl=100&pct=median&gpu=H100&model=alpha",
		"requests=2M&output=250", "tokens=%3Cscript%3E", "itl=1e309&output=-0&tokens=0x10&pct=NaN",
		"model=%E2%80%AE&workload=gpqa", "tokens=%EF%BC%91", "gpu=&model=&workload=", "tokens=1&tokens=2",
		"output=0.000001&tokens=1e18", "itl=%00%01%7F",
	} {
		f.Add(seed)
	}
	ds := fixtureDataset()
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw)
		form, notices := decodeState(ds, q)
		for field, s := range map[string]string{fieldTokens: form.Tokens, fieldRequests: form.Requests, fieldOutput: form.Output, fieldITL: form.ITL} {
			if form.Errs[field] == "" && (strings.ContainsAny(s, `"<>&\`) || !utf8.ValidString(s)) {
				t.Fatalf("field %s shows %q, not plain text, and no message", field, s)
			}
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
		if len(n2) != 0 || len(again.Errs) != 0 {
			t.Fatalf("the permalink %q of %q gives notices %q and field errors %q", form.query().Encode(), raw, n2, again.Errs)
		}
		if !again.In.OutputTokensPerMonth.Equal(form.In.OutputTokensPerMonth) ||
			!again.In.OutputTokensPerRequest.Equal(form.In.OutputTokensPerRequest) ||
			!again.In.TargetITLMs.Equal(form.In.TargetITLMs) || again.In.Statistic != form.In.Statistic ||
			again.In.GPU != form.In.GPU || again.In.Model != form.In.Model || again.In.Workload != form.In.Workload {
			t.Fatalf("the permalink of %q decodes to %+v, want %+v", raw, again.In, form.In)
		}
	})
}
