package floor

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"slices"
	"testing"

	"github.com/shopspring/decimal"
)

// TestJSONCSVNewField checks that a field added to the report, at its top
// level or in its results, nested or not, null or not, shows up as a column
// in the JSON's order.
func TestJSONCSVNewField(t *testing.T) {
	type wideResult struct {
		Rank   int           `json:"rank"`
		Note   string        `json:"note"`
		Extra  *ReportSpread `json:"extra"`
		hidden int
	}
	type wideReport struct {
		Inputs      ReportInputs `json:"inputs"`
		DataVersion string       `json:"data_version"`
		Results     []wideResult `json:"results"`
		Added       Number       `json:"added"`
	}
	n := Number(decimal.RequireFromString("-1.5"))
	rep := wideReport{
		Inputs: ReportInputs{Workload: "w", reportScope: reportScope{Currency: "EUR"}}, DataVersion: "d",
		Added:   n,
		Results: []wideResult{{Rank: 1, Note: "a note"}, {Rank: 2, Extra: &ReportSpread{Floor: n}}},
	}
	b, err := jsonCSV(&rep)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := records[0]
	col := func(name string) int {
		i := slices.Index(header, name)
		if i < 0 {
			t.Fatalf("no column %q in %q", name, header)
		}
		return i
	}
	if header[0] != "inputs.workload" || header[len(header)-1] != "added" {
		t.Errorf("header runs %q … %q, want the inputs first and the report's new field last", header[0], header[len(header)-1])
	}
	if col("inputs.currency") > col("rank") || col("rank") > col("note") || col("note") > col("extra.floor") || col("extra.highest") > col("data_version") {
		t.Errorf("the result's fields are not after the inputs and before the report's others: %q", header)
	}
	for _, tc := range []struct {
		row  int
		name string
		want string
	}{
		{1, "note", "a note"}, {2, "note", ""},
		{1, "extra.floor", ""}, {2, "extra.floor", "-1.5"},
		{1, "added", "-1.5"}, {2, "added", "-1.5"},
		{1, "rank", "1"}, {2, "rank", "2"},
		{2, "inputs.currency", "EUR"},
	} {
		if got := records[tc.row][col(tc.name)]; got != tc.want {
			t.Errorf("row %d, %s: got %q, want %q", tc.row, tc.name, got, tc.want)
		}
	}
	if slices.Contains(header, "hidden") || slices.Contains(header, "results") {
		t.Errorf("header %q has an unexported field or the results array", header)
	}
}

// TestReportEmbedsPlainly: the report's types, token and diffusion, embed
// only untagged structs, and no type's JSON repeats a key, so the CSV's
// columns (jsonFields) need none of encoding/json's other rules for
// embedded fields.
func TestReportEmbedsPlainly(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] || ty.PkgPath() != reflect.TypeFor[Report]().PkgPath() {
			return
		}
		seen[ty] = true
		for f := range ty.Fields() {
			if f.Anonymous && (f.Tag.Get("json") != "" || f.Type.Kind() != reflect.Struct) {
				t.Errorf("%s embeds %s tagged %q: the CSV's columns follow encoding/json only for untagged embedded structs", ty, f.Type, f.Tag.Get("json"))
			}
			walk(f.Type)
		}
		keys := map[string]bool{}
		for _, f := range jsonFields(ty) {
			if keys[f.name] {
				t.Errorf("%s writes %q twice: the CSV's columns do not follow encoding/json's rules for a repeated key", ty, f.name)
			}
			keys[f.name] = true
		}
	}
	walk(reflect.TypeFor[Report]())
	walk(reflect.TypeFor[diffusionReport]())
	if len(seen) < 10 {
		t.Errorf("walked %d types of the report, want all of them", len(seen))
	}
}

// TestCSVText checks that text a spreadsheet would read as a formula is
// neutralised, and other text is not.
func TestCSVText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"=1+2", "'=1+2"}, {"@A1", "'@A1"}, {"+1", "'+1"}, {"-1", "'-1"}, {"\t1", "'\t1"}, {"\r1", "'\r1"},
		{"EUR", "EUR"}, {"", ""}, {"1=1", "1=1"}, {"'=1", "'=1"},
	} {
		if got := csvText(tc.in); got != tc.want {
			t.Errorf("csvText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
