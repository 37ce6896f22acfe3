# capy — set-up, run and test. Every target installs what it needs on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `make install-tool EXTRA=semantic` also installs the optional semantic layer (ADR 0080).
TOOL := $(CURDIR)$(if $(EXTRA),[$(EXTRA)])

# `make run`'s stdout is the MCP stream: every recipe line is silent (@) and reports on stderr.
# (make itself announces "Entering directory" on stdout for `make -C DIR`, before it reads this
# file: a client that starts capy from elsewhere runs `make -s -C DIR run`.)

.PHONY: install install-tool run test check lint typecheck imports unit integration e2e bench patterns clean

$(STAMP): pyproject.toml
	@echo "capy: first run: creating $(VENV) and installing capy with its dev tools" >&2
	@echo "+ $(PYTHON) -m venv $(VENV)" >&2
	@$(PYTHON) -m venv $(VENV) >&2
	@echo "+ $(BIN)/python -m pip install --quiet --upgrade pip" >&2
	@$(BIN)/python -m pip install --quiet --upgrade pip >&2
	@echo "+ $(BIN)/python -m pip install --quiet -e '.[dev,semantic]'" >&2
	@$(BIN)/python -m pip install --quiet -e '.[dev,semantic]' >&2
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install capy with its dev tools and the semantic layer

install-tool: ## put the `capy` command on your PATH: a uv (else pipx) tool install of this checkout
	@if command -v uv >/dev/null 2>&1; then \
		echo "+ uv tool install --force --reinstall $(TOOL)"; \
		uv tool install --force --reinstall "$(TOOL)"; \
	elif command -v pipx >/dev/null 2>&1; then \
		echo "+ pipx install --force $(TOOL)"; \
		pipx install --force "$(TOOL)"; \
	else \
		echo "capy: make install-tool needs uv or pipx to install capy as a tool; get one" \
			"(https://docs.astral.sh/uv/, or: $(PYTHON) -m pip install --user pipx)," \
			"then run make install-tool again" >&2; \
		exit 1; \
	fi
	@command -v capy >/dev/null 2>&1 || echo "capy: installed, but \`capy\` is not on your PATH" \
		"yet: add the tool directory (usually ~/.local/bin) to PATH, e.g. with" \
		"\`uv tool update-shell\` or \`pipx ensurepath\`, and open a new shell" >&2

run: $(STAMP) ## run the MCP server on stdio (stdout carries only MCP messages, first run included)
	@$(BIN)/capy serve

check: lint typecheck imports ## ruff, mypy and the layer contract

lint: $(STAMP)
	$(BIN)/ruff check domain application adapters entrypoints tests
	$(BIN)/ruff format --check domain application adapters entrypoints tests

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

# The suite runs on two processes, each file on one of them (ADR 0089); TEST_WORKERS=0 runs it
# in this process, one test after another. Also read from the environment.
TEST_WORKERS ?= 2

test: check ## the whole suite: static checks, then unit, integration and e2e tests
	$(BIN)/pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile

unit: $(STAMP)
	$(BIN)/pytest -q tests/unit

integration: $(STAMP)
	$(BIN)/pytest -q tests/integration

e2e: $(STAMP)
	$(BIN)/pytest -q tests/e2e

bench: $(STAMP) ## quality benchmark on the bundled fixtures, then performance
	$(BIN)/capy bench quality --fixtures tests/fixtures/bench
	$(BIN)/capy bench perf

patterns: $(STAMP) ## rewrite the pattern tables (domain/precompiled_*table*.py) after changing a pattern compiled by precompiled()
	$(BIN)/python -m tests.support.pattern_table

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache
