package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"energyfloor/app/floor"
)

// unmarshalDirect decodes index.json (into a *Index), a model file (into a
// *ModelFile), grid.json (into a *GridFile), published.json (into a
// *PublishedFile) or equivalents.json (into an *EquivalentsFile) with a small hand-written JSON reader: no reflection,
// one pass over the bytes, filling the format's types (format.go). The
// browser build uses it (unmarshal_wasm.go). Natively it is tested against
// goccy/go-json and encoding/json: on every file they accept, it gives the
// same values; it refuses what they refuse, and a little more (keys in
// another case, an array given twice, text after the value, invalid UTF-8,
// numbers quoted as strings).
func unmarshalDirect(b []byte, v any) error {
	r := &reader{s: string(b)}
	var err error
	switch v := v.(type) {
	case *Index:
		err = r.index(v)
	case *ModelFile:
		err = r.model(v)
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
	return r.array(func() error {
		var s string
		err := r.text(&s)
		*to = append(*to, s)
		return err
	})
}

// list reads an array of objects, each null or read by one, into *to; null
// makes it nil and [] an empty slice. A key given twice is refused.
func list[T any](r *reader, to *[]*T, one func(*T) error) error {
	if *to != nil {
		return errTwice
	}
	if r.literal("null") {
		return nil
	}
	*to = []*T{}
	return r.array(func() error {
		v, err := orNull(r, one)
		if err != nil {
			return err
		}
		*to = append(*to, v)
		return nil
	})
}

// orNull reads null as a nil *T, and anything else into a new T with one.
func orNull[T any](r *reader, one func(*T) error) (*T, error) {
	if r.literal("null") {
		return nil, nil
	}
	v := new(T)
	return v, one(v)
}

// header reads key of a Header, which index.json and model files embed;
// errUnknown if it has no such key.
func (r *reader) header(h *Header, key string) error {
	switch key {
	case "version":
		return r.text(&h.Version)
	case "updated":
		return r.text(&h.Updated)
	case "data_version":
		return r.text(&h.DataVersion)
	case "unit":
		return r.text(&h.Unit)
	case "itl_deadline_ms":
		return r.int64(&h.ITLDeadlineMs)
	}
	return errUnknown
}

// modelInfo reads key of a ModelInfo, which index.json's models and model
// files embed; errUnknown if it has no such key.
func (r *reader) modelInfo(m *ModelInfo, key string) error {
	switch key {
	case "slug":
		return r.text(&m.Slug)
	case "name":
		return r.text(&m.Name)
	case "model_id":
		return r.text(&m.ModelID)
	case "params_b":
		return r.figure(&m.ParamsB)
	case "active_params_b":
		return r.figure(&m.ActiveParamsB)
	case "architecture":
		return r.text(&m.Architecture)
	case "gpus":
		return r.texts(&m.GPUs)
	}
	return errUnknown
}

func (r *reader) index(idx *Index) error {
	return r.object(func(key string) error {
		switch key {
		case "caveat":
			return r.text(&idx.Caveat)
		case "boundary":
			return r.text(&idx.Boundary)
		case "licence":
			return r.text(&idx.Licence)
		case "cite":
			return r.text(&idx.Cite)
		case "cite_url":
			return r.text(&idx.CiteURL)
		case "workloads":
			return list(r, &idx.Workloads, r.workload)
		}
		return r.header(&idx.Header, key)
	})
}

func (r *reader) workload(w *IndexWorkload) error {
	return r.object(func(key string) error {
		switch key {
		case "id":
			return r.text(&w.ID)
		case "name":
			return r.text(&w.Name)
		case "upstream_name":
			return r.text(&w.UpstreamName)
		case "model_count":
			return r.int(&w.ModelCount)
		case "configuration_count":
			return r.int(&w.ConfigurationCount)
		case "source":
			return r.source(&w.Source)
		case "models":
			return list(r, &w.Models, r.indexModel)
		}
		return errUnknown
	})
}

func (r *reader) indexModel(m *IndexModel) error {
	return r.object(func(key string) error {
		switch key {
		case "file":
			return r.text(&m.File)
		case "configuration_count":
			return r.int(&m.ConfigurationCount)
		case "best":
			return r.best(&m.Best)
		}
		return r.modelInfo(&m.ModelInfo, key)
	})
}

func (r *reader) source(s *floor.Source) error {
	return r.object(func(key string) error {
		switch key {
		case "name":
			return r.text(&s.Name)
		case "publisher":
			return r.text(&s.Publisher)
		case "url":
			return r.text(&s.URL)
		case "data_url":
			return r.text(&s.DataURL)
		case "version":
			return r.text(&s.Version)
		case "released":
			return r.text(&s.Released)
		case "compiled":
			return r.text(&s.Compiled)
		case "compiled_evidence":
			return r.text(&s.CompiledEvidence)
		case "retrieved":
			return r.text(&s.Retrieved)
		case "licence":
			return r.text(&s.Licence)
		case "licence_evidence":
			return r.texts(&s.LicenceEvidence)
		case "workload":
			return r.text(&s.Workload)
		case "method":
			return r.text(&s.Method)
		case "selection":
			return r.text(&s.Selection)
		case "cite":
			return r.text(&s.Cite)
		case "cite_url":
			return r.text(&s.CiteURL)
		case "used_for":
			return r.text(&s.UsedFor)
		case "configurations":
			return r.text(&s.Configurations)
		}
		return errUnknown
	})
}

func (r *reader) model(m *ModelFile) error {
	return r.object(func(key string) error {
		switch key {
		case "source":
			return r.source(&m.Source)
		case "caveat":
			return r.text(&m.Caveat)
		case "boundary":
			return r.text(&m.Boundary)
		case "configurations":
			return list(r, &m.Configurations, r.row)
		case "best":
			return r.best(&m.Best)
		}
		if err := r.header(&m.Header, key); err != errUnknown {
			return err
		}
		return r.modelInfo(&m.ModelInfo, key)
	})
}

// best reads a best object, GPU model to row; null makes it nil.
func (r *reader) best(to *map[string]*Row) error {
	if r.literal("null") {
		*to = nil
		return nil
	}
	if *to == nil {
		*to = map[string]*Row{}
	}
	return r.object(func(gpu string) error {
		row, err := orNull(r, r.row)
		(*to)[gpu] = row
		return err
	})
}

func (r *reader) row(c *Row) error {
	return r.object(func(key string) error {
		switch key {
		case "gpu":
			return r.text(&c.GPU)
		case "num_gpus":
			return r.int(&c.NumGPUs)
		case "tensor_parallel":
			return r.int(&c.TensorParallel)
		case "data_parallel":
			return r.int(&c.DataParallel)
		case "expert_parallel":
			return r.int(&c.ExpertParallel)
		case "precision":
			return r.text(&c.Precision)
		case "max_num_seqs":
			return r.int(&c.MaxNumSeqs)
		case "avg_requests_in_flight":
			return r.figure(&c.AvgRequestsInFlight)
		case "wh_per_million_output_tokens":
			return r.figure(&c.WhPerMillionOutputTokens)
		case "joules_per_output_token":
			return r.figure(&c.JoulesPerOutputToken)
		case "median_itl_ms":
			return r.figure(&c.MedianITLMs)
		case "p90_itl_ms":
			return r.figure(&c.P90ITLMs)
		case "p99_itl_ms":
			return r.figure(&c.P99ITLMs)
		case "tokens_per_second":
			return r.figure(&c.TokensPerSecond)
		case "gpu_power_watts_total":
			return r.figure(&c.GPUPowerWattsTotal)
		case "avg_output_tokens":
			return r.int(&c.AvgOutputTokens)
		case "under_itl_deadline":
			return r.flag(&c.UnderITLDeadline)
		case "avg_running_batch":
			return r.figure(&c.AvgRunningBatch)
		case "p95_itl_ms":
			return r.figure(&c.P95ITLMs)
		case "row_id":
			return r.text(&c.RowID)
		case "repeat":
			return r.int(&c.Repeat)
		}
		return errUnknown
	})
}

func (r *reader) grid(g *GridFile) error {
	return r.object(func(key string) error {
		switch key {
		case "version":
			return r.text(&g.Version)
		case "updated":
			return r.text(&g.Updated)
		case "data_version":
			return r.text(&g.DataVersion)
		case "unit":
			return r.text(&g.Unit)
		case "source":
			return r.gridSource(&g.Source)
		case "intensities":
			return list(r, &g.Intensities, r.gridRow)
		}
		return errUnknown
	})
}

func (r *reader) gridSource(s *floor.GridSource) error {
	return r.object(func(key string) error {
		switch key {
		case "name":
			return r.text(&s.Name)
		case "publisher":
			return r.text(&s.Publisher)
		case "url":
			return r.text(&s.URL)
		case "data_url":
			return r.text(&s.DataURL)
		case "commit":
			return r.text(&s.Commit)
		case "updated":
			return r.text(&s.Updated)
		case "licence":
			return r.text(&s.Licence)
		case "licence_evidence":
			return r.texts(&s.LicenceEvidence)
		case "attribution":
			return r.text(&s.Attribution)
		case "method":
			return r.text(&s.Method)
		}
		return errUnknown
	})
}

func (r *reader) gridRow(g *GridRow) error {
	return r.object(func(key string) error {
		switch key {
		case "code":
			return r.text(&g.Code)
		case "name":
			return r.text(&g.Name)
		case "year":
			return r.int(&g.Year)
		case "gco2e_per_kwh":
			return r.figure(&g.GCO2ePerKWh)
		}
		return errUnknown
	})
}

func (r *reader) published(p *PublishedFile) error {
	return r.object(func(key string) error {
		switch key {
		case "version":
			return r.text(&p.Version)
		case "note":
			return r.text(&p.Note)
		case "figures":
			return list(r, &p.Figures, r.publishedRow)
		}
		return errUnknown
	})
}

func (r *reader) publishedRow(p *PublishedRow) error {
	return r.object(func(key string) error {
		switch key {
		case "id":
			return r.text(&p.ID)
		case "publisher":
			return r.text(&p.Publisher)
		case "subject":
			return r.text(&p.Subject)
		case "wh_per_prompt":
			return r.figure(&p.WhPerPrompt)
		case "approximate":
			return r.flag(&p.Approximate)
		case "date":
			return r.text(&p.Date)
		case "source":
			return r.text(&p.Source)
		case "url":
			return r.text(&p.URL)
		case "scope":
			return r.text(&p.Scope)
		case "aligns_with":
			return r.text(&p.AlignsWith)
		}
		return errUnknown
	})
}

func (r *reader) equivalents(f *EquivalentsFile) error {
	return r.object(func(key string) error {
		switch key {
		case "version":
			return r.text(&f.Version)
		case "equivalents":
			return list(r, &f.Equivalents, r.equivalentRow)
		}
		return errUnknown
	})
}

func (r *reader) equivalentRow(e *EquivalentRow) error {
	return r.object(func(key string) error {
		switch key {
		case "id":
			return r.text(&e.ID)
		case "name":
			return r.text(&e.Name)
		case "unit":
			return r.text(&e.Unit)
		case "wh_per_unit":
			return r.figure(&e.WhPerUnit)
		case "size":
			return r.figure(&e.Size)
		case "ladder":
			return list(r, &e.Ladder, r.rungRow)
		case "source":
			return r.text(&e.Source)
		case "url":
			return r.text(&e.URL)
		case "year":
			return r.int(&e.Year)
		case "basis":
			return r.text(&e.Basis)
		case "verification":
			return r.text(&e.Verification)
		}
		return errUnknown
	})
}

func (r *reader) rungRow(u *RungRow) error {
	return r.object(func(key string) error {
		switch key {
		case "name":
			return r.text(&u.Name)
		case "unit":
			return r.text(&u.Unit)
		case "size":
			return r.figure(&u.Size)
		}
		return errUnknown
	})
}
