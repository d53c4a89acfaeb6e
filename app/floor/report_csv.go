package floor

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// CSV returns the report as CSV: one row per result, each carrying the
// report's other fields, so that any row quoted alone keeps its inputs,
// versions, caveat and citation. Each column is named by its path in the JSON
// report ("inputs.workload", "configuration.num_gpus"), and each cell is the
// JSON's value there: an empty cell is JSON's null, or an absent or null
// object. The columns are the report's inputs, then the result's fields, then
// the report's other fields, each in the JSON's order.
func (r *Report) CSV() ([]byte, error) {
	return r.kind.spec().family.reportCSV(r)
}

// jsonCSV writes rep, a struct whose JSON has an "inputs" object and a
// "results" array of objects, as CSV (Report.CSV). The columns come from
// rep's type, so every row has the same header whichever objects are null.
func jsonCSV[R any](rep *R) ([]byte, error) {
	var inputs, results, rest []string
	for _, f := range jsonFields(reflect.TypeFor[R]()) {
		switch {
		case f.name == "results" && f.typ.Kind() == reflect.Slice:
			results = jsonPaths(f.typ.Elem(), "")
		case f.name == "inputs":
			inputs = jsonPaths(f.typ, "inputs.")
		default:
			rest = append(rest, jsonPaths(f.typ, f.name+".")...)
		}
	}
	js, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := slices.Concat(inputs, results, rest)
	w.Write(header) // writes to a bytes.Buffer do not fail
	row := make([]string, len(header))
	resultRows, _ := doc["results"].([]any)
	for _, res := range resultRows {
		for i, path := range header {
			if i >= len(inputs) && i < len(inputs)+len(results) {
				row[i] = csvCell(res, path)
			} else {
				row[i] = csvCell(doc, path)
			}
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// jsonField is a field as encoding/json writes it: its key and Go type.
type jsonField struct {
	name string
	typ  reflect.Type
}

// jsonFields returns the fields encoding/json writes for struct type t, in
// its order: its exported fields under their json keys, and in place of an
// untagged embedded struct its fields. The report's types embed only
// untagged structs and repeat no key (TestReportEmbedsPlainly), so
// encoding/json's other rules for embedded fields have no case here.
func jsonFields(t reflect.Type) []jsonField {
	var fs []jsonField
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			fs = append(fs, jsonFields(f.Type)...)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs = append(fs, jsonField{name: name, typ: f.Type})
	}
	return fs
}

// marshaler is the interface of types that write their own JSON.
var marshaler = reflect.TypeFor[json.Marshaler]()

// jsonPaths returns the paths of the JSON values of type t under prefix
// (which ends with "." or is empty): one for a value, and those of each field
// for an object, a pointer to a struct included.
func jsonPaths(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer && !t.Implements(marshaler) {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
		return []string{strings.TrimSuffix(prefix, ".")}
	}
	var paths []string
	for _, f := range jsonFields(t) {
		paths = append(paths, jsonPaths(f.typ, prefix+f.name+".")...)
	}
	return paths
}

// csvCell returns the value at path in the decoded JSON v as a CSV cell:
// "" for null or absent, a number's digits, true or false, and text
// neutralised (csvText).
func csvCell(v any, path string) string {
	for key := range strings.SplitSeq(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return "" // under a null object
		}
		v = m[key]
	}
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return csvText(v)
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	}
	b, _ := json.Marshal(v) // an array or object at a leaf: its JSON
	return csvText(string(b))
}

// csvText neutralises text a spreadsheet would read as a formula: text that
// starts with =, +, -, @, a tab or a carriage return gets a leading single
// quote, as OWASP's guidance on CSV injection advises. Numbers are written
// as they are.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
