# Quick start: `make run` opens the app, `make test` runs every test. Both set up what they need.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PYTHON ?= python3

.PHONY: run test bench lint clean bots

# Sample bots written in C (samples/<game>/<name>.c) compile to build/bots/<game>/<name>.
CC      ?= cc
C_BOTS  := $(patsubst samples/%.c,build/bots/%,$(wildcard samples/*/*.c))

# Re-install when the project's dependencies change.
$(STAMP): pyproject.toml .ci/sysdeps.sh
	@bash .ci/sysdeps.sh
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test,cluster]'
	@touch $(STAMP)

bots: $(C_BOTS)

build/bots/%: samples/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -o $@ $<

run: $(STAMP) bots
	$(VENV)/bin/snakepit

test: $(STAMP) bots lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(STAMP) bots
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) build *.egg-info

# The README's screenshots in docs/: under a virtual X display when xvfb-run is installed,
# otherwise with Qt's offscreen platform (both render the same pixels).
.PHONY: screenshots
screenshots: $(STAMP)
	@if command -v xvfb-run >/dev/null 2>&1; then \
		xvfb-run -a -s "-screen 0 1920x1200x24" $(PY) -m editor.screenshots docs; \
	else \
		QT_QPA_PLATFORM=offscreen $(PY) -m editor.screenshots docs; \
	fi
