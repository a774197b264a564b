# make run  -> set up .venv and start the main job: the shared table (undercroft serve)
# make test -> set up .venv and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-pure install lint bench fast unfast clean

# The build (setup.py) compiles the hot modules of level generation and of whole games
# with mypyc, in place beside their sources for this editable install, and falls back to
# plain Python with one warning line where mypyc or a C compiler is missing (pip's
# --quiet hides it, so the install ends with `undercroft --version`, which names the build).
# `make install UNDERCROFT_PURE=1` (or the variable in the environment) asks for plain
# Python. setup.py's hot_modules() names the modules: whole folders less the pydantic
# models, plus a few single modules.

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres]'
	@$(BIN)/undercroft --version | tee /dev/stderr | grep -q compiled \
		|| [ -n "$$UNDERCROFT_PURE" ] \
		|| echo "The build fell back to plain Python; '$(BIN)/python -m pip install -v --no-deps -e .' shows why."
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
	$(BIN)/ruff check src tests bench tools setup.py
	$(BIN)/mypy

# The tests run the build as installed: compiled where it could be.
test: lint
	$(BIN)/pytest -q

# The same tests as plain Python (CI runs both): the compiled modules are set aside and
# put back afterwards, whatever the result.
test-pure: install
	rm -rf $(VENV)/compiled && mkdir -p $(VENV)/compiled
	cd src && find . -name '*.so' -exec cp --parents {} ../$(VENV)/compiled \; -delete
	UNDERCROFT_PURE=1 $(BIN)/pytest -q; status=$$?; cp -r $(VENV)/compiled/. src/; exit $$status

bench: install
	$(BIN)/python bench/amulet_generate.py
	$(BIN)/python bench/amulet_games.py

# Compile the hot modules again in place (after editing one: the tests fail on a compiled
# module older than its source), or remove them for plain Python until the next build.
fast: install
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/undercroft --version

unfast:
	find src -name '*.so' -delete
	rm -rf build src/build

clean: unfast
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
