# Kirjuri: `make run` serves it on the embedded default; `make test` runs every check.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test quick lint format bench bench-load clean messages

# Test processes (pytest-xdist): one more than the cores by default, since a test
# process waits on the browser, the database and the live server about half the
# time (docs/performance.md, "The suite on every core"; two more on PostgreSQL was
# tried and overloaded two cores with Chromiums). TEST_WORKERS=0 runs the suite in
# this one process.
TEST_WORKERS ?= $(shell expr $$(nproc) + 1)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Kirjuri needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the pinned requirements change: a second `make run` is fast.
$(VENV)/.base: requirements/base.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements/base.txt
	@touch $@

$(VENV)/.dev: requirements/dev.txt requirements/base.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements/dev.txt
	@touch $(VENV)/.base $@

run: $(VENV)/.base
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py load_catalogue
	@echo ""
	@echo "  Kirjuri is at http://$(HOST):$(PORT)/  (API docs: http://$(HOST):$(PORT)/api/docs/)"
	@echo "  Create an administrator:  $(BIN)/python manage.py createsuperuser"
	@echo ""
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=25 $(PYTEST_ARGS)

# The inner loop: the engine and service tests of what this branch changed (no
# browser, worker or slow tests), on every core; well under a minute. Not a
# replacement for `make test`.
quick: $(VENV)/.dev
	$(BIN)/python -m tests.quick $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(VENV)/.dev
	$(BIN)/python -m bench.engine

# The write path under load on the production stack started locally (needs
# PostgreSQL and Redis on 127.0.0.1; uses the database kirjuri_bench and Redis db 6).
bench-load: $(VENV)/.dev
	$(BIN)/python -m bench.load

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache

# The Finnish catalogue: extract every marked text (templates, Python, the engine's
# templates and the games' declarations) into locale/fi, then compile it.
messages: $(VENV)/.dev
	$(BIN)/python manage.py makemessages -l fi --no-location --no-obsolete \
		--ignore '.venv/*' --ignore 'tests/*' --ignore 'bench/*' --ignore 'staticfiles/*'
	$(BIN)/python manage.py makemessages -d djangojs -l fi --no-location --no-obsolete \
		--ignore '.venv/*' --ignore 'staticfiles/*' --ignore 'static/js/vendor/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*'
