// Package e2e is Energy Floor's end-to-end suite: it builds what users run
// (the wasm, the server binary, the static site and the CLI), serves them on
// 127.0.0.1, drives Debian's Chromium through chromedp and checks what a
// visitor sees. The harness in this file is shared with cmd/bench, the
// browser benchmark; the checks live in the _test files, but for issue 29's
// property (figures.go: CheckFigures, SameState; links.go: HostileLinks),
// which cmd/energyfloor's tests check on the server's prerendered pages
// (read with app/server/pagetest's parser) and this suite in the browser.
//
// Each test's browser is as fresh as a new profile: a browser context of its
// own in one Chromium the suite keeps running (main_test.go: newBrowser), as
// Playwright's contexts are, which spares a Chromium start per browser. The
// tests of what a browser keeps between visits (onDisk) start a Chromium of
// their own with a profile on disk, as cmd/bench does for every load it times.
package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the repository root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("finding the repository root: no go.mod above the working directory")
		}
		dir = parent
	}
}

// ErrNoChromium reports that no Chromium binary was found.
var ErrNoChromium = errors.New("chromium not found (install Debian's package: apt-get install chromium)")

// ChromiumPath returns the browser to drive: $CHROMIUM when set, else
// /usr/bin/chromium, else chromium or chromium-browser on PATH.
func ChromiumPath() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("$CHROMIUM=%s: %w", p, ErrNoChromium)
		}
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// run runs name with args in dir, with env added to the environment, and
// returns an error holding the command's output when it fails. Ending ctx
// kills it with every process it started (make's go build, the compiler).
func run(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s (in %s): %w\n%s", name, strings.Join(args, " "), dir, err, out.String())
	}
	return nil
}

// BuildServer builds the server the way users get it, `make build` (the
// wasm, its precompressed copies and bin/energyfloor-server, which embeds
// them), and copies the binary to out so that later builds in the checkout
// cannot change what a test runs.
//
// Builds through the harness hold a lock (bin/.e2e-build.lock in root), so
// that two of them (the benchmark's and another run's) never build into the
// same web/ at the same time. make is given makeVars ("BROTLI_QUALITY=1").
func BuildServer(ctx context.Context, root, out string, makeVars ...string) error {
	return buildServer(ctx, root, out, false, makeVars...)
}

// buildServer is BuildServer, at the lowest CPU priority when idle is set
// (nice 19): then it takes the CPU that others leave idle.
func buildServer(ctx context.Context, root, out string, idle bool, makeVars ...string) error {
	if err := os.MkdirAll(filepath.Join(root, "bin"), 0o755); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(root, "bin", ".e2e-build.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("locking the build: %w", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("locking the build: %w", err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	cmd := append([]string{"make", "build"}, makeVars...)
	if idle {
		cmd = append([]string{"nice", "-n", "19"}, cmd...)
	}
	if err := run(ctx, root, nil, cmd[0], cmd[1:]...); err != nil {
		return err
	}
	return run(ctx, root, nil, "cp", filepath.Join(root, "bin", "energyfloor-server"), out)
}

// BuildBinary builds the main package pkg (such as ./cmd/server) into
// out, with extra arguments for go build (such as -ldflags).
func BuildBinary(ctx context.Context, root, pkg, out string, extra ...string) error {
	args := append([]string{"build", "-trimpath"}, extra...)
	args = append(args, "-o", out, pkg)
	return run(ctx, root, nil, "go", args...)
}

// BuildStatic writes the static site for prefix to dest with the server
// binary that BuildServer made: the recipe of `make static PREFIX=prefix`
// (`go run ./cmd/server -static dist -prefix PREFIX`) with the binary already
// built, so that the shared dist/ is left alone.
func BuildStatic(ctx context.Context, serverBin, prefix, dest string) error {
	return run(ctx, filepath.Dir(serverBin), nil, serverBin, "-static", dest, "-prefix", prefix)
}

// FreeAddr returns a free 127.0.0.1 address.
func FreeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// Server is a running server process.
type Server struct {
	// URL is the server's base URL, such as http://127.0.0.1:41234.
	URL  string
	Addr string
	cmd  *exec.Cmd
	out  *bytes.Buffer
	done chan error
}

// StartServer runs the server binary on a free 127.0.0.1 port (its -addr
// flag), with flags added, and waits until it answers GET /.
func StartServer(ctx context.Context, bin string, flags ...string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	return startServer(ctx, "", bin, addr, flags...)
}

// StartServerIn is StartServer with dir as the server's working directory.
func StartServerIn(ctx context.Context, dir, bin string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	return startServer(ctx, dir, bin, addr)
}

// StartServerAt is StartServer on a given address.
func StartServerAt(ctx context.Context, bin, addr string) (*Server, error) {
	return startServer(ctx, "", bin, addr)
}

func startServer(ctx context.Context, dir, bin, addr string, flags ...string) (*Server, error) {
	cmd := exec.Command(bin, append([]string{"-addr", addr}, flags...)...)
	cmd.Dir = dir
	out := &bytes.Buffer{}
	cmd.Stdout = out
	cmd.Stderr = out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	s := &Server{URL: "http://" + addr, Addr: addr, cmd: cmd, out: out, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("server %s exited before answering: %v\n%s", bin, err, out.String())
		default:
		}
		resp, err := http.Get(s.URL + "/")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Stop()
			return nil, fmt.Errorf("server %s did not answer GET / within 30s (last error %v)\n%s", bin, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop stops the server (SIGTERM, then SIGKILL after 5 s) and returns its output.
func (s *Server) Stop() string {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.done
		}
	}
	return s.out.String()
}

// WorkerActivated is a page expression that resolves to true once the
// page's service worker is active.
const WorkerActivated = `navigator.serviceWorker.ready.then(r => r.active && r.active.state === "activated")`

// Get fetches url and returns its status and body.
func Get(url string) (int, string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, "", fmt.Errorf("GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", fmt.Errorf("GET %s: %w", url, err)
	}
	return resp.StatusCode, string(b), nil
}

// CopyTree copies the repository at root to dst for a variant build,
// leaving out .git and build outputs.
func CopyTree(ctx context.Context, root, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	return run(ctx, root, nil, "sh", "-c",
		`tar --exclude=./.git --exclude=./bin --exclude=./dist --exclude=./screenshots --exclude='./web/app.wasm*' -cf - . | tar -C "$1" -xf -`,
		"sh", dst)
}
