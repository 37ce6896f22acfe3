"""A vault in memory holding the showcase session and a few plain ones, and the interface
over it (the same ``VaultBrowser`` the real ``--tui`` uses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.use_cases.vault.import_sessions import ImportRequest
from entrypoints.bench.showcase_session import showcase_session
from entrypoints.tui.backend import VaultBrowser
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import MemoryVault, memory_vault

PROJECT = Path("/home/dev/notes_app")
SHOWCASE = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"
OTHERS = [f"{n}{n}{n}{n}{n}{n}{n}{n}-1a2d-4c3b-8e7f-112233445566" for n in range(1, 4)]


@pytest.fixture
def vault(tmp_path: Path) -> MemoryVault:
    vault = memory_vault(tmp_path)
    shown = showcase_session(SHOWCASE, PROJECT)
    vault.files.add(PROJECT, SHOWCASE, shown.main.text().encode(), sidecars=shown.sidecars)
    for n, uuid in enumerate(OTHERS):
        t = ClaudeTranscript(uuid, PROJECT)
        t.prompt(f"session {n}: how do I rotate the pangolin logs?")
        t.say(f"Use logrotate for pangolin {n}.")
        vault.files.add(PROJECT, uuid, t.text().encode())
    vault.container.use_cases.import_sessions().execute(ImportRequest())
    return vault


@pytest.fixture
def browser(vault: MemoryVault) -> VaultBrowser:
    return VaultBrowser(vault.container)
