//go:build !wasm

package ui

import (
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"energyfloor/app/floor"

	"github.com/shopspring/decimal"
)

func TestDecodeState(t *testing.T) {
	ds := fixtureDataset()
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
		wantBasis   volumeBasis
		wantNotices []string            // substrings, one per notice, in order
		wantErrs    map[fieldKey]string // field → message
		wantText    map[fieldKey]string // field → text
	}{
		{
			name:       "empty query gives the defaults, and the best model when the default is not measured",
			query:      "",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
		},
		{
			name:       "every parameter valid, in the forms people type",
			query:      "workload=gpqa&tokens=2.5M&output=1,000&itl=+60&pct=P90&gpu=b200&model=beta",
			wantTokens: "2500000", wantOutput: "1000", wantITL: "60", wantStat: "p90",
			wantGPU: "B200", wantModel: "beta", wantWork: "gpqa", wantBasis: basisTokens,
		},
		{
			name:       "requests per month win over tokens and make requests the typed volume",
			query:      "tokens=5&requests=2M&output=250",
			wantTokens: "500000000", wantOutput: "250", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisRequests,
		},
		{
			name:       "markup in choices falls back with notices; in a number, it is the field's error",
			query:      "tokens=%3Cscript%3Ealert(1)%3C/script%3E&model=%3Cimg%20src=x%20onerror=alert(1)%3E&workload=%22%3E%3Cb%3E",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantNotices: []string{`workload="\"><b>": no such workload. Using lm-arena-chat.`,
				`model="<img src=x onerror=alert(1)>": no such model`},
			wantErrs: map[fieldKey]string{fieldTokens: "Enter a number using the digits 0 to 9, such as 1,000,000 or 2.5M."},
		},
		{
			name:       "bad choices fall back with notices, bad numbers stay in their fields with their messages",
			query:      "tokens=1e309&output=-0&itl=NaN&pct=p50&gpu=A100",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantNotices: []string{`pct="p50"`, `gpu="A100"`},
			wantErrs: map[fieldKey]string{fieldTokens: "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month.",
				fieldOutput: "Must be more than zero.", fieldITL: "Enter a finite number, such as 100."},
			wantText: map[fieldKey]string{fieldTokens: "1e309", fieldOutput: "-0", fieldITL: "NaN"},
		},
		{
			name:       "bad requests keep the link's tokens as the last good volume",
			query:      "tokens=2M&requests=lots&output=250",
			wantTokens: "2000000", wantOutput: "250", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisRequests,
			wantErrs: map[fieldKey]string{fieldRequests: "Enter a number using the digits 0 to 9, such as 1,000,000 or 2.5M."},
			wantText: map[fieldKey]string{fieldRequests: "lots", fieldTokens: "2M"},
		},
		{
			name:       "requests × output past the tokens' bound is the requests' error, and keeps the tokens",
			query:      "requests=1e15&output=1e6",
			wantTokens: "1000000000", wantOutput: "1000000", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisRequests,
			wantErrs: map[fieldKey]string{fieldRequests: "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."},
			wantText: map[fieldKey]string{fieldRequests: "1e15", fieldTokens: "1B"},
		},
		{
			name:       "an emptied field is the field's error",
			query:      "tokens=&itl=60",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "60", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantErrs: map[fieldKey]string{fieldTokens: "Enter a number, such as 2.5M."},
			wantText: map[fieldKey]string{fieldTokens: "", fieldRequests: "2M"},
		},
		{
			name:       "an over-long number stays in its field, shortened, with the field's message",
			query:      "itl=" + strings.Repeat("9", 10000),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantErrs: map[fieldKey]string{fieldITL: "Too long: enter at most 100 characters."},
			wantText: map[fieldKey]string{fieldITL: strings.Repeat("9", 197) + "…"},
		},
		{
			name:       "an over-long text stays in its field, cut at a character",
			query:      "cur=" + strings.Repeat("€", 100),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantErrs: map[fieldKey]string{fieldCurrency: "Too long: enter at most 8 characters, such as EUR or US$."},
			wantText: map[fieldKey]string{fieldCurrency: strings.Repeat("€", 65) + "…"},
		},
		{
			name:       "an over-long choice is not even parsed",
			query:      "model=" + strings.Repeat("a", 10000),
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantNotices: []string{`model="` + strings.Repeat("a", 40) + `…": longer than 200 characters.`},
		},
		{
			name:       "direction marks and control characters are shown escaped",
			query:      "model=%E2%80%AEevil%00",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "alpha", wantWork: "lm-arena-chat", wantBasis: basisTokens,
			wantNotices: []string{`model="\u202eevil\x00"`},
		},
		{
			name:       "a model not measured on the chosen workload falls back to that workload's best",
			query:      "workload=gpqa&model=alpha",
			wantTokens: "1000000000", wantOutput: "500", wantITL: "100", wantStat: "median",
			wantModel: "beta", wantWork: "gpqa", wantBasis: basisTokens,
			wantNotices: []string{`model="alpha": no such model on this workload. Using beta.`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			f, notices := decodeState(ds, q)
			in := f.In
			got := []string{in.OutputTokensPerMonth.String(), in.OutputTokensPerRequest.String(), in.TargetITLMs.String(),
				string(in.Statistic), in.GPU, in.Model, in.Workload, string(f.Basis)}
			want := []string{tt.wantTokens, tt.wantOutput, tt.wantITL, string(tt.wantStat), tt.wantGPU, tt.wantModel,
				tt.wantWork, string(tt.wantBasis)}
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
					t.Errorf("%s: got message %q, want %q", fields[field].id, f.Errs[field], want)
				}
			}
			for k, want := range tt.wantText {
				if f.Text[k] != want {
					t.Errorf("%s: shows %q, want %q", fields[k].id, f.Text[k], want)
				}
			}
		})
	}
}

// TestDecodeStateFieldText checks that a good value reaches its field as
// plain text, and a bad one as typed, with the field's message.
func TestDecodeStateFieldText(t *testing.T) {
	ds := fixtureDataset()
	q := url.Values{"tokens": {"２"}, "output": {" 1,000 "}, "itl": {"75"}}
	f, _ := decodeState(ds, q)
	if f.Text[fieldTokens] != "２" || f.Errs[fieldTokens] == "" {
		t.Errorf("tokens: shows %q with message %q, want the full-width digit as typed, with a message", f.Text[fieldTokens], f.Errs[fieldTokens])
	}
	for _, s := range []string{f.Text[fieldRequests], f.Text[fieldOutput], f.Text[fieldITL]} {
		for _, r := range s {
			if !strings.ContainsRune("0123456789.,+- kMBTe", r) {
				t.Errorf("field text %q holds %q", s, r)
			}
		}
	}
	if f.Text[fieldOutput] != "1,000" || f.Text[fieldITL] != "75" {
		t.Errorf("got output %q, itl %q; want \"1,000\", \"75\"", f.Text[fieldOutput], f.Text[fieldITL])
	}
}

func TestQueryRoundTrip(t *testing.T) {
	ds := fixtureDataset()
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
			f, _ := decodeState(ds, q)
			if got := f.query().Encode(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			again, notices := decodeState(ds, f.query())
			if len(notices) != 0 || !again.In.OutputTokensPerMonth.Equal(f.In.OutputTokensPerMonth) ||
				!again.In.TargetITLMs.Equal(f.In.TargetITLMs) || again.In.Model != f.In.Model {
				t.Errorf("decoding the encoded query gave %+v, %q; want %+v", again.In, notices, f.In)
			}
		})
	}
}

func TestSetText(t *testing.T) {
	ds := fixtureDataset()
	t.Run("a bad value shows its message and keeps the last good inputs", func(t *testing.T) {
		f := defaultForm(ds)
		f.setText(ds, fieldTokens, "2.5M")
		f.setText(ds, fieldTokens, "2.5Q")
		if f.Text[fieldTokens] != "2.5Q" {
			t.Errorf("got text %q, want what was typed", f.Text[fieldTokens])
		}
		if got := f.In.OutputTokensPerMonth.String(); got != "2500000" {
			t.Errorf("got tokens %s, want the last good 2500000", got)
		}
		if f.Errs[fieldTokens] == "" {
			t.Error("got no message for the bad value")
		}
		if got := f.query().Get("tokens"); got != "2500000" {
			t.Errorf("got permalink tokens %q, want the last good value", got)
		}
		f.setText(ds, fieldTokens, "3M")
		if f.Errs[fieldTokens] != "" || f.In.OutputTokensPerMonth.String() != "3000000" {
			t.Errorf("got %v, %s after a good value; want no message and 3000000", f.Errs, f.In.OutputTokensPerMonth)
		}
	})
	t.Run("requests and tokens are linked through the output length", func(t *testing.T) {
		f := defaultForm(ds)
		if f.Text[fieldRequests] != "2M" {
			t.Errorf("got derived requests %q, want 2M (1B / 500)", f.Text[fieldRequests])
		}
		f.setText(ds, fieldRequests, "4M")
		if got := f.In.OutputTokensPerMonth.String(); got != "2000000000" || f.Text[fieldTokens] != "2B" {
			t.Errorf("got tokens %s (%q), want 2000000000 (2B)", got, f.Text[fieldTokens])
		}
		f.setText(ds, fieldOutput, "250")
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000" || f.Text[fieldRequests] != "4M" {
			t.Errorf("got tokens %s with requests %q, want 1000000000 with 4M kept", got, f.Text[fieldRequests])
		}
		f.setText(ds, fieldOutput, "3")
		f.setText(ds, fieldTokens, "1B")
		if f.Text[fieldRequests] != "333.333333M" {
			t.Errorf("got derived requests %q, want whole requests 333.333333M (1B / 3)", f.Text[fieldRequests])
		}
		f.setText(ds, fieldTokens, "3B")
		f.setText(ds, fieldOutput, "300")
		if got := f.In.OutputTokensPerMonth.String(); got != "3000000000" || f.Text[fieldRequests] != "10M" {
			t.Errorf("got tokens %s with requests %q, want 3000000000 with 10M", got, f.Text[fieldRequests])
		}
	})
}

// TestRequestsHeldToTheTokensBound: requests × output obeys the bound of
// tokens per month, typed as requests or as an output length while requests
// are typed; the bad field keeps its text with the tokens' message, and the
// figures keep the last good volume.
func TestRequestsHeldToTheTokensBound(t *testing.T) {
	ds := fixtureDataset()
	const msg = "Must be at most 1,000,000,000,000,000,000 (10^18) tokens per month."
	if _, err := floor.ParseTokensPerMonth("1e21"); err == nil || err.Error() != msg {
		t.Fatalf("ParseTokensPerMonth(1e21) = %v, want %q", err, msg)
	}
	t.Run("requests typed past the bound", func(t *testing.T) {
		f := defaultForm(ds)
		f.setText(ds, fieldOutput, "1e6")
		f.setText(ds, fieldRequests, "1e12") // 10^18: at the bound
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000000000000" || len(f.Errs) != 0 {
			t.Fatalf("at the bound: tokens %s, errors %v; want 10^18 and none", got, f.Errs)
		}
		f.setText(ds, fieldRequests, "1e15")
		if f.Errs[fieldRequests] != msg || f.Text[fieldRequests] != "1e15" {
			t.Errorf("requests show %q with %q, want 1e15 with %q", f.Text[fieldRequests], f.Errs[fieldRequests], msg)
		}
		if got := f.In.OutputTokensPerMonth.String(); got != "1000000000000000000" {
			t.Errorf("tokens %s, want the last good 10^18", got)
		}
		if got := f.query().Get("requests"); got != "1000000000000" {
			t.Errorf("the permalink's requests %q, want the last good 1000000000000", got)
		}
	})
	t.Run("an output length that takes typed requests past the bound", func(t *testing.T) {
		f := defaultForm(ds)
		f.setText(ds, fieldRequests, "1e15")
		f.setText(ds, fieldOutput, "1e6")
		if f.Errs[fieldOutput] != msg {
			t.Errorf("output's message %q, want %q", f.Errs[fieldOutput], msg)
		}
		if got, out := f.In.OutputTokensPerMonth.String(), f.In.OutputTokensPerRequest.String(); got != "500000000000000000" || out != "500" {
			t.Errorf("tokens %s, output %s; want the last good 5×10^17 and 500", got, out)
		}
	})
}

func TestSlider(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		name    string
		ms      string
		wantPos int
	}{
		{"bottom", "5", 0},
		{"below the bottom clamps", "1", 0},
		// 100 ms is 20 × 5 ms and 2,000 ms is 400 × 5 ms = 20² × 5 ms: halfway.
		{"geometric middle", "100", 500},
		// 1000 × ln 2 / ln 400 = 115.7.
		{"10 ms", "10", 116},
		{"top", "2000", 1000},
		{"above the top clamps", "60000", 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sliderPos(d(tt.ms)); got != tt.wantPos {
				t.Errorf("sliderPos(%s) = %d, want %d", tt.ms, got, tt.wantPos)
			}
		})
	}
	for pos, want := range map[int]string{0: "5", 500: "100", 1000: "2000", 116: "10", 300: "30", 750: "450"} {
		if got := sliderMs(pos); got != want {
			t.Errorf("sliderMs(%d) = %q, want %q", pos, got, want)
		}
	}
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
			got, notices := parseQuery(tt.raw)
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

func TestPageKey(t *testing.T) {
	const state = "?itl=80&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=2.5B&workload=lm-arena-chat"
	tests := []struct {
		name, path, raw string
		want            string // "" for ok=false
	}{
		{"a permalink", "/", "tokens=2.5B&itl=80", "/" + state},
		{"reordered", "/", "itl=80&tokens=2.5B", "/" + state},
		{"percent-encoded", "/", "tokens=%32%2E5B&i%74l=80", "/" + state},
		{"with parameters the calculator does not read", "/", "utm_source=x&tokens=2.5B&junk=1&itl=80&itl=90", "/" + state},
		{"with the defaults written out", "/", "workload=lm-arena-chat&tokens=2.5B&output=500&itl=80&pct=median&gpu=", "/" + state},
		{"spaces around a number", "/", "tokens=+2.5B+&itl=80", "/" + state},
		{"the embed", "/embed", "itl=80&tokens=2.5B", "/embed" + state},
		{"the embed asked to quote is another page", "/embed", "quote=1&itl=80&tokens=2.5B", "/embed" + state + "&quote=1"},
		{"the full page always quotes", "/", "quote=1&itl=80&tokens=2.5B", "/" + state},
		{"another text of the same number is another page", "/", "tokens=2500000000&itl=80",
			"/?itl=80&model=qwen-3-235b-a22b-instruct&output=500&pct=median&tokens=2500000000&workload=lm-arena-chat"},
		{"a query with notices", "/", "tokens=lots&itl=80", ""},
		{"a semicolon", "/", "tokens=2.5B;itl=80", ""},
		{"not a page", "/app.js", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := PageKey(tt.path, tt.raw)
			if ok != (tt.want != "") || got != tt.want {
				t.Errorf("PageKey(%q, %q) = %q, %v; want %q, %v", tt.path, tt.raw, got, ok, tt.want, tt.want != "")
			}
		})
	}
}

// TestPermalinkQueryOpensItsInputs checks that floor.PermalinkQuery, the
// query the CLI's statement links to, uses the calculator's parameters and
// opens the page in the inputs it was written for, with no notice.
func TestPermalinkQueryOpensItsInputs(t *testing.T) {
	ds := fixtureDataset()
	deu, _ := ds.GridIntensity("DEU")
	d := decimal.RequireFromString
	factors := func(in floor.Inputs, f floor.Factors) floor.Inputs { in.Factors = f; return in }
	def := floor.DefaultInputs()
	def.Model = "alpha"
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := floor.PermalinkQuery(ds, tc.in)
			for k := range q {
				if k != paramVersion && !slices.Contains(params, k) {
					t.Errorf("parameter %q is not one of the calculator's", k)
				}
			}
			f, notices := decodeState(ds, q)
			if len(notices) != 0 || !reflect.DeepEqual(f.In, tc.in) {
				t.Errorf("%s opens %+v, %q; want %+v", q.Encode(), f.In, notices, tc.in)
			}
		})
	}
}
