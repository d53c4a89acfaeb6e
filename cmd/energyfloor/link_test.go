package main

import (
	"strings"
	"testing"

	"energyfloor/app/e2e"
)

// TestLinkIsTheFlags: -link reads a permalink as the page does and prints
// what the equivalent flags print, table and JSON, whatever its origin, path
// prefix or page, and in the spellings a link takes.
func TestLinkIsTheFlags(t *testing.T) {
	for _, tc := range []struct {
		name, link string
		flags      []string
	}{
		{"the defaults", "https://example.org/", nil},
		{"a sub-path", "https://example.org/energy/?tokens=2.5B&itl=50&pct=p90",
			[]string{"-tokens", "2.5B", "-itl-ms", "50", "-percentile", "p90"}},
		{"the embed, with its own parameter", "http://127.0.0.1:8000/embed?quote=1&workload=gpqa&output=900&gpu=h100",
			[]string{"-workload", "gpqa", "-output-tokens", "900", "-gpu", "H100"}},
		{"a model by its Hugging Face id", "https://example.org/?model=Qwen%2FQwen3-8B&itl=30",
			[]string{"-model", "qwen-3-8b", "-itl-ms", "30"}},
		{"requests for the volume", "https://example.org/?requests=2M&output=250",
			[]string{"-tokens", "500M", "-output-tokens", "250"}},
		{"beyond the GPU", "https://example.org/?host=0.43&idle=0.17&pue=1.09&grid=deu&price=0.3&cur=EUR&v=2026-10-19",
			[]string{"-host-overhead", "0.43", "-idle-overhead", "0.17", "-pue", "1.09", "-grid", "DEU", "-price-per-kwh", "0.3", "-currency", "EUR"}},
		{"the user's own intensity", "https://example.org/?gco2=350&grid=custom",
			[]string{"-gco2-per-kwh", "350"}},
		{"an image model", "https://example.org/?workload=text-to-image&requests=2M&latency=10&model=flux-1-dev",
			[]string{"-workload", "text-to-image", "-requests", "2M", "-latency-s", "10", "-model", "flux-1-dev"}},
		{"a video model, the ranking's first", "https://example.org/embed?model=cogvideox-2b&workload=text-to-video",
			[]string{"-workload", "text-to-video", "-model", "cogvideox-2b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, extra := range [][]string{nil, {"-json"}, {"-statement", "-origin", "https://example.org"}} {
				code, got, stderr := runCLI(append([]string{"-link", tc.link}, extra...)...)
				if code != 0 || stderr != "" {
					t.Fatalf("-link %s %v: exit %d, stderr %q", tc.link, extra, code, stderr)
				}
				_, want, _ := runCLI(append(append([]string{}, tc.flags...), extra...)...)
				if got != want {
					t.Errorf("-link %s %v prints\n%s\nwant, as %v,\n%s", tc.link, extra, got, tc.flags, want)
				}
			}
		})
	}
}

// TestLinkFlagsOnTop: flags given with -link apply on top of the link.
func TestLinkFlagsOnTop(t *testing.T) {
	_, got, _ := runCLI("-link", "https://example.org/?tokens=2.5B&itl=50", "-itl-ms", "80", "-json")
	_, want, _ := runCLI("-tokens", "2.5B", "-itl-ms", "80", "-json")
	if got != want {
		t.Errorf("-link with -itl-ms 80 differs from the flags alone:\n%s\nwant\n%s", got, want)
	}
}

// TestLinkModelOnAnotherWorkload: -workload on top of a link whose model
// that workload lacks ranks every model of it, as -workload alone does,
// and says the link's model is ignored.
func TestLinkModelOnAnotherWorkload(t *testing.T) {
	code, got, stderr := runCLI("-link", "https://example.org/?model=llama-3-1-405b-instruct", "-workload", "gpqa")
	_, want, _ := runCLI("-workload", "gpqa")
	const notice = `energyfloor: -link: Ignored model="llama-3-1-405b-instruct": no such model on gpqa (-workload). Ranking every model.` + "\n"
	if code != 0 || got != want || stderr != notice {
		t.Errorf("exit %d, stderr %q, prints\n%s\nwant exit 0, stderr %q, and as -workload gpqa\n%s", code, stderr, got, notice, want)
	}
}

// TestLinkProblems: a bad number exits 2, naming its parameter with the
// page's message; a parameter the page drops with a notice gives the same
// notice on stderr, and the figures are the page's (its default in place);
// an address that is not a page of the app exits 2.
func TestLinkProblems(t *testing.T) {
	for _, tc := range []struct {
		name, link string
		code       int
		stderr     []string
		sameAs     []string // flags whose output it prints, for code 0
	}{
		{"a bad number", "https://example.org/?itl=abc&tokens=2.5B", 2,
			[]string{`energyfloor: -link: itl="abc": Enter a number such as 100 or 2.5.` + "\n"}, nil},
		{"a number beyond its bound", "https://example.org/?pue=4", 2,
			[]string{`energyfloor: -link: pue="4": Must be between 1.0 and 3.0: facility energy over IT energy, such as 1.09.` + "\n"}, nil},
		{"a dropped choice", "https://example.org/?gpu=A100&tokens=5B", 0,
			[]string{`energyfloor: -link: Ignored gpu="A100": Choose H100 or B200, or leave it out for either. Using either GPU.` + "\n"},
			[]string{"-tokens", "5B"}},
		{"an unknown workload", "https://example.org/embed?workload=chat", 0,
			[]string{`energyfloor: -link: Ignored workload="chat": no such workload. Using lm-arena-chat.` + "\n"}, []string{}},
		{"a model the workload lacks", "https://example.org/?workload=sourcegraph-fim&model=qwen-3-8b", 0,
			[]string{`energyfloor: -link: Ignored model="qwen-3-8b": no such model on this workload.`}, []string{"-workload", "sourcegraph-fim"}},
		{"a semicolon", "https://example.org/?tokens=5B;itl=50", 0,
			[]string{`energyfloor: -link: Read ";" as "&" in "tokens=5B;itl=50": parameters are separated by "&".` + "\n"},
			[]string{"-tokens", "5B", "-itl-ms", "50"}},
		{"another data version", "https://example.org/?tokens=5M&v=2020-01-01", 0,
			[]string{`energyfloor: -link: This link was made with data version "2020-01-01"; these figures come from data version ` +
				`2026-10-19, so they may differ from the ones the link showed.` + "\n"}, []string{"-tokens", "5M"}},
		// The page neither shows nor reads an input its workload lacks.
		{"a token input on an image page", "https://example.org/?workload=text-to-image&tokens=5B&output=abc", 0, nil,
			[]string{"-workload", "text-to-image"}},
		{"a latency in seconds on a token page", "https://example.org/?latency=abc&tokens=5B", 0, nil, []string{"-tokens", "5B"}},
		{"not a page", "https://example.org/oembed?url=x", 2, []string{`energyfloor: -link "https://example.org/oembed?url=x": Give a permalink of the app`}, nil},
		{"not an address", "http://[::1", 2, []string{`energyfloor: -link "http://[::1": Give a permalink of the app`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, got, stderr := runCLI("-link", tc.link)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			for _, w := range tc.stderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			if tc.sameAs == nil {
				if got != "" {
					t.Errorf("stdout %q, want none", got)
				}
				return
			}
			if _, want, _ := runCLI(tc.sameAs...); got != want {
				t.Errorf("prints\n%s\nwant, as %v,\n%s", got, tc.sameAs, want)
			}
		})
	}
}

// FuzzLink: whatever -link is given, the CLI does not panic; it prints the
// figures (exit 0) or nothing (exit 2, a usage error), and says on stderr,
// in lines that name -link, what it did not take. CI runs the seeds; hunt
// with go test -run '^$' -fuzz '^FuzzLink$' ./cmd/energyfloor.
func FuzzLink(f *testing.F) {
	for _, s := range []string{"", "%zz", "http://[::1", "https://example.org/?itl=abc", "https://x.org/energy/embed?tokens=5B;itl=50",
		"/oembed?url=x", "?workload=text-to-video&latency=abc", "mailto:a@b?tokens=1", "//host/embed.html?pue=1.2"} {
		f.Add(s)
	}
	for _, q := range e2e.HostileLinks(31, 8) {
		f.Add("https://example.org/?" + q)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		code, stdout, stderr := runCLI("-short", "-link", raw)
		switch {
		case code == 0 && stdout == "", code == exitUsage && stdout != "":
			t.Errorf("-link %q: exit %d with stdout %q", raw, code, stdout)
		case code != 0 && code != exitUsage:
			t.Errorf("-link %q: exit %d", raw, code)
		}
		for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
			if line != "" && !strings.HasPrefix(line, "energyfloor: -link") {
				t.Errorf("-link %q: stderr line %q does not name -link", raw, line)
			}
		}
		if code == exitUsage && stderr == "" {
			t.Errorf("-link %q: exit %d and no message", raw, code)
		}
	})
}

// TestModelNotOnTheGPU: a model not measured on the GPU asked for is named
// as such under its empty table, from flags and from a link alike.
func TestModelNotOnTheGPU(t *testing.T) {
	for _, args := range [][]string{{"-model", "deepseek-v3-1", "-gpu", "H100"}, {"-link", "https://example.org/?model=deepseek-v3-1&gpu=H100"}} {
		code, got, _ := runCLI(args...)
		if code != 0 || !strings.Contains(got, "\nDeepSeek V3.1 was not measured on H100.\n") {
			t.Errorf("%v: exit %d, prints\n%s\nwant exit 0 and \"DeepSeek V3.1 was not measured on H100.\"", args, code, got)
		}
	}
}
