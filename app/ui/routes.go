package ui

import (
	"energyfloor/app/link"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes registers every page of the app. go-app answers 404 for other paths.
//
//	/       the full calculator
//	/embed  the compact calculator for iframes
//
// Both take the same query parameters (see decodeState).
//
// In the browser, the static build's files answer too (/index.html,
// /embed.html): a static host may serve a page under its file's name, and
// the app must then draw that page, not go-app's "404 Not Found". The Go
// server has no such files, and answers only the pages' own paths.
func Routes() {
	app.Route("/", func() app.Composer { return newCalculator() })
	app.Route("/embed", func() app.Composer { return newEmbed() })
	if app.IsClient {
		app.Route("/index.html", func() app.Composer { return newCalculator() })
		app.Route("/embed.html", func() app.Composer { return newEmbed() })
	}
}

// Pages lists the pages Routes registers, which the service worker stores
// for offline use and the static build writes out.
var Pages = []string{"/", "/embed"}

// PageLink is what a page's address says, read once (ReadPage): the key a
// cache of pages keeps it under and its link preview.
type PageLink struct {
	// Key is the path and the canonical query of the state the address
	// decodes to (link.State.Key); "" when the page depends on more than
	// its state (its query gave notices or errors, which it quotes).
	Key string
	// Title and Description are its link preview (link.Preview); "" when
	// its workload is unknown.
	Title, Description string
}

// ReadPage decodes the page at path, opened with the raw query string
// rawQuery, once, into its PageLink. ok is false when path is not one of
// Pages or the dataset does not load.
func ReadPage(path, rawQuery string) (p PageLink, ok bool) {
	if !slices.Contains(Pages, path) {
		return p, false
	}
	ds, err := loadDataset()
	if err != nil {
		return p, false
	}
	f, notices := link.Decode(ds, rawQuery)
	if key, ok := f.Key(path == "/embed", notices); ok {
		p.Key = path + "?" + key
	}
	p.Title, p.Description, _ = link.Preview(ds, &f)
	return p, true
}
