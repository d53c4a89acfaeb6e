// Command energyfloor-server serves Energy Floor, or writes its static build.
//
// Usage:
//
//	energyfloor-server [-addr 127.0.0.1:8000] [-origin https://example.org] [-grace 10s]
//	energyfloor-server -static DIR [-prefix /energy] [-origin https://example.org]
//	energyfloor-server -check
//
// The binary embeds everything it serves (app.wasm and its precompressed
// copies, app.css, icons, the dataset), so it runs from any directory. On
// SIGINT or SIGTERM it stops accepting, gives responses in flight -grace
// (10 seconds, server.DefaultLimits.ShutdownGrace) to finish, closes those
// still going and exits with status 0. With -static it writes a static site
// to DIR for any static host, at the root or under -prefix, and exits.
//
// Before it listens or writes anything it loads and validates what it
// serves (server.New): a dataset that fails validation, or a missing
// app.wasm, makes it exit with status 1 and the message, which names the
// file, row and field at fault. -check does only that and prints the
// version: `make build` runs it, so a build with bad data fails.
//
// Flags:
//
//	-addr     address to listen on (default $ADDR, else 127.0.0.1:8000)
//	-static   write the static site to this directory instead of serving
//	-prefix   the sub-path the static site is served under (default: the root)
//	-origin   the site's public origin, such as https://example.org, which the
//	          pages' embed snippet names (default: served, each request's
//	          http://Host; static, a placeholder under a note to replace it)
//	-grace    how long responses in flight get to finish on SIGINT or SIGTERM
//	          (default 10s; from 0 to 10m: a platform that kills a stopping
//	          server sooner, or a test, sets it shorter)
//	-check    load and validate the dataset and the assets, print the version
//	          and exit (status 1, with the reason, when they fail)
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
	"time"

	"energyfloor/app/server"
	"energyfloor/data"
	"energyfloor/web"
)

func main() {
	os.Exit(serve(web.FS, data.Files()))
}

// serve parses the flags and serves (or writes, or checks) the site of
// assets and dataset; it returns the exit status.
func serve(assets, dataset fs.FS) int {
	defaultAddr := "127.0.0.1:8000"
	if env := os.Getenv("ADDR"); env != "" {
		defaultAddr = env
	}
	addr := flag.String("addr", defaultAddr, "address to listen on (default from $ADDR, else 127.0.0.1:8000)")
	static := flag.String("static", "", "write the static site to this directory instead of serving")
	prefix := flag.String("prefix", "", "sub-path the static site is served under, e.g. /energy")
	origin := flag.String("origin", "", "the site's public origin, e.g. https://example.org, for the embed snippet (default: served, the request's; static, a placeholder)")
	check := flag.Bool("check", false, "load and validate the dataset and the assets, print the version and exit")
	grace := flag.Duration("grace", server.DefaultLimits.ShutdownGrace, "how long responses in flight get to finish on SIGINT or SIGTERM, from 0 to 10m")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "energyfloor-server: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		return 2
	}
	if *grace < 0 || *grace > maxGrace {
		fmt.Fprintf(os.Stderr, "energyfloor-server: -grace %v: give a duration from 0 to %v, such as 10s\n", *grace, maxGrace)
		return 2
	}
	lim := server.DefaultLimits
	lim.ShutdownGrace = *grace
	return exitCode(run(*addr, *static, *prefix, *origin, *check, lim, assets, dataset))
}

// exitCode prints err, if any, and returns the process's exit status.
func exitCode(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "energyfloor-server:", err)
		return 1
	}
	return 0
}

// maxGrace is the longest -grace: a stop that waits longer than this for a
// response is one no operator would wait for.
const maxGrace = 10 * time.Minute

// run serves the site built from assets and dataset (the embedded ones)
// within lim, or writes its static build, or with check only builds it.
func run(addr, static, prefix, origin string, check bool, lim server.Limits, assets, dataset fs.FS) error {
	origin, err := server.NormalizeOrigin(origin)
	if err != nil {
		return err
	}
	site, err := server.New(assets, dataset)
	if err != nil {
		return err
	}
	if check {
		fmt.Printf("Energy Floor %s: the dataset and the assets are valid\n", site.Version)
		return nil
	}
	if static != "" {
		if err := site.WriteStatic(static, prefix, origin); err != nil {
			return err
		}
		fmt.Printf("wrote the static site (version %s, prefix %q, origin %q) to %s\n", site.Version, prefix, origin, static)
		return nil
	}
	site.Origin = origin
	ln, err := server.Listen(addr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	fmt.Printf("Energy Floor %s serving on http://%s/ (Ctrl-C to stop)\n", site.Version, ln.Addr())
	closed, err := server.Serve(ctx, ln, site, lim)
	if err != nil {
		return err
	}
	if closed > 0 {
		fmt.Printf("stopped: closed %d response(s) still in flight after the %v grace period\n", closed, lim.ShutdownGrace)
		return nil
	}
	fmt.Println("stopped")
	return nil
}
