"""A scripted session through the installed ``capy hook`` commands: capture, a compaction, a
resume — with no server running — and then a server that makes the session searchable."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from domain.continuity.snapshot import SNAPSHOT_BYTES
from entrypoints.bench import continuity_session as script
from entrypoints.bench.continuity import context_of, facts_held, hook_environment, play
from tests.e2e.hooks.test_hook_imports import (
    ALWAYS_FORBIDDEN,
    FORBIDDEN_WITHOUT_RULES,
    _imported,
    _top,
)

RECORD = "capy's record of"


@pytest.fixture
def session(tmp_path: Path, capy_command: str) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "notes-app"
    (project / ".git").mkdir(parents=True)
    return project, hook_environment(tmp_path, project)


def _start(capy: str, project: Path, env: dict[str, str], source: str, sid: str) -> str:
    stdout, _ = play(capy, script.session_start(str(project), source, sid), env)
    return context_of(stdout)


def test_the_snapshot_holds_what_the_agent_was_doing_and_is_stable(
    capy_command: str, session: tuple[Path, dict[str, str]]
) -> None:
    project, env = session
    steps = script.before_compaction(str(project))
    assert 25 <= len(steps) <= 60
    for step in steps:
        answer = play(capy_command, step, env)[0]
        assert answer == "" or step.event == "pretooluse"  # capture answers nothing
    compacted = _start(capy_command, project, env, "compact", script.SESSION_ID)
    facts = compacted[compacted.index(RECORD) :]
    assert len(facts.encode("utf-8")) <= SNAPSHOT_BYTES
    assert all(held for _, held in facts_held(facts)), facts_held(facts)
    assert "(in progress)" in facts and "Add a changelog entry (pending)" in facts
    # the same bytes again: the host's prompt cache stays valid
    assert _start(capy_command, project, env, "compact", script.SESSION_ID) == compacted

    for step in script.after_compaction(str(project)):
        play(capy_command, step, env)
    resumed = _start(capy_command, project, env, "resume", script.SESSION_ID)
    assert "session being resumed" in resumed
    assert "CHANGELOG.md" in resumed and "push origin fix/search-case" in resumed
    assert "Keep a Changelog" in resumed
    # resumed under a new id (older hosts): the project's latest session
    assert script.GOAL in _start(capy_command, project, env, "resume", "another-id")
    assert RECORD not in _start(capy_command, project, env, "startup", "fresh")
    assert RECORD not in _start(capy_command, project, env, "clear", "cleared")


def test_a_secret_in_a_prompt_or_command_never_reaches_the_journal(
    capy_command: str, session: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    _, env = session
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" * 2
    steps = [
        script.Step(
            "userpromptsubmit",
            {"session_id": "s", "prompt": f"Always use {token} to call the API."},
        ),
        script.Step(
            "posttooluse",
            {
                "session_id": "s",
                "tool_name": "Bash",
                "tool_input": {"command": f"git push https://x:{token}@github.com/o/r main"},
                "tool_response": {"stdout": ""},
            },
        ),
    ]
    for step in steps:
        play(capy_command, step, env)
    written = "".join(p.read_text() for p in (tmp_path / "home").rglob("*.jsonl"))
    assert "Always use" in written and "git push" in written
    assert token not in written  # neither in the facts' words nor in their keys


def _search_text(result: object) -> str:
    content = result.content[0]  # type: ignore[attr-defined]
    assert isinstance(content, TextContent)
    return content.text


@pytest.mark.anyio
async def test_events_wait_for_a_server_and_become_searchable(
    capy_command: str, session: tuple[Path, dict[str, str]]
) -> None:
    project, env = session
    for step in script.before_compaction(str(project)):
        play(capy_command, step, env)  # no server: the events wait in the journal
    params = StdioServerParameters(command=capy_command, args=["serve"], env=env, cwd=str(project))
    async with Client(params) as client:
        # the very first search, right after the server started, sees the journal
        result = await client.call_tool(
            "capy_search",
            {"queries": ["casefold lowercasing decision"], "source": "session-events"},
        )
        text = _search_text(result)
        assert f"session-events:{script.SESSION_ID}" in text
        assert "casefold" in text
        # an event written while the server runs is found by the next search, without
        # waiting for the server's periodic reading
        said = "Let's use the quokka tokenizer instead of the regex one."
        prompt = {"session_id": script.SESSION_ID, "cwd": str(project), "prompt": said}
        play(capy_command, script.Step("userpromptsubmit", prompt), env)
        result = await client.call_tool(
            "capy_search", {"queries": ["quokka tokenizer"], "source": "session-events"}
        )
        assert "quokka" in _search_text(result)


def test_capturing_hooks_load_no_database_driver_or_framework(
    capy_command: str, session: tuple[Path, dict[str, str]]
) -> None:
    project, _ = session
    for step in script.before_compaction(str(project))[:12]:
        modules = _top(_imported(capy_command, project, step.payload, step.event))
        assert "entrypoints.hook" in modules
        assert not modules & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES), step.event


def test_a_codex_session_is_restored_on_resume(
    capy_command: str, session: tuple[Path, dict[str, str]]
) -> None:
    project, env = session
    base = {"session_id": "codex-thread-1", "turn_id": "t1", "cwd": str(project)}
    patch = "*** Begin Patch\n*** Update File: src/app.py\n@@\n-a\n+b\n*** End Patch"
    steps = [
        ("userpromptsubmit", {"prompt": "/goal Make the importer stream its input"}),
        ("posttooluse", {"tool_name": "apply_patch", "tool_input": {"command": patch}}),
        (
            "posttooluse",
            {
                "tool_name": "exec_command",
                "tool_input": {"command": ["bash", "-lc", "cargo test importer"]},
                "tool_response": "Exit code: 101\nOutput:\nerror[E0308]: mismatched types",
            },
        ),
        (
            "posttooluse",
            {
                "tool_name": "update_plan",
                "tool_input": {"plan": [{"step": "Stream the reader", "status": "in_progress"}]},
            },
        ),
    ]
    for event, fields in steps:
        stdout, _ = play(capy_command, script.Step(event, {**base, **fields}), env)
        assert stdout == ""
    start = script.Step("sessionstart", {**base, "source": "resume"})
    resumed = context_of(play(capy_command, start, env)[0])
    for fact in [
        "Make the importer stream its input",
        "src/app.py",
        "cargo test importer: error[E0308]: mismatched types",
        "Stream the reader (in progress)",
    ]:
        assert fact in resumed, fact
