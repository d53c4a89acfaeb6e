//go:build wasm

package data

// In the browser the dataset decodes with unmarshalDirect, a hand-written
// reader that reflects on the format's types once, not on every value
// (direct.go): encoding/json is slow in a freshly started wasm, and goccy/go-json would make app.wasm much
// larger. Tests decode the embedded dataset with all three and check the
// results are identical.
var unmarshal = unmarshalDirect

// checksBuilt is false in the browser: the build has no dataset checks, and
// Load there trusts the embedded dataset the server validated (see Load).
const checksBuilt = false

// modelsAtLoad is false in the browser: Load leaves each workload's models
// to LoadWorkload, which the first page that shows the workload calls, so
// that a page's start-up decodes only the workloads it needs.
const modelsAtLoad = false
