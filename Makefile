# Limelight — the two commands a newcomer needs:
#   make run    install what is missing, build, index corpus/, search it
#   make test   install what is missing, build, run the whole test suite
SWIFT   ?= swift
INDEX   ?= $(CURDIR)/.build/demo-index
QUERY   ?= monterey ba
BIN      = .build/release/limelight

.PHONY: run test deps build corpus bench clean

# Debian packages the build needs; installed non-interactively when missing.
deps:
	@if ! dpkg -s libxapian-dev >/dev/null 2>&1; then \
	  echo "Installing libxapian-dev (Xapian 1.4) …"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxapian-dev >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --product limelight

run: build
	rm -rf "$(INDEX)"
	$(BIN) --index "$(INDEX)" index corpus/*.jsonl
	$(BIN) --index "$(INDEX)" search "$(QUERY)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Regenerate the bundled corpus (deterministic).
corpus:
	python3 corpus/generate.py

clean:
	rm -rf .build
