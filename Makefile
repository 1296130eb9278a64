# The README's two commands: `make run` and `make test`. Each creates .venv itself.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fast browser postgresql nginx lint types unit demo-data docs bytecode messages

# --no-compile: pip would compile every installed module (scipy's and mypy's thousands of files:
# 17 s of the install's 38 s of CPU); Python compiles and caches the ones a process imports.
# The venv is made without ensurepip's old pip (installed, then replaced: 4 s of CPU): this
# Python's pip puts the current pip and the build backend in it (`--python`: pip 22.3 or
# later; the usual way otherwise), and the package is built with that backend instead of an
# isolated build environment made anew (another pip process). 7 s of the 22 s in all.
$(STAMP): pyproject.toml
	python3 -m venv --without-pip $(VENV)
	python3 -m pip --python $(BIN)/python install -q --upgrade pip setuptools wheel \
	  || (python3 -m venv $(VENV) && $(BIN)/pip install -q --upgrade pip setuptools wheel)
	$(BIN)/pip install -q --no-compile --no-build-isolation -e '.[dev]'
	touch $(STAMP)

# The package's bytecode, and that of the libraries the site and the CLI import (the install
# compiles none), written even where PYTHONDONTWRITEBYTECODE is set (as in many containers):
# without it every process compiles them first (issue 38's `serve` start). Cheap when nothing
# changed; the libraries once per venv (2.5 s of CPU).
LIBRARIES_COMPILED := $(VENV)/.libraries-compiled
$(LIBRARIES_COMPILED): $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -c \
	  'from ratinglist.web.app import site_routes; site_routes(); import ratinglist.cli.app'
	touch $(LIBRARIES_COMPILED)

bytecode: $(LIBRARIES_COMPILED)
	$(BIN)/python -m compileall -q -j 0 src >/dev/null

# The demo site: build demo.db once (demo archive, monthly history 2022-01..2025-08, the last
# six month-end lists published, a running tournament and demo accounts: see the README), then
# serve it on http://127.0.0.1:$(PORT)/ (`make run PORT=8080`; the address is printed once bound).
PORT ?= 8000
DEMO_DB := demo.db
DEMO_PUBLISHED := 2025-03-31 2025-04-30 2025-05-31 2025-06-30 2025-07-31 2025-08-31
run: $(STAMP) bytecode
	test -f $(DEMO_DB) || ( $(BIN)/ratinglist demo --db $(DEMO_DB) --live \
	  && $(BIN)/ratinglist rate --history --from 2022-01 --to 2025-08 --every month --db $(DEMO_DB) \
	  && for day in $(DEMO_PUBLISHED); do $(BIN)/ratinglist publish $$day --db $(DEMO_DB) || exit 1; done \
	  && $(BIN)/ratinglist import --game go examples/demo_go_archive --db $(DEMO_DB) \
	  && $(BIN)/ratinglist evaluate --game go --store --db $(DEMO_DB) \
	  || ( rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm; exit 1 ) )
	$(BIN)/ratinglist serve --db $(DEMO_DB) --host 127.0.0.1 --port $(PORT)

test: lint types unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

types: $(STAMP)
	$(BIN)/mypy

# Browser tests drive Debian's chromium-headless-shell (chromium where it is missing; the
# benchmarks' page loads use chromium itself; no browser download): install them when
# missing, and a Japanese font (issue 36: the Japanese phone test measures real glyphs).
browser:
	@test -x /usr/bin/chromium-headless-shell \
		|| (apt-get update -q && apt-get install -y -q chromium-headless-shell) \
		|| echo "could not install chromium-headless-shell: the browser tests use chromium"
	@test -x /usr/bin/chromium || (apt-get update -q && apt-get install -y -q chromium) \
		|| echo "could not install chromium: the browser tests will say so"
	@fc-list :lang=ja 2>/dev/null | grep -q . || apt-get install -y -q fonts-noto-cjk \
		|| echo "could not install a Japanese font: the Japanese pages are measured in boxes"

# The PostgreSQL tests start a throwaway server from Debian's binaries (tests/postgres_server.py);
# install them when missing. The package's own cluster is not used (nor needed running).
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
		|| (apt-get update -q && apt-get install -y -q postgresql) \
		|| echo "could not install postgresql: the PostgreSQL tests will say so"

# The deploy test runs the nginx snippet of docs/deploy.md in front of a server; install
# Debian's nginx when missing (its own service is not used).
nginx:
	@test -x /usr/sbin/nginx || (apt-get update -q && apt-get install -y -q nginx-light) \
		|| echo "could not install nginx: the nginx test will say so"

unit: $(STAMP) bytecode browser postgresql nginx
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n 2

# For development only: skips tests marked slow or realdata (`make test` runs everything).
fast: $(STAMP) postgresql
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/pytest -n 2 -m 'not slow and not realdata'

demo-data: $(STAMP)
	$(BIN)/python examples/generate_demo.py examples/demo_archive
	$(BIN)/python examples/generate_demo_go.py examples/demo_go_archive

docs: $(STAMP)
	$(BIN)/python -m ratinglist.cli.reference > docs/cli.md

# Issue 36: after changing any user-visible text, extract the messages of the package (Python
# `_()` and templates) into the French and Japanese catalogues and compile them (the .mo files
# are committed); translate the new entries (docs/glossary-fr.md, docs/glossary-ja.md) and run
# it again. tests/i18n/test_catalogues.py fails while anything is missing, empty or stale.
messages: $(STAMP)
	$(BIN)/python -m ratinglist.i18n.catalogues
