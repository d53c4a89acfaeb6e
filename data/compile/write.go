package compile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// writeAtomic replaces the folder out with exactly files. It writes into a
// temporary folder beside out and renames it into place only when every file
// is written, so a failure leaves out as it was.
func writeAtomic(out string, files map[string][]byte) (err error) {
	out = filepath.Clean(out)
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("write dataset: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".compiled-new-")
	if err != nil {
		return fmt.Errorf("write dataset: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("write dataset: %w", err)
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return fmt.Errorf("write dataset: %w", err)
		}
	}
	// MkdirTemp makes the folder 0700; the dataset is meant to be read.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("write dataset: %w", err)
	}
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = tmp + ".old"
		if err := os.Rename(out, old); err != nil {
			return fmt.Errorf("write dataset: %w", err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("write dataset: %w", err)
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			if rerr := os.Rename(old, out); rerr != nil {
				return fmt.Errorf("write dataset: %w (and restoring %s from %s: %v)", err, out, old, rerr)
			}
		}
		return fmt.Errorf("write dataset: %w", err)
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("write dataset: remove the previous copy %s: %w", old, err)
		}
	}
	return nil
}
