package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain runs main instead of the tests when the test binary is started
// by run, so the tests exercise the real command: flags, output, exit status.
func TestMain(m *testing.M) {
	if os.Getenv("DATACOMPILE_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// run runs the command with args and returns its stdout, stderr and exit status.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "DATACOMPILE_RUN_MAIN=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.String(), stderr.String(), 0
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	}
	t.Fatal(err)
	return "", "", 0
}

func TestCompileUpstream(t *testing.T) {
	upstream := "../../../shared/mlenergy-leaderboard/data"
	grid := "../../../shared/grid-intensity/average-intensities.json"
	for _, path := range []string{upstream, grid} {
		if _, err := os.Stat(path); err != nil {
			t.Skipf("skipped: %s is absent (the team's ../shared folder beside the checkout)", path)
		}
	}
	out := filepath.Join(t.TempDir(), "compiled")
	stdout, stderr, code := run(t, "-upstream", upstream, "-grid", grid, "-out", out)
	if code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, stderr)
	}
	want := "lm-arena-chat     18 models  328 configurations\n" +
		"gpqa              12 models  187 configurations\n" +
		"sourcegraph-fim    3 models   50 configurations\n" +
		"image-chat        11 models  173 configurations\n" +
		"video-chat         6 models  100 configurations\n" +
		"text-to-image      7 models  638 configurations\n" +
		"text-to-video      5 models  382 configurations\n" +
		"grid             222 countries and regions\n" +
		"wrote " + out + "\n"
	if stdout != want {
		t.Errorf("got stdout\n%s\nwant\n%s", stdout, want)
	}
	for _, name := range []string{"lm-arena-chat/qwen-3-235b-a22b-instruct.json", "grid.json"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestBadInput(t *testing.T) {
	upstream := t.TempDir()
	index := `{"architectures": {"llm": ["gpqa", "lm-arena-chat", "sourcegraph-fim"], "mllm": ["image-chat", "video-chat"], "diffusion": ["text-to-image", "text-to-video"]}, "last_updated": "2026-02-16"}`
	if err := os.WriteFile(filepath.Join(upstream, "index.json"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "compiled")
	stdout, stderr, code := run(t, "-upstream", upstream, "-out", out)
	if code != 1 || stdout != "" {
		t.Errorf("got exit status %d, stdout %q; want 1 and nothing", code, stdout)
	}
	want := "datacompile: " + filepath.Join(upstream, "tasks", "lm-arena-chat.json") + ": open: no such file or directory\n"
	if stderr != want {
		t.Errorf("got stderr %q, want %q", stderr, want)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output folder exists after a failure: %v", err)
	}
}

func TestUsage(t *testing.T) {
	_, stderr, code := run(t, "extra")
	if code != 2 || !strings.Contains(stderr, `unexpected arguments ["extra"]`) || !strings.Contains(stderr, "-upstream folder") || !strings.Contains(stderr, "-grid file") {
		t.Errorf("got exit status %d, stderr %q; want 2 with the problem and the usage", code, stderr)
	}
	_, stderr, code = run(t, "-nosuchflag")
	if code != 2 || !strings.Contains(stderr, "flag provided but not defined: -nosuchflag") {
		t.Errorf("got exit status %d, stderr %q; want 2 naming the flag", code, stderr)
	}
}
