package data

import (
	"io/fs"
	"regexp"
	"testing"

	"github.com/shopspring/decimal"
)

func TestParseFigure(t *testing.T) {
	tests := []struct {
		in, want string // want "" for an error
	}{
		{"0.2402453", "0.2402453"},
		{"1264.0", "1264"},
		{"3196", "3196"},
		{"-396.8", "-396.8"},
		{"-0", "0"},
		{"0.0000001", "0.0000001"},
		{"1E+2", "100"},
		{"2.5e-3", "0.0025"},
		{"123456789012345678", "123456789012345678"}, // 18 digits: the fast path
		{"1234567890123456789012.5", "1234567890123456789012.5"}, // beyond int64: NewFromString
		{"1e999", "1" + zeros(999)},
		{"", ""},
		{"-", ""},
		{"abc", ""},
		{"1.2.3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseFigure(tt.in)
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("parseFigure(%q) = %s, want an error", tt.in, got)
			case tt.want != "" && err != nil:
				t.Errorf("parseFigure(%q): %v", tt.in, err)
			case tt.want != "" && got.String() != tt.want:
				t.Errorf("parseFigure(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

// TestParseFigureDataset checks parseFigure against decimal.NewFromString on
// every number in the embedded dataset.
func TestParseFigureDataset(t *testing.T) {
	number := regexp.MustCompile(`-?\d+(\.\d+)?([eE][-+]?\d+)?`)
	n := 0
	err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Files(), path)
		for _, s := range number.FindAllString(string(b), -1) {
			n++
			got, err := parseFigure(s)
			want := decimal.RequireFromString(s)
			if err != nil || !got.Equal(want) || got.Exponent() != want.Exponent() {
				t.Errorf("%s: parseFigure(%q) = %s (exponent %d), %v; NewFromString gives %s (exponent %d)", path, s, got, got.Exponent(), err, want, want.Exponent())
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10000 {
		t.Errorf("checked %d numbers, want every number of the dataset (over 10,000)", n)
	}
}

func decimalFromString(s string) (decimal.Decimal, error) { return decimal.NewFromString(s) }
