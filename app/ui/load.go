package ui

import (
	"sync"

	"energyfloor/app/floor"
	"energyfloor/data"
)

var (
	loadOnce    sync.Once
	loadedData  *floor.Dataset
	loadDataErr error
)

// loadDataset returns the bundled dataset, decoded and validated once per
// process (the server prerenders many pages; the browser loads it once).
func loadDataset() (*floor.Dataset, error) {
	loadOnce.Do(func() { loadedData, loadDataErr = data.Load() })
	return loadedData, loadDataErr
}

// loadDiffusion decodes the image and video workloads' models into the
// dataset, if workload id of ds is one of them and they are not yet
// decoded (in the browser they are decoded on first need: see package
// data); natively they are already.
func loadDiffusion(ds *floor.Dataset, id string) error {
	if w := ds.DiffusionWorkload(id); w == nil || len(w.Models) > 0 {
		return nil
	}
	return data.LoadDiffusion()
}
