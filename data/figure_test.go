package data

import "testing"

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
		{"123456789012345678", "123456789012345678"},
		{"1234567890123456789012.5", "1234567890123456789012.5"},
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
