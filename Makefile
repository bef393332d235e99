# Quick start: `make run` opens the app, `make test` runs every test. Both set up what they need.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PYTHON ?= python3

.PHONY: run test bench lint clean

# Re-install when the project's dependencies change.
$(STAMP): pyproject.toml .ci/sysdeps.sh
	@bash .ci/sysdeps.sh
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/snakepit

test: $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) build *.egg-info
