# Hexagora: `make run` serves the site; `make test` runs the tests. Only Python 3.11 needed.
# The first run of either creates .venv and installs the pinned requirements (once per change
# of requirements/*.txt).
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
TEST_WORKERS ?= auto
TEST_DEPTH ?= ci
BENCHES ?= $(filter-out bench/__init__.py,$(sort $(wildcard bench/*.py)))

# One stamp per requirements file and content: editing a pin reinstalls on the next run.
sum = $(shell cat $(1) requirements/constraints.txt | cksum | cut -d" " -f1)
BASE_STAMP := $(VENV)/.base-$(call sum,requirements/base.txt)
DEV_STAMP := $(VENV)/.dev-$(call sum,requirements/base.txt requirements/dev.txt)
BENCH_STAMP := $(VENV)/.bench-$(call sum,requirements/bench.txt)
PIP := $(PY) -m pip --disable-pip-version-check --quiet
# The browser tests' JavaScript tools (package.json: axe-core), once per lockfile; skipped where
# npm is missing (the accessibility checks then skip, saying so).
NODE_STAMP := node_modules/.stamp-$(shell cksum < package-lock.json | cut -d" " -f1)

.DEFAULT_GOAL := help
.PHONY: help run test test-deep lint bench venv migrate seed messages compilemessages

help:
	@echo "make run    set up (venv, pinned requirements, migrate, demo data) and serve http://$(HOST):$(PORT)/"
	@echo "make test   run the tests (SQLite and in-memory layers unless DATABASE_URL / REDIS_URL are set)"
	@echo "make test-deep  the same with ten times the random play (hypothesis, conformance playouts)"
	@echo "make lint   ruff, the declared layers (lint-imports) and the types (mypy: games/, gameplatform/core)"
	@echo "make messages  refresh locale/{fr,sv}/*.po and each game's games/<game>/locale/ from the code"
	@echo "            (needs GNU gettext: apt install gettext)"
	@echo "make bench  the speed scripts in bench/ (one: make bench BENCHES=bench/hextopia_engine.py);"
	@echo "            results go in docs/performance.md"

$(PY):
	@test -n "$(PYTHON)" || { echo "Python 3.11 not found: install it (python3.11) and retry." >&2; exit 1; }
	@$(PYTHON) -c 'import sys; v = sys.version_info[:2]; sys.exit(0 if v >= (3, 11) else "Hexagora needs Python 3.11; $(PYTHON) is %d.%d" % v)'
	@$(PYTHON) -c 'import sys; v = sys.version_info[:2]; v == (3, 11) or print("warning: Hexagora is tested on Python 3.11; $(PYTHON) is %d.%d" % v)'
	$(PYTHON) -m venv $(VENV)

$(BASE_STAMP): | $(PY)
	$(PIP) install -r requirements/base.txt
	@rm -f $(VENV)/.base-*; touch $@

$(DEV_STAMP): | $(PY)
	$(PIP) install -r requirements/dev.txt
	@rm -f $(VENV)/.dev-* $(VENV)/.base-*; touch $@ $(BASE_STAMP)

$(NODE_STAMP):
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund --loglevel=error && rm -f node_modules/.stamp-* && touch $@; \
	else echo "npm not found: the axe-core accessibility checks will skip (apt install npm)"; fi

$(BENCH_STAMP): | $(PY)
	$(PIP) install -r requirements/bench.txt
	@rm -f $(VENV)/.bench-*; touch $@

venv: $(DEV_STAMP)

migrate: $(BASE_STAMP) compilemessages
	$(PY) manage.py migrate --noinput

# The .mo catalogues, built from the committed .po files with polib (no GNU gettext needed).
compilemessages: $(BASE_STAMP)
	@$(PY) manage.py compilemessages --verbosity 0

# Extraction (makemessages) needs xgettext: then translate the new entries in the .po files
# (locale/ for the platform's texts, games/<game>/locale/ for each game's).
messages: $(BASE_STAMP)
	@command -v xgettext >/dev/null || { echo "make messages needs GNU gettext's xgettext: apt install gettext" >&2; exit 1; }
	$(PY) manage.py makemessages
	$(PY) manage.py compilemessages

seed: migrate
	$(PY) manage.py seed_demo --port $(PORT)

run: seed
	@if [ -n "$$REDIS_URL" ]; then echo "REDIS_URL is set: bot turns and timers need 'celery -A gameplatform worker' running too (see Procfile)."; fi
	@echo
	@echo "Hexagora: http://$(HOST):$(PORT)/   admin: http://$(HOST):$(PORT)/admin/   API docs: http://$(HOST):$(PORT)/api/docs/"
	@echo "Press Ctrl-C to stop."
	@echo
	exec $(VENV)/bin/daphne -b $(HOST) -p $(PORT) gameplatform.asgi:application

# The suite runs on every core (pytest-xdist; TEST_WORKERS=0: in this process). TEST_DEPTH=ci
# gives random play a fixed budget per test (tests/budget.py); make test-deep ten times more.
test: $(DEV_STAMP) $(NODE_STAMP) compilemessages
	@TEST_DEPTH=$(TEST_DEPTH) $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: that is a failure" >&2; fi; \
	exit $$status

test-deep:
	@$(MAKE) --no-print-directory test TEST_DEPTH=deep

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy

bench: $(BASE_STAMP) $(BENCH_STAMP)
	@set -e; for script in $(BENCHES); do echo "== $$script"; $(PY) $$script; done
