package data

import (
	"bytes"
	"encoding/json"
)

// unmarshalStd decodes with encoding/json, refusing unknown fields: the
// reference the goccy/go-json and unmarshalDirect decoders are tested
// against.
func unmarshalStd(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
