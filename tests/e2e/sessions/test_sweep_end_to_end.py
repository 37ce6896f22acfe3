"""Past sessions, swept by the installed ``capy``, answer a later session's question over MCP.

A fake home holds three projects' Claude Code sessions and a Codex rollout (never the user's
real ``~/.claude``); ``capy sweep --force`` indexes the project's own, and ``capy_search``
through the official MCP client finds a decision made in one of them.
"""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from tests.e2e.installed import installed_capy
from tests.support.transcripts import ClaudeHome, ClaudeTranscript, CodexRollout, mangle

# On a whole minute: the label is stamped by the first message, a few seconds after START, and
# the test compares minutes.
START = datetime.now(UTC).replace(second=0, microsecond=0) - timedelta(hours=6)


def _decision(session_id: str, cwd: Path) -> ClaudeTranscript:
    t = ClaudeTranscript(session_id, cwd, START)
    t.prompt("The nightly export times out. What should we do?", reminder=True)
    t.bash("python -m exporter --dry-run --profile", "export: 1840 s, 92% in serialise_rows")
    t.say(
        "Serialising rows one by one dominates. Decision: stream the export through "
        "pyarrow record batches of 50,000 rows instead of building one giant DataFrame."
    )
    t.prompt("Do it, and keep the CSV writer for the legacy consumers.")
    t.tool(
        "Edit",
        {"file_path": str(cwd / "exporter" / "run.py"), "old_string": "a", "new_string": "b"},
    )
    t.say("Switched to record batches; the CSV writer stays behind --legacy-csv.")
    return t


def _other(session_id: str, cwd: Path, topic: str) -> ClaudeTranscript:
    t = ClaudeTranscript(session_id, cwd, START + timedelta(hours=1))
    t.prompt(f"Explain the {topic} module.")
    t.say(f"The {topic} module wires the handlers; " + "it is small and well tested. " * 8)
    t.prompt("Thanks, any risks?")
    t.say(f"Only that {topic} lacks retries around the pyarrow record batches import.")
    return t


@pytest.fixture
def world(tmp_path: Path, isolated_home: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "work" / "exporter"
    (project / ".git").mkdir(parents=True)
    claude = ClaudeHome(tmp_path / "claude-config")
    claude.session(project, _decision("9b1d7a52-3c1e-4f0a-8d44-0f6f5b2c7e01", project))
    for n, name in enumerate(("billing", "frontend")):
        other = tmp_path / "work" / name
        other.mkdir(parents=True)
        claude.session(other, _other(f"00000000-0000-4000-8000-00000000000{n}", other, name))
    rollout = CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0e", project, START)
    rollout.user("Which Python does the exporter need?")
    rollout.say("Python 3.12: the exporter uses itertools.batched. " * 4)
    rollout.user("Pin it in pyproject.")
    rollout.say("Pinned requires-python to >=3.12.")
    rollout.write(isolated_home / ".codex")
    env = {
        "HOME": str(isolated_home),
        "XDG_CONFIG_HOME": str(isolated_home / ".config"),
        "XDG_DATA_HOME": str(isolated_home / ".local" / "share"),
        "CLAUDE_CONFIG_DIR": str(tmp_path / "claude-config"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
    }
    return project, env


def _server(project: Path, env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(
        command=installed_capy(),
        args=["--project-dir", str(project), "serve"],
        env=env,
        cwd=str(project),
    )


def _capy(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [installed_capy(), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_sweep_reports_then_indexes_only_the_projects_own_sessions(
    world: tuple[Path, dict[str, str]],
) -> None:
    project, env = world

    dry = _capy(env, project, "sweep")
    assert dry.returncode == 0, dry.stderr
    assert "2 session files" in dry.stdout and "2 new" in dry.stdout
    assert "Dry run" in dry.stdout
    assert not list((Path(env["XDG_DATA_HOME"]) / "capy").glob("*/knowledge.db"))

    forced = _capy(env, project, "sweep", "--force")
    assert forced.returncode == 0, forced.stderr
    assert "Indexed into" in forced.stdout

    again = _capy(env, project, "sweep", "--force")
    assert "0 new, 0 changed, 2 unchanged" in again.stdout

    everywhere = _capy(env, project, "sweep", "--all-projects")
    assert everywhere.returncode == 0, everywhere.stderr
    for name in ("exporter", "billing", "frontend"):
        assert f"/work/{name}" in everywhere.stdout


@pytest.mark.anyio
async def test_a_later_session_finds_the_decision_over_mcp(
    world: tuple[Path, dict[str, str]],
) -> None:
    project, env = world
    assert _capy(env, project, "sweep", "--force").returncode == 0
    params = _server(project, env)

    async with Client(params) as client:
        result = await client.call_tool(
            "capy_search",
            {"queries": ["export timeout decision record batches"], "include_kinds": ["session"]},
        )
    content = result.content[0]
    assert isinstance(content, TextContent) and not result.is_error, content
    text = content.text
    assert "session:" in text and "9b1d7a52-3c1e-4f0a-8d44-0f6f5b2c7e01" in text
    stamp = START.strftime("%Y-%m-%dT%H:%M")
    assert f"### Session {stamp}" in text and "| Turns 1-" in text
    assert "pyarrow record batches of 50,000 rows" in text
    assert "billing module" not in text and "frontend" not in text


@pytest.mark.anyio
async def test_the_server_sweeps_past_sessions_when_it_starts(
    world: tuple[Path, dict[str, str]],
) -> None:
    project, env = world
    params = _server(project, env)

    async with Client(params) as client:
        for _ in range(120):  # the background sweep is quick; stats are never throttled
            stats = await client.call_tool("capy_stats", {})
            content = stats.content[0]
            assert isinstance(content, TextContent)
            if "2 session" in content.text:
                break
            await anyio.sleep(0.25)
        else:
            pytest.fail(f"no session sources after the start-up sweep: {content.text}")
        result = await client.call_tool(
            "capy_search", {"queries": ["record batches legacy CSV writer"]}
        )
    found = result.content[0]
    assert isinstance(found, TextContent)
    assert "9b1d7a52-3c1e-4f0a-8d44-0f6f5b2c7e01" in found.text


def test_project_dir_at_a_session_folder_sweeps_the_project_it_belongs_to(
    world: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    project, env = world
    folder = tmp_path / "claude-config" / "projects" / mangle(project)
    assert folder.is_dir(), "the session folder is not where Claude Code keeps it"
    forced = _capy(env, tmp_path, "--project-dir", str(folder), "sweep", "--force")
    assert forced.returncode == 0, forced.stderr
    assert f"sweeping the project {project}" in forced.stderr
    wanted = _capy(env, project, "which", "--json")
    database = json.loads(wanted.stdout)["db_path"]
    assert f"Indexed into {database}." in forced.stdout
    assert "2 session files for " + str(project) in forced.stdout  # its own, as in the project
