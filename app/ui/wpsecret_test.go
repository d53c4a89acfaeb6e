package ui

import "testing"

func TestSecretFromHash(t *testing.T) {
	for _, tt := range []struct {
		hash, want string
		ok         bool
	}{
		{"#?secret=abcdeABCDE", "abcdeABCDE", true},
		{"#?secret=0123456789", "0123456789", true},
		{"#?secret=abc12", "abc12", true},                   // wp-embed.js's draw can be short
		{"#results#?secret=abcdeABCDE", "abcdeABCDE", true}, // WordPress appends to a src with a fragment
		{"#?secret=abcdeABCDE&other=1", "abcdeABCDE", true}, // other parameters are ignored
		{"", "", false},
		{"#", "", false},
		{"#results", "", false},
		{"#?secret=", "", false},
		{"#?secret=abcdeABCDEF", "", false},   // 11 characters
		{"#?secret=abc-ABCDE", "", false},     // not a letter or digit
		{"#?secret=%3Cscript%3E", "", false},  // decodes to "<script>"
		{"#?secret=%C3%A9t%C3%A9", "", false}, // non-ASCII letters
		{"#secret=abcdeABCDE", "", false},     // WordPress writes "#?"
		{"#?secret=ab%zz", "", false},         // malformed escape
	} {
		got, ok := secretFromHash(tt.hash)
		if got != tt.want || ok != tt.ok {
			t.Errorf("secretFromHash(%q) = %q, %v; want %q, %v", tt.hash, got, ok, tt.want, tt.ok)
		}
	}
}
