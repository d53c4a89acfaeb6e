package ui

import (
	"energyfloor/app/floor"
	"energyfloor/app/link"
	"slices"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes registers every page of the app. go-app answers 404 for other paths.
//
//	/       the full calculator
//	/embed  the compact calculator for iframes
//
// Both take the same query parameters (see link.DecodeQuery).
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
	f, notices := decodePage(ds, rawQuery)
	if key, ok := f.Key(path == "/embed", notices); ok {
		p.Key = path + "?" + key
	}
	p.Title, p.Description, _ = link.Preview(ds, &f)
	return p, true
}

// lastPage keeps the server's last decoding of a page's address: the server
// reads a page's address (ReadPage) before go-app prerenders the page, whose
// navigation reads the same address, so that a request decodes its query
// once. decodes counts the decodings, for the tests.
var lastPage struct {
	sync.Mutex
	ds      *floor.Dataset
	raw     string
	f       link.State
	notices []link.Notice
	decodes int
}

// decodePage decodes the raw query of a page's address on dataset ds
// (link.Decode); on the server, the same address as the last one decoded
// gives that decoding again. The state it gives shares its field messages
// with the kept one, which State.SetErr never changes in place.
func decodePage(ds *floor.Dataset, rawQuery string) (link.State, []link.Notice) {
	if !app.IsServer {
		return link.Decode(ds, rawQuery)
	}
	lastPage.Lock()
	if lastPage.ds == ds && lastPage.raw == rawQuery && lastPage.ds != nil {
		f, notices := lastPage.f, slices.Clone(lastPage.notices)
		lastPage.Unlock()
		return f, notices
	}
	lastPage.Unlock()
	f, notices := link.Decode(ds, rawQuery)
	lastPage.Lock()
	lastPage.ds, lastPage.raw, lastPage.f, lastPage.notices = ds, rawQuery, f, slices.Clone(notices)
	lastPage.decodes++
	lastPage.Unlock()
	return f, notices
}
