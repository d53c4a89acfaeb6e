package data

func (r *reader) model(m *ModelFile) error {
	return r.object(func(key string) error {
		switch key {
		case "configurations":
			return list(r, &m.Configurations, r.row)
		case "best":
			return r.best(&m.Best)
		}
		return r.modelFileKey(key, &m.ModelFileHead)
	})
}

// modelFileKey reads key of what both kinds of model file have (ModelFile,
// DiffusionModelFile): the header, the source block, the caveat, the
// boundary and the model's description; errUnknown if it is none of them.
func (r *reader) modelFileKey(key string, h *ModelFileHead) error {
	switch key {
	case "source":
		return r.source(&h.Source)
	case "caveat":
		return r.text(&h.Caveat)
	case "boundary":
		return r.text(&h.Boundary)
	}
	if err := r.header(&h.Header, key); err != errUnknown {
		return err
	}
	return r.modelInfo(&h.ModelInfo, key)
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
