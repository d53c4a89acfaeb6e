package ui

import _ "embed"

// serviceWorkerJS is the template of the app's service worker (app-worker.js),
// go-app's DefaultAppWorkerJS with the changes listed at the top of
// worker.js: offline permalinks and sub-paths, and updates that never mix
// two versions. go-app fills in {{.Version}} and {{.ResourcesToCache}};
// Handler fills in {{.ExtraPages}}.
//
//go:embed worker.js
var serviceWorkerJS string
