// Command energyfloor-server serves Energy Floor, or writes its static build.
//
// Usage:
//
//	energyfloor-server [-addr 127.0.0.1:8000] [-origin https://example.org]
//	energyfloor-server -static DIR [-prefix /energy] [-origin https://example.org]
//
// The binary embeds everything it serves (app.wasm and its precompressed
// copies, app.css, icons, the dataset), so it runs from any directory. On
// SIGINT or SIGTERM it stops accepting, gives responses in flight 10 seconds
// (server.DefaultLimits.ShutdownGrace) to finish, closes those still going
// and exits with status 0. With -static it writes a static site
// to DIR for any static host, at the root or under -prefix, and exits.
//
// Flags:
//
//	-addr     address to listen on (default $ADDR, else 127.0.0.1:8000)
//	-static   write the static site to this directory instead of serving
//	-prefix   the sub-path the static site is served under (default: the root)
//	-origin   the site's public origin, such as https://example.org, which the
//	          pages' embed snippet names (default: served, each request's
//	          http://Host; static, a placeholder under a note to replace it)
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"energyfloor/app/server"
	"energyfloor/data"
	"energyfloor/web"
)

func main() {
	defaultAddr := "127.0.0.1:8000"
	if env := os.Getenv("ADDR"); env != "" {
		defaultAddr = env
	}
	addr := flag.String("addr", defaultAddr, "address to listen on (default from $ADDR, else 127.0.0.1:8000)")
	static := flag.String("static", "", "write the static site to this directory instead of serving")
	prefix := flag.String("prefix", "", "sub-path the static site is served under, e.g. /energy")
	origin := flag.String("origin", "", "the site's public origin, e.g. https://example.org, for the embed snippet (default: served, the request's; static, a placeholder)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "energyfloor-server: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*addr, *static, *prefix, *origin); err != nil {
		fmt.Fprintln(os.Stderr, "energyfloor-server:", err)
		os.Exit(1)
	}
}

func run(addr, static, prefix, origin string) error {
	origin, err := server.NormalizeOrigin(origin)
	if err != nil {
		return err
	}
	site, err := server.New(web.FS, data.Files())
	if err != nil {
		return err
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
	closed, err := server.Serve(ctx, ln, site, server.DefaultLimits)
	if err != nil {
		return err
	}
	if closed > 0 {
		fmt.Printf("stopped: closed %d response(s) still in flight after the %v grace period\n", closed, server.DefaultLimits.ShutdownGrace)
		return nil
	}
	fmt.Println("stopped")
	return nil
}
