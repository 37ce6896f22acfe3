"""SetupProject decides which files each platform needs; the adapter does the merging."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from application.ports.project_files import ChangeAction, FileChange, HookSpec, ServerSpec
from application.use_cases.setup_project import SetupProject, SetupRequest
from domain.doctor.hooks import CLAUDE_EVENTS, CODEX_EVENTS


class RecordingProjectFiles:
    def __init__(self, fail: str = "") -> None:
        self.calls: list[tuple[str, Any]] = []
        self._fail = fail

    def _change(self, name: str, path: str, payload: Any = None) -> FileChange:
        self.calls.append((name, (path, payload)))
        action = ChangeAction.FAILED if path == self._fail else ChangeAction.CREATED
        return FileChange(path, action)

    def write_owned(self, path: str, content: str, *, executable: bool = False) -> FileChange:
        return self._change("write_owned", path, content)

    def write_launcher(self, path: str, capy_executable: str) -> FileChange:
        return self._change("write_launcher", path, capy_executable)

    def merge_hooks(
        self, path: str, hooks: tuple[HookSpec, ...], markers: tuple[str, ...]
    ) -> FileChange:
        return self._change("merge_hooks", path, hooks)

    def remove_hooks(self, path: str, markers: tuple[str, ...]) -> FileChange:
        return self._change("remove_hooks", path)

    def register_mcp_json(self, path: str, server: ServerSpec) -> FileChange:
        return self._change("register_mcp_json", path, server)

    def register_codex_toml(self, path: str, server: ServerSpec) -> FileChange:
        return self._change("register_codex_toml", path, server)

    def ensure_import(self, path: str, line: str, heading: str) -> FileChange:
        return self._change("ensure_import", path, line)

    def upsert_block(self, path: str, begin: str, end: str, body: str) -> FileChange:
        return self._change("upsert_block", path, body)

    def ensure_ignored(self, path: str, lines: tuple[str, ...]) -> FileChange:
        return self._change("ensure_ignored", path, lines)

    def install_pre_commit(self, launcher: str, db_paths: tuple[str, ...]) -> FileChange:
        return self._change("install_pre_commit", "pre-commit", db_paths)


def _paths(files: RecordingProjectFiles) -> list[str]:
    return [call[1][0] for call in files.calls]


def test_both_platforms_by_default() -> None:
    files = RecordingProjectFiles()
    report = SetupProject(files).execute(SetupRequest(Path("/p"), "/bin/capy", db_paths=("k.db",)))
    assert report.ok
    paths = _paths(files)
    for expected in [
        ".capy/capy.sh",
        ".capy/AGENTS.md",
        ".gitignore",
        "pre-commit",
        ".mcp.json",
        ".claude/settings.json",
        "CLAUDE.md",
        ".codex/config.toml",
        ".codex/hooks.json",
        "AGENTS.md",
    ]:
        assert expected in paths
    hooks = next(c for c in files.calls if c[1][0] == ".claude/settings.json")[1][1]
    # what doctor expects is what setup registers
    assert {spec.event for spec in hooks} == set(CLAUDE_EVENTS)
    codex = next(call for call in files.calls if call[1][0] == ".codex/config.toml")[1][1]
    assert "CAPY_DB_KEY" in codex.env_vars
    codex_hooks = next(c for c in files.calls if c[1][0] == ".codex/hooks.json")[1][1]
    assert {spec.event for spec in codex_hooks} == set(CODEX_EVENTS)
    written = [codex.command, *codex.args, *(spec.command for spec in codex_hooks)]
    assert not any("/p" in part for part in written)  # no path of this machine


def test_codex_only_and_local_scope() -> None:
    files = RecordingProjectFiles()
    SetupProject(files).execute(SetupRequest(Path("/p"), "/bin/capy", platforms=("codex",)))
    assert ".mcp.json" not in _paths(files) and "CLAUDE.md" not in _paths(files)
    files = RecordingProjectFiles()
    SetupProject(files).execute(
        SetupRequest(Path("/p"), "/bin/capy", platforms=("claude-code",), scope="local")
    )
    assert ("merge_hooks", ".claude/settings.local.json") in [(c[0], c[1][0]) for c in files.calls]
    assert ("remove_hooks", ".claude/settings.json") in [(c[0], c[1][0]) for c in files.calls]


def test_a_failure_is_reported_and_the_rest_still_runs() -> None:
    files = RecordingProjectFiles(fail=".claude/settings.json")
    report = SetupProject(files).execute(SetupRequest(Path("/p"), "/bin/capy"))
    assert not report.ok
    assert "AGENTS.md" in _paths(files)
