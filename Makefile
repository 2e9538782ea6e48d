# MockFlow: `make run` serves the product, `make test` runs every test. Both set up what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
# Debian packages: WeasyPrint's fast font subsetting, and for tests Chromium, pdftoppm and espeak-ng.
RUN_DEBS := libharfbuzz-subset0
TEST_DEBS := $(RUN_DEBS) chromium poppler-utils espeak-ng
# The generated resume corpus of the bench (bench/corpus/): LibreOffice turns its Word layouts into PDFs, texlive
# compiles its LaTeX layouts (moderncv needs fontawesome5, in fonts-extra; europasscv soul, in plain-generic); node
# and npm render its JSON Resume themes.
BENCH_DEBS := $(TEST_DEBS) libreoffice-writer texlive-latex-extra texlive-fonts-extra texlive-plain-generic lmodern

.PHONY: help run test test-postgres test-unit test-browser bench lint system-deps system-deps-test system-deps-bench setup setup-test clean

help:
	@echo "make run    install (first run: 3-4 minutes), migrate, seed demo data and serve http://127.0.0.1:8000"
	@echo "make test   install what tests need and run the whole suite (unit/integration, voice, PostgreSQL+Redis and faults, browser)"
	@echo "make test-postgres  the unit and integration tests again on the local PostgreSQL and Redis (CI runs it too)"
	@echo "make bench  run the benchmarks and write bench/results/*.json and bench/README.md"
	@echo "make lint   ruff, import cycles and mypy over the code"

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

system-deps-bench:
	@bin/install-debs $(BENCH_DEBS)
	@command -v npm >/dev/null || bin/install-debs nodejs npm

setup: $(VENV)/.installed-run system-deps
	@mkdir -p var/mail var/media
	$(PY) manage.py migrate --no-input -v 0
	$(PY) manage.py seed_demo

# bin/run names each step (pip's progress shown), skips what is already done, then serves and says where.
run:
	@RUN_DEBS="$(RUN_DEBS)" bin/run

setup-test: $(VENV)/.installed-test system-deps-test

# The local PostgreSQL and Redis, which bin/services starts when they are installed but stopped. The tests about
# them (marked `services`) and the fault tests run there; `make test-postgres` runs the unit and integration step
# there again (CI does both). POSTGRES_URL may name another server.
POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres
REDIS_TEST_URL ?= redis://127.0.0.1:6379/0

# Unit and integration tests run in TEST_WORKERS processes (pytest-xdist), each with its own test database
# and Redis database (tests/workers.py). A test file runs whole on one worker (`--dist loadfile`), so its
# module-scoped fixtures are built once. (Not `loadgroup`: with pytest 9.2 it silently stops grouping,
# pytest-xdist issue 1386.)
# Default 2, the machine's cores (TEST_WORKERS=1: one process, no xdist). A transactional test's flush no longer
# costs the files after it the data migrations' rows (tests/seeded.py puts them back).
TEST_WORKERS ?= 2
XDIST := $(if $(filter-out 1,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile)
UNIT := -m "not browser and not voice and not faults and not services"

# Step 1 runs on the embedded default whatever the caller's environment holds (DATABASE_URL and REDIS_URL unset),
# so `make test` means the same on every machine; step 3 says which servers it uses and starts them.
test: setup-test
	@bin/timed "[1/4] unit and integration tests on the embedded default: SQLite, in-memory channel layer ($(TEST_WORKERS) workers)" \
		env -u DATABASE_URL -u REDIS_URL $(PY) -m pytest $(UNIT) -q $(XDIST)
	@bin/timed "[2/4] voice: the offline audio pipeline in real time" \
		env -u DATABASE_URL -u REDIS_URL $(PY) -m pytest -m voice -q tests/voice
	@bin/timed "[3/4] PostgreSQL and Redis (local, started if stopped): the tests about them, and faults (real processes killed and restarted)" \
		bash -c 'bin/services && DATABASE_URL=$(POSTGRES_URL) REDIS_URL=$(REDIS_TEST_URL) $(PY) -m pytest -m "services or faults" -q tests'
	@bin/timed "[4/4] browser tests (Chromium)" \
		env -u DATABASE_URL -u REDIS_URL $(PY) -m pytest -m browser -q tests/functional

# The unit and integration step again on PostgreSQL and Redis (the scaled-out configuration); CI runs it after
# `make test`.
test-postgres: setup-test
	@bin/timed "unit and integration tests on PostgreSQL and Redis ($(TEST_WORKERS) workers)" \
		bash -c 'bin/services && DATABASE_URL=$(POSTGRES_URL) REDIS_URL=$(REDIS_TEST_URL) $(PY) -m pytest $(UNIT) -q $(XDIST)'

test-unit: setup-test
	$(PY) -m pytest -q tests/unit

test-browser: setup-test
	$(PY) -m pytest -m browser -q tests/functional

bench: setup-test system-deps-bench
	$(PY) bench/run.py

# mypy checks every package (strict on the engine core and the services, see pyproject.toml): any error
# fails `make lint`, and so does an import cycle among the product's modules (bin/import-cycles).
lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(PY) bin/import-cycles
	@mkdir -p var; if $(VENV)/bin/mypy accounts interviews feedback agent_worker mockflow_site > var/mypy.txt; \
	then echo "mypy: clean"; else cat var/mypy.txt; echo "mypy: errors above"; exit 1; fi

clean:
	rm -rf $(VENV) var/staticfiles .pytest_cache
