package floor_test

import (
	"fmt"
	"testing"

	"energyfloor/app/floor"
)

func TestParseGPU(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
		wantErr  bool
	}{
		{"H100", "H100", floor.H100, false},
		{"B200", "B200", floor.B200, false},
		{"lower case", "h100", floor.H100, false},
		{"mixed case with spaces", " b200\t", floor.B200, false},
		{"empty is either", "", "", false},
		{"spaces are either", "  ", "", false},
		{"either", "either", "", false},
		{"either in capitals", "EITHER", "", false},
		{"any", "Any", "", false},
		{"another GPU", "A100", "", true},
		{"a GPU with its maker", "NVIDIA H100", "", true},
		{"markup", "<b>H100</b>", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := floor.ParseGPU(tt.in)
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("ParseGPU(%q) = %q, %v; want %q, error %t", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
	if _, err := floor.ParseGPU("A100"); err == nil || err.Error() != "Choose H100 or B200, or leave it out for either." {
		t.Errorf("ParseGPU(%q) error = %v, want the sentence for the user", "A100", err)
	}
}

func ExampleParseGPU() {
	for _, s := range []string{"h100", "either", "A100"} {
		gpu, err := floor.ParseGPU(s)
		fmt.Printf("%q %v\n", gpu, err)
	}
	// Output:
	// "H100" <nil>
	// "" <nil>
	// "" Choose H100 or B200, or leave it out for either.
}
