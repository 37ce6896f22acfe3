"""SessionEnd hands the ended session to a detached import — when archiving is on, with the
vault key in a pipe and never in the child's environment."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from entrypoints.secret_handoff import HANDOFF_FD
from entrypoints.session_end_archive import archive_ended_session

SESSION = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"


class _Spawns:
    def __init__(self) -> None:
        self.calls: list[tuple[list[str], dict[str, str], bytes]] = []

    def __call__(
        self, command: Sequence[str], env: Mapping[str, str], pass_fds: tuple[int, ...]
    ) -> Any:
        handed = os.read(int(env[HANDOFF_FD]), 65536) if pass_fds else b""
        self.calls.append((list(command), dict(env), handed))
        return None


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    path = tmp_path / "projects" / "-work-app" / f"{SESSION}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text('{"type":"user"}\n')
    return path


def _payload(transcript: Path) -> dict[str, str]:
    return {"session_id": SESSION, "transcript_path": str(transcript), "reason": "exit"}


def test_the_ended_session_is_handed_to_an_import_of_that_session(
    transcript: Path, tmp_path: Path
) -> None:
    spawns = _Spawns()
    env = {"HOME": str(tmp_path), "PATH": "/bin"}
    assert archive_ended_session(_payload(transcript), str(tmp_path), env, spawns)
    [(command, child_env, handed)] = spawns.calls
    assert command[-5:] == ["import", "--quiet", "--low-priority", "--session", str(transcript)]
    assert handed == b"" and HANDOFF_FD not in child_env


def test_the_vault_key_goes_through_a_pipe(transcript: Path, tmp_path: Path) -> None:
    spawns = _Spawns()
    env = {"HOME": str(tmp_path), "CAPY_VAULT_KEY": "vault secret", "CAPY_DB_KEY": "db secret"}
    archive_ended_session(_payload(transcript), str(tmp_path), env, spawns)
    [(_, child_env, handed)] = spawns.calls
    assert json.loads(handed) == {"CAPY_VAULT_KEY": "vault secret"}
    assert "CAPY_VAULT_KEY" not in child_env and "CAPY_DB_KEY" not in child_env


@pytest.mark.parametrize(
    ("env", "config"),
    [
        ({"CAPY_VAULT_SWEEP": "0"}, ""),
        ({"CAPY_VAULT_SWEEP": "0", "CAPY_VAULT_SWEEP_ALL": "1"}, ""),
        ({}, "[vault]\nsweep = false\n"),
        ({"CAPY_VAULT_SWEEP_ALL": "1"}, "[vault]\nsweep = false\n"),
        ({"CAPY_VAULT_SWEEP": "sometimes"}, ""),
    ],
)
def test_turned_off_nothing_starts(
    transcript: Path, tmp_path: Path, env: dict[str, str], config: str
) -> None:
    project = tmp_path / "app"
    project.mkdir()
    (project / ".capy.toml").write_text(config)
    spawns = _Spawns()
    assert not archive_ended_session(
        _payload(transcript), str(project), {"HOME": str(tmp_path), **env}, spawns
    )
    assert spawns.calls == []


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"transcript_path": 42},
        {"transcript_path": "/nowhere/x.jsonl"},
        {"transcript_path": "/etc/hostname"},
    ],
)
def test_without_a_transcript_nothing_starts(tmp_path: Path, payload: dict[str, object]) -> None:
    spawns = _Spawns()
    assert not archive_ended_session(payload, str(tmp_path), {"HOME": str(tmp_path)}, spawns)
    assert spawns.calls == []
