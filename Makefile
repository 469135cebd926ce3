# Two commands for a fresh machine with Python 3.11: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install build lint messages worker clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(BIN)/.installed

# Translations and static files: what a clean clone lacks before it can serve.
build: install
	$(BIN)/python manage.py compiletranslations
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0

run: build
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/daphne -b $(HOST) -p $(PORT) --websocket_connect_timeout 30 cardavia.asgi:application

lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports

test: build lint
	$(BIN)/pytest

# For developers with GNU gettext: refresh the catalogue after changing texts.
messages: install
	$(BIN)/python manage.py makemessages -l de -l en --no-obsolete --ignore '.venv/*' --ignore 'staticfiles/*'

worker: build
	$(BIN)/celery -A cardavia worker --loglevel=info

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 .pytest_cache .ruff_cache test-artifacts
