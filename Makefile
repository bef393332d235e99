# Quick start: `make run` opens the app, `make test` runs every test. Both set up what they need.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PYTHON ?= python3

.PHONY: run test bench lint clean bots sysdeps install-desktop fresh-check

# Sample bots written in C (samples/<game>/<name>.c) compile to build/bots/<game>/<name>. The app
# and the tests do not need this (they compile a C sample on its first use); the bench does.
CC      ?= cc
C_BOTS  := $(patsubst samples/%.c,build/bots/%,$(wildcard samples/*/*.c))

# The system packages (editor/system_packages.py): installed when root, else the apt-get line is
# printed. On every run, not only with the venv: the line shows until the packages are there.
sysdeps:
	@PYTHON=$(PYTHON) bash .ci/sysdeps.sh

# Re-install when the project's dependencies change.
$(STAMP): pyproject.toml setup.py | sysdeps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test,cluster]'
	@touch $(STAMP)

bots: $(C_BOTS)

build/bots/%: samples/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -o $@ $<

# With no display, the app runs on a virtual one (Xvfb) rather than not at all.
run: sysdeps $(STAMP)
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY$$QT_QPA_PLATFORM" ] && command -v xvfb-run >/dev/null 2>&1; then \
		echo "snakepit: no display (DISPLAY is not set): starting the app on a virtual X display (xvfb-run);" \
		     "nothing shows on this screen, Ctrl+C ends it" >&2; \
		exec xvfb-run -a -s "-screen 0 1440x900x24" $(VENV)/bin/snakepit; \
	else \
		exec $(VENV)/bin/snakepit; \
	fi

test: sysdeps $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

# mypy --strict over every package and tests/ (pyproject.toml's [tool.mypy] files).
lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(STAMP) bots
	$(PY) -m tests.bench

# The app in the desktop's menus and *.snake.json files opening in it, for this user.
install-desktop: $(STAMP)
	$(VENV)/bin/snakepit install-desktop

# A brand-new minimal Debian (debootstrap, in a chroot; root) runs the two quick-start commands
# from a clean clone: see .ci/fresh-check.sh for its options (Ubuntu, keeping the root).
fresh-check:
	bash .ci/fresh-check.sh $(FRESH_CHECK_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info dist

# The README's screenshots in docs/: under a virtual X display when xvfb-run is installed,
# otherwise with Qt's offscreen platform (both render the same pixels).
.PHONY: screenshots
screenshots: $(STAMP)
	@if command -v xvfb-run >/dev/null 2>&1; then \
		xvfb-run -a -s "-screen 0 1920x1200x24" $(PY) -m editor.screenshots docs; \
	else \
		QT_QPA_PLATFORM=offscreen $(PY) -m editor.screenshots docs; \
	fi
