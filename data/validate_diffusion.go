package data

import (
	"errors"
	"fmt"
	"slices"

	"energyfloor/app/floor"
)

// checkGeneration checks a diffusion model's generation settings: every
// one positive, and frames and fps given for a video only.
func checkGeneration(request string, g floor.Generation) error {
	for _, f := range []struct {
		name  string
		value int
	}{{"width", g.Width}, {"height", g.Height}, {"inference_steps", g.InferenceSteps}} {
		if f.value <= 0 {
			return fmt.Errorf("%s: is %d, want a positive whole number", f.name, f.value)
		}
	}
	video := request == "video"
	for _, f := range []struct {
		name  string
		value int
	}{{"frames", g.Frames}, {"fps", g.FPS}} {
		switch {
		case video && f.value <= 0:
			return fmt.Errorf("%s: is %d, want a positive whole number for a video", f.name, f.value)
		case !video && f.value != 0:
			return fmt.Errorf("%s: is %d, but an image has none", f.name, f.value)
		}
	}
	return nil
}

// checkDiffusionModel validates one diffusion model file against itself
// and the index, and returns it as a domain Model. With validate false it
// only parses the figures and derives the model's GPUs (decode).
func checkDiffusionModel(idx *Index, w *IndexDiffusionWorkload, im *IndexDiffusionModel, mf *DiffusionModelFile, validate bool) (*floor.Model, error) {
	validate = validate && checksBuilt // constant false in the browser build (see decode)
	fail := modelFail(im.File, w.ID, im.Slug)
	want := DiffusionHeader(idx.Header, w.Request)
	m, err := checkModelFile(idx, &mf.Header, &want, mf.Boundary, &mf.ModelInfo, &im.ModelInfo, &mf.Source,
		sameSource(&mf.Source, &w.Source) && mf.Source.Selection == w.Source.Selection, len(mf.Configurations), im.ConfigurationCount,
		validate, fail, modelField{"generation", fmt.Sprintf("%+v", mf.Generation), fmt.Sprintf("%+v", im.Generation)})
	if err != nil {
		return nil, err
	}
	gen := mf.Generation
	m.Generation, m.Caveat = &gen, mf.Caveat
	m.Kind, _ = floor.KindOf(w.Request) // checkIndex refuses any other request
	seen := map[string]bool{}
	minBatch, maxBatch := 0, 0
	for i, r := range mf.Configurations {
		if r == nil {
			return nil, fail("", "configurations", fmt.Errorf("configuration %d is null", i+1))
		}
		c, err := r.Configuration()
		if err == nil {
			c.Kind = m.Kind
		}
		if err == nil && validate {
			err = checkDiffusionRow(c, mf.Slug)
		}
		if err != nil {
			field, err := splitField(err)
			return nil, fail(rowName(r.RowID, "configuration", i), field, err)
		}
		if validate {
			if seen[c.RowID] {
				return nil, fail(c.RowID, "row_id", errors.New("not unique"))
			}
			seen[c.RowID] = true
			if i > 0 && floor.CompareConfigurations(m.Configurations[i-1], c) >= 0 {
				return nil, fail(c.RowID, "row_id", fmt.Errorf("not after %q: configurations must be sorted by gpu, num_gpus, ulysses_degree, ring_degree, batch_size", m.Configurations[i-1].RowID))
			}
		}
		if i == 0 || c.BatchSize < minBatch {
			minBatch = c.BatchSize
		}
		maxBatch = max(maxBatch, c.BatchSize)
		m.Configurations = append(m.Configurations, c)
	}
	m.GPUs = floor.ModelGPUs(m.Configurations)
	if !validate {
		return m, nil
	}
	if !slices.Equal(m.GPUs, mf.GPUs) {
		return nil, fail("", "gpus", fmt.Errorf("is %v, but the configurations are on %v", mf.GPUs, m.GPUs))
	}
	if err := checkGeneration(w.Request, gen); err != nil {
		return nil, fail("", "generation", err)
	}
	if want := floor.DiffusionCaveat(w.Request, gen, minBatch, maxBatch); mf.Caveat != want {
		return nil, fail("", "caveat", fmt.Errorf("is %q, want %q", mf.Caveat, want))
	}
	return m, nil
}

// checkDiffusionRow validates one diffusion configuration on its own.
func checkDiffusionRow(r *floor.Configuration, slug string) error {
	bad := func(field string, format string, args ...any) error {
		return &FieldError{field, fmt.Errorf(format, args...)}
	}
	if err := checkRowBasics(r, []intField{
		{"num_gpus", r.NumGPUs}, {"ulysses_degree", r.UlyssesDegree}, {"ring_degree", r.RingDegree}, {"batch_size", r.BatchSize},
	}, []figureField{
		{"joules_per_request", r.JoulesPerRequest}, {"batch_latency_s", r.BatchLatencyS},
		{"requests_per_second", r.RequestsPerSecond}, {"gpu_power_watts_total", r.GPUPowerWattsTotal},
	}); err != nil {
		return err
	}
	if r.UlyssesDegree*r.RingDegree != r.NumGPUs {
		return bad("num_gpus", "is %d, but ulysses_degree %d × ring_degree %d is %d", r.NumGPUs, r.UlyssesDegree, r.RingDegree, r.UlyssesDegree*r.RingDegree)
	}
	if id := floor.DiffusionRowID(slug, r.GPU, r.NumGPUs, r.UlyssesDegree, r.RingDegree, r.BatchSize); r.RowID != id {
		return bad("row_id", "is %q, want %q", r.RowID, id)
	}
	return nil
}
