package main

import (
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"

	"energyfloor/app/floor"
	"energyfloor/app/link"
)

// readLink reads the permalink raw with the page's decoder into a state:
// a number the page would show with a message is an error, on stderr, naming
// its parameter; a parameter the page would drop with a notice gives that
// notice on stderr, as does a link made with another data version, and the
// CLI goes on. modelGiven reports whether the link names a model it can use.
func readLink(d *floor.Dataset, raw string, stderr io.Writer) (f link.State, modelGiven, ok bool) {
	// The parse error comes first: u is nil with it.
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Path != "" && !strings.HasSuffix(u.Path, "/") && !slices.Contains(linkPages, path.Base(u.Path)) {
		fmt.Fprintf(stderr, "energyfloor: -link %s: Give a permalink of the app, such as https://example.org/?tokens=2.5B&itl=50.\n", floor.QuoteInput(raw))
		return f, false, false
	}
	// link.Decode's two steps, so that the query is parsed once and the
	// model it names can be looked up in it.
	q, notices := link.ParseQuery(u.RawQuery)
	f, more := link.DecodeQuery(d, q)
	if n := f.VersionNotice(d); n != "" {
		more = append(more, n)
	}
	for _, n := range append(notices, more...) {
		fmt.Fprintln(stderr, "energyfloor: -link:", n)
	}
	ok = true
	for k, fd := range link.Fields {
		if msg := f.Errs[link.Field(k)]; msg != "" {
			fmt.Fprintf(stderr, "energyfloor: -link: %s=%s: %s\n", fd.Param, floor.QuoteInput(f.Text[k]), msg)
			ok = false
		}
	}
	// The link limits the ranking to its model when it names one the
	// workload has (else the page says so, and the CLI ranks them all).
	if m := q[link.Fields[link.FieldModel].Param]; len(m) > 0 {
		if w := d.FindWorkload(f.In.Workload); w != nil && w.FindModel(m[0]) != nil {
			modelGiven = true
		}
	}
	return f, modelGiven, ok
}

// linkPages are the last segments of the app's pages' paths, besides "/":
// the embed, and the static build's files.
var linkPages = []string{"embed", "index.html", "embed.html"}
