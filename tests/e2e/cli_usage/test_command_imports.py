"""Each CLI command imports only what it needs: ``--version`` no framework at all, every
command only its own command module and none of the server's SDK or the fetch stack.

Guarded by the modules the process holds when it exits (not by a timer), running capy's real
entry point in a fresh interpreter with a private home.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]

# What no command but ``capy serve`` needs: the MCP SDK, its pydantic/starlette, the fetch stack
# and the vault's terminal interface.
NOT_FOR_COMMANDS = {
    "mcp",
    "pydantic",
    "pydantic_core",
    "starlette",
    "anyio",
    "httpx",
    "bs4",
    "html2text",
    "textual",
}
# The semantic layer's runtime: loaded by the first search that asks the model, never to start.
MODEL_RUNTIME = {"onnxruntime", "tokenizers", "numpy"}
# What a command that runs no code and reads no session needs none of.
NOT_FOR_READING = {
    "adapters.sandbox.subprocess_sandbox",
    "application.use_cases.batch_execute",
    "application.use_cases.run_code",
    "application.use_cases.sweep_sessions",
    "application.use_cases.fetch_and_index",
    "adapters.claude_sessions.claude_code_session_files",
}
# What a command that only searches or lists never needs: indexing (the chunkers behind
# ``domain.chunking``, imported on first use) and the use cases it does not call, which the
# use-case container names without importing.
NOT_FOR_SEARCHING = {
    "domain.chunking.dispatch",
    "domain.chunking.plaintext",
    "application.use_cases.index_content",
    "application.use_cases.purge_expired",
    "application.use_cases.summarise_output",
    "application.use_cases.describe_knowledge",
}
# What ``capy search`` and ``capy vault list`` never need: they are read before the CLI
# framework is built and composed without the DI framework (ADR 0110).
NOT_FOR_HOT_COMMANDS = {
    "cyclopts",
    "dependency_injector",
    "entrypoints.cli.app",
    "entrypoints.containers.framework",
    "asyncio",
    "yaml",
    "importlib.metadata",
    # nor the ports and values of what they do not touch, nor the model's memory release
    "application.ports.sandbox",
    "application.ports.fetcher",
    "ctypes",
    # nor what opening a base needs only to create one or explain a failure: importlib.resources
    # (zipfile), tempfile (shutil, bz2, lzma), glob
    "importlib.resources",
    "zipfile",
    "tempfile",
    "shutil",
    "glob",
    # nor what only writing a key, its memo or a folder's label needs (secrets and its random),
    # reading a configuration file when there is none (tomllib, difflib), or a team store when
    # none is configured (its project naming, the git subprocess asking for the remote): ADR 0240
    "secrets",
    "random",
    "tomllib",
    "difflib",
    "domain.team",
}
# ... nor, when they print JSON, the terminal library.
NOT_FOR_JSON = {"rich"}
# What ``capy search`` never needs from the store's module: the vault's query grammar and the
# server's usage ledger, which that module uses only in methods a search does not call.
NOT_FOR_SEARCHING_THE_STORE = {
    "domain.vault.query_grammar",
    "adapters.sqlcipher.usage_ledger",
    "domain.server.usage",
    "domain.server.usage_history",
}
# ... and what ``capy vault list`` never needs from the store modules it shares with the
# knowledge base: the knowledge base's port and query values.
NOT_FOR_LISTING_THE_VAULT = {
    "application.ports.knowledge_store",
    "domain.search.store_query",
    "domain.search_hit",
}
# What ``--help`` never needs on top of that: no database, no compression.
NOT_FOR_HELP = NOT_FOR_COMMANDS | MODEL_RUNTIME | {"sqlcipher3", "zstandard"}
# ``--version`` answers before any framework or capy layer is imported.
NOT_FOR_VERSION = NOT_FOR_HELP | {
    "cyclopts",
    "rich",
    "dependency_injector",
    "attrs",
    "attr",
    "domain",
    "application",
    "adapters",
    # capy's version is read from its metadata file: importlib.metadata brings email, zipfile, …
    "importlib.metadata",
    "email",
    "zipfile",
}

_RUN = """
import atexit, json, os, sys
out = os.environ["CAPY_TEST_MODULES"]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
from entrypoints.main import main
main(sys.argv[1:])
"""


def _modules(tmp_path: Path, *argv: str) -> set[str]:
    home = tmp_path / "home"
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True, exist_ok=True)
    home.mkdir(exist_ok=True)
    out = tmp_path / "modules.json"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "CLAUDE_PROJECT_DIR": str(project),
        "PYTHONPATH": str(ROOT),
        "CAPY_TEST_MODULES": str(out),
    }
    subprocess.run(
        [sys.executable, "-c", _RUN, *argv],
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    loaded: list[str] = json.loads(out.read_text())
    return set(loaded) | {m.split(".")[0] for m in loaded}


def _command_modules(modules: set[str]) -> set[str]:
    prefix = "entrypoints.cli.commands."
    return {m.removeprefix(prefix) for m in modules if m.startswith(prefix)}


def test_version_imports_no_framework(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "--version")
    assert "entrypoints.version" in modules  # the audit sees capy's imports at all
    assert not modules & NOT_FOR_VERSION


COMMANDS = {
    "serve": {"serve"},
    "setup": {"setup"},
    "doctor": {"doctor"},
    "which": {"which"},
    "index": {"index"},
    "search": {"search"},
    "cleanup": {"cleanup"},
    "checkpoint": {"checkpoint"},
    "dbsize": {"dbsize"},
    "sweep": {"sweep"},
    "sources": {"sources"},
    "stats": {"stats"},
    "encrypt": {"encrypt"},
    "import-kb": {"import_kb"},
    "vault": {"vault"},
    "bench": {"bench", "bench_sessions", "bench_vault", "bench_vault_ops"},
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_of_a_command_loads_only_that_command(tmp_path: Path, command: str) -> None:
    modules = _modules(tmp_path, command, "--help")
    assert _command_modules(modules) == COMMANDS[command]
    forbidden = NOT_FOR_HELP - {"mcp", "pydantic", "pydantic_core", "anyio"}
    assert not modules & (forbidden if command == "serve" else NOT_FOR_HELP)


@pytest.mark.parametrize(
    "argv",
    [
        ["vault", "list"],
        ["search", "connection refused"],
        ["sources"],
        ["which"],
        ["stats"],
        ["dbsize"],
    ],
    ids=" ".join,
)
def test_running_a_command_leaves_the_server_stack_unloaded(
    tmp_path: Path, argv: list[str]
) -> None:
    modules = _modules(tmp_path, *argv)
    hot = argv[0] == "search" or argv[:2] == ["vault", "list"]
    assert _command_modules(modules) == (set() if hot else COMMANDS[argv[0]])
    assert "entrypoints.containers" in modules  # it did run, through its container
    assert not modules & (NOT_FOR_COMMANDS | NOT_FOR_READING)
    # Nothing is embedded here: even ``capy search`` leaves the model unloaded.
    assert not modules & MODEL_RUNTIME
    if argv[0] in ("search", "vault", "sources", "which"):
        assert not modules & NOT_FOR_SEARCHING


def test_the_server_runs_without_the_cli_framework(tmp_path: Path) -> None:
    """The server stays resident all day: cyclopts and the terminal library would only cost it
    memory (stdin is empty, so the server starts, finds its client gone and stops)."""
    modules = _modules(tmp_path, "serve")
    assert "entrypoints.mcp_server.main" in modules  # the server did start
    assert not modules & {"cyclopts", "rich", "entrypoints.cli.app"}


def test_a_search_of_an_indexed_base_imports_no_chunker(tmp_path: Path) -> None:
    """The search itself runs here (the base holds a source), not only the empty-base answer."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "notes.txt").write_text("the pool answered connection refused twice\n")
    _modules(tmp_path, "index", str(project / "notes.txt"))
    modules = _modules(tmp_path, "search", "connection refused")
    assert "sqlcipher3" in modules  # the base was opened and searched
    assert "entrypoints.cli.plain_results" in modules  # the answer was printed …
    assert "rich" not in modules  # … off a terminal, as plain text rich would have written
    assert not modules & (NOT_FOR_SEARCHING | NOT_FOR_COMMANDS | MODEL_RUNTIME)
    assert not modules & (NOT_FOR_HOT_COMMANDS | NOT_FOR_SEARCHING_THE_STORE)
    assert "domain.vault.search" not in modules  # nor the vault's values
    modules = _modules(tmp_path, "search", "connection\trefused")
    assert "rich" in modules  # a tab in the heading: rich prints it, as before
    modules = _modules(tmp_path, "search", "--json", "connection refused")
    assert "sqlcipher3" in modules
    assert not modules & (NOT_FOR_HOT_COMMANDS | NOT_FOR_JSON | NOT_FOR_SEARCHING)
    assert not modules & NOT_FOR_SEARCHING_THE_STORE


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "connection refused"],
        ["search", "--limit", "5", "--all-kinds", "pool", "size"],
        ["--project-dir", ".", "search", "--json", "pool"],
        ["vault", "list"],
        ["vault", "list", "--json", "--limit", "3"],
        ["--project-dir", ".", "vault", "list", "--project", "api"],
    ],
    ids=" ".join,
)
def test_the_hot_commands_load_neither_framework(tmp_path: Path, argv: list[str]) -> None:
    """A plain command line of ``capy search`` or ``capy vault list`` is answered without
    cyclopts, dependency-injector (with its asyncio) or importlib.metadata."""
    modules = _modules(tmp_path, *argv)
    assert "entrypoints.cli.quick_path" in modules
    assert not modules & (NOT_FOR_HOT_COMMANDS | NOT_FOR_COMMANDS | NOT_FOR_READING)
    if "--json" in argv:
        assert not modules & NOT_FOR_JSON
    if "vault" in argv:
        assert not modules & NOT_FOR_LISTING_THE_VAULT


@pytest.mark.parametrize(
    "argv",
    [["search", "--help"], ["search", "--limit=5", "pool"], ["vault", "list", "--tui", "--help"]],
    ids=" ".join,
)
def test_any_other_command_line_of_them_goes_to_cyclopts(tmp_path: Path, argv: list[str]) -> None:
    assert "cyclopts" in _modules(tmp_path, *argv)


def test_the_root_help_still_lists_every_command(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "--help")
    assert _command_modules(modules) >= set().union(*COMMANDS.values())
