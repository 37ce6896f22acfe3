"""Finding a project's sessions among Claude Code's and Codex's files on disk."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from adapters.claude_sessions.claude_code_session_files import ClaudeCodeSessionFiles
from adapters.claude_sessions.project_dirs import mangled_names, projects_root
from adapters.codex_sessions.codex_session_files import CodexSessionFiles
from adapters.project.git_worktrees import GitWorktrees
from domain.sessions.files import SessionHost
from tests.support.transcripts import ClaudeHome, ClaudeTranscript, CodexRollout


def _session(
    home: ClaudeHome, project: Path | str, session_id: str, cwd: Path | str | None = None
) -> Path:
    t = ClaudeTranscript(session_id, cwd or project)
    t.prompt("hello")
    t.say("hi")
    return home.session(project, t)


def test_the_projects_root_honours_claude_config_dir(tmp_path: Path) -> None:
    assert projects_root({}, tmp_path) == tmp_path / ".claude" / "projects"
    assert projects_root({"CLAUDE_CONFIG_DIR": str(tmp_path / "cfg")}, tmp_path) == (
        tmp_path / "cfg" / "projects"
    )


def test_mangling_matches_both_claude_code_schemes() -> None:
    assert mangled_names(Path("/home/u/my.repo")) == ("-home-u-my-repo",)
    assert mangled_names(Path("/home/a/my_app.v2")) == ("-home-a-my-app-v2", "-home-a-my_app-v2")


def test_a_project_finds_its_sessions_with_their_files(tmp_path: Path) -> None:
    home = ClaudeHome(tmp_path / "claude")
    project = tmp_path / "work" / "notes.app"
    project.mkdir(parents=True)
    main = _session(home, project, "11111111-aaaa-4bbb-8ccc-000000000001")
    agent = ClaudeTranscript("11111111-aaaa-4bbb-8ccc-000000000001", project, agent_id="a4d2")
    agent.prompt("find callers")
    home.subagent(project, agent.session_id, agent, "Explore", "Find callers")
    own = home.project_dir(project) / agent.session_id
    (own / "tool-results").mkdir()
    (own / "tool-results" / "toolu_1.txt").write_text("big output")
    (own / "linked.txt").symlink_to(main)
    (home.project_dir(project) / "elsewhere.jsonl").symlink_to(main)

    files = ClaudeCodeSessionFiles(home.projects)
    [session] = files.project_sessions(project)

    assert session.host is SessionHost.CLAUDE_CODE
    assert session.session_id == agent.session_id
    assert session.size == main.stat().st_size
    assert [s.relative_path for s in session.sidecars] == [
        "subagents/agent-a4d2.jsonl",
        "subagents/agent-a4d2.meta.json",
        "tool-results/toolu_1.txt",
    ]
    [transcript] = session.subagent_transcripts
    assert transcript.agent_id == "a4d2"
    meta = session.subagent_meta_file(transcript)
    assert meta is not None
    assert files.subagent_meta(meta.path).agent_type == "Explore"


def test_sessions_started_below_the_project_count_but_a_neighbour_does_not(tmp_path: Path) -> None:
    home = ClaudeHome(tmp_path / "claude")
    project = tmp_path / "app"
    _session(home, project, "s-root")
    _session(home, project / "backend", "s-sub")
    _session(home, tmp_path / "app-legacy", "s-neighbour")  # its name starts like a subdirectory's
    _session(home, tmp_path / "app" / "x", "s-moved", cwd=tmp_path / "elsewhere")

    found = ClaudeCodeSessionFiles(home.projects).project_sessions(project)

    assert sorted(s.session_id for s in found) == ["s-root", "s-sub"]


def test_linked_worktrees_share_the_project_sessions(tmp_path: Path) -> None:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    repo = tmp_path / "repo"
    repo.mkdir()

    def git(*args: str, cwd: Path = repo) -> None:
        subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "x")
    git("worktree", "add", "-q", str(tmp_path / "repo-feature"), "-b", "feature")
    home = ClaudeHome(tmp_path / "claude")
    _session(home, repo.resolve(), "s-main")
    _session(home, (tmp_path / "repo-feature").resolve(), "s-feature")

    files = ClaudeCodeSessionFiles(home.projects, worktrees=GitWorktrees(env))

    for place in (repo.resolve(), (tmp_path / "repo-feature").resolve()):
        assert sorted(s.session_id for s in files.project_sessions(place)) == [
            "s-feature",
            "s-main",
        ]


def test_legacy_subagent_files_beside_sessions_join_their_session(tmp_path: Path) -> None:
    home = ClaudeHome(tmp_path / "claude")
    project = tmp_path / "old"
    _session(home, project, "s-old")
    legacy = ClaudeTranscript("s-old", project, agent_id="9f")
    legacy.prompt("search the logs")
    legacy.write(home.project_dir(project) / "agent-9f.jsonl")

    [session] = ClaudeCodeSessionFiles(home.projects).project_sessions(project)

    assert [s.relative_path for s in session.subagent_transcripts] == ["agent-9f.jsonl"]


def test_all_sessions_recognise_each_root_layout(tmp_path: Path) -> None:
    home = ClaudeHome(tmp_path / "claude")
    _session(home, "/p/one", "a")
    _session(home, "/p/two", "b")
    files = ClaudeCodeSessionFiles(home.projects)

    everything = ["a", "b"]
    assert [s.session_id for s in files.all_sessions()] == everything
    assert [s.session_id for s in files.all_sessions(home.config_dir)] == everything
    assert [s.session_id for s in files.all_sessions(home.project_dir("/p/two"))] == ["b"]
    assert files.all_sessions(tmp_path / "missing") == []
    assert files.project_sessions(home.project_dir("/p/one"))[0].session_id == "a"


def test_codex_rollouts_are_found_by_the_directory_they_record(tmp_path: Path) -> None:
    codex_home = tmp_path / "codex"
    project = tmp_path / "svc"
    ours = CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0e", project / "api")
    ours.user("add a health endpoint")
    ours.say("Added /healthz.")
    ours.write(codex_home)
    CodexRollout("0000b6c0-94b8-487b-a530-2aeb6098ae0e", tmp_path / "other").write(codex_home)
    (codex_home / "sessions" / "notes.txt").write_text("not a rollout")

    files = CodexSessionFiles(codex_home)
    [session] = files.project_sessions(project)

    assert session.host is SessionHost.CODEX
    assert session.session_id == "5973b6c0-94b8-487b-a530-2aeb6098ae0e"
    assert len(files.all_sessions()) == 2
    records = list(files.records(session.path))
    assert records[0].type == "session_meta" and records[0].git_branch == "main"


@pytest.mark.parametrize("name", ["CODEX_HOME"])
def test_codex_home_is_configurable(tmp_path: Path, name: str) -> None:
    rollout = CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0f", tmp_path)
    rollout.write(tmp_path / "elsewhere")
    files = CodexSessionFiles.from_env({name: str(tmp_path / "elsewhere")}, tmp_path)
    assert len(files.all_sessions()) == 1


def test_session_projects_name_the_directories_sessions_started_in(tmp_path: Path) -> None:
    home = ClaudeHome(tmp_path / "claude")
    _session(home, "/p/one", "a")
    _session(home, "/p/two.dir", "b")
    codex_home = tmp_path / "codex"
    CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0e", "/p/three").write(codex_home)

    assert ClaudeCodeSessionFiles(home.projects).session_projects() == [
        Path("/p/one"),
        Path("/p/two.dir"),
    ]
    assert CodexSessionFiles(codex_home).session_projects() == [Path("/p/three")]


def test_a_long_project_path_is_found_under_its_cut_and_hashed_name(tmp_path: Path) -> None:
    project = tmp_path / ("deeply-nested-" * 18) / "service"
    project.mkdir(parents=True)
    home = ClaudeHome(tmp_path / "claude")
    name = mangled_names(project)[0]
    assert len(name) > 200
    t = ClaudeTranscript("s-long", project)
    t.prompt("hello")
    t.write(home.projects / f"{name[:200]}-8f3a2c" / "s-long.jsonl")

    [session] = ClaudeCodeSessionFiles(home.projects).project_sessions(project)

    assert session.session_id == "s-long"
