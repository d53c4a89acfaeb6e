package e2e

import (
	"math/rand/v2"
	"net/url"
	"strings"
)

// IssueLinks are the raw query strings (without "?") an audit of the app
// found read wrongly or marked current for other inputs (issue 29), with
// their neighbours: normalised spellings, a volume past its bound, a ";"
// in a query, over-long numbers, bad factors and grids.
var IssueLinks = []string{
	"pct=P99", "gpu=h100", "workload=%20gpqa", "requests=1e15&output=1e6", "tokens=5M;itl=50",
	"itl=" + strings.Repeat("9", 300), "tokens=" + strings.Repeat("1", 250),
	"host=0.43&pue=1.09&price=0.3&cur=EUR&tokens=5M", "host=0.43",
	"price=abc&cur=EUR&gco2=300", "price=0.3&cur=EUR&gco2=abc", "gco2=abc&grid=DEU", "gco2=abc",
	"grid=DEU&gco2=300&price=0.12&cur=EUR", "grid=custom", "grid=deu&gco2=", "grid=ATLANTIS&price=-1",
	"price=0.3&cur=%3D1%2B2", "price=1&cur=%E2%80%A8", "tokens=%00%ff%fe", "requests=3&output=7&tokens=9",
	"pct=p90&gpu=B200&workload=gpqa&itl=40&output=900", "tokens=1e18&output=1e6", "requests=1e12&output=1e6",
	// Images and videos (issue 40): permalinks, and token parameters or a
	// bad target beside them.
	"workload=text-to-image&requests=2M&latency=20&model=flux-1-dev&gpu=H100",
	"workload=text-to-video&requests=20k&latency=1000&model=cogvideox-2b",
	"workload=text-to-video&tokens=5M&itl=50&latency=abc", "workload=text-to-image&latency=0.01&requests=1e15",
}

// HostileLinks returns IssueLinks followed by n raw query strings drawn
// with a generator seeded by seed (the same seed, the same links): each
// sets some of the calculator's parameters to a good, a differently spelt,
// an out-of-range or a hostile value, encoded or not, joined by "&" or now
// and then ";", with now and then a repeated or an unknown parameter.
func HostileLinks(seed uint64, n int) []string {
	r := rand.New(rand.NewPCG(seed, 29))
	pick := func(vs ...string) string { return vs[r.IntN(len(vs))] }
	number := func(good ...string) string {
		switch r.IntN(4) {
		case 0, 1:
			return pick(good...)
		case 2:
			return pick("0", "-1", "1e309", "NaN", "0x10", "１２３", "1,5", " 2.5M ", "1e-9", "abc", "", "5M;itl=50",
				"1 000", "2.5k", "3T", "1e18", "1e19", "0.000001", strings.Repeat("9", 210), "<b>1</b>", "\u202e12")
		default:
			return pick(good...) + pick("", " ", "x", "%", "e3", ".5", "k", "M")
		}
	}
	values := []func() (string, string){
		func() (string, string) {
			return "tokens", number("1B", "5M", "2.5B", "1,000,000", "1e9", "750m", "40T")
		},
		func() (string, string) { return "requests", number("2M", "1e6", "300k", "1,000", "7") },
		func() (string, string) { return "output", number("500", "250", "1200", "64", "1e3", "2,048") },
		func() (string, string) { return "itl", number("100", "50", "25", "200", "1000", "5", "2000", "60.5") },
		func() (string, string) {
			return "pct", pick("median", "p90", "p95", "p99", "P99", " p90", "p50", "mean", "")
		},
		func() (string, string) {
			return "gpu", pick("H100", "B200", "h100", "b200", "either", "A100", " H100", "")
		},
		func() (string, string) {
			return "workload", pick("lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat", " gpqa", "GPQA", "nope",
				"text-to-image", "text-to-video")
		},
		func() (string, string) { return "latency", number("30", "1800", "0.5", "20", "100000") },
		func() (string, string) {
			return "model", pick("qwen-3-235b-a22b-instruct", "qwen-3-8b", "qwen-3-14b", "Qwen/Qwen3-8B", "QWEN-3-8B", "nope", "")
		},
		func() (string, string) { return "host", number("0.43", "0", "1", "5", "0.2") },
		func() (string, string) { return "idle", number("0.17", "0", "0.5", "5") },
		func() (string, string) { return "pue", number("1.09", "1.56", "1", "3", "2") },
		func() (string, string) {
			return "grid", pick("DEU", "deu", "USA", "World", "EU", "custom", "ATLANTIS", "", "IND")
		},
		func() (string, string) { return "gco2", number("300", "0", "472.94", "2000", "2001") },
		func() (string, string) { return "price", number("0.3", "0.12", "0", "1000", "1001", "0.05") },
		func() (string, string) {
			return "cur", pick("EUR", "US$", "€", "=1+2", "@A1", "+1", "-1", "\u2028", "toolongcurrency", "\ttab", "")
		},
	}
	links := append([]string(nil), IssueLinks...)
	for range n {
		var parts []string
		for _, v := range values {
			if r.IntN(3) != 0 {
				continue
			}
			k, val := v()
			if r.IntN(8) != 0 {
				val = url.QueryEscape(val)
			}
			parts = append(parts, k+"="+val)
			if r.IntN(12) == 0 {
				k2, val2 := v()
				parts = append(parts, k2+"="+url.QueryEscape(val2))
			}
		}
		if r.IntN(10) == 0 {
			parts = append(parts, pick("utm_source=x", "v=1999", "quote=1", "tok%zzens=1", "=", "&"))
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		sep := "&"
		if r.IntN(10) == 0 {
			sep = ";"
		}
		links = append(links, strings.Join(parts, sep))
	}
	return links
}
