package ui

// The names Go and JavaScript share: web/boot.js, the service worker
// (app/server/worker.js), the server's patches and the wasm meet through
// them. Each is declared here once; Go code uses the constant, and the
// JavaScript, which the server serves as it is, writes the literal:
// TestJSNames holds both files to this list (every such name they use is
// declared, and every name in jsNames is used), and TestGoNamesDeclaredOnce
// holds the Go code to the constants. The page's other stable hooks are
// listed in the package doc (doc.go).

// Ids and classes of the page's elements that web/boot.js finds or makes,
// or the server's patches find in the prerendered page: an IDx is an id,
// a ClassX a class (TestGoNamesDeclaredOnce tells them apart by that).
const (
	// IDCalculator is the page's root; ClassLive marks it once the app has
	// replaced the prerendered page.
	IDCalculator = "calculator"
	ClassLive    = "live"
	// IDInputs is the calculator's form. Every field of the table names it
	// in its form attribute, so that a field drawn outside the form (Beyond
	// the GPU's) is still one of its fields: sent with it where the app does
	// not run, and among its elements for web/boot.js.
	IDInputs = "inputs"
	// IDResults is the results panel, which carries AttrCurrent.
	IDResults = "results"
	// IDScopePreset is Beyond the GPU's preset select, whose options' data
	// attributes name the fields they fill (host, idle and PUE). It is not a
	// field: it has no parameter.
	IDScopePreset = "scope-preset"
	// IDFootprintPreset is Beyond the GPU's footprint preset select: the
	// full footprint's defaults, or a WUE preset, whose options' data
	// attributes name the fields they fill as IDScopePreset's do. Not a
	// field either.
	IDFootprintPreset = "footprint-preset"
	// IDAppStatus says why the app is not running; boot.js adds
	// IDAppFailed (with its class, ClassAppFailed) to it when the app
	// cannot start or has stopped, with IDAppRetry after a failed download,
	// a stop or an app.wasm of another version. When the app stops, boot.js
	// also rewrites IDResultsForHint, #results-for's last words, and
	// disables IDCopyStatement and IDCopyStatementShort, the statement's
	// copy buttons.
	IDAppStatus          = "app-status"
	IDAppFailed          = "app-failed"
	ClassAppFailed       = "app-failed"
	IDAppRetry           = "app-retry"
	IDResultsForHint     = "results-for-hint"
	IDCopyStatement      = "copy-statement"
	IDCopyStatementShort = "copy-statement-short"
	// IDStartsOnUse is the embed's line "Press Change to edit and
	// recalculate", which boot.js rewrites as the app starts and removes
	// when it cannot.
	IDStartsOnUse = "starts-on-use"
	// IDStatementLink is the statement's permalink: the server's patch
	// fills in its origin, and boot.js writes a relative one out absolute.
	IDStatementLink = "statement-link"
	// IDStatementShortLink is the one-sentence statement's permalink, filled
	// in and written out as IDStatementLink.
	IDStatementShortLink = "statement-short-link"
	// IDEmbedSnippet is the embed panel's iframe snippet, whose origin the
	// server's patch fills in.
	IDEmbedSnippet = "embed-snippet"
)

// Globals web/boot.js defines on self.
const (
	// JSInstantiate is the compile boot.js started, which go-app's app.js
	// (patched by the server) instantiates; null when app.js ran first.
	JSInstantiate = "efInstantiate"
	// JSAfterStart runs go-app's registration of the service worker once the
	// app has started (patched into app.js by the server).
	JSAfterStart = "efAfterStart"
	// JSStarted is what the app calls once it has drawn its first page.
	JSStarted = "efStarted"
	// JSRun takes the promise of go.run (patched into app.js by the
	// server), which settles only when the Go program ends: boot.js then
	// says the calculator stopped.
	JSRun = "efRun"
	// JSEdits counts the edits of the form's fields boot.js has marked
	// #results not current for; the app sets it current again only once it
	// has handled as many (calculator.markCurrent).
	JSEdits = "efEdits"
)

// Data attributes read or written on both sides.
const (
	// AttrPrerenderedFor marks <html> of a page prerendered for another
	// query (the service worker's or a static host's copy), with that query.
	AttrPrerenderedFor = "data-prerendered-for"
	// AttrCurrent on #results is "no" while the figures are not for the
	// values in the fields.
	AttrCurrent = "data-current"
	// AttrName on a linked volume field is the name it is sent under.
	AttrName = "data-name"
	// The attributes of boot.js's script tag: app.wasm's URL, the scripts it
	// adds (go-app's wasm_exec.js and app.js), the service worker's scope
	// and the app's version.
	AttrWasm    = "data-wasm"
	AttrScripts = "data-scripts"
	AttrScope   = "data-scope"
	AttrVersion = "data-version"
	// AttrPage on <html>, PageEmbed, marks the embed for boot.js, which
	// starts its app only once the reader uses it (a focus, a pointer down
	// or a key in it), so that a page holding it pays for nothing until
	// then, and posts its height to the page around it (MsgHeight, and
	// WordPress's protocol). The embed's root carries it and the server
	// copies it to <html> (see app/server/patches.go), where boot.js finds
	// it before the body.
	AttrPage  = "data-page"
	PageEmbed = "embed"
)

// HeaderVersion is the response header of app.wasm that names its version
// (the server's, and the static build's _headers): web/boot.js starts only
// an app.wasm of the version its page was served with, and otherwise
// reloads the page once. Where it is missing (a static host that ignores
// _headers) boot.js cannot tell, and starts.
const HeaderVersion = "Energyfloor-Version"

// MsgHeight is the type of the embed's message to its parent window,
// {type: MsgHeight, height}: web/boot.js posts it, the snippet's script
// (embedScript) reads it.
const MsgHeight = "energyfloor:height"

// CachePrefix starts the name of the service worker's cache of a version:
// CachePrefix + scope URL + ":" + version. boot.js reads app.wasm from it.
const CachePrefix = "energyfloor:"

// The performance marks of the start-up, in the order they are set: boot.js
// sets the first three, the wasm the rest. cmd/bench splits the start-up
// into phases by them.
const (
	MarkWasmRequested = "ef:wasm-requested" // boot.js asks for app.wasm
	MarkWasmCompiled  = "ef:wasm-compiled"  // app.wasm is compiled
	MarkInstantiated  = "ef:instantiated"   // and instantiated
	MarkMain          = "ef:main"           // Go's main starts
	MarkNav           = "ef:nav"            // the calculator's first navigation
	MarkDecoded       = "ef:decoded"        // its dataset decoded
	MarkMountPaused   = "ef:mount-paused"   // the first mount yields, once
	MarkRendered      = "ef:rendered"       // the first page is drawn
	MarkLive          = "ef:live"           // the lower sections go live
)

// Marks lists the marks, in order.
var Marks = []string{
	MarkWasmRequested, MarkWasmCompiled, MarkInstantiated, MarkMain, MarkNav,
	MarkDecoded, MarkMountPaused, MarkRendered, MarkLive,
}

// jsNames are the names web/boot.js and app/server/worker.js may use.
var jsNames = []string{
	JSInstantiate, JSAfterStart, JSStarted, JSRun, JSEdits,
	AttrPrerenderedFor, AttrCurrent, AttrName, AttrWasm, AttrScripts, AttrScope, AttrVersion, AttrPage,
	CachePrefix, MsgHeight, HeaderVersion,
	MarkWasmRequested, MarkWasmCompiled, MarkInstantiated,
	IDCalculator, ClassLive, IDInputs, IDResults, IDScopePreset, IDFootprintPreset, IDAppStatus, IDAppFailed, ClassAppFailed,
	IDAppRetry, IDStartsOnUse, IDStatementLink, IDStatementShortLink, IDResultsForHint, IDCopyStatement,
	IDCopyStatementShort,
}
