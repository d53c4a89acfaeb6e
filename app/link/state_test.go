//go:build !wasm

package link

import (
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/app/floor/floortest"

	"github.com/shopspring/decimal"
)

func TestDecodeState(t *testing.T) {
	ds := floortest.Dataset()
	tests := []struct {
		name        string
		query       string
		wantTokens  string // In.OutputTokensPerMonth
		wantOutput  string
		wantITL     string
		wantStat    floor.Statistic
		wantGPU     string
		wantModel   string
		wantWork    string
		wantBasis   Field
		wantNotices []string         // substrings, one per notice, in order
		wantErrs    map[Field]string // field → message
		wantText    map[Field]string // field → text
	}{
		{
			name:       "empty query gives the defaults, and the best model when the default is not measured",
			query:      "",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
		},
		{
			name:       "every parameter valid, in the forms people type",
			query:      "workload=gpqa&tokens=2.5M&output=1,000&itl=+60&pct=P90&gpu=b200&model=beta",
			wantTokens: "2500000", wantOutput: "1000", wantITL: "60", wantStat: "p90",
			wantGPU: "B200", wantModel: "beta", wantWork: "gpqa", wantBasis: FieldTokens,
		},
		{
			name:       "number words and dot-grouped thousands, as people type them",
			query:      "tokens=3+billion&output=1.500&itl=1.000.000",
			wantTokens: "3000000000", wantOutput: "1.5", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantErrs: map[Field]string{FieldITL: "Must be at most 60,000 ms."},
		},
		{
			name:       "a decimal comma after dot groups is refused, saying how it was not read",
			query:      "tokens=2.500.000,5",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantErrs: map[Field]string{FieldTokens: "The comma is not read as a decimal point: type 2,500,000.5 if that is the number."},
		},
		{
			name:       "requests per month win over tokens and make requests the typed volume",
			query:      "tokens=5&requests=2M&output=250",
			wantTokens: "500000000", wantOutput: "250", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldRequests,
		},
		{
			name:       "markup in choices falls back with notices; in a number, it is the field's error",
			query:      "tokens=%3Cscript%3Ealert(1)%3C/script%3E&model=%3Cimg%20src=x%20onerror=alert(1)%3E&workload=%22%3E%3Cb%3E",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantNotices: []string{`workload="\"><b>": no such workload. Using lm-arena-chat.`,
				`model="<img src=x onerror=alert(1)>": no such model`},
			wantErrs: map[Field]string{FieldTokens: "Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6."},
		},
		{
			name:       "bad choices fall back with notices, bad numbers stay in their fields with their messages",
			query:      "tokens=1e309&output=-0&itl=NaN&pct=p50&gpu=A100",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantNotices: []string{`pct="p50"`, `gpu="A100"`},
			wantErrs: map[Field]string{FieldTokens: "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month.",
				FieldOutput: "Must be more than zero.", FieldITL: "Enter a finite number, such as 100."},
			wantText: map[Field]string{FieldTokens: "1e309", FieldOutput: "-0", FieldITL: "NaN"},
		},
		{
			name:       "bad requests keep the link's tokens as the last good volume",
			query:      "tokens=2M&requests=lots&output=250",
			wantTokens: "2000000", wantOutput: "250", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldRequests,
			wantErrs: map[Field]string{FieldRequests: "Enter a number such as 1000000, 1,000,000, 1 000 000, 2.5M or 1e6."},
			wantText: map[Field]string{FieldRequests: "lots", FieldTokens: "2M"},
		},
		{
			name:       "requests × output past the tokens' bound is the requests' error, and keeps the tokens",
			query:      "requests=1e15&output=1e6",
			wantTokens: "1000000000", wantOutput: "1000000", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldRequests,
			wantErrs: map[Field]string{FieldRequests: "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."},
			wantText: map[Field]string{FieldRequests: "1e15", FieldTokens: "1B"},
		},
		{
			name:       "an emptied field is the field's error",
			query:      "tokens=&itl=60",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "60", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantErrs: map[Field]string{FieldTokens: "Enter a number, such as 2.5M."},
			wantText: map[Field]string{FieldTokens: "", FieldRequests: "2M"},
		},
		{
			name:       "an over-long number stays in its field, shortened, with the field's message",
			query:      "itl=" + strings.Repeat("9", 10000),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantErrs: map[Field]string{FieldITL: "Too long: enter at most 100 characters."},
			wantText: map[Field]string{FieldITL: strings.Repeat("9", 197) + "…"},
		},
		{
			name:       "an over-long text stays in its field, cut at a character",
			query:      "cur=" + strings.Repeat("€", 100),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantErrs: map[Field]string{FieldCurrency: "Too long: enter at most 8 characters, such as EUR or US$."},
			wantText: map[Field]string{FieldCurrency: strings.Repeat("€", 65) + "…"},
		},
		{
			name:       "an over-long choice is not even parsed",
			query:      "model=" + strings.Repeat("a", 10000),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantNotices: []string{`model="` + strings.Repeat("a", 40) + `…": longer than 200 characters.`},
		},
		{
			name:       "direction marks and control characters are shown escaped",
			query:      "model=%E2%80%AEevil%00",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: FieldTokens,
			wantNotices: []string{`model="\u202eevil\x00"`},
		},
		{
			name:       "a model not measured on the chosen workload falls back to that workload's best",
			query:      "workload=gpqa&model=alpha",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "beta", wantWork: "gpqa", wantBasis: FieldTokens,
			wantNotices: []string{`model="alpha": no such model on this workload. Using beta.`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			f, notices := DecodeQuery(ds, q)
			in := f.In
			got := []string{in.OutputTokensPerMonth.String(), in.OutputTokensPerRequest.String(), in.TargetITLMs.String(),
				string(in.Statistic), in.GPU, in.Model, in.Workload, f.Basis.String()}
			want := []string{tt.wantTokens, tt.wantOutput, tt.wantITL, string(tt.wantStat), tt.wantGPU, tt.wantModel,
				tt.wantWork, tt.wantBasis.String()}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("field %d: got %q, want %q (all: %q)", i, got[i], want[i], got)
				}
			}
			if len(notices) != len(tt.wantNotices) {
				t.Fatalf("got %d notices %q, want %d", len(notices), notices, len(tt.wantNotices))
			}
			for i, n := range notices {
				if !strings.Contains(string(n), tt.wantNotices[i]) {
					t.Errorf("notice %d: got %q, want it to contain %q", i, n, tt.wantNotices[i])
				}
			}
			if len(f.Errs) != len(tt.wantErrs) {
				t.Errorf("got field errors %q, want %q", f.Errs, tt.wantErrs)
			}
			for field, want := range tt.wantErrs {
				if f.Errs[field] != want {
					t.Errorf("%s: got message %q, want %q", Fields[field].ID, f.Errs[field], want)
				}
			}
			for k, want := range tt.wantText {
				if f.Text[k] != want {
					t.Errorf("%s: shows %q, want %q", Fields[k].ID, f.Text[k], want)
				}
			}
		})
	}
}

// TestDecodeStateFieldText checks that a good value reaches its field as
// plain text, and a bad one as typed, with the field's message.
func TestDecodeStateFieldText(t *testing.T) {
	ds := floortest.Dataset()
	q := url.Values{"tokens": {"２"}, "output": {" 1,000 "}, "itl": {"75"}}
	f, _ := DecodeQuery(ds, q)
	if f.Text[FieldTokens] != "２" || f.Errs[FieldTokens] == "" {
		t.Errorf("tokens: shows %q with message %q, want the full-width digit as typed, with a message", f.Text[FieldTokens], f.Errs[FieldTokens])
	}
	for _, s := range []string{f.Text[FieldRequests], f.Text[FieldOutput], f.Text[FieldITL]} {
		for _, r := range s {
			if !strings.ContainsRune("0123456789.,+- kMBTe", r) {
				t.Errorf("field text %q holds %q", s, r)
			}
		}
	}
	if f.Text[FieldOutput] != "1,000" || f.Text[FieldITL] != "75" {
		t.Errorf("got output %q, itl %q; want \"1,000\", \"75\"", f.Text[FieldOutput], f.Text[FieldITL])
	}
}

func TestQueryRoundTrip(t *testing.T) {
	ds := floortest.Dataset()
	tests := []struct {
		name  string
		query string
		want  string
	}{
		{"defaults", "", "itl=100&model=alpha&output=500&pct=median&tokens=1B&workload=lm-arena-chat"},
		{"typed forms are kept", "tokens=2.5M&output=1,000&itl=60&pct=p99&gpu=H100&model=alpha",
			"gpu=H100&itl=60&model=alpha&output=1%2C000&pct=p99&tokens=2.5M&workload=lm-arena-chat"},
		{"requests basis", "requests=2M&output=250",
			"itl=100&model=alpha&output=250&pct=median&requests=2M&tokens=500000000&workload=lm-arena-chat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tt.query)
			f, _ := DecodeQuery(ds, q)
			if got := f.Query().Encode(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			again, notices := DecodeQuery(ds, f.Query())
			if len(notices) != 0 || !again.In.OutputTokensPerMonth.Equal(f.In.OutputTokensPerMonth) ||
				!again.In.TargetITLMs.Equal(f.In.TargetITLMs) || again.In.Model != f.In.Model {
				t.Errorf("decoding the encoded query gave %+v, %q; want %+v", again.In, notices, f.In)
			}
		})
	}
}

func TestSetText(t *testing.T) {
	ds := floortest.Dataset()
	t.Run("a bad value shows its message and keeps the last good inputs", func(t *testing.T) {
		f := NewState(ds)
		f.SetText(ds, FieldTokens, "2.5M")
		f.SetText(ds, FieldTokens, "2.5Q")
		if f.Text[FieldTokens] != "2.5Q" {
			t.Errorf("got text %q, want what was typed", f.Text[FieldTokens])
		}
		if got := f.In.OutputTokensPerMonth.String(); got != "2500000" {
			t.Errorf("got tokens %s, want the last good 2500000", got)
		}
		if f.Errs[FieldTokens] == "" {
			t.Error("got no message for the bad value")
		}
		if got := f.Query().Get("tokens"); got != "2500000" {
			t.Errorf("got permalink tokens %q, want the last good value", got)
		}
		f.SetText(ds, FieldTokens, "3M")
		if f.Errs[FieldTokens] != "" || f.In.OutputTokensPerMonth.String() != "3000000" {
			t.Errorf("got %v, %s after a good value; want no message and 3000000", f.Errs, f.In.OutputTokensPerMonth)
		}
	})
	t.Run("requests and tokens are linked through the output length", func(t *testing.T) {
		f := NewState(ds)
		if f.Text[FieldRequests] != "2M" {
			t.Errorf("got derived requests %q, want 2M (1B / 500)", f.Text[FieldRequests])
		}
		f.SetText(ds, FieldRequests, "4M")
		if got := f.In.OutputTokensPerMonth.String(); got != "2000000000" || f.Text[FieldTokens] != "2B" {
			t.Errorf("got tokens %s (%q), want 2000000000 (2B)", got, f.Text[FieldTokens])
		}
		f.SetText(ds, FieldOutput, "250")
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000" || f.Text[FieldRequests] != "4M" {
			t.Errorf("got tokens %s with requests %q, want 1000000000 with 4M kept", got, f.Text[FieldRequests])
		}
		f.SetText(ds, FieldOutput, "3")
		f.SetText(ds, FieldTokens, "1B")
		if f.Text[FieldRequests] != "333.333333M" {
			t.Errorf("got derived requests %q, want whole requests 333.333333M (1B / 3)", f.Text[FieldRequests])
		}
		f.SetText(ds, FieldTokens, "3B")
		f.SetText(ds, FieldOutput, "300")
		if got := f.In.OutputTokensPerMonth.String(); got != "3000000000" || f.Text[FieldRequests] != "10M" {
			t.Errorf("got tokens %s with requests %q, want 3000000000 with 10M", got, f.Text[FieldRequests])
		}
	})
}

// TestRequestsHeldToTheTokensBound: requests × output obeys the bound of
// tokens per month, typed as requests or as an output length while requests
// are typed; the bad field keeps its text with the tokens' message, and the
// figures keep the last good volume.
func TestRequestsHeldToTheTokensBound(t *testing.T) {
	ds := floortest.Dataset()
	const msg = "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."
	if _, err := floor.ParseTokensPerMonth("1e21"); err == nil || err.Error() != msg {
		t.Fatalf("ParseTokensPerMonth(1e21) = %v, want %q", err, msg)
	}
	t.Run("requests typed past the bound", func(t *testing.T) {
		f := NewState(ds)
		f.SetText(ds, FieldOutput, "1e6")
		f.SetText(ds, FieldRequests, "1e12") // 10^18: at the bound
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000000000000" || len(f.Errs) != 0 {
			t.Fatalf("at the bound: tokens %s, errors %v; want 10^18 and none", got, f.Errs)
		}
		f.SetText(ds, FieldRequests, "1e15")
		if f.Errs[FieldRequests] != msg || f.Text[FieldRequests] != "1e15" {
			t.Errorf("requests show %q with %q, want 1e15 with %q", f.Text[FieldRequests], f.Errs[FieldRequests], msg)
		}
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000000000000" {
			t.Errorf("tokens %s, want the last good 10^18", got)
		}
		if got := f.Query().Get("requests"); got != "1000000000000" {
			t.Errorf("the permalink's requests %q, want the last good 1000000000000", got)
		}
	})
	t.Run("an output length that takes typed requests past the bound", func(t *testing.T) {
		f := NewState(ds)
		f.SetText(ds, FieldRequests, "1e15")
		f.SetText(ds, FieldOutput, "1e6")
		if f.Errs[FieldOutput] != msg {
			t.Errorf("output's message %q, want %q", f.Errs[FieldOutput], msg)
		}
		if got, out := f.In.OutputTokensPerMonth.String(), f.In.OutputTokensPerRequest.String(); got != "500000000000000000" || out != "500" {
			t.Errorf("tokens %s, output %s; want the last good 5×10^17 and 500", got, out)
		}
	})
}

func TestParseQuery(t *testing.T) {
	many := strings.Repeat("utm=1&", 10_000) + "tokens=2.5M&itl=50"
	tests := []struct {
		name        string
		raw         string
		want        url.Values
		wantNotices []string
	}{
		{"plain", "tokens=2.5M&itl=50&gpu=B200", url.Values{"tokens": {"2.5M"}, "itl": {"50"}, "gpu": {"B200"}}, nil},
		{"a semicolon separates, with a notice", "tokens=5M;itl=50",
			url.Values{"tokens": {"5M"}, "itl": {"50"}},
			[]string{`Read ";" as "&" in "tokens=5M;itl=50": parameters are separated by "&".`}},
		{"a semicolon among others' parameters says nothing", "utm=a;b&tokens=2B", url.Values{"tokens": {"2B"}}, nil},
		{"one notice for many semicolons", "gpu=B200;pct=p90&" + strings.Repeat("tokens=1;itl=2&", 1000),
			url.Values{"gpu": {"B200"}, "pct": {"p90"}, "tokens": {"1"}, "itl": {"2"}},
			[]string{`Read ";" as "&" in "gpu=B200;pct=p90": parameters are separated by "&".`}},
		{"the notice quotes the pair cut to 40 characters", "itl=50;tokens=" + strings.Repeat("9", 50),
			url.Values{"itl": {"50"}, "tokens": {strings.Repeat("9", 50)}},
			[]string{`Read ";" as "&" in "itl=50;tokens=` + strings.Repeat("9", 26) + `…": parameters are separated by "&".`}},
		{"more than 10,000 parameters", many, url.Values{"tokens": {"2.5M"}, "itl": {"50"}}, nil},
		{"a broken percent-encoding is kept as written", "tokens=50%&itl=5%2", url.Values{"tokens": {"50%"}, "itl": {"5%2"}}, nil},
		{"an undecodable name is not ours", "tok%zzens=1&itl=%35%30", url.Values{"itl": {"50"}}, nil},
		{"an encoded name is decoded", "tok%65ns=2B&output=1+000", url.Values{"tokens": {"2B"}, "output": {"1 000"}}, nil},
		{"the first value of a parameter is kept", "tokens=1&tokens=2", url.Values{"tokens": {"1"}}, nil},
		{"a name alone has an empty value", "tokens&itl=", url.Values{"tokens": {""}, "itl": {""}}, nil},
		{"empty", "", url.Values{}, nil},
		{"invalid UTF-8 becomes U+FFFD", "tokens=%00%ff%fe&cur=E%FFR", url.Values{"tokens": {"\x00\uFFFD"}, "cur": {"E\uFFFDR"}}, nil},
		{"raw invalid UTF-8 too", "tokens=1\xff", url.Values{"tokens": {"1\uFFFD"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, notices := ParseQuery(tt.raw)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("values = %v, want %v", got, tt.want)
			}
			var gotNotices []string
			for _, n := range notices {
				gotNotices = append(gotNotices, string(n))
			}
			if !reflect.DeepEqual(gotNotices, tt.wantNotices) {
				t.Errorf("notices = %q, want %q", gotNotices, tt.wantNotices)
			}
		})
	}
}

// TestPermalinkOfOpensItsInputs checks that PermalinkOf, the
// query the CLI's statement links to, uses the calculator's parameters and
// opens the page in the inputs it was written for, with no notice.
func TestPermalinkOfOpensItsInputs(t *testing.T) {
	ds := floortest.Dataset()
	deu, _ := ds.GridIntensity("DEU")
	d := decimal.RequireFromString
	factors := func(in floor.Inputs, f floor.Factors) floor.Inputs {
		f.Footprint.Sources = &ds.Footprint
		in.Factors = f
		return in
	}
	def := floor.DefaultInputs()
	def.Model = "alpha"
	def.Factors.Footprint.Sources = &ds.Footprint
	h100 := def
	h100.GPU, h100.Statistic, h100.TargetITLMs, h100.OutputTokensPerMonth = floor.H100, floor.P99, d("60"), d("2500000")
	for _, tc := range []struct {
		name string
		in   floor.Inputs
	}{
		{"defaults", def},
		{"H100, p99, another volume", h100},
		{"a preset on a bundled grid with a price", factors(def, floor.Factors{Host: d("0.43"), Idle: d("0.17"), PUE: d("1.09"), Grid: deu,
			PricePerKWh: decimal.NewNullDecimal(d("0.3")), Currency: "EUR"})},
		{"your own intensity", factors(def, floor.Factors{PUE: d("1.5"), CustomGCO2ePerKWh: decimal.NewNullDecimal(d("400"))})},
		{"the footprint", factors(def, floor.Factors{Footprint: floor.Footprint{Bundled: true, LifeYears: decimal.NewNullDecimal(d("4")),
			ServerKg: decimal.NewNullDecimal(d("2500")), WUE: decimal.NewNullDecimal(d("1.15")), OffsiteLPerKWh: decimal.NewNullDecimal(d("3.1"))}})},
		{"your own embodied figure", factors(def, floor.Factors{Footprint: floor.Footprint{EmbodiedKg: decimal.NewNullDecimal(d("150"))}})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := PermalinkOf(ds, tc.in)
			for k := range q {
				if k != ParamVersion && !slices.Contains(params, k) {
					t.Errorf("parameter %q is not one of the calculator's", k)
				}
			}
			f, notices := DecodeQuery(ds, q)
			if len(notices) != 0 || !reflect.DeepEqual(f.In, tc.in) {
				t.Errorf("%s opens %+v, %q; want %+v", q.Encode(), f.In, notices, tc.in)
			}
		})
	}
}

// TestFootprintParamsOutOfRange: a hostile or out-of-range value of each
// footprint parameter stays in its field with the field's message, counts
// nothing, and keeps the rest of the link.
func TestFootprintParamsOutOfRange(t *testing.T) {
	ds := floortest.Dataset()
	for _, tc := range []struct {
		param, value, want string
		k                  Field
	}{
		{"embodied", "NVDIA", "Enter a number of kgCO2e per GPU such as 164, or nvidia for NVIDIA's figure of each GPU.", FieldEmbodied},
		{"embodied", "10001", "Must be between 0 and 10,000 kgCO2e per GPU, or nvidia for NVIDIA's figure of each GPU.", FieldEmbodied},
		{"life", "0.5", "Must be between 1 and 15 years.", FieldLife},
		{"life", "16", "Must be between 1 and 15 years.", FieldLife},
		{"serverkg", "-1", "Must be between 0 and 100,000 kgCO2e per server.", FieldServerKg},
		{"wue", "21", "Must be between 0 and 20 L/kWh.", FieldWUE},
		{"water", "<script>", "Enter a number", FieldWater},
		{"water", "101", "Must be between 0 and 100 L/kWh.", FieldWater},
	} {
		t.Run(tc.param+"="+tc.value, func(t *testing.T) {
			q := url.Values{"pue": {"1.2"}, "wue": {"1.1"}, tc.param: {tc.value}}
			f, notices := DecodeQuery(ds, q)
			if len(notices) != 0 {
				t.Errorf("notices %q, want the field's message only", notices)
			}
			if got := f.Errs[tc.k]; !strings.HasPrefix(got, tc.want) {
				t.Errorf("message %q, want %q", got, tc.want)
			}
			if f.Text[tc.k] != tc.value {
				t.Errorf("the field holds %q, want %q", f.Text[tc.k], tc.value)
			}
			if !f.In.Factors.PUE.Equal(decimal.RequireFromString("1.2")) {
				t.Errorf("pue %s, want the link's 1.2 kept", f.In.Factors.PUE)
			}
			if tc.k != FieldWUE && !f.In.Factors.Footprint.WUE.Valid {
				t.Error("the link's wue was lost")
			}
			if tc.k == FieldEmbodied && (f.In.Factors.Footprint.Bundled || f.In.Factors.Footprint.EmbodiedKg.Valid) {
				t.Error("a bad embodied value counts manufacture")
			}
		})
	}
}
