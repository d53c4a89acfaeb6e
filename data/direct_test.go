//go:build !wasm

package data

import (
	"reflect"
	"strings"
	"testing"
)

// TestDirectAgrees decodes small model files with unmarshalDirect and
// encoding/json and checks the values are the same: escapes, null, empty
// arrays, numbers as written.
func TestDirectAgrees(t *testing.T) {
	tests := []struct{ name, json string }{
		{"escapes", `{"name":"a\"b\\c\/d\b\f\n\r\t\u00e9\u20ac\ud83d\ude00 é"}`},
		{"null leaves values", `{"name":null,"gpus":null,"best":null,"configurations":null,"params_b":null,"source":null}`},
		{"empty arrays and objects", `{"gpus":[],"configurations":[],"best":{},"source":{"licence_evidence":[]}}`},
		{"null elements", `{"configurations":[null,{}],"best":{"H100":null},"gpus":[null,"B200"]}`},
		{"numbers as written", `{"params_b":8.0,"itl_deadline_ms":-0,"configurations":[{"joules_per_output_token":0.2402453,"median_itl_ms":1E+2,"num_gpus":8,"p90_itl_ms":-0.5e-3}]}`},
		{"white space", " \t\n{ \"slug\" : \"x\" ,\r\n\"gpus\" : [ \"H100\" , \"B200\" ] }\n"},
		{"scalar given twice: the last", `{"slug":"a","slug":"b","configurations":[{"gpu":"H100","gpu":"B200","under_itl_deadline":true,"under_itl_deadline":false}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, want ModelFile
			if err := unmarshalStd([]byte(tt.json), &want); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			if err := unmarshalDirect([]byte(tt.json), &got); err != nil {
				t.Fatalf("got error %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}

// TestDirectRefuses checks what unmarshalDirect refuses, with a message
// naming the problem and where.
func TestDirectRefuses(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"empty", ``, `offset 0: want '{'`},
		{"unknown field", `{"slug":"x","joules":1}`, `offset 12: unknown field "joules"`},
		{"key in another case", `{"Slug":"x"}`, `unknown field "Slug"`},
		{"array given twice", `{"configurations":[],"configurations":[]}`, `field "configurations" given twice`},
		{"text after the value", `{} {}`, `offset 3: text after the top-level value`},
		{"unterminated string", `{"slug":"x`, `unterminated string`},
		{"control character", "{\"slug\":\"a\nb\"}", `control character in a string`},
		{"invalid UTF-8", "{\"slug\":\"\xff\"}", `invalid UTF-8`},
		{"lone surrogate", `{"slug":"\ud83d"}`, `invalid \u escape`},
		{"bad escape", `{"slug":"\x"}`, `invalid escape \x`},
		{"number as a string", `{"configurations":[{"joules_per_output_token":"0.5"}]}`, `want a number`},
		{"leading zero", `{"configurations":[{"joules_per_output_token":01}]}`, `offset 46: want a number`},
		{"NaN", `{"configurations":[{"joules_per_output_token":NaN}]}`, `want a number`},
		{"bare dot", `{"configurations":[{"joules_per_output_token":1.}]}`, `want a digit after '.'`},
		{"bare exponent", `{"configurations":[{"joules_per_output_token":1e}]}`, `want a digit in the exponent`},
		{"fraction for a whole number", `{"configurations":[{"num_gpus":1.5}]}`, `1.5 is not a whole number`},
		{"whole number too large", `{"itl_deadline_ms":9223372036854775808}`, `not a whole number within 64 bits`},
		{"not a bool", `{"configurations":[{"under_itl_deadline":1}]}`, `want true or false`},
		{"missing comma", `{"slug":"x" "name":"y"}`, `want ',' or '}'`},
		{"unclosed array", `{"gpus":["H100"}`, `want ',' or ']'`},
		{"truncated", `{"gpus":["H1`, `unterminated string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m ModelFile
			err := unmarshalDirect([]byte(tt.json), &m)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestDirectAgreesGridAndPublished decodes small grid.json,
// published.json and footprint.json documents, and the bundled
// equivalents.json and footprint.json, with unmarshalDirect and
// encoding/json and checks the values are the same.
func TestDirectAgreesGridAndPublished(t *testing.T) {
	tests := []struct {
		name string
		new  func() any
		json string
	}{
		{"grid", func() any { return &GridFile{} }, `{"version":"1","unit":"gCO2e per kWh","source":{"name":"E","publisher":"P","url":"u","data_url":"d",` +
			`"commit":"c","updated":"2025-08-03","licence":"CC BY-SA 4.0","licence_evidence":["a","b"],"attribution":"A","method":"M"},` +
			`"intensities":[{"code":"DEU","name":"Germany","year":2024,"gco2e_per_kwh":342.06},null,{"code":"World","name":"W\u00f6rld","year":2024,"gco2e_per_kwh":0}]}`},
		{"grid with nulls", func() any { return &GridFile{} }, `{"source":null,"intensities":null,"updated":null}`},
		{"published", func() any { return &PublishedFile{} }, `{"version":"1","note":"n","figures":[{"id":"a","publisher":"P","subject":"s",` +
			`"wh_per_prompt":0.10,"approximate":true,"date":"2025-05","source":"S","url":"https://x","scope":"All.","aligns_with":"none"}]}`},
		{"published, empty", func() any { return &PublishedFile{} }, `{"figures":[]}`},
		{"equivalents, the bundled file", func() any { return &EquivalentsFile{} }, string(equivalentsJSON)},
		{"footprint, the bundled file", func() any { return &FootprintFile{} }, string(footprintJSON)},
		{"footprint, a server row and nulls", func() any { return &FootprintFile{} }, `{"version":"1","embodied_kgco2e_per_gpu":[{"gpu":"H100",` +
			`"id":"a","value":164,"retrieved":"2026-12-06"},null],"service_life_years":null,"server_kgco2e":[{"id":"s","value":1.5e3,` +
			`"figure":"1,500 kg \u00f7 1"}],"full_footprint":{"embodied":"nvidia","server":"s"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, want := tt.new(), tt.new()
			if err := unmarshalStd([]byte(tt.json), want); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			if err := unmarshalDirect([]byte(tt.json), got); err != nil {
				t.Fatalf("got error %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
	for _, tt := range []struct {
		name string
		v    any
		json string
		want string
	}{
		{"unknown grid field", &GridFile{}, `{"intensities":[{"code":"DEU","iso":"DE"}]}`, `unknown field "iso"`},
		{"unknown source field", &GridFile{}, `{"source":{"retrieved":"x"}}`, `unknown field "retrieved"`},
		{"a year that is not whole", &GridFile{}, `{"intensities":[{"year":2024.5}]}`, "2024.5 is not a whole number"},
		{"unknown published field", &PublishedFile{}, `{"figures":[{"id":"a","wh":1}]}`, `unknown field "wh"`},
		{"figures given twice", &PublishedFile{}, `{"figures":[],"figures":[]}`, `field "figures" given twice`},
		{"unknown footprint field", &FootprintFile{}, `{"wue_l_per_kwh":[{"id":"a","withdrawal":1}]}`, `unknown field "withdrawal"`},
		{"unknown full footprint field", &FootprintFile{}, `{"full_footprint":{"water":"x"}}`, `unknown field "water"`},
		{"a type it does not read", &Row{}, `{}`, "cannot decode into *data.Row"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := unmarshalDirect([]byte(tt.json), tt.v); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
