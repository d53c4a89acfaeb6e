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
