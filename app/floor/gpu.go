package floor

import (
	"errors"
	"strings"
)

// errGPU answers a GPU that is neither measured GPU nor a word for either.
var errGPU = errors.New("Choose H100 or B200, or leave it out for either.")

// ParseGPU reads a GPU filter as a person gives it, in a link or a flag: H100
// or B200 in any case; "", "either" or "any" (in any case) for either GPU,
// which it returns as "" (Inputs.GPU's either). Surrounding spaces are
// ignored. Anything else is an error whose Error() is a sentence for the
// user.
func ParseGPU(s string) (string, error) {
	switch g := strings.ToUpper(strings.TrimSpace(s)); g {
	case H100, B200:
		return g, nil
	case "", "EITHER", "ANY":
		return "", nil
	}
	return "", errGPU
}
