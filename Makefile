# make run  -> set up .venv and start the main job: the shared table (undercroft serve)
# make test -> set up .venv and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-compiled install lint bench fast unfast clean

# Modules on the hot paths of level generation and of whole games, compiled by
# `make fast` with mypyc (it ships with mypy). Optional: without it everything runs
# as plain Python. Amulet's compiled folders are taken whole (paths relative to src/):
# generation/, characters/, room/ and game/; encounter/ (the encounter ruleset) and the
# top (ruleset.py) stay plain. The one exclusion, AMULET_PLAIN, is the pydantic models:
# mypyc cannot compile a pydantic model (config.py, tables.py, house_rules.py,
# view_schema.py, heroes.py, creatures.py, modos.py), and none of them is on a hot path
# (the monster lookups asked for all game long are in characters/monster_numbers.py);
# with them game/scaling_odds.py, a script for the README (`python -m` cannot run a
# compiled module) and on no game's path.
AMULET := undercroft/systems/amulet
AMULET_FOLDERS := generation characters room game
AMULET_PLAIN := $(addprefix $(AMULET)/,generation/config.py generation/tables.py \
	characters/heroes.py characters/creatures.py characters/modos.py \
	room/house_rules.py room/view_schema.py game/config.py game/view_schema.py \
	game/scaling_odds.py)
AMULET_FAST := $(filter-out $(AMULET_PLAIN) %/__init__.py,$(patsubst src/%,%, \
	$(sort $(wildcard $(AMULET_FOLDERS:%=src/$(AMULET)/%/*.py)))))
FAST_MODULES := undercroft/rng.py undercroft/values.py undercroft/maps/model.py undercroft/maps/lattice.py \
	undercroft/maps/shapes.py undercroft/maps/placement.py \
	undercroft/dice/roll_log.py $(AMULET_FAST) \
	undercroft/engine/runner.py undercroft/engine/agents.py undercroft/engine/tally.py

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres]'
	touch $(STAMP)

install: $(STAMP)

# `make run` serves the local network so phones can join (HOST=127.0.0.1 keeps it on this
# machine). Plain `=`, not `?=`: some shells export HOST as the machine's name, and only
# the command line (`make run HOST=... PORT=...`) should change where it listens.
HOST = 0.0.0.0
PORT = 8000

run: install
	$(BIN)/undercroft serve --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check src tests bench tools
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -q

# The same tests against the mypyc build that the speed figures come from; the
# build is removed afterwards, whatever the result.
test-compiled: fast
	$(BIN)/pytest -q; status=$$?; $(MAKE) --no-print-directory unfast; exit $$status

bench: fast
	$(BIN)/python bench/amulet_generate.py
	$(BIN)/python bench/amulet_games.py

fast: install
	cd src && ../$(BIN)/mypyc $(FAST_MODULES)
	rm -rf src/build

unfast:
	find src -name '*.so' -delete
	rm -rf src/build src/.mypy_cache

clean: unfast
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
