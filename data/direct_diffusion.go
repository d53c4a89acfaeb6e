package data

import "energyfloor/app/floor"

// The browser's reader (direct.go) of the diffusion types.

func (r *reader) diffusionWorkload(w *IndexDiffusionWorkload) error {
	return r.object(func(key string) error {
		switch key {
		case "request":
			return r.text(&w.Request)
		case "models":
			return list(r, &w.Models, r.diffusionIndexModel)
		}
		return r.workloadKey(key, &w.WorkloadName, &w.WorkloadCounts)
	})
}

func (r *reader) diffusionIndexModel(m *IndexDiffusionModel) error {
	return r.object(func(key string) error {
		switch key {
		case "generation":
			return r.generation(&m.Generation)
		case "file":
			return r.text(&m.File)
		case "configuration_count":
			return r.int(&m.ConfigurationCount)
		}
		return r.modelInfo(&m.ModelInfo, key)
	})
}

func (r *reader) generation(g *floor.Generation) error {
	return r.object(func(key string) error {
		switch key {
		case "width":
			return r.int(&g.Width)
		case "height":
			return r.int(&g.Height)
		case "inference_steps":
			return r.int(&g.InferenceSteps)
		case "frames":
			return r.int(&g.Frames)
		case "fps":
			return r.int(&g.FPS)
		}
		return errUnknown
	})
}

func (r *reader) diffusionModel(m *DiffusionModelFile) error {
	return r.object(func(key string) error {
		switch key {
		case "generation":
			return r.generation(&m.Generation)
		case "configurations":
			return list(r, &m.Configurations, r.diffusionRow)
		}
		return r.modelFileKey(key, &m.ModelFileHead)
	})
}

func (r *reader) diffusionRow(c *DiffusionRow) error {
	return r.object(func(key string) error {
		switch key {
		case "gpu":
			return r.text(&c.GPU)
		case "num_gpus":
			return r.int(&c.NumGPUs)
		case "ulysses_degree":
			return r.int(&c.UlyssesDegree)
		case "ring_degree":
			return r.int(&c.RingDegree)
		case "precision":
			return r.text(&c.Precision)
		case "batch_size":
			return r.int(&c.BatchSize)
		case "joules_per_request":
			return r.figure(&c.JoulesPerRequest)
		case "batch_latency_s":
			return r.figure(&c.BatchLatencyS)
		case "requests_per_second":
			return r.figure(&c.RequestsPerSecond)
		case "gpu_power_watts_total":
			return r.figure(&c.GPUPowerWattsTotal)
		case "row_id":
			return r.text(&c.RowID)
		}
		return errUnknown
	})
}
