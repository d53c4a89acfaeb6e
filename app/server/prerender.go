package server

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// fixAttributeQuoting rewrites a page prerendered by go-app v10.1.11 so that
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
// strconv.Unquote and writes it back with html.EscapeString. It also sorts
// each tag's attributes, so a page's bytes depend only on its URL and
// version.
func fixAttributeQuoting(page []byte) ([]byte, error) {
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

// pageWriter holds go-app's answer so that a prerendered page can be fixed
// before it is sent.
type pageWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *pageWriter) Header() http.Header         { return p.header }
func (p *pageWriter) WriteHeader(status int)      { p.status = status }
func (p *pageWriter) Write(b []byte) (int, error) { return p.body.Write(b) }

// serveApp serves go-app's answer, with prerendered pages' attributes fixed
// (see fixAttributeQuoting; a page that cannot be fixed is not sent) and
// their stylesheets inlined (see inlineStyles),
// app.js fetching app.wasm directly (see fetchWasmDirectly), and compressed when the client accepts it (go-app compresses nothing).
func (s *Site) serveApp(w http.ResponseWriter, r *http.Request) {
	p := &pageWriter{header: w.Header(), status: http.StatusOK}
	revalidated := s.translateIfNoneMatch(r)
	s.app.ServeHTTP(p, r)
	body := p.body.Bytes()
	if p.status == http.StatusOK && strings.HasPrefix(p.header.Get("Content-Type"), "text/html") {
		fixed, err := fixAttributeQuoting(body)
		if err != nil {
			http.Error(w, "internal error: the page could not be encoded safely", http.StatusInternalServerError)
			return
		}
		if fixed, err = s.styles.apply(fixed, ""); err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = fixed
		p.header.Set("Content-Type", "text/html; charset=utf-8")
		p.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	if p.status == http.StatusOK && (r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js") {
		js, err := fetchWasmDirectly(body)
		if err != nil {
			http.Error(w, "internal error: "+err.Error(), http.StatusInternalServerError)
			return
		}
		body = js
		p.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	body = s.compressAnswer(r, p.header, p.status, body, revalidated)
	w.WriteHeader(p.status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
