// Package web embeds Energy Floor's static assets, served under /web/: the
// compiled app.wasm with its precompressed app.wasm.br and app.wasm.gz (built
// by `make wasm`, never committed), the icons, and two files the server
// assembles from their parts and serves as one response each (Parts):
// app.css, the stylesheet, from css/ (Styles), and boot.js, the one script a
// page runs before its app, from boot/ (Boot).
//
// The pattern embeds the whole folder, so the package compiles on a fresh
// clone before app.wasm is built; the server serves only the asset types it
// knows, never these Go files.
package web

import "embed"

// FS holds the files of this folder, at its root (app.wasm, css/, boot/, …).
//
//go:embed *
var FS embed.FS
