"""The start-up sweep's child process archives the project's sessions, with a handed-over key."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore
from domain.settings import VaultSweepScope
from entrypoints.mcp_server.background import TaskBudget
from entrypoints.mcp_server.vault_sweep import VaultSweep
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

SESSION = "5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e"


def test_the_sweep_child_archives_the_project_with_the_vault_key(
    isolated_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    (project / ".capy.toml").write_text("")
    claude = ClaudeHome(isolated_home / ".claude")
    t = ClaudeTranscript(SESSION, project)
    t.prompt("archive me at start-up")
    t.say("archived")
    claude.session(project, t)
    other = ClaudeTranscript("99999999-91a2-4b3c-8d4e-5f6a7b8c9d0e", tmp_path / "elsewhere")
    other.prompt("not this project")
    other.say("no")
    claude.session(tmp_path / "elsewhere", other)

    env = {**os.environ, "CAPY_VAULT_KEY": "start-up vault key"}
    messages: list[str] = []
    sweep = VaultSweep(VaultSweepScope.PROJECT, project, env, time_limit=60, warn=messages.append)
    sweep.run(TaskBudget(sweep.seconds, threading.Event(), busy=lambda: False))
    assert sweep.child is not None and sweep.child.returncode == 0, messages

    vault = SqlcipherVaultStore(isolated_home / ".local/share/capy/vault.db", "start-up vault key")
    assert set(vault.digests()) == {SESSION}
    vault.close()
