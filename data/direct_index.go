package data

import "energyfloor/app/floor"

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
		case "diffusion_workloads":
			return list(r, &idx.DiffusionWorkloads, r.diffusionWorkload)
		}
		return r.header(&idx.Header, key)
	})
}

func (r *reader) workload(w *IndexWorkload) error {
	return r.object(func(key string) error {
		if key == "models" {
			return list(r, &w.Models, r.indexModel)
		}
		return r.workloadKey(key, &w.WorkloadName, &w.WorkloadCounts)
	})
}

// workloadKey reads key of what both kinds of workload in index.json have
// (IndexWorkload, IndexDiffusionWorkload); errUnknown if it is none of them.
func (r *reader) workloadKey(key string, n *WorkloadName, c *WorkloadCounts) error {
	switch key {
	case "id":
		return r.text(&n.ID)
	case "name":
		return r.text(&n.Name)
	case "upstream_name":
		return r.text(&n.UpstreamName)
	case "model_count":
		return r.int(&c.ModelCount)
	case "configuration_count":
		return r.int(&c.ConfigurationCount)
	case "source":
		return r.source(&c.Source)
	}
	return errUnknown
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
