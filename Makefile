# The two commands of the README's quick start: `make kit` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
OUT    ?= output

.PHONY: kit test lint fuzz install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's metadata changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The translations (docs/i18n.md): each .mo compiled from its .po when the .po is newer (the
# install compiles them too; pnp would read a newer .po itself, more slowly).
CATALOGS := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
$(CATALOGS): %.mo: %.po | $(VENV)/.installed
	$(BIN)/python scripts/i18n.py compile $<

kit: install $(CATALOGS)
	$(BIN)/pnp kit --out $(OUT)

# On every core (pytest-xdist); a file's tests stay on one worker, so module fixtures run once.
# WORKERS=0 runs in one process (a machine already busy gains nothing from two workers).
WORKERS ?= auto
test: install-test $(CATALOGS)
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadfile

# What CI checks besides the tests: formatting, lint rules, types (mypy --strict over the whole
# package), the import layers (all configured in pyproject.toml).
lint: install-test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The fuzz harness's big runs (slow): every subcommand, game files, kill -9, templates.
fuzz: install-test
	$(BIN)/python -m pytest -m fuzz tests/fuzz

clean:
	rm -rf $(VENV) build *.egg-info
