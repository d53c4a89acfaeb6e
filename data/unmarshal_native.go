//go:build !wasm

package data

import (
	"bytes"

	json "github.com/goccy/go-json"
)

// Natively (server, CLI, compiler, tests) the dataset decodes with
// goccy/go-json. The browser build uses unmarshalDirect instead
// (unmarshal_wasm.go), as goccy/go-json would make app.wasm much larger. A
// test decodes the embedded dataset with both (and encoding/json) and checks
// the results are identical.
var unmarshal = unmarshalGoccy

// unmarshalGoccy decodes with goccy/go-json, refusing unknown fields.
func unmarshalGoccy(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// checksBuilt is true natively: Load and Decode validate every record.
const checksBuilt = true

// modelsAtLoad is true natively: Load decodes (and validates) every
// workload's models before it returns, so a bad file fails at start.
const modelsAtLoad = true
