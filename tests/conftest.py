"""Shared test set-up: an isolated HOME/XDG tree so no test touches the user's real files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.team import TeamServerForTests, shared_team_server

# No test asserts a wall-clock time (speed is measured by ``capy bench perf``): hypothesis's
# default 200 ms deadline per example made property tests fail on a loaded machine.
settings.register_profile("capy", deadline=None)
settings.load_profile("capy")


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.delenv("CAPY_DB_KEY", raising=False)
    # The real embedding model costs seconds of CPU per test: tests that want it turn it on.
    monkeypatch.setenv("CAPY_SEMANTIC", "0")
    monkeypatch.delenv("CAPY_VAULT_KEY", raising=False)
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    for name in ("CLAUDE_CONFIG_DIR", "CLAUDE_CODE_PROJECT_DIR_NAME", "CODEX_HOME"):
        monkeypatch.delenv(name, raising=False)  # session files: only the temp home's
    yield home


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def team_server() -> TeamServerForTests:
    """One real PostgreSQL server for the whole run, TLS-only, with capy's schema (skips, or
    fails under CAPY_REQUIRE_POSTGRES, when PostgreSQL is not installed)."""
    return shared_team_server()
