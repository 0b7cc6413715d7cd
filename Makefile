# Limelight — the two commands a newcomer needs:
#   make run    install what is missing, build, index corpus/, search it
#   make test   install what is missing, build, run the whole test suite
SWIFT   ?= swift
INDEX   ?= $(CURDIR)/.build/demo-index
QUERY   ?= monterey ba
BIN      = .build/release/limelight

.PHONY: run test deps build corpus eval soak bench clean

# Debian packages the build needs; installed non-interactively when missing.
# libxapian-dev: Xapian 1.4. libsystemd-dev: sd-bus, for the session-bus service.
# dbus and libglib2.0-bin: dbus-daemon and gdbus, which its tests run.
# libsqlite3-dev: SQLite, to read Firefox's places.sqlite.
# fzf, zsh, fish, man-db, groff-base: the launcher and completion tests run fzf --filter,
# zsh -n, fish -n and man -l.
DEB_DEPS = libxapian-dev libsystemd-dev dbus libglib2.0-bin libsqlite3-dev fzf zsh fish man-db groff-base
deps:
	@for p in $(DEB_DEPS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing …"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --static-swift-stdlib --product limelight

run: build
	rm -rf "$(INDEX)"
	$(BIN) --index "$(INDEX)" index corpus/*.jsonl
	$(BIN) --index "$(INDEX)" search "$(QUERY)"

# The layer check: a target that imports another target of the package without
# declaring it a dependency (Search importing Index, say) is an error.
LAYERS   = --explicit-target-dependency-import-check=error

test: deps
	$(SWIFT) build --build-tests $(LAYERS)
	$(SWIFT) test --skip-build

# Ranking quality on corpus/eval: keystrokes, typos, nDCG@10, replay vs baselines → EVAL.md
eval: deps
	$(SWIFT) build -c release --product limelight-eval
	.build/release/limelight-eval --out EVAL.md

# The kill -9 test at length (the suite runs 12 kills; this runs 300).
soak: deps
	$(SWIFT) build --build-tests
	LIMELIGHT_KILLS=300 $(SWIFT) test --skip-build --filter KillTests

# Regenerate the bundled corpus (deterministic).
corpus:
	python3 corpus/generate.py

clean:
	rm -rf .build

# ---- Benchmarks (issue 6): Limelight side by side with raw Xapian, SQLite FTS5
# and Tantivy. See Benchmarks/run.py and BENCHMARKS.md.
#   make bench         the Debian catalog (63k) and 1M synthetic entities + 1M
#                      interactions; writes Benchmarks/results/*.json and BENCHMARKS.md
#   make bench-smoke   5,000 Debian packages, ~200 queries, under 2 minutes;
#                      exits non-zero if an engine fails or Limelight's results
#                      disagree with raw Xapian running the same plan
#   make bench BENCH_REV=295541a
#                      builds the engine from a clean snapshot of that commit (a
#                      git worktree in $(BENCH_SCRATCH)-src, with the driver
#                      Benchmarks/LimelightBench from the working tree), so that
#                      edits to Sources/ during the run cannot change what is timed
#   make bench BENCH_CORPORA=debian
#                      one corpus only (the other's results stay as they were)
.PHONY: bench-deps bench-src bench-build bench-smoke
BENCH_SCRATCH ?= $(CURDIR)/.build/bench
BENCH_VENV    ?= $(CURDIR)/Benchmarks/.venv
BENCH_PY       = $(BENCH_VENV)/bin/python
BENCH_ARGS    ?=
BENCH_REV     ?=
BENCH_CORPORA ?= debian synthetic
BENCH_SRC      = $(if $(BENCH_REV),$(BENCH_SCRATCH)-src,$(CURDIR))
BENCH_SOURCE   = $(if $(BENCH_REV),--source "commit $(BENCH_REV) (a clean snapshot; Benchmarks/ from the working tree)")
BENCH_BINS     = --limelight-bench $(BENCH_SCRATCH)/release/limelight-bench \
                 --limelight $(BENCH_SCRATCH)/release/limelight \
                 --raw-xapian $(BENCH_SCRATCH)/raw-xapian-bench \
                 --oneshot $(BENCH_SCRATCH)/xapian-oneshot $(BENCH_SOURCE)

bench-deps: deps
	@for p in nlohmann-json3-dev xapian-tools python3-venv g++; do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing …"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq -o Acquire::Languages=en && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@[ -x $(BENCH_PY) ] || python3 -m venv $(BENCH_VENV)
	@$(BENCH_PY) -c 'import tantivy' 2>/dev/null || $(BENCH_PY) -m pip install -q -r Benchmarks/requirements.txt

bench-src:
ifneq ($(BENCH_REV),)
	@if [ -d $(BENCH_SRC) ]; then git -C $(BENCH_SRC) checkout -q --force --detach $(BENCH_REV); \
	else git worktree add --detach $(BENCH_SRC) $(BENCH_REV); fi
	cp Benchmarks/LimelightBench/main.swift $(BENCH_SRC)/Benchmarks/LimelightBench/main.swift
endif

bench-build: bench-deps bench-src
	$(SWIFT) build -c release --package-path $(BENCH_SRC) --product limelight-bench --scratch-path $(BENCH_SCRATCH)
	$(SWIFT) build -c release --package-path $(BENCH_SRC) --static-swift-stdlib --product limelight --scratch-path $(BENCH_SCRATCH)
	g++ -O2 -std=c++17 -o $(BENCH_SCRATCH)/raw-xapian-bench Benchmarks/raw-xapian/bench.cc -lxapian
	g++ -O2 -std=c++17 -o $(BENCH_SCRATCH)/xapian-oneshot Benchmarks/raw-xapian/oneshot.cc -lxapian

# The full run also times the CLI with the Swift runtime as shared libraries
# (start-up cost of the runtime; `make build` links it statically).
bench: bench-build
	$(SWIFT) build -c release --package-path $(BENCH_SRC) --product limelight --scratch-path $(BENCH_SCRATCH)-shared
	$(BENCH_PY) Benchmarks/run.py $(foreach c,$(BENCH_CORPORA),--corpus $(c)) $(BENCH_BINS) \
	  --limelight-static $(BENCH_SCRATCH)-shared/release/limelight $(BENCH_ARGS)

bench-smoke: bench-build
	$(BENCH_PY) Benchmarks/run.py --corpus debian-smoke $(BENCH_BINS) \
	  --results-dir Benchmarks/data/smoke-results --no-report $(BENCH_ARGS)
