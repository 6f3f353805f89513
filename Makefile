# gcplay — see README.md. Recipes need tabs.
GO        ?= go
ADDR      ?= 127.0.0.1:8080
PREFIX    ?= /
BIN       := $(CURDIR)/.bin
WBT       := $(BIN)/wasmbrowsertest
NODEEXEC  := $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec
# pure Go packages whose tests also run as wasm under node
WASM_NODE := ./gccore/... ./lessons/... ./app/workspace/... ./app/scene/... ./app/kubectl/... ./app/store/... ./app/session/... ./app/i18n/...

.PHONY: run serve wasm pagedeps site embed release test vet unit lessons e2e wasm-node fuzz bench bench-native bench-wasm bench-sim bench-lessons clean

# The shipped wasm: stripped, and code off the per-tick hot path built without inlining:
# the Kubernetes libraries (apimachinery, YAML, CBOR), the console's kubectl package (runs
# once per command), the storage code (app/store, IndexedDB), the scenario parser (once per
# file or link), the lessons (their goals are checked once per change) and go-app (45 KB
# gzip; a cascade tick at 5,101 objects measured 30.7 ms with its inlining and 31.0 ms
# without, GCPLAY_BUDGETS=ticks, same run), and the standard library's packages a tick
# does not use (TLS, HTTP, compression, regexp, encodings, templates, time zones: 204 KB
# gzip; BenchmarkCascadeTick as wasm unchanged at 5,101 and 511 objects, opening the
# 20,000-object link about 4 % slower; docs/benchmarks.md). This keeps app.wasm under its
# gzip budget (e2e TestWasmSizeBudget); the hot path is gccore's, the page's own code, the
# runtime and what they call (strings, strconv, sort, maps, syscall/js, reflect for go-app).
WASM_OUT  ?= web/app.wasm
WASM_MAIN ?= ./app/cmd/wasm
# the e2e tests keep the function names (WASM_LDFLAGS=) for their CPU profiles
WASM_LDFLAGS ?= -s -w
NOINLINE  := $(foreach p,k8s.io sigs.k8s.io go.yaml.in github.com/fxamacker github.com/hack-pad github.com/maxence-charriere github.com/gcplay/gcplay/app/kubectl github.com/gcplay/gcplay/app/store github.com/gcplay/gcplay/gccore/scenario github.com/gcplay/gcplay/lessons \
	crypto net compress regexp math/big encoding text html mime vendor golang.org time hash bufio,-gcflags='$(p)/...=-l')
wasm: pagedeps
	GOOS=js GOARCH=wasm $(GO) build $(PAGE_FLAGS) -tags gcplay_page -trimpath -ldflags="$(WASM_LDFLAGS)" $(NOINLINE) -o $(WASM_OUT) $(WASM_MAIN)

# The page's dependencies, trimmed (internal/pagedeps.Plan says what and why): files of
# k8s.io/apimachinery the page never runs are dropped or stood in for in a copy of the
# module in .bin/pagedeps, used through -modfile and -overlay by make wasm and make
# wasm-node only. Dropping watch's StreamWatcher takes net/http's client, HTTP/2, TLS and
# x509 out of app.wasm; a stand-in for cbor/direct takes the CBOR codec out (together
# 4.41 -> 3.87 MiB gzip -9, docs/benchmarks.md).
PAGEDEPS   := $(BIN)/pagedeps
PAGE_FLAGS  = -modfile $(PAGEDEPS)/go.mod -overlay $(PAGEDEPS)/overlay.json
pagedeps:
	@$(GO) run ./internal/pagedeps/stage -go $(GO) -out $(PAGEDEPS) >/dev/null

run: wasm
	$(GO) run ./cmd/gcplay serve --addr $(ADDR)

site: wasm
	$(GO) run ./cmd/gcplay build --out dist --base-path $(PREFIX)

# Release binaries (README "Run a workshop without Go"): one per platform, each holding
# the playground (package internal/embedded, tag gcplay_embed): app.wasm compressed
# (gzip -9 and brotli RELEASE_BROTLI), the page's assets; the lessons and rules are
# embedded in every build. `embed` stages the files in .bin/embed with an overlay for
# go build -overlay, so nothing is generated in the source tree.
RELEASE_PLATFORMS ?= linux_amd64 linux_arm64 darwin_amd64 darwin_arm64 windows_amd64
RELEASE_BROTLI    ?= 11
EMBED             := $(BIN)/embed
VERSION           ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
RELEASE_FLAGS      = -tags gcplay_embed -trimpath -overlay $(EMBED)/overlay.json -ldflags="-s -w -X main.version=$(VERSION)"

embed: wasm
	$(GO) run ./internal/embedded/stage -web web -out $(EMBED) -brotli $(RELEASE_BROTLI)

release: embed
	rm -rf release && mkdir -p release
	@set -e; for p in $(RELEASE_PLATFORMS); do \
		os=$${p%_*}; arch=$${p#*_}; ext=; [ $$os = windows ] && ext=.exe; \
		echo "release/gcplay_$$p$$ext"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build $(RELEASE_FLAGS) -o release/gcplay_$$p$$ext ./cmd/gcplay; \
	done
	cd release && sha256sum gcplay_* > SHA256SUMS
	@cat release/SHA256SUMS

test: vet unit wasm-node fuzz lessons e2e

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

unit:
	$(GO) test -count=1 $$($(GO) list ./... | grep -v /e2e)

# e2e installs Chromium when it can (root with apt-get; GCPLAY_NO_INSTALL=1 stops it);
# otherwise the tests skip and the last line of the run says so, loudly (a failure if CI
# is set). Screenshots of the key states land in e2e/testdata/screenshots (or
# $$GCPLAY_SCREENSHOTS).
e2e:
	@GO=$(GO) scripts/e2e.sh -count=1 -timeout 20m

# every lesson's solution and wrong attempts replayed (lessons/README.md)
lessons:
	$(GO) run ./cmd/gcplay lessons check

wasm-node: pagedeps
	@scripts/need.sh node || { echo "wasm-node: node is required to run the core's tests as wasm. Fix: sudo apt-get install nodejs" >&2; exit 1; }
	GOOS=js GOARCH=wasm $(GO) test $(PAGE_FLAGS) -count=1 -exec=$(NODEEXEC) $(WASM_NODE)

# Short fuzzing, counted in runs rather than seconds: a time bound can end a run with a
# spurious "context deadline exceeded" when the machine is busy. Raise the counts (or
# pass -fuzztime 10m by hand) to fuzz for real.
FUZZ_PARSE_RUNS  ?= 60x
FUZZ_OBJECT_RUNS ?= 10000x
FUZZ_LINK_RUNS   ?= 2000x
# the scenario parser's fast reader against yaml.v3 + sigs.k8s.io/yaml: about 10 s
FUZZ_YAML_RUNS   ?= 20000x

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZ_PARSE_RUNS) ./gccore/scenario
	$(GO) test -run '^$$' -fuzz '^FuzzObject$$' -fuzztime $(FUZZ_OBJECT_RUNS) ./gccore/scenario
	$(GO) test -run '^$$' -fuzz '^FuzzFastYAML$$' -fuzztime $(FUZZ_YAML_RUNS) ./gccore/scenario
	$(GO) test -run '^$$' -fuzz '^FuzzDNS1123$$' -fuzztime $(FUZZ_OBJECT_RUNS) ./gccore
	$(GO) test -run '^$$' -fuzz '^FuzzClusterScenario$$' -fuzztime $(FUZZ_LINK_RUNS) ./gccore/cluster
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZ_OBJECT_RUNS) ./gccore/faults
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZ_PARSE_RUNS) ./lessons
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeLink$$' -fuzztime $(FUZZ_LINK_RUNS) ./app/workspace
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeShare$$' -fuzztime $(FUZZ_LINK_RUNS) ./app/workspace
	$(GO) test -run '^$$' -fuzz '^FuzzShareHistory$$' -fuzztime $(FUZZ_LINK_RUNS) ./app/workspace
	$(GO) test -run '^$$' -fuzz '^FuzzRuleMarkdown$$' -fuzztime $(FUZZ_OBJECT_RUNS) ./app/ui

bench: bench-native bench-wasm bench-sim bench-lessons
	@echo "compare: benchstat -ignore goos,goarch,cpu native=.bench/native.txt wasm=.bench/wasm.txt"

bench-native:
	mkdir -p .bench
	$(GO) test -run '^$$' -bench . -benchmem -count 3 -cpu 1 -timeout 60m ./gccore ./gccore/cluster | tee .bench/native.txt

bench-wasm:
	mkdir -p .bench
	GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench . -benchmem -count 3 -cpu 1 -timeout 60m -exec=$(NODEEXEC) ./gccore ./gccore/cluster | tee .bench/wasm.txt

# gcplay sim end to end (read, parse, run, print) on a generated 100k-object scenario file
bench-sim:
	mkdir -p .bench
	$(GO) test -run '^$$' -bench SimCLI -benchtime 1x -benchmem -count 3 -timeout 60m ./cmd/gcplay | tee .bench/sim.txt

# lessons check on a large lesson (1,000 objects, 300 wrong attempts: 301 replays of the start)
bench-lessons:
	mkdir -p .bench
	$(GO) test -run '^$$' -bench '^BenchmarkCheck$$' -benchtime 3x -benchmem -count 3 -timeout 60m ./lessons | tee .bench/lessons.txt

clean:
	rm -rf .bin .bench dist release web/app.wasm
