package floor_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"

	"github.com/shopspring/decimal"
)

// TestReportCSVIsTheJSON checks that every CSV column is the JSON report's
// field of the same path, with the same value (null as an empty cell), for a
// ranking in which some results meet the target and some do not, with a
// selected model.
func TestReportCSVIsTheJSON(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := ds.Workload("lm-arena-chat")
	in := floor.DefaultInputs()
	in.Model = ""
	in.TargetITLMs = decimal.NewFromInt(20)
	rep := floor.NewReport(ds, w, in, floor.Rank(w, in), "test")
	rep.Select("qwen-3-8b")

	js, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(rep.CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	results := doc["results"].([]any)
	if len(records) != len(results)+1 {
		t.Fatalf("got %d CSV rows, want a header and %d", len(records), len(results))
	}
	meets, misses := 0, 0
	for i, res := range results {
		res := res.(map[string]any)
		if res["meets_target"] == true {
			meets++
		} else {
			misses++
		}
		for j, name := range records[0] {
			// A path names a field of the result, or else of the report.
			keys := strings.Split(name, ".")
			var v any = res
			if _, ok := res[keys[0]]; !ok {
				v = doc
			}
			for _, key := range keys {
				m, ok := v.(map[string]any)
				if !ok {
					break // a null object: its fields are null too
				}
				if v, ok = m[key]; !ok {
					t.Fatalf("column %q: the JSON report has no such field", name)
				}
			}
			want := ""
			switch v := v.(type) {
			case nil:
			case string:
				want = v
			case json.Number:
				want = v.String()
			case bool:
				want = map[bool]string{true: "true", false: "false"}[v]
			default:
				t.Fatalf("column %q: the JSON value is %T, not a scalar", name, v)
			}
			if got := records[i+1][j]; got != want {
				t.Errorf("result %d, column %q: CSV %q, JSON %q", i+1, name, got, want)
			}
		}
	}
	if meets == 0 || misses == 0 {
		t.Errorf("want results that meet the target and results that do not; got %d and %d", meets, misses)
	}
}
