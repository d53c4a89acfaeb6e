// Command floorpage is go-app's floor for cmd/bench: a go-app v10 page with
// one input and one computed output, built and served the way go-app's
// documentation does it (one main for the browser and the server, an
// app.Handler serving web/ from the working directory, uncompressed). The
// benchmark measures it in the same run as Energy Floor, so that the app's
// start-up can be compared with what go-app itself costs on the same
// machine at the same moment.
//
// It carries the hooks the benchmark's probe reads: a text field
// #tokens-per-month, and #energy-per-month, whose data-wh changes with it.
//
// Usage (what cmd/bench does, in a temporary directory):
//
//	GOOS=js GOARCH=wasm go build -ldflags "-s -w" -o web/app.wasm ./cmd/bench/testdata/floorpage
//	go build -o floorpage ./cmd/bench/testdata/floorpage
//	./floorpage -addr 127.0.0.1:8001
package main

import (
	"flag"
	"log"
	"net/http"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// page is the one component: a volume in, an energy out.
type page struct {
	app.Compo
	tokens string
}

func (p *page) OnInit() { p.tokens = "1B" }

func (p *page) onInput(ctx app.Context, e app.Event) { p.tokens = ctx.JSSrc().Get("value").String() }

// wh is 0.5 Wh per thousand tokens of the field's number (k, M, B, T suffixes).
func (p *page) wh() string {
	s := strings.TrimSpace(p.tokens)
	mult := 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'k':
			mult, s = 1e3, s[:n-1]
		case 'M':
			mult, s = 1e6, s[:n-1]
		case 'B':
			mult, s = 1e9, s[:n-1]
		case 'T':
			mult, s = 1e12, s[:n-1]
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return ""
	}
	return strconv.FormatFloat(v*mult*0.0005, 'f', -1, 64)
}

func (p *page) Render() app.UI {
	wh := p.wh()
	return app.Div().Body(
		app.Label().For("tokens-per-month").Text("Output tokens per month"),
		app.Input().Type("text").ID("tokens-per-month").Value(p.tokens).OnInput(p.onInput),
		app.P().Body(
			app.Text("Energy per month: "),
			app.Span().ID("energy-per-month").DataSet("wh", wh).Text(wh+" Wh"),
		),
	)
}

func main() {
	app.Route("/", func() app.Composer { return &page{} })
	app.RunWhenOnBrowser()

	addr := flag.String("addr", "127.0.0.1:8001", "address to listen on")
	flag.Parse()
	// The icon is local (cmd/bench copies one into web/): go-app's default
	// icons are remote, and the benchmark's browser reaches nothing remote.
	http.Handle("/", &app.Handler{Name: "Floor", Description: "go-app's floor for Energy Floor's benchmark",
		Icon: app.Icon{Default: "/web/icon.png", Large: "/web/icon.png", SVG: "/web/icon.svg"}})
	log.Fatal(http.ListenAndServe(*addr, nil))
}
