package compile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"

	"energyfloor/data"
)

// gridEntry is one country or region of CO2.js's average-intensities.json.
// Every field must be there (a nil pointer is a missing one).
type gridEntry struct {
	CountryCode *string         `json:"country_code"`
	Name        *string         `json:"country_or_region"`
	Year        json.RawMessage `json:"year"`
	Intensity   json.RawMessage `json:"emissions_intensity_gco2_per_kwh"`
}

// alpha3 is an ISO 3166-1 alpha-3 code.
var alpha3 = regexp.MustCompile(`^[A-Z]{3}$`)

// readGrid reads CO2.js's average-intensities.json at file: an object keyed
// by code (an ISO 3166-1 alpha-3 code or a region's name), each entry with
// its country_code (the key, or "" for a region), country_or_region, year
// and emissions_intensity_gco2_per_kwh. It checks the file is the one the
// settings describe (GridSettings.SHA256), reads it in full, refusing
// unknown fields, missing ones and a code given twice, and returns grid.json
// with its rows sorted by code, checked by data.CheckGrid.
func readGrid(file string, s Settings) (*data.GridFile, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, &InputError{File: file, Err: withoutPath(err)}
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != s.Grid.SHA256 {
		return nil, &InputError{File: file, Err: fmt.Errorf(
			"has SHA-256 %x, but the settings describe %s: review the settings' commit, date and texts for this file, then its SHA-256",
			sum, s.Grid.SHA256)}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	malformed := func(err error) error {
		return &InputError{File: file, Err: fmt.Errorf("malformed JSON at byte %d: %w", dec.InputOffset(), err)}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, malformed(fmt.Errorf("want an object of countries and regions, got %v", tok))
	}
	g := &data.GridFile{
		Version:     s.FormatVersion,
		Updated:     s.Updated,
		DataVersion: s.DataVersion,
		Unit:        data.GridUnit,
		Source:      s.Grid.Source,
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, malformed(err)
		}
		code := tok.(string) // an object's keys are strings
		if seen[code] {
			return nil, &InputError{File: file, Field: code, Err: errors.New("given twice")}
		}
		seen[code] = true
		var e gridEntry
		if err := dec.Decode(&e); err != nil {
			return nil, &InputError{File: file, Field: code, Err: fmt.Errorf("malformed entry: %w", err)}
		}
		row, err := gridRow(code, &e)
		if err != nil {
			return nil, &InputError{File: file, Field: code, Err: err}
		}
		g.Intensities = append(g.Intensities, row)
	}
	if _, err := dec.Token(); err != nil {
		return nil, malformed(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, malformed(errors.New("text after the object"))
	}
	sort.Slice(g.Intensities, func(i, j int) bool { return g.Intensities[i].Code < g.Intensities[j].Code })
	if err := data.CheckGrid(g); err != nil {
		var de *data.Error
		if errors.As(err, &de) && de.Row != "" {
			return nil, &InputError{File: file, Field: de.Row, Err: fmt.Errorf("%s: %w", de.Field, de.Err)}
		}
		return nil, &InputError{File: file, Err: err}
	}
	// Within bounds, so short: each intensity is written as its exact decimal.
	for _, r := range g.Intensities {
		gi, _ := r.Intensity() // CheckGrid has parsed it
		r.GCO2ePerKWh = json.Number(gi.GCO2ePerKWh.String())
	}
	return g, nil
}

// gridRow checks one entry of code and returns its row of grid.json.
func gridRow(code string, e *gridEntry) (*data.GridRow, error) {
	switch {
	case e.CountryCode == nil:
		return nil, errors.New("country_code: missing")
	case e.Name == nil:
		return nil, errors.New("country_or_region: missing")
	case e.Year == nil:
		return nil, errors.New("year: missing")
	case e.Intensity == nil:
		return nil, errors.New("emissions_intensity_gco2_per_kwh: missing")
	case *e.CountryCode != "" && (*e.CountryCode != code || !alpha3.MatchString(code)):
		return nil, fmt.Errorf("country_code: is %q, want the key, an ISO 3166-1 alpha-3 code, or \"\" for a region", *e.CountryCode)
	}
	year, err := strconv.Atoi(string(e.Year))
	if err != nil {
		return nil, fmt.Errorf("year: is %s, want a whole number", short(e.Year))
	}
	if !isNumber(e.Intensity) {
		return nil, fmt.Errorf("emissions_intensity_gco2_per_kwh: is %s, want a number", short(e.Intensity))
	}
	return &data.GridRow{Code: code, Name: *e.Name, Year: year, GCO2ePerKWh: json.Number(e.Intensity)}, nil
}

// isNumber reports whether raw, a JSON value, is a number: not a string,
// null, bool, object or array.
func isNumber(raw json.RawMessage) bool {
	return len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
}
