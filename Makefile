# make run  -> set up .venv and start the main job: the shared table (undercroft serve)
# make test -> set up .venv and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-compiled install lint bench fast unfast clean

# Modules on the hot paths of level generation and of whole games, compiled by
# `make fast` with mypyc (it ships with mypy). Optional: without it everything runs
# as plain Python. creatures.py stays plain (mypyc cannot compile its pydantic model; its
# lookups, asked for all game long, are in monster_numbers.py).
AMULET := undercroft/systems/amulet
FAST_MODULES := undercroft/rng.py undercroft/values.py undercroft/maps/model.py undercroft/maps/lattice.py \
	undercroft/maps/shapes.py undercroft/maps/placement.py \
	undercroft/dice/roll_log.py $(AMULET)/rolls.py $(AMULET)/encounters.py $(AMULET)/walls.py $(AMULET)/generator.py \
	$(AMULET)/scene.py $(AMULET)/fight.py $(AMULET)/fight_dice.py $(AMULET)/events.py \
	$(AMULET)/actions.py $(AMULET)/legal.py $(AMULET)/room_actions.py \
	$(AMULET)/cover.py \
	$(AMULET)/monster_phase.py $(AMULET)/harm.py $(AMULET)/hero_attacks.py \
	$(AMULET)/exits_play.py $(AMULET)/contents_play.py $(AMULET)/level_play.py \
	$(AMULET)/game_step.py $(AMULET)/game_view.py $(AMULET)/game_agents.py $(AMULET)/agent_map.py \
	$(AMULET)/agent_party.py \
	$(AMULET)/game_state.py $(AMULET)/meta_dungeon.py $(AMULET)/populate.py \
	$(AMULET)/treasure_level.py $(AMULET)/special_levels.py $(AMULET)/monster_numbers.py \
	$(AMULET)/free_choices.py $(AMULET)/level_choices.py $(AMULET)/way_down.py \
	$(AMULET)/ways_through.py $(AMULET)/view_memory.py \
	undercroft/engine/runner.py undercroft/engine/agents.py undercroft/engine/tally.py

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/undercroft serve

lint: install
	$(BIN)/ruff check src tests bench
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
