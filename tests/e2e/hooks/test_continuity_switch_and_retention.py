"""Through the installed ``capy hook``: capture can be switched off, and journals idle for two
weeks are deleted by the hooks themselves — no server needed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from entrypoints.bench.continuity import context_of, hook_environment, play
from entrypoints.bench.continuity_session import Step


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "app"
    (project / ".git").mkdir(parents=True)
    return project, hook_environment(tmp_path, project)


def _journals(env: dict[str, str]) -> list[Path]:
    directory = Path(env["XDG_STATE_HOME"]) / "capy" / "sessions"
    return sorted(directory.glob("*.jsonl")) if directory.is_dir() else []


def _edit(project: Path, session: str = "s1") -> Step:
    return Step(
        "posttooluse",
        {
            "session_id": session,
            "cwd": str(project),
            "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": f"{project}/a.py"},
            "tool_response": {},
        },
    )


def test_the_environment_variable_turns_capture_off_and_on(
    capy_command: str, setup: tuple[Path, dict[str, str]]
) -> None:
    project, env = setup
    play(capy_command, _edit(project), {**env, "CAPY_CONTINUITY_CAPTURE": "0"})
    assert _journals(env) == []
    play(capy_command, _edit(project), {**env, "CAPY_CONTINUITY_CAPTURE": "on"})
    assert len(_journals(env)) == 1


@pytest.mark.parametrize("where", ["global", ".capy/config.toml", ".capy.toml"])
def test_the_config_key_turns_capture_off(
    capy_command: str, setup: tuple[Path, dict[str, str]], where: str
) -> None:
    project, env = setup
    path = (
        Path(env["XDG_CONFIG_HOME"]) / "capy" / "config.toml"
        if where == "global"
        else project / where
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[continuity]\ncapture = false\n")
    play(capy_command, _edit(project), env)
    assert _journals(env) == []
    # the environment wins over the files
    play(capy_command, _edit(project), {**env, "CAPY_CONTINUITY_CAPTURE": "1"})
    assert len(_journals(env)) == 1


def test_a_bad_config_value_leaves_capture_on(
    capy_command: str, setup: tuple[Path, dict[str, str]]
) -> None:
    project, env = setup
    (project / ".capy.toml").write_text("[continuity]\ncapture = 'nope'\n[[[broken")
    play(capy_command, _edit(project), env)
    assert len(_journals(env)) == 1


def test_session_start_deletes_journals_idle_for_two_weeks_without_a_server(
    capy_command: str, setup: tuple[Path, dict[str, str]]
) -> None:
    project, env = setup
    play(capy_command, _edit(project, "old"), env)
    play(capy_command, _edit(project, "recent"), env)
    old, recent = _journals(env)[0], _journals(env)[1]
    if "old" not in old.name:
        old, recent = recent, old
    fifteen_days_ago = time.time() - 15 * 24 * 3600
    os.utime(old, (fifteen_days_ago, fifteen_days_ago))
    thirteen_days_ago = time.time() - 13 * 24 * 3600
    os.utime(recent, (thirteen_days_ago, thirteen_days_ago))
    start = Step(
        "sessionstart",
        {
            "session_id": "new",
            "cwd": str(project),
            "hook_event_name": "SessionStart",
            "source": "startup",
        },
    )
    play(capy_command, start, env)
    assert _journals(env) == [recent]


def test_a_session_resumed_after_two_weeks_gets_nothing_back(
    capy_command: str, setup: tuple[Path, dict[str, str]]
) -> None:
    project, env = setup
    play(capy_command, _edit(project, "old"), env)
    [journal] = _journals(env)
    fifteen_days_ago = time.time() - 15 * 24 * 3600
    os.utime(journal, (fifteen_days_ago, fifteen_days_ago))
    resume = Step(
        "sessionstart",
        {
            "session_id": "old",
            "cwd": str(project),
            "hook_event_name": "SessionStart",
            "source": "resume",
        },
    )
    stdout, _ = play(capy_command, resume, env)
    assert "capy's record of" not in context_of(stdout)
    assert _journals(env) == []
