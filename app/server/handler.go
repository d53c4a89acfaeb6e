package server

import (
	"html"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"energyfloor/app/ui"
)

// Theme colours of the manifest and the page (web/icons.go draws the icons
// in the same theme colour).
const (
	themeColor      = "#0b5563"
	backgroundColor = "#ffffff"
)

// handler returns the go-app Handler that prerenders Energy Floor's pages and
// serves its PWA files (app.js, app-worker.js, the manifest). The server and
// the static build share it.
//
// version identifies the content (a hash of app.wasm and the dataset), so a
// restart is not an update and a deploy is. It is also the app version the
// page shows: go-app passes Version on as GOAPP_VERSION, to the wasm through
// app.js and to the prerender through the server's environment. wasmSize is app.wasm's
// uncompressed size in bytes, which go-app's app.js reads (the server's
// app.js shows no percentage: see LoadingLabel below). prefix is the sub-path the app
// is served under ("" for the root, "/energy" for a static build there).
//
// Every URL it emits is on the page's own origin: the icons, app.css and the
// wasm come from /web/, nothing from a CDN.
func handler(version string, wasmSize int64, prefix string) *app.Handler {
	var resources app.ResourceResolver = resolverOnly{app.LocalDir("")}
	if prefix != "" {
		resources = app.PrefixedLocation(prefix)
	}
	return &app.Handler{
		Name:            "Energy Floor",
		ShortName:       "Energy Floor",
		Title:           "Energy Floor: the least energy generative AI needs to serve your traffic",
		Description:     "An offline calculator of the least GPU energy generative AI needs to serve your traffic (text, images and video), from the ML.ENERGY Leaderboard v3 measurements.",
		Lang:            "en",
		ThemeColor:      themeColor,
		BackgroundColor: backgroundColor,
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-maskable-512.png",
			SVG:      "/web/icon.svg",
		},
		// The server's app.js fetches app.wasm directly, for streaming
		// compilation and the compiled-code cache, so there is no
		// percentage to show (go-app's default label is "{progress}%").
		LoadingLabel:          "Loading…",
		Styles:                []string{"/web/app.css"},
		CacheableResources:    []string{"/web/icon.svg", "/web/boot.js", ui.SplitCSS},
		Resources:             resources,
		Version:               version,
		WasmContentLength:     strconv.FormatInt(wasmSize, 10),
		ServiceWorkerTemplate: workerTemplate(resources),
		// boot.js starts the app: it compiles app.wasm and adds go-app's
		// wasm_exec.js and app.js, on a first visit only after the
		// prerendered page has painted (see web/boot.js). The Site drops
		// go-app's own deferred tags for those two scripts (see
		// dropGoappScripts).
		RawHeaders: []string{`<script async fetchpriority="high" src="` + resources.Resolve("/web/boot.js") +
			`" ` + ui.AttrWasm + `="` + resources.Resolve("/web/app.wasm") +
			`" ` + ui.AttrScripts + `="` + prefix + `/wasm_exec.js ` + prefix + `/app.js` +
			`" ` + ui.AttrScope + `="` + prefix + `/" ` + ui.AttrVersion + `="` + html.EscapeString(version) + `"></script>`},
	}
}

// resolverOnly hides the http.Handler of go-app's LocalDir, so go-app never
// serves files from the working directory: the server serves /web/ from the
// embedded assets, in front of the go-app Handler.
type resolverOnly struct{ r app.ResourceResolver }

func (r resolverOnly) Resolve(location string) string { return r.r.Resolve(location) }
