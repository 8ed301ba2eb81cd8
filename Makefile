# Glovebox — the two commands are `make demo` and `make test`.
# Both install what they need (apt packages, the sandbox image) and are quick
# when it is already there. Cargo builds are cached under ~/.cache/glovebox,
# keyed by Cargo.lock and the compiler version.

SHELL := /bin/bash
GLOVEBOX_CACHE ?= $(HOME)/.cache/glovebox
export GLOVEBOX_CACHE
TARGET_KEY := $(shell (cat Cargo.lock 2>/dev/null; rustc -V) | sha256sum | cut -c1-16)
export CARGO_TARGET_DIR ?= $(GLOVEBOX_CACHE)/target/$(TARGET_KEY)
export CARGO_TERM_COLOR ?= never
APT_PACKAGES := libseccomp-dev debootstrap pkg-config libdbus-1-dev dbus-daemon gnome-keyring poppler-utils \
  libwebkit2gtk-4.1-dev libxdo-dev xvfb xauth webkit2gtk-driver
BIN := $(CARGO_TARGET_DIR)/debug

.PHONY: demo test deps image image-check build fmt clippy doc unit vm-test bench bench-large bench-app-steps bench-memory bench-python doctor fuzz clean-cache ui-test \
  ui-deps ui-build app app-test app-screenshots app-bench deb deb-test

## make demo: checks the sandbox, then answers plain-language goals on the
## bundled sample CSV with the offline generator, through the real sandbox;
## the answer, the code and the chart (SVG, PNG) go to $(DEMO_OUT).
DEMO_OUT ?= $(GLOVEBOX_CACHE)/demo-out
demo: deps image build
	$(BIN)/glovebox-sandbox doctor
	$(BIN)/glovebox --db $(GLOVEBOX_CACHE)/demo-audit.sqlite3 run assets/samples/shop.csv \
	  --goal "total revenue per region" --out $(DEMO_OUT)
	$(BIN)/glovebox --db $(GLOVEBOX_CACHE)/demo-audit.sqlite3 run assets/samples/shop.csv \
	  --goal "chiffre d'affaires mensuel, arrondi à deux décimales" --out $(DEMO_OUT)/fr

## make test: formatting, lints, unit and integration tests with real containers,
## then the rootless containment cases in a VM.
test: deps image fmt clippy doc unit vm-test ui-test app-test deb-test

deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@mkdir -p $(GLOVEBOX_CACHE)/target
	@# A new Cargo.lock starts from a copy of the newest build folder: cargo
	@# then rebuilds only what changed instead of every crate.
	@if [ ! -d $(CARGO_TARGET_DIR) ]; then \
	  rm -rf $(CARGO_TARGET_DIR).tmp; \
	  newest=$$(ls -1dt $(GLOVEBOX_CACHE)/target/*/ 2>/dev/null | grep -v '\.tmp/$$' | head -1); \
	  if [ -n "$$newest" ]; then echo "==> cargo cache seeded from $$newest"; cp -a "$$newest" $(CARGO_TARGET_DIR).tmp && mv $(CARGO_TARGET_DIR).tmp $(CARGO_TARGET_DIR); fi; \
	fi
	@# keep only the two newest cargo caches (the one in use counts as newest);
	@# only folders named by a recipe key are ours to remove, and a removal
	@# that fails (a build writing there) does not fail the build
	@mkdir -p $(CARGO_TARGET_DIR) && touch $(CARGO_TARGET_DIR)
	@ls -1dt $(GLOVEBOX_CACHE)/target/*/ 2>/dev/null | grep -E '/[0-9a-f]{16}/$$' | tail -n +3 | xargs -r rm -rf || true

image:
	packaging/image/build.sh

## make image-check: builds the image a second time elsewhere and compares digests.
image-check: deps image
	@tmp=$$(mktemp -d /var/tmp/glovebox-image-check-XXXXXX); \
	GLOVEBOX_CACHE=$$tmp packaging/image/build.sh | tail -1; \
	a=$$(cat $(GLOVEBOX_CACHE)/image/current/DIGEST); b=$$(cat $$tmp/image/current/DIGEST); rm -rf $$tmp; \
	if [ "$$a" = "$$b" ]; then echo "image is reproducible: $$a"; else echo "image digests differ: $$a vs $$b"; exit 1; fi

# The desktop app embeds ui/dist: the front end is built before any cargo
# build of the workspace.
build: ui-build
	cargo build --workspace --bins

fmt:
	cargo fmt --all --check

clippy: ui-build
	cargo clippy --workspace --all-targets -- -D warnings

## make doc: the API docs of the workspace's own crates, warnings are errors
## (broken intra-doc links, unclosed HTML).
doc: ui-build
	RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

unit: build
	cargo test --workspace -- --test-threads=2

## make vm-test: boots a cached Debian guest (cgroup v2, systemd, a lingering
## desktop user) with QEMU and runs the rootless containment cases there
## (tests/vm/; guest cached under $(GLOVEBOX_CACHE)/vm/).
vm-test: deps image build
	tests/vm/run.sh $(BIN)

## make ui-test: the front end (ui/): type check, Vitest unit tests, then UI
## flows in headless Chromium (Debian's) with the Tauri IPC mocked from real
## engine reports. npm ci runs only when ui/package-lock.json changed.
ui-test: ui-deps
	@test -x /usr/bin/chromium || { echo "==> installing: chromium"; apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	cd ui && npm test --silent

ui-deps:
	@node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=19)?0:1)' 2>/dev/null || \
	  { echo "the front end needs Node.js 20.19 or newer (found: $$(node -v 2>/dev/null || echo none))"; exit 1; }
	@lock=$$(sha256sum ui/package-lock.json | cut -c1-64); \
	if [ "$$(cat ui/node_modules/.glovebox-lock 2>/dev/null)" != "$$lock" ]; then \
	  echo "==> npm ci (ui/)"; (cd ui && npm ci --no-audit --no-fund --loglevel=error) && echo "$$lock" > ui/node_modules/.glovebox-lock; \
	fi

ui-build: ui-deps
	@cd ui && npx vite build --logLevel error

## make app: starts the desktop app (glovebox-app) with the sample CSV.
app: deps image build
	$(BIN)/glovebox-app assets/samples/shop.csv

## make app-test: the real app window under Xvfb, driven through WebDriver
## (tauri-driver + WebKitWebDriver): add a CSV, ask and get the answer in one
## step (written, checked, run in the real sandbox), see and edit the code,
## run it again, open the run in history, verify the log, a hostile edit is
## refused, cancel stops a run, code drafted for another question cannot run,
## a model's code held for review opens before it runs, drop a file, "Try with
## an example" and a follow-up nested under its run in the history.
## Screenshots go to ~/.cache/glovebox/app-screenshots/ (make app-screenshots
## refreshes the committed ones in tests/app/screenshots/).
TAURI_DRIVER_VERSION := 2.0.6
TAURI_DRIVER := $(GLOVEBOX_CACHE)/tauri-driver/$(TAURI_DRIVER_VERSION)/bin/tauri-driver
export TAURI_DRIVER
$(TAURI_DRIVER):
	@echo "==> cargo install tauri-driver $(TAURI_DRIVER_VERSION) (once, cached)"
	CARGO_TARGET_DIR=$(GLOVEBOX_CACHE)/tauri-driver/build cargo install tauri-driver --version $(TAURI_DRIVER_VERSION) \
	  --locked --root $(GLOVEBOX_CACHE)/tauri-driver/$(TAURI_DRIVER_VERSION) --quiet
	rm -rf $(GLOVEBOX_CACHE)/tauri-driver/build

app-test: deps image build $(TAURI_DRIVER)
	node tests/app/e2e.mjs $(BIN)/glovebox-app

app-screenshots: deps image build $(TAURI_DRIVER)
	node tests/app/e2e.mjs $(BIN)/glovebox-app --update-screenshots

## make app-bench: cold start to an interactive window, question to answer
## and Run to answer on the sample, over 5 launches of the real app (medians printed).
app-bench: deps image build $(TAURI_DRIVER)
	node tests/app/e2e.mjs $(BIN)/glovebox-app --bench 5

## make deb: the .deb (app, sandbox helper, sandbox image), path printed last.
deb: deps image build
	packaging/deb/build.sh $(BIN)

## make deb-test: builds the .deb, installs it (apt), and runs the real-window
## journey against /usr/bin/glovebox-app with an empty home: the first start
## unpacks the image the package carries.
deb-test: deps image build $(TAURI_DRIVER)
	@deb=$$(packaging/deb/build.sh $(BIN) | tail -1); \
	echo "==> installing $$deb"; \
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall "$$deb" >/dev/null
	node tests/app/e2e.mjs /usr/bin/glovebox-app --fresh-home --cli $(BIN)/glovebox

## make bench: the sandbox's own costs, then a goal answered offline against
## bare host Python running the same script with the image's pinned pandas
## (installed for the host under the cache); the last line is the ratio.
BENCH_PYTHON := $(GLOVEBOX_CACHE)/bench-python/$(shell sha256sum packaging/image/requirements.txt | cut -c1-16)
bench: deps image build bench-python
	$(BIN)/glovebox-sandbox bench
	$(BIN)/glovebox bench --python-path $(BENCH_PYTHON)

## make bench-large: a 1 GB sales CSV (written once under $(GLOVEBOX_CACHE)/bench-large):
## its inspection time, then "total revenue per region" through the sandbox against
## host pandas reading the whole file, interleaved; medians, each peak memory, and
## last `large answer ratio: X` and `large peak memory: Y MiB`.
bench-large: deps image build bench-python
	$(BIN)/glovebox bench --large --python-path $(BENCH_PYTHON)

## make bench-app-steps: the desktop app's drop → preview and question → answer
## on a 100 MB sales CSV (written once under $(GLOVEBOX_CACHE)/bench-app-steps),
## without then with the kept descriptions, 3 rounds; medians, and last
## `describe cache ratio: X` (without over with).
bench-app-steps: deps image build
	$(BIN)/glovebox bench --app-steps

## make bench-memory: the memory estimate of workbooks and JSON files against
## the sandbox's measured peak (files written once in the sandbox, kept under
## $(GLOVEBOX_CACHE)/bench-memory); a row per file, and last `memory estimate
## ratio: X (xlsx A, json B, jsonl C)`, estimate over peak, X the lowest kind.
bench-memory: deps image build
	$(BIN)/glovebox bench --memory-estimates

# The image's pinned wheels, installed for the host side of the benches.
bench-python:
	@test -f $(BENCH_PYTHON)/.complete || { rm -rf $(BENCH_PYTHON) && \
	  pip3 install --quiet --disable-pip-version-check --no-cache-dir --no-deps \
	  --require-hashes --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 \
	  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
	  --target $(BENCH_PYTHON) -r packaging/image/requirements.txt && touch $(BENCH_PYTHON)/.complete; }

## make fuzz [FUZZ_SECONDS=600]: fuzzes the CSV inspector with cargo-fuzz (libFuzzer).
FUZZ_SECONDS ?= 600
fuzz:
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd engine/fuzz && RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=$(GLOVEBOX_CACHE)/fuzz-target cargo fuzz run sniffer --fuzz-dir . \
	  -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=1024 -timeout=10

doctor: build
	$(BIN)/glovebox-sandbox doctor

clean-cache:
	rm -rf $(GLOVEBOX_CACHE)/target
