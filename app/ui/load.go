package ui

import (
	"strings"
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
// process (the server prerenders many pages; the browser loads it once); in
// the browser without its workloads' models, which loadWorkloads decodes as
// pages need them.
func loadDataset() (*floor.Dataset, error) {
	loadOnce.Do(func() { loadedData, loadDataErr = data.Load() })
	return loadedData, loadDataErr
}

// pageWorkloads returns the ids of the workloads of ds a page of workload
// id (as a link or the select gives it) needs with their models: the
// default workload, which decoding a link starts from and falls back on (an
// empty or unknown workload=: link.NewState); workload id, when ds lists it;
// and for an image or video page the image workload, whose floor with the
// default workload's chat answer makes the line that compares modalities
// (modalities.go).
func pageWorkloads(ds *floor.Dataset, id string) []string {
	ids := []string{floor.DefaultWorkload}
	w := ds.FindWorkload(strings.TrimSpace(id))
	if w == nil {
		return ids
	}
	ids = append(ids, w.ID)
	if !w.Kind.PerToken() { // the modalities line sets the image workload's floor beside the chat answer's
		ids = append(ids, floor.ImageWorkload)
	}
	return ids
}

// loadWorkloads decodes with load (data.LoadWorkload) the models of the
// workloads ids of ds that have none yet (in the browser each workload's
// models are decoded on the first page that needs them: see package data;
// natively Load has decoded them all), and reports whether it decoded any.
func loadWorkloads(ds *floor.Dataset, ids []string, load func(id string) error) (decoded bool, err error) {
	for _, id := range ids {
		if w := ds.FindWorkload(id); w == nil || modelsDecoded(w) {
			continue
		}
		if err := load(id); err != nil {
			return decoded, err
		}
		decoded = true
	}
	return decoded, nil
}

// modelsDecoded reports whether w is listed with its models (in the browser, once
// loadWorkloads has decoded them).
func modelsDecoded(w *floor.Workload) bool {
	return w != nil && len(w.Models) > 0
}
