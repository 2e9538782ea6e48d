# MockFlow: `make run` serves the product, `make test` runs every test. Both set up what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
# Debian packages: WeasyPrint's fast font subsetting, and for tests Chromium, pdftoppm and espeak-ng.
RUN_DEBS := libharfbuzz-subset0
TEST_DEBS := $(RUN_DEBS) chromium poppler-utils espeak-ng

.PHONY: help run test test-unit test-browser bench lint system-deps system-deps-test setup setup-test clean

help:
	@echo "make run    install (first run: 3-4 minutes), migrate, seed demo data and serve http://127.0.0.1:8000"
	@echo "make test   install what tests need and run the whole suite (unit/integration, voice, faults, browser)"
	@echo "make bench  run the benchmarks and write bench/results/*.json and bench/README.md"
	@echo "make lint   ruff and mypy over the code"

$(PY):
	@PYTHON=$$(bin/find-python) || exit 1; \
	echo "Creating $(VENV) with $$PYTHON"; \
	"$$PYTHON" -m venv $(VENV)

$(VENV)/.installed-run: requirements.txt | $(PY)
	$(PIP) install --disable-pip-version-check -q -r requirements.txt
	@touch $@

$(VENV)/.installed-test: requirements.txt requirements-test.txt | $(PY)
	$(PIP) install --disable-pip-version-check -q -r requirements-test.txt
	@touch $@ $(VENV)/.installed-run

system-deps:
	@bin/install-debs $(RUN_DEBS)

system-deps-test:
	@bin/install-debs $(TEST_DEBS)

setup: $(VENV)/.installed-run system-deps
	@mkdir -p var/mail var/media
	$(PY) manage.py migrate --no-input -v 0
	$(PY) manage.py seed_demo

# bin/run names each step (pip's progress shown), skips what is already done, then serves and says where.
run:
	@RUN_DEBS="$(RUN_DEBS)" bin/run

setup-test: $(VENV)/.installed-test system-deps-test

# Fault tests run real processes that share one database: PostgreSQL (the local one unless DATABASE_URL
# names another). Browser tests run in their own invocation (Playwright's sync fixtures break later async tests).
FAULTS_DATABASE_URL ?= $(or $(DATABASE_URL),postgres://postgres@127.0.0.1:5432/postgres)

# Unit and integration tests run in TEST_WORKERS processes (pytest-xdist), each with its own test database
# and Redis database (tests/workers.py). A test file runs whole on one worker (`--dist loadfile`), so its
# module-scoped fixtures are built once. (Not `loadgroup`: with pytest 9.2 it silently stops grouping,
# pytest-xdist issue 1386.)
# Default 2, the machine's cores (TEST_WORKERS=1: one process, no xdist). A transactional test's flush no longer
# costs the files after it the data migrations' rows (tests/seeded.py puts them back). Made the default after the
# last tests that timed real processes against a loaded machine were mended (session 8: three 2-worker runs at
# load 4-7, the third green: 2,616 tests in 14:46 beside four helpers' work).
TEST_WORKERS ?= 2

test: setup-test
	@echo "==> [1/4] unit and integration tests ($(TEST_WORKERS) workers)"
	$(PY) -m pytest -m "not browser and not voice and not faults" -q $(if $(filter-out 1,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile)
	@echo "==> [2/4] voice: the offline audio pipeline in real time"
	$(PY) -m pytest -m voice -q tests/voice
	@echo "==> [3/4] faults: real processes killed and restarted (PostgreSQL)"
	DATABASE_URL=$(FAULTS_DATABASE_URL) $(PY) -m pytest -m faults -q tests/faults
	@echo "==> [4/4] browser tests (Chromium)"
	$(PY) -m pytest -m browser -q tests/functional

test-unit: setup-test
	$(PY) -m pytest -q tests/unit

test-browser: setup-test
	$(PY) -m pytest -m browser -q tests/functional

bench: setup-test
	$(PY) bench/run.py

# mypy checks every package (strict on the engine core and the services, see pyproject.toml): any error
# fails `make lint`.
lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	@mkdir -p var; if $(VENV)/bin/mypy accounts interviews feedback agent_worker mockflow_site > var/mypy.txt; \
	then echo "mypy: clean"; else cat var/mypy.txt; echo "mypy: errors above"; exit 1; fi

clean:
	rm -rf $(VENV) var/staticfiles .pytest_cache
