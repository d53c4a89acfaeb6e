package compile

import (
	"bytes"
	"fmt"
)

// layout re-indents compact JSON (as json.Marshal writes it) for review:
// a configuration (an object with a "row_id" key), and any object or array
// that holds no object or array, stays on one line; every other object and
// array has one member per line, indented by two spaces. A changed figure
// then shows in a diff as its configuration's line, and the files are about a
// fifth smaller than fully indented ones, which matters because they are
// embedded in app.wasm.
func layout(compact []byte) ([]byte, error) {
	var out bytes.Buffer
	end, err := writeValue(&out, compact, 0, 0)
	if err != nil {
		return nil, err
	}
	if end != len(compact) {
		return nil, fmt.Errorf("layout: data after the value at byte %d", end)
	}
	return out.Bytes(), nil
}

// writeValue writes the value starting at b[i], nested depth deep, and
// returns the index after it.
func writeValue(out *bytes.Buffer, b []byte, i, depth int) (int, error) {
	end, err := skipValue(b, i)
	if err != nil {
		return 0, err
	}
	if (b[i] != '{' && b[i] != '[') || oneLine(b[i:end]) {
		out.Write(b[i:end])
		return end, nil
	}
	open, closing := b[i], byte('}')
	if open == '[' {
		closing = ']'
	}
	out.WriteByte(open)
	j := i + 1
	if b[j] == closing {
		out.WriteByte(closing)
		return j + 1, nil
	}
	for {
		out.WriteByte('\n')
		out.Write(bytes.Repeat([]byte("  "), depth+1))
		if open == '{' {
			k, err := skipValue(b, j) // the key
			if err != nil {
				return 0, err
			}
			out.Write(b[j:k])
			out.WriteString(": ")
			j = k + 1 // past ':'
		}
		if j, err = writeValue(out, b, j, depth+1); err != nil {
			return 0, err
		}
		if b[j] == closing {
			break
		}
		out.WriteByte(',')
		j++ // past ','
	}
	out.WriteByte('\n')
	out.Write(bytes.Repeat([]byte("  "), depth))
	out.WriteByte(closing)
	return j + 1, nil
}

// oneLine reports whether the compact object or array v stays on one line:
// it is a configuration, or it nests no object or array.
func oneLine(v []byte) bool {
	if bytes.HasPrefix(v, []byte(`{"gpu":`)) && bytes.Contains(v, []byte(`"row_id":`)) {
		return true
	}
	for i := 1; i < len(v)-1; i++ {
		switch v[i] {
		case '"':
			end, _ := skipString(v, i)
			i = end - 1
		case '{', '[':
			return false
		}
	}
	return true
}

// skipValue returns the index after the compact JSON value at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, fmt.Errorf("layout: unexpected end at byte %d", i)
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := skipString(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, fmt.Errorf("layout: unclosed value at byte %d", i)
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' {
		j++
	}
	return j, nil
}

// skipString returns the index after the JSON string at b[i].
func skipString(b []byte, i int) (int, error) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("layout: unclosed string at byte %d", i)
}
