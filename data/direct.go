package data

import (
	"errors"
	"fmt"
	"reflect"
)

// unmarshalDirect decodes index.json (into a *Index), a model file (into a
// *ModelFile, or a *DiffusionModelFile), grid.json (into a *GridFile),
// published.json (into a *PublishedFile), equivalents.json (into an
// *EquivalentsFile) or footprint.json (into a *FootprintFile) with a small hand-written JSON reader: one pass over the
// bytes, filling the format's types (format.go) by a plan made once from
// their json tags (direct_plan.go), without reflection per value. The
// browser build uses it (unmarshal_wasm.go). Natively it is tested against
// goccy/go-json and encoding/json: on every file they accept, it gives the
// same values; it refuses what they refuse, and a little more (keys in
// another case, an array given twice, text after the value, invalid UTF-8,
// numbers quoted as strings). The reader's scanning is here, its values
// (strings, numbers, lists of strings) in direct_values.go.
func unmarshalDirect(b []byte, v any) error {
	plans, err := filePlans()
	if err != nil {
		return err
	}
	to := reflect.ValueOf(v)
	var p *plan
	if to.Kind() == reflect.Pointer && !to.IsNil() {
		p = plans[to.Type().Elem()]
	}
	if p == nil {
		return fmt.Errorf("unmarshalDirect: cannot decode into %T", v)
	}
	r := &reader{s: string(b)}
	err = r.fields(p.fields, to.UnsafePointer())
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
// value; null leaves the target as it was, as encoding/json does.
func (r *reader) object(field func(key string) error) error {
	return r.items('{', '}', field)
}

// array reads an array, calling elem positioned at each element (with no
// key).
func (r *reader) array(elem func(string) error) error {
	return r.items('[', ']', elem)
}

// items reads the items of an object or an array, between open and close
// and separated by commas, calling item positioned at each value, with its
// key in an object; null reads as none. The key item refuses with
// errUnknown or errTwice is named in the error.
func (r *reader) items(open, close byte, item func(key string) error) error {
	if r.literal("null") {
		return nil
	}
	if err := r.expect(open); err != nil {
		return err
	}
	if r.peek() == close {
		r.i++
		return nil
	}
	for {
		at, key := r.i, ""
		if open == '{' {
			var err error
			if key, err = r.str(); err != nil {
				return err
			}
			if err := r.expect(':'); err != nil {
				return err
			}
		}
		switch err := item(key); err {
		case nil:
		case errUnknown:
			r.i = at
			return r.fail("unknown field %q", key)
		case errTwice:
			r.i = at
			return r.fail("field %q given twice", key)
		default:
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case close:
			r.i++
			return nil
		default:
			return r.fail("want ',' or %q", close)
		}
	}
}
