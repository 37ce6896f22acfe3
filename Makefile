# capy — set-up, run and test. Every target installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test check lint typecheck imports unit integration e2e bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) ## create .venv and install capy with its dev tools

run: $(STAMP) ## run the MCP server on stdio (encrypted store in its default place)
	@$(BIN)/capy serve

check: lint typecheck imports ## ruff, mypy and the layer contract

lint: $(STAMP)
	$(BIN)/ruff check domain application adapters entrypoints tests
	$(BIN)/ruff format --check domain application adapters entrypoints tests

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

test: check ## the whole suite: static checks, then unit, integration and e2e tests
	$(BIN)/pytest -q -p no:cacheprovider

unit: $(STAMP)
	$(BIN)/pytest -q tests/unit

integration: $(STAMP)
	$(BIN)/pytest -q tests/integration

e2e: $(STAMP)
	$(BIN)/pytest -q tests/e2e

bench: $(STAMP) ## quality benchmark on the bundled fixtures, then performance
	$(BIN)/capy bench quality --fixtures tests/fixtures/bench
	$(BIN)/capy bench perf

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache
