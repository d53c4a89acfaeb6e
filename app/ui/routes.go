// Package ui holds Energy Floor's go-app UI: its components and routes. The
// wasm main (wasm/) and the server (cmd/server) both call Routes, so the server
// prerenders exactly what the browser shows.
package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Routes registers every page of the app. go-app answers 404 for other paths.
//
//	/       the full calculator
//	/embed  the compact calculator for iframes
//
// Both take the same query parameters (see decodeState).
func Routes() {
	app.Route("/", func() app.Composer { return newCalculator() })
	app.Route("/embed", func() app.Composer { return newEmbed() })
}

// Pages lists the pages Routes registers, which the service worker stores
// for offline use and the static build writes out.
var Pages = []string{"/", "/embed"}
