# Energy Floor. `make run` serves the app on $(ADDR); `make test` runs every test.
GO       ?= go
UPSTREAM ?= ../shared/mlenergy-leaderboard/data
ADDR     ?= 127.0.0.1:8000
PREFIX   ?=

.PHONY: test data

# test runs every test: unit, component, CLI and (when Chromium is present) the browser suite.
test:
	$(GO) vet ./...
	$(GO) test ./...

# data compiles the upstream ML.ENERGY files into data/.
data:
	$(GO) run ./cmd/datacompile -upstream $(UPSTREAM) -out data/compiled
