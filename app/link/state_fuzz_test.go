//go:build !wasm

package link

import (
	"energyfloor/app/floor/floortest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeState reads arbitrary raw query strings with parseQuery and
// decodes them: neither may panic; where url.ParseQuery reads the query
// without an error, parseQuery reads the same first value of each of the
// calculator's parameters, with no notice; a field shows plain text unless
// it holds a bad value with its message; notices stay few and short valid
// text; and the permalink of the result decodes without a notice or a field
// error to the same inputs.
func FuzzDecodeState(f *testing.F) {
	for _, seed := range []string{
		"", "tokens=2.5M&output=500&itl=100&pct=median&gpu=H100&model=alpha",
		"requests=2M&output=250", "tokens=%3Cscript%3E", "itl=1e309&output=-0&tokens=0x10&pct=NaN",
		"model=%E2%80%AE&workload=gpqa", "tokens=%EF%BC%91", "gpu=&model=&workload=", "tokens=1&tokens=2",
		"output=0.000001&tokens=1e18", "itl=%00%01%7F",
		"host=0.43&idle=0.17&pue=1.09&grid=DEU&price=0.12&cur=EUR", "gco2=3000&pue=0&host=43%25&cur=%E2%80%AE",
		"grid=ATLANTIS&gco2=0&price=1e3&v=1999", "grid=custom&cur=US%24%24%24%24%24%24%24", "pue=3&idle=5&host=5.0000001",
		"tokens=5M;itl=50", "tok%zzens=1&itl=5%2", "utm=a;b&gpu=B200", "tokens&itl=",
		"gpu=h100&model=EXAMPLE/ALPHA-8B&grid=deu", "gpu=either&grid=world&gco2=", "grid=custom", "grid=deu&gco2=abc",
	} {
		f.Add(seed)
	}
	ds := floortest.Dataset()
	f.Fuzz(func(t *testing.T, raw string) {
		q, read := ParseQuery(raw)
		if std, err := url.ParseQuery(raw); err == nil {
			want := url.Values{}
			for _, p := range params {
				if vs, ok := std[p]; ok {
					// A link's invalid UTF-8 reads as U+FFFD.
					want[p] = []string{strings.ToValidUTF8(vs[0], "\uFFFD")}
				}
			}
			if !reflect.DeepEqual(q, want) || len(read) != 0 {
				t.Fatalf("ParseQuery(%q) = %v, %q; url.ParseQuery reads %v", raw, q, read, want)
			}
		}
		form, notices := DecodeQuery(ds, q)
		notices = append(read, notices...)
		for k, s := range form.Text {
			if form.Errs[Field(k)] == "" && Fields[k].Kind == NumberKind && (strings.ContainsAny(s, `"<>&\`) || !utf8.ValidString(s)) {
				t.Fatalf("field %s shows %q, not plain text, and no message", Fields[k].ID, s)
			}
		}
		if ds.TokenWorkload(form.In.Workload) != nil {
			if _, carbon := form.In.Factors.GCO2ePerKWh(); carbon != (form.GridChoice != "") {
				t.Fatalf("carbon %t, but the grid select shows %q", carbon, form.GridChoice)
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
		if ds.TokenWorkload(form.In.Workload) == nil || ds.TokenWorkload(form.In.Workload).Model(form.In.Model) == nil {
			t.Fatalf("decoded to workload %q, model %q", form.In.Workload, form.In.Model)
		}
		again, n2 := DecodeQuery(ds, form.Permalink(ds))
		if len(n2) != 0 || len(again.Errs) != 0 {
			t.Fatalf("the permalink %q of %q gives notices %q and field errors %q", form.Query().Encode(), raw, n2, again.Errs)
		}
		if !again.In.OutputTokensPerMonth.Equal(form.In.OutputTokensPerMonth) ||
			!again.In.OutputTokensPerRequest.Equal(form.In.OutputTokensPerRequest) ||
			!again.In.TargetITLMs.Equal(form.In.TargetITLMs) || again.In.Statistic != form.In.Statistic ||
			again.In.GPU != form.In.GPU || again.In.Model != form.In.Model || again.In.Workload != form.In.Workload ||
			again.In.Factors.EnergyFactor().Cmp(form.In.Factors.EnergyFactor()) != 0 || again.In.Factors.Currency != form.In.Factors.Currency ||
			again.GridChoice != form.GridChoice {
			t.Fatalf("the permalink of %q decodes to %+v, want %+v", raw, again.In, form.In)
		}
	})
}
