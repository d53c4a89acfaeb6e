package data

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
