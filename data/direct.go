package data

import (
	"errors"
	"fmt"
)

// unmarshalDirect decodes index.json (into a *Index), a model file (into a
// *ModelFile, or a *DiffusionModelFile), grid.json (into a *GridFile), published.json (into a
// *PublishedFile) or equivalents.json (into an *EquivalentsFile) with a small hand-written JSON reader: no reflection,
// one pass over the bytes, filling the format's types (format.go). The
// browser build uses it (unmarshal_wasm.go). Natively it is tested against
// goccy/go-json and encoding/json: on every file they accept, it gives the
// same values; it refuses what they refuse, and a little more (keys in
// another case, an array given twice, text after the value, invalid UTF-8,
// numbers quoted as strings). The reader's scanning is here, its values
// (strings, numbers, lists) in direct_values.go, and the reading of each
// file's types in a file of its own: direct_index.go, direct_model.go,
// direct_diffusion.go, direct_grid.go, direct_published.go and
// direct_equivalents.go.
func unmarshalDirect(b []byte, v any) error {
	r := &reader{s: string(b)}
	var err error
	switch v := v.(type) {
	case *Index:
		err = r.index(v)
	case *ModelFile:
		err = r.model(v)
	case *DiffusionModelFile:
		err = r.diffusionModel(v)
	case *GridFile:
		err = r.grid(v)
	case *PublishedFile:
		err = r.published(v)
	case *EquivalentsFile:
		err = r.equivalents(v)
	default:
		return fmt.Errorf("unmarshalDirect: cannot decode into %T", v)
	}
	if err == nil {
		r.space()
		if r.i < len(r.s) {
			err = r.fail("text after the top-level value")
		}
	}
	return err
}

// reader reads JSON from s, at byte offset i. The strings it returns are
// substrings of s: one allocation per file instead of one per value (the
// dataset keeps every file's text for as long as it lives).
type reader struct {
	s string
	i int
}

var (
	// errUnknown marks an object key the dataset's format does not have.
	errUnknown = errors.New("unknown field")
	// errTwice marks an array-valued key given twice in one object: a
	// second array would overwrite the first's elements in place in
	// encoding/json (a row missing a field would keep the first array's
	// value), so it is refused rather than decoded differently. Other keys
	// given twice take the last value, as in encoding/json.
	errTwice = errors.New("given twice")
)

func (r *reader) fail(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", r.i, fmt.Sprintf(format, args...))
}

func (r *reader) space() {
	s, i := r.s, r.i
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	r.i = i
}

// peek skips white space and returns the next byte (0 at the end).
func (r *reader) peek() byte {
	r.space()
	if r.i < len(r.s) {
		return r.s[r.i]
	}
	return 0
}

func (r *reader) expect(c byte) error {
	if r.peek() != c {
		return r.fail("want %q", c)
	}
	r.i++
	return nil
}

// literal consumes word (true, false, null) if it comes next.
func (r *reader) literal(word string) bool {
	if r.peek() == word[0] && len(r.s)-r.i >= len(word) && r.s[r.i:r.i+len(word)] == word {
		r.i += len(word)
		return true
	}
	return false
}

// object reads an object, calling field with each key, positioned at its
// value; null leaves the target as it was, as encoding/json does. An array
// given twice is refused (errTwice).
func (r *reader) object(field func(key string) error) error {
	if r.literal("null") {
		return nil
	}
	if err := r.expect('{'); err != nil {
		return err
	}
	if r.peek() == '}' {
		r.i++
		return nil
	}
	for {
		at := r.i
		key, err := r.str()
		if err != nil {
			return err
		}
		if err := r.expect(':'); err != nil {
			return err
		}
		if err := field(key); err != nil {
			switch err {
			case errUnknown:
				r.i = at
				return r.fail("unknown field %q", key)
			case errTwice:
				r.i = at
				return r.fail("field %q given twice", key)
			}
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			return nil
		default:
			return r.fail("want ',' or '}'")
		}
	}
}

// array reads an array, calling elem positioned at each element.
func (r *reader) array(elem func() error) error {
	if r.literal("null") {
		return nil
	}
	if err := r.expect('['); err != nil {
		return err
	}
	if r.peek() == ']' {
		r.i++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case ']':
			r.i++
			return nil
		default:
			return r.fail("want ',' or ']'")
		}
	}
}
