package data

import "energyfloor/app/floor"

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
