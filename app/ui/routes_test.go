//go:build !wasm

package ui

import "testing"

func TestReadPageKey(t *testing.T) {
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
			p, _ := ReadPage(tt.path, tt.raw)
			if p.Key != tt.want {
				t.Errorf("ReadPage(%q, %q).Key = %q; want %q", tt.path, tt.raw, p.Key, tt.want)
			}
		})
	}
}

// TestPageDecodedOnce: on the server, the prerender's navigation to the
// address ReadPage has just read takes ReadPage's decoding: a request
// decodes its query once.
func TestPageDecodedOnce(t *testing.T) {
	const raw = "tokens=7.5B&itl=45&pct=p95&utm=x"
	if _, ok := ReadPage("/", raw); !ok {
		t.Fatal("ReadPage failed")
	}
	lastPage.Lock()
	before := lastPage.decodes
	lastPage.Unlock()
	c := newCalculator()
	c.navigateTo(raw)
	lastPage.Lock()
	after := lastPage.decodes
	lastPage.Unlock()
	if after != before {
		t.Errorf("the prerender decoded the address again (%d decodings, want %d)", after, before)
	}
	if got := c.form.In.TargetITLMs.String(); got != "45" || c.form.In.Statistic != "p95" {
		t.Errorf("the page's state has itl %s, pct %s; want 45, p95", got, c.form.In.Statistic)
	}
	c.navigateTo("tokens=1B")
	lastPage.Lock()
	defer lastPage.Unlock()
	if lastPage.decodes != after+1 {
		t.Errorf("another address was not decoded (%d decodings, want %d)", lastPage.decodes, after+1)
	}
}
