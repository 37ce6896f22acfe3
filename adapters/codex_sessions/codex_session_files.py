"""Codex CLI's session rollouts: ``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl``.

Codex files sessions by date, not by project: a rollout's project is the ``cwd`` its first
lines record (``session_meta``, ``turn_context``). Archived rollouts
(``$CODEX_HOME/archived_sessions/``) are included. ``CODEX_HOME`` defaults to ``~/.codex``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path, PurePath

from adapters.claude_sessions.claude_records import text_of
from adapters.claude_sessions.jsonl_session_files import JsonlSessionReading
from adapters.claude_sessions.jsonl_stream import head_objects
from adapters.claude_sessions.project_dirs import within
from adapters.claude_sessions.session_listing import sidecars_under
from adapters.codex_sessions.codex_records import codex_record
from application.ports.session_files import SessionFiles
from domain.sessions.files import SessionFile, SessionHost, SubagentMeta

SESSION_DIRS = ("sessions", "archived_sessions")
_ROLLOUT = re.compile(r"^rollout-.*\.jsonl$")
_UUID_TAIL = re.compile(
    r"([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$"
)
HEAD_LINES = 10


def _no_worktrees(_: Path) -> list[Path]:
    return []


def codex_home(env: Mapping[str, str], home: Path) -> Path:
    configured = env.get("CODEX_HOME", "").strip()
    return Path(configured).expanduser() if configured else home / ".codex"


def session_id_of(path: Path) -> str:
    stem = path.name.removesuffix(".jsonl")
    found = _UUID_TAIL.search(stem)
    return found.group(1).lower() if found else stem


def recorded_cwd(path: Path) -> str:
    """The working directory a rollout's first lines record (``""`` if none)."""
    for data in head_objects(path, HEAD_LINES):
        payload = data.get("payload")
        cwd = text_of((payload if isinstance(payload, dict) else data).get("cwd"))
        if cwd:
            return cwd
    return ""


class CodexSessionFiles(JsonlSessionReading, SessionFiles):
    """Finds Codex CLI rollouts and reads them as host-neutral records."""

    decode = staticmethod(codex_record)

    def __init__(
        self, home: Path, *, worktrees: Callable[[Path], list[Path]] = _no_worktrees
    ) -> None:
        self._home = home
        self._worktrees = worktrees

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str],
        home: Path,
        worktrees: Callable[[Path], list[Path]] = _no_worktrees,
    ) -> CodexSessionFiles:
        return cls(codex_home(env, home), worktrees=worktrees)

    @property
    def host(self) -> SessionHost:
        return SessionHost.CODEX

    @property
    def root(self) -> Path:
        """Codex's home (``$CODEX_HOME``); rollouts are under its ``sessions/``."""
        return self._home

    def project_sessions(self, project_root: Path) -> list[SessionFile]:
        places = [project_root, *self._worktrees(project_root)]
        return [s for s in self.all_sessions() if within(recorded_cwd(s.path), places)]

    def all_sessions(self, root: Path | None = None) -> list[SessionFile]:
        roots = [root] if root is not None else [self._home / name for name in SESSION_DIRS]
        found: list[SessionFile] = []
        for base in roots:
            for sidecar in sidecars_under(base):
                name = PurePath(sidecar.relative_path).name
                if not _ROLLOUT.match(name):
                    continue
                found.append(
                    SessionFile(
                        host=SessionHost.CODEX,
                        session_id=session_id_of(sidecar.path),
                        path=sidecar.path,
                        size=sidecar.size,
                        mtime_ns=sidecar.mtime_ns,
                        project_dir=base,
                    )
                )
        return sorted(found, key=lambda s: s.path)

    def session_projects(self) -> list[Path]:
        found = {recorded_cwd(session.path) for session in self.all_sessions()}
        return sorted(Path(cwd) for cwd in found if cwd)

    def subagent_meta(self, path: Path) -> SubagentMeta:
        return SubagentMeta()  # Codex keeps no subagent files
