package server

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// escapeAttributes rewrites a page prerendered by go-app v10.1.11 so that
// every attribute value is HTML-escaped.
//
// go-app writes attribute values with strconv.Quote, Go's string syntax: a
// double quote becomes \" (which ends an HTML attribute) and < > & stay as
// they are. A value holding a quote (such as an iframe snippet in a
// textarea, or a typed string echoed into a value) therefore breaks out of
// its attribute and turns into markup: stray attributes, inline styles the
// CSP refuses, or worse with hostile input. go-app escapes text content
// properly, so outside tags the only '<' are tag starts, and inside a tag
// each value is exactly one Go string literal: this pass reads each with
// strconv.Unquote and writes it back with html.EscapeString. It gives an
// ARIA state that go-app wrote bare its "true". It also sorts each tag's
// attributes, so a page's bytes depend only on its URL and version.
func escapeAttributes(page []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(page) + len(page)/16)
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			out.Write(page[i:])
			break
		}
		out.Write(page[i : i+lt])
		i += lt
		if i+1 < len(page) && (page[i+1] == '/' || page[i+1] == '!') { // closing tag or doctype
			gt := bytes.IndexByte(page[i:], '>')
			if gt < 0 {
				return nil, errors.New("unterminated tag")
			}
			out.Write(page[i : i+gt+1])
			i += gt + 1
			continue
		}
		n, err := fixTag(&out, page[i:])
		if err != nil {
			return nil, fmt.Errorf("at byte %d: %w", i, err)
		}
		i += n
	}
	return out.Bytes(), nil
}

// fixTag copies one opening tag from page to out, re-encoding its attribute
// values and sorting its attributes by name (go-app writes them in map
// order, so the same page would otherwise differ from one request to the
// next), and returns how many bytes of page it used.
func fixTag(out *bytes.Buffer, page []byte) (int, error) {
	i := bytes.IndexAny(page, " >")
	if i < 0 {
		return 0, errors.New("unterminated tag")
	}
	out.Write(page[:i])
	var attrs []string // each ` name` or ` name="value"`, value HTML-escaped
	for i < len(page) {
		switch page[i] {
		case '>':
			slices.Sort(attrs)
			for _, a := range attrs {
				out.WriteString(a)
			}
			out.WriteByte('>')
			return i + 1, nil
		case ' ':
			i++
			end := bytes.IndexAny(page[i:], "= >")
			if end < 0 {
				return 0, errors.New("unterminated attribute")
			}
			name := string(page[i : i+end])
			i += end
			if page[i] != '=' {
				// go-app writes a "true" value as a bare attribute, which
				// for a boolean HTML attribute is right, but an ARIA state
				// without a value reads as "" (false): aria-invalid.
				if strings.HasPrefix(name, "aria-") {
					name += `="true"`
				}
				attrs = append(attrs, " "+name)
				continue
			}
			lit, err := quotedPrefix(page[i+1:])
			if err != nil {
				return 0, err
			}
			v := lit[1 : len(lit)-1]
			if strings.IndexByte(lit, '\\') >= 0 {
				if v, err = strconv.Unquote(lit); err != nil {
					return 0, fmt.Errorf("attribute value: %w", err)
				}
			}
			attrs = append(attrs, " "+name+`="`+html.EscapeString(v)+`"`)
			i += 1 + len(lit)
		default:
			return 0, fmt.Errorf("unexpected %q in a tag", page[i])
		}
	}
	return 0, errors.New("unterminated tag")
}

// quotedPrefix returns the Go string literal at the start of b.
func quotedPrefix(b []byte) (string, error) {
	if len(b) == 0 || b[0] != '"' {
		return "", errors.New("attribute value: want a quoted string")
	}
	for j := 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return string(b[:j+1]), nil
		case '\n':
			return "", errors.New("attribute value: newline in a quoted string")
		}
	}
	return "", errors.New("attribute value: unterminated quoted string")
}

// goappIndent is the whitespace go-app's server encoder writes between an
// element's children: a line break, then two spaces a level of depth,
// followed by the next child (a tag, or a text with any spaces of its own).
var goappIndent = regexp.MustCompile(`\n *`)

// dropIndent removes go-app's indentation from a run of text: each line
// break with the even number of spaces after it, so that a text's own
// leading space (" (") stays.
func dropIndent(text []byte) []byte {
	return goappIndent.ReplaceAllFunc(text, func(m []byte) []byte { return m[len(m)-(len(m)-1)%2:] })
}

// preIndent is go-app's indentation around the elements in a <pre> (its
// <code>): a line break and spaces between the pre's tags and a child's, or
// between two children, never inside a text. The browser would show it as
// an indented first line and a blank last one.
var preIndent = regexp.MustCompile(`(^|>)\n *(<|$)`)

// rawTextTags are the elements whose text the browser keeps as written (or
// does not render as text): their content is left as it is.
var rawTextTags = []string{"pre", "textarea", "script", "style"}

// dropIndentation removes the whitespace go-app's server encoder puts
// between an element's children. The app's own DOM has none, and in running
// text the browser shows it as a space: before a comma or a full stop after
// a figure ("12.7 times the floor , at"), or between two adjacent texts. A
// line break in an attribute value is always escaped (go-app quotes values
// with strconv.Quote), so the pass only ever removes the encoder's
// whitespace, and text in rawTextTags keeps its own (a <pre> loses only
// the indentation around the elements in it: preIndent).
func dropIndentation(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page))
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			out.Write(dropIndent(page[i:]))
			break
		}
		out.Write(dropIndent(page[i : i+lt]))
		i += lt
		gt := bytes.IndexByte(page[i:], '>')
		if gt < 0 {
			out.Write(page[i:])
			break
		}
		tag := page[i : i+gt+1]
		out.Write(tag)
		i += gt + 1
		for _, raw := range rawTextTags {
			if bytes.HasPrefix(tag, []byte("<"+raw)) && len(tag) > len(raw)+1 && (tag[len(raw)+1] == ' ' || tag[len(raw)+1] == '>') {
				end := bytes.Index(page[i:], []byte("</"+raw+">"))
				if end < 0 {
					end = len(page) - i
				}
				content := page[i : i+end]
				if raw == "pre" {
					content = preIndent.ReplaceAll(content, []byte("$1$2"))
				}
				out.Write(content)
				i += end
				break
			}
		}
	}
	return out.Bytes()
}
