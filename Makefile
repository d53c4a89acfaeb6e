# Energy Floor. `make run` serves the app on $(ADDR); `make test` runs every test; `make check` all but
# the browser suite and fuzzing.
GO       ?= go
UPSTREAM ?= ../shared/mlenergy-leaderboard/data
GRID     ?= ../shared/grid-intensity/average-intensities.json
ADDR     ?= 127.0.0.1:8000
PREFIX   ?=
ORIGIN   ?=

.PHONY: test check fuzz bench data wasm build run static clean

# test runs every test: vet, then unit, component and CLI tests, the browser suite (app/e2e) when
# Chromium is present, and fuzzing. With CI=true a missing Chromium fails the browser tests instead of
# skipping them (the benchmark's smoke test runs in make bench). -count=1: the browser tests build and
# run the app outside what Go's test cache can see, so a cached pass could hide a change in app/, web/
# or data/. -timeout is a guard against a hung test, with room for the browser suite on a slow shared
# machine.
test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...
	$(MAKE) fuzz

# check is the fast loop while developing: vet, then every test but the browser suite (app/e2e) and
# fuzzing: unit, component, prerender, CLI and server tests.
check:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 10m $$($(GO) list ./... | grep -v /app/e2e)

# fuzz gives the number parsers, the traffic floor's volume, the URL-state decoder and the dataset decoders FUZZN executions each
# beyond their checked-in corpora (testdata/fuzz/). A count, not a time, so that a loaded machine makes
# the run longer instead of ending it at a deadline. A crash it finds is written to testdata/fuzz/ and
# fails the run. FUZZN=1000000 for a longer hunt.
FUZZN ?= 20000
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseNumber$$' -fuzztime $(FUZZN)x ./app/floor
	$(GO) test -run '^$$' -fuzz '^FuzzTrafficVolume$$' -fuzztime $(FUZZN)x ./app/floor
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeState$$' -fuzztime $(FUZZN)x ./app/link
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZN)x ./data
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeGrid$$' -fuzztime $(FUZZN)x ./data

# bench runs the Go benchmarks, the browser benchmark's smoke test (EF_BENCH=1: one short round, which
# must produce every figure), then the browser benchmark (cmd/bench: RUNS alternating rounds of cold
# and warm loads of go-app's floor page and the app in headless Chromium on 127.0.0.1), which prints
# each site's figures, the app's ratios to the floor, and the same as JSON. PAGE is the app's page it
# loads (make bench PAGE='/?workload=text-to-image' times an image page).
RUNS ?= 5
PAGE ?= /
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	EF_BENCH=1 $(GO) test -count=1 -run '^TestMeasureProducesEveryFigure$$' ./cmd/bench
	$(GO) run ./cmd/bench -runs $(RUNS) -page '$(PAGE)'

# data compiles the upstream ML.ENERGY files and CO2.js's grid intensities into data/compiled (make data
# UPSTREAM=dir GRID=file to read other copies); the same input gives the same bytes, so running it again
# leaves git status clean.
data:
	$(GO) run ./cmd/datacompile -upstream $(UPSTREAM) -grid $(GRID) -out data/compiled

# wasm builds the browser main into web/app.wasm and precompresses it (.br, .gz). WASM_GCFLAGS make app.wasm
# smaller over the wire: -l builds without inlining, and -d=variablemakethreshold=0 compiles a make of a
# slice that does not escape, whose length is not a constant, as one heap allocation, without the second,
# stack-allocated path the compiler adds for small lengths. WASM_GCFLAGS= builds with the defaults.
# It builds in cmd/wasmwork's workspace, where go-app's server-only files (its Handler, which imports
# net/http and so crypto/tls) are left out of the browser build.
# BROTLI_QUALITY=1 compresses in a second where 11 takes tens, for a build no visitor downloads (the
# browser suite's second version); a .br that already decodes to app.wasm is kept, whatever its quality.
WASM_GCFLAGS ?= all=-l -d=variablemakethreshold=0
BROTLI_QUALITY ?= 11
wasm:
	$(GO) run ./cmd/wasmwork -out bin/wasmwork
	GOWORK=$(CURDIR)/bin/wasmwork/go.work GOOS=js GOARCH=wasm $(GO) build -trimpath -gcflags='$(WASM_GCFLAGS)' -ldflags "-s -w" -o web/app.wasm ./wasm
	$(GO) run ./cmd/precompress -brotli-quality $(BROTLI_QUALITY) web/app.wasm

# build makes bin/energyfloor-server, one binary with every asset embedded, and has it validate the
# dataset and the assets it embeds (-check): a build with bad data fails, naming the file, row and field.
build: wasm
	$(GO) build -trimpath -o bin/energyfloor-server ./cmd/server
	./bin/energyfloor-server -check || { rm -f bin/energyfloor-server; exit 1; }

# run serves the app on $(ADDR) (make run ADDR=127.0.0.1:9000).
run: build
	./bin/energyfloor-server -addr $(ADDR)

# static writes a static site to dist/, for the root or a sub-path (make static PREFIX=/energy), at its
# public origin (make static ORIGIN=https://example.org), which the pages' embed snippet names.
static: wasm
	$(GO) run ./cmd/server -static dist -prefix "$(PREFIX)" -origin "$(ORIGIN)"

# clean removes everything make builds.
clean:
	rm -rf bin dist web/app.wasm web/app.wasm.br web/app.wasm.gz web/.app.wasm.*.tmp*
