package data

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
