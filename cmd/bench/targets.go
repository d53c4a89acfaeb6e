package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"energyfloor/app/e2e"
)

// startApp builds the app of the checkout at root the way users get it
// (make build) into dir and starts its server.
func startApp(ctx context.Context, root, dir string) (url string, stop func(), err error) {
	bin := filepath.Join(dir, "server")
	if err := e2e.BuildServer(ctx, root, bin); err != nil {
		return "", nil, err
	}
	srv, err := e2e.StartServer(ctx, bin)
	if err != nil {
		return "", nil, err
	}
	return srv.URL + "/", func() { srv.Stop() }, nil
}

// startFloorPage builds go-app's floor page (testdata/floorpage) into
// dir/floor and starts it there.
func startFloorPage(ctx context.Context, root, dir string) (url string, stop func(), err error) {
	floor := filepath.Join(dir, "floor")
	if err := buildFloorPage(ctx, root, floor); err != nil {
		return "", nil, err
	}
	srv, err := e2e.StartServerIn(ctx, floor, filepath.Join(floor, "floorpage"))
	if err != nil {
		return "", nil, err
	}
	return srv.URL + "/", func() { srv.Stop() }, nil
}

// buildFloorPage builds the floor page of the checkout at root into dir as
// go-app's documentation builds an app: dir/web/app.wasm (GOOS=js
// GOARCH=wasm, -ldflags "-s -w") and the server dir/floorpage, with the
// app's web/icon-192.png and web/icon.svg as its icons.
func buildFloorPage(ctx context.Context, root, dir string) error {
	const pkg = "./cmd/bench/testdata/floorpage"
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		return err
	}
	wasm := exec.CommandContext(ctx, "go", "build", "-ldflags", "-s -w", "-o", filepath.Join(dir, "web", "app.wasm"), pkg)
	wasm.Dir, wasm.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := wasm.CombinedOutput(); err != nil {
		return fmt.Errorf("building the floor page's wasm: %w\n%s", err, out)
	}
	if err := e2e.BuildBinary(ctx, root, pkg, filepath.Join(dir, "floorpage")); err != nil {
		return err
	}
	for from, to := range map[string]string{"icon-192.png": "icon.png", "icon.svg": "icon.svg"} {
		b, err := os.ReadFile(filepath.Join(root, "web", from))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "web", to), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
