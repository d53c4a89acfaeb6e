package floor_test

import (
	"strings"
	"testing"

	"energyfloor/app/floor"
	"energyfloor/data"
)

// TestWithArticle: the article follows the number as it is spoken.
func TestWithArticle(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"8 s", "an 8 s"},
		{"11 ms", "an 11 ms"},
		{"18 ms", "an 18 ms"},
		{"80 ms", "an 80 ms"},
		{"800 ms", "an 800 ms"},
		{"8,000 ms", "an 8,000 ms"},
		{"8000", "an 8000"},
		{"11,000 ms", "an 11,000 ms"},
		{"18,500 s", "an 18,500 s"},
		{"80,000", "an 80,000"},
		{"8.5 ms", "an 8.5 ms"},
		{"11.6392002 s", "an 11.6392002 s"},
		{"8,000,000", "an 8,000,000"},
		{"18,000,000", "an 18,000,000"},
		{"1 ms", "a 1 ms"},
		{"100 ms", "a 100 ms"},
		{"110 ms", "a 110 ms"},
		{"180 ms", "a 180 ms"},
		{"1,100 ms", "a 1,100 ms"},
		{"1,800 s", "a 1,800 s"},
		{"118,000", "a 118,000"},
		{"0.8 s", "a 0.8 s"},
		{"30 s", "a 30 s"},
		{"60,000 ms", "a 60,000 ms"},
		{"", "a "},
	} {
		if got := floor.WithArticle(c.in); got != c.want {
			t.Errorf("WithArticle(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStatementArticle: the statements put "an" before an 80 ms or an 8 s
// target, and "a" before a 100 ms one.
func TestStatementArticle(t *testing.T) {
	ds, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	chat := ds.TokenWorkload(floor.DefaultWorkload)
	images := ds.DiffusionWorkload("text-to-image")
	itl := func(ms string) floor.Inputs {
		in := floor.DefaultInputs()
		in.TargetITLMs = dec(ms)
		return in
	}
	image := func(s string) floor.Inputs {
		in := floor.Inputs{Workload: images.ID, OutputTokensPerMonth: dec("1"), OutputTokensPerRequest: dec("1")}
		in.ImagesOrVideosPerMonth, _ = images.Kind.Defaults()
		in.TargetLatencyS = dec(s)
		return in
	}
	for _, c := range []struct {
		name      string
		w         *floor.Workload
		in        floor.Inputs
		want, not string
	}{
		{"80 ms", chat, itl("80"), "an 80 ms median", "a 80 ms"},
		{"18 ms", chat, itl("18"), "an 18 ms median", "a 18 ms"},
		{"100 ms", chat, itl("100"), "a 100 ms median", "an 100 ms"},
		{"8 s", images, image("8"), "an 8 s batch", "a 8 s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, r, ok := floor.StatementFloor(c.w, c.in)
			if !ok {
				t.Fatal("no model to state")
			}
			for name, got := range map[string]string{
				"Statement":      floor.Statement(ds, c.w, in, r, ""),
				"ShortStatement": floor.ShortStatement(c.w, in, r, ""),
			} {
				if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
					t.Errorf("%s has no %q, or has %q:\n%s", name, c.want, c.not, got)
				}
			}
		})
	}
}
