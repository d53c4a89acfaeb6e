package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"energyfloor/data"
	"energyfloor/web"
)

// testDatasetEnv, set, makes the test binary run as the server on the
// dataset in that folder instead of the embedded one (TestMain): the
// process's exit status and output are the binary's.
const testDatasetEnv = "ENERGYFLOOR_TEST_DATASET"

func TestMain(m *testing.M) {
	if dir := os.Getenv(testDatasetEnv); dir != "" {
		os.Exit(serve(web.FS, os.DirFS(dir)))
	}
	os.Exit(m.Run())
}

// runExpecting runs the server on the dataset in dir with args, fails t
// unless it exits with status code, and returns its output.
func runExpecting(t *testing.T, code int, dir string, args ...string) (stdout, stderr *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), testDatasetEnv+"="+dir)
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != code {
		t.Fatalf("exit: %v, want status %d (stdout %q, stderr %q)", err, code, stdout.String(), stderr.String())
	}
	return stdout, stderr
}

// TestBadDataExits: with a dataset that fails validation the server neither
// listens nor writes a static site, and -check fails: each exits 1 with the
// validation message, naming the file, row and field.
func TestBadDataExits(t *testing.T) {
	const file = "lm-arena-chat/gemma-3-12b.json"
	dir := t.TempDir()
	err := fs.WalkDir(data.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.Files(), name)
		if err != nil {
			return err
		}
		if name == file {
			b = bytes.Replace(b, []byte(`"joules_per_output_token":`), []byte(`"joules_per_output_token":-`), 1)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(t.TempDir(), "dist")
	for _, args := range [][]string{{"-addr", "127.0.0.1:0"}, {"-static", dist}, {"-check"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			stdout, stderr := runExpecting(t, 1, dir, args...)
			for _, want := range []string{`file "` + file + `"`, `field "joules_per_output_token"`} {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr %q does not name %s", stderr.String(), want)
				}
			}
			if strings.Contains(stdout.String(), "serving") {
				t.Errorf("it listened: %q", stdout.String())
			}
			if _, err := os.Stat(dist); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("it wrote %s (%v)", dist, err)
			}
		})
	}
}

// TestBadGraceExits: a -grace outside 0 to 10m is refused before anything
// is loaded or listened on, with status 2 and a message naming the range.
func TestBadGraceExits(t *testing.T) {
	for _, grace := range []string{"-1s", "11m", "soon"} {
		t.Run(grace, func(t *testing.T) {
			stdout, stderr := runExpecting(t, 2, t.TempDir(), "-addr", "127.0.0.1:0", "-grace", grace)
			if !strings.Contains(stderr.String(), "-grace") {
				t.Errorf("stderr %q does not name -grace", stderr.String())
			}
			if stdout.Len() > 0 {
				t.Errorf("it wrote %q", stdout.String())
			}
		})
	}
}
