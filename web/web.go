// Package web embeds Energy Floor's static assets, served under /web/: the
// compiled app.wasm with its precompressed app.wasm.br and app.wasm.gz (built
// by `make wasm`, never committed), app.css and the icons.
//
// The pattern embeds the whole folder, so the package compiles on a fresh
// clone before app.wasm is built; the server serves only the asset types it
// knows, never these Go files.
package web

import "embed"

// FS holds the files of this folder, at its root (app.wasm, app.css, …).
//
//go:embed *
var FS embed.FS
