package ui

import (
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

// PageKey returns what the page at path, opened with the raw query string
// rawQuery, depends on for a given version and origin: the path and the
// permalink of the state the query decodes to, with the page's own
// parameters (formState.pageParams), so that queries that differ
// only in order, encoding or parameters the calculator does not read share
// one key. ok is false when path is not one of Pages, the dataset does not
// load, or the query gives notices, a field error or a data version
// notice: such a page quotes what was wrong with its query, so it depends
// on more than its state.
func PageKey(path, rawQuery string) (key string, ok bool) {
	if !slices.Contains(Pages, path) {
		return "", false
	}
	ds, err := loadDataset()
	if err != nil {
		return "", false
	}
	q, read := parseQuery(rawQuery)
	f, notices := decodeState(ds, q)
	if len(read) > 0 || len(notices) > 0 || len(f.Errs) > 0 || f.LinkVersion != "" {
		return "", false
	}
	return path + "?" + withPageParams(f.query().Encode(), f.pageParams(path == "/embed")), true
}
