package main

import (
	"strings"
	"testing"

	"energyfloor/app/server/pagetest"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestPresetsWithoutTheApp: the page the server sends offers Beyond the
// GPU's presets where the app does not run, as the live page sets them.
//
// With JavaScript, web/boot.js fills the fields an option's data attributes
// name: the full footprint's names embodied "nvidia" and WUE 0.27 (NVIDIA's
// figure of each GPU, the default life, which the empty life field already
// is, and Microsoft's WUE: footprint.json's full preset, no server), a WUE
// preset its WUE (Google's 1.15).
//
// Without JavaScript, a link per preset in a <noscript> opens the page with
// the preset's values set and the page's other inputs kept: from
// /?tokens=3B&grid=DEU, the full footprint's link gives a page whose fields
// hold 3B, DEU, nvidia and 0.27, with figures that are energyfloor -json's
// for them; Google 2025's sets host 0.43, idle 0.17, PUE 1.09 and the same
// paper's WUE, 1.15.
func TestPresetsWithoutTheApp(t *testing.T) {
	s := pageSite(t)
	p := served(t, s, "/?tokens=3B&grid=DEU")

	fills := map[string]string{}
	for _, o := range pagetest.Find(p.ByID("footprint-preset"), pagetest.Tag(atom.Option)) {
		v, _ := pagetest.Attr(o, "value")
		var attrs []string
		for _, a := range o.Attr {
			if strings.HasPrefix(a.Key, "data-") {
				attrs = append(attrs, a.Key+"="+a.Val)
			}
		}
		fills[v] = strings.Join(attrs, " ")
	}
	for id, want := range map[string]string{"full": "data-embodied=nvidia data-wue=0.27", "google-2025": "data-wue=1.15", "dry-cooling": "data-wue=0"} {
		if fills[id] != want {
			t.Errorf("the footprint preset %q fills %q, want %q", id, fills[id], want)
		}
	}

	links := noscriptLinks(t, p)
	for _, tc := range []struct {
		label  string
		fields map[string]string
	}{
		{"Full footprint: ", map[string]string{"tokens-per-month": "3B", "grid": "DEU", "embodied-kg": "nvidia", "wue": "0.27", "life-years": ""}},
		{"Google 2025 proportions", map[string]string{"tokens-per-month": "3B", "grid": "DEU", "host-overhead": "0.43", "idle-overhead": "0.17",
			"pue": "1.09", "wue": "1.15"}},
	} {
		href := links[tc.label]
		if href == "" {
			t.Errorf("no link for the preset %q among %v", tc.label, links)
			continue
		}
		q := served(t, s, "/"+href)
		for id, want := range tc.fields {
			if got, _ := q.Field(id); got != want {
				t.Errorf("%s: following %s, #%s holds %q, want %q", tc.label, href, id, got, want)
			}
		}
		checkCurrentFigures(t, tc.label, q)
	}
}

// noscriptLinks returns the preset links of page p's <noscript> elements
// (which an HTML parser with scripting on reads as text), by the start of
// their text: each label to its href.
func noscriptLinks(t *testing.T, p *pagetest.Page) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range pagetest.Find(p.Root, pagetest.Tag(atom.Noscript)) {
		if n.FirstChild == nil {
			continue
		}
		doc, err := html.ParseWithOptions(strings.NewReader(n.FirstChild.Data), html.ParseOptionEnableScripting(false))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range pagetest.Find(doc, pagetest.Tag(atom.A)) {
			href, _ := pagetest.Attr(a, "href")
			label := pagetest.Text(a)
			if i := strings.Index(label, ":"); i >= 0 {
				label = label[:i+2]
			} else if i := strings.Index(label, " ("); i >= 0 {
				label = label[:i]
			}
			out[label] = href
		}
	}
	return out
}
