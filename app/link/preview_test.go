package link

import (
	"energyfloor/data"
	"strings"
	"testing"
)

func TestPreview(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	preview := func(raw string) (string, string, bool) {
		f, _ := Decode(ds, raw)
		return Preview(ds, &f)
	}
	title, description, ok := preview("tokens=2.5B&output=500&itl=100")
	if !ok {
		t.Fatal("no preview")
	}
	if want := "At least 0.0334 Wh per request for Qwen 3 235B A22B Instruct"; title != want {
		t.Errorf("title = %q, want %q", title, want)
	}
	caveat := firstSentence(ds.Caveat)
	if !strings.HasPrefix(description, title+", 167 kWh a month") || !strings.HasSuffix(description, ". "+caveat) {
		t.Errorf("description = %q, want the title, the monthly figure and %q", description, caveat)
	}
	if strings.Contains(caveat, ". ") || !strings.HasSuffix(caveat, ".") {
		t.Errorf("caveat's first sentence = %q", caveat)
	}
	// A query the calculator corrects (with notices) previews what the page shows.
	if title, _, ok := preview("workload=nope&tokens=2.5B&output=500&itl=100"); !ok || !strings.HasPrefix(title, "At least ") {
		t.Errorf("preview of a corrected query: %q, %v", title, ok)
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One (a, b). Two.": "One (a, b).",
		"Only one.":        "Only one.",
		"":                 "",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}
