//go:build wasm

package data

// In the browser the dataset decodes with unmarshalDirect, a hand-written
// reader without reflection (direct.go): encoding/json took 0.6–2 s of a
// freshly started wasm's start-up, goccy/go-json would add about 0.28 MB
// brotli to app.wasm (GOAPP-NOTES.md). Tests decode the embedded dataset with
// all three and check the results are identical.
var unmarshal = unmarshalDirect

// checksBuilt is false in the browser: the build has no dataset checks, and
// Load there trusts the embedded dataset the server validated (see Load).
const checksBuilt = false
