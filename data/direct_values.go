package data

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// str reads a string.
func (r *reader) str() (string, error) {
	if err := r.expect('"'); err != nil {
		return "", err
	}
	s, start := r.s, r.i
	for i := start; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			r.i = i + 1
			if !utf8.ValidString(s[start:i]) {
				return "", r.fail("invalid UTF-8 in a string")
			}
			return s[start:i], nil
		case c == '\\':
			r.i = i
			return r.escaped(start)
		case c < 0x20:
			r.i = i
			return "", r.fail("control character in a string")
		}
	}
	r.i = len(s)
	return "", r.fail("unterminated string")
}

// escaped finishes reading a string that started at start and has an
// escape at r.i.
func (r *reader) escaped(start int) (string, error) {
	s := []byte(r.s[start:r.i])
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(s) {
				return "", r.fail("invalid UTF-8 in a string")
			}
			return string(s), nil
		case c < 0x20:
			return "", r.fail("control character in a string")
		case c != '\\':
			s = append(s, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.s) {
			break
		}
		r.i += 2
		switch e := r.s[r.i-1]; e {
		case '"', '\\', '/':
			s = append(s, e)
		case 'b':
			s = append(s, '\b')
		case 'f':
			s = append(s, '\f')
		case 'n':
			s = append(s, '\n')
		case 'r':
			s = append(s, '\r')
		case 't':
			s = append(s, '\t')
		case 'u':
			c, ok := r.hex4()
			if ok && utf16.IsSurrogate(c) {
				var lo rune
				if r.i+1 < len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
					r.i += 2
					lo, ok = r.hex4()
				}
				c = utf16.DecodeRune(c, lo)
				ok = ok && c != utf8.RuneError
			}
			if !ok {
				return "", r.fail("invalid \\u escape")
			}
			s = utf8.AppendRune(s, c)
		default:
			return "", r.fail("invalid escape \\%c", e)
		}
	}
	return "", r.fail("unterminated string")
}

// hex4 reads the four hex digits of a \u escape.
func (r *reader) hex4() (rune, bool) {
	if len(r.s)-r.i < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 16)
	r.i += 4
	return rune(n), err == nil
}

// number reads a number's text, checked against JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *reader) number() (json.Number, error) {
	r.space()
	start := r.i
	digits := func() int {
		n := 0
		for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
			r.i++
			n++
		}
		return n
	}
	if r.i < len(r.s) && r.s[r.i] == '-' {
		r.i++
	}
	lead := r.i
	if n := digits(); n == 0 || n > 1 && r.s[lead] == '0' {
		r.i = start
		return "", r.fail("want a number")
	}
	if r.i < len(r.s) && r.s[r.i] == '.' {
		r.i++
		if digits() == 0 {
			return "", r.fail("want a digit after '.'")
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if digits() == 0 {
			return "", r.fail("want a digit in the exponent")
		}
	}
	return json.Number(r.s[start:r.i]), nil
}

// figure reads a number into *to, leaving it as it was for null.
func (r *reader) figure(to *json.Number) (err error) {
	if !r.literal("null") {
		*to, err = r.number()
	}
	return err
}

// int reads a whole number into *to (null: unchanged).
func (r *reader) int(to *int) error {
	v := int64(*to)
	err := r.whole(&v, strconv.IntSize)
	*to = int(v)
	return err
}

// int64 reads a whole number into *to (null: unchanged).
func (r *reader) int64(to *int64) error { return r.whole(to, 64) }

// whole reads a whole number of bits bits into *to (null: unchanged).
func (r *reader) whole(to *int64, bits int) error {
	if r.literal("null") {
		return nil
	}
	n, err := r.number()
	if err != nil {
		return err
	}
	v, err := strconv.ParseInt(string(n), 10, bits)
	if err != nil {
		return r.fail("%s is not a whole number within %d bits", n, bits)
	}
	*to = v
	return nil
}

// text reads a string into *to (null: unchanged).
func (r *reader) text(to *string) (err error) {
	if !r.literal("null") {
		*to, err = r.str()
	}
	return err
}

// flag reads true or false into *to (null: unchanged).
func (r *reader) flag(to *bool) error {
	switch {
	case r.literal("true"):
		*to = true
	case r.literal("false"):
		*to = false
	case r.literal("null"):
	default:
		return r.fail("want true or false")
	}
	return nil
}

// texts reads an array of strings; null makes it nil.
func (r *reader) texts(to *[]string) error {
	if *to != nil {
		return errTwice
	}
	if r.literal("null") {
		*to = nil
		return nil
	}
	*to = []string{} // [] decodes to an empty slice, not nil
	return r.array(func(string) error {
		var s string
		err := r.text(&s)
		*to = append(*to, s)
		return err
	})
}
