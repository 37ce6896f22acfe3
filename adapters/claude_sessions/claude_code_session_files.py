"""Claude Code's session transcripts: ``~/.claude/projects/<mangled path>/<uuid>.jsonl``."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

from adapters.claude_sessions.claude_records import claude_record, text_of
from adapters.claude_sessions.jsonl_session_files import JsonlSessionReading
from adapters.claude_sessions.jsonl_stream import (
    open_regular_file,
)
from adapters.claude_sessions.project_dirs import (
    project_dirs,
    projects_root,
    recorded_cwd,
    session_dirs_under,
)
from adapters.claude_sessions.session_listing import list_project_dir
from application.ports.session_files import SessionFiles
from domain.sessions.files import SessionFile, SessionHost, SubagentMeta

META_MAX_BYTES = 1024 * 1024


def _no_worktrees(_: Path) -> list[Path]:
    return []


class ClaudeCodeSessionFiles(JsonlSessionReading, SessionFiles):
    """Finds sessions under Claude Code's projects directory and reads them.

    ``worktrees(root)`` lists the work trees of the repository at ``root`` (main first); their
    sessions belong to the project too. ``env`` is consulted for
    ``CLAUDE_CODE_PROJECT_DIR_NAME``.
    """

    decode = staticmethod(claude_record)

    def __init__(
        self,
        root: Path,
        *,
        worktrees: Callable[[Path], list[Path]] = _no_worktrees,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self._root = root
        self._worktrees = worktrees
        self._env = dict(env or {})

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str],
        home: Path,
        worktrees: Callable[[Path], list[Path]] = _no_worktrees,
    ) -> ClaudeCodeSessionFiles:
        """Sessions where Claude Code keeps them: ``CLAUDE_CONFIG_DIR`` honoured."""
        return cls(projects_root(env, home), worktrees=worktrees, env=env)

    @property
    def host(self) -> SessionHost:
        return SessionHost.CLAUDE_CODE

    @property
    def root(self) -> Path:
        """The projects directory searched (``<config dir>/projects``)."""
        return self._root

    def project_sessions(self, project_root: Path) -> list[SessionFile]:
        if self._root in project_root.parents:  # already one of Claude Code's directories
            return list_project_dir(project_root)
        places = [project_root, *self._worktrees(project_root)]
        found: list[SessionFile] = []
        for directory in project_dirs(self._root, places, self._env):
            found.extend(list_project_dir(directory))
        return sorted(found, key=lambda s: s.path)

    def all_sessions(self, root: Path | None = None) -> list[SessionFile]:
        found: list[SessionFile] = []
        for directory in session_dirs_under(root or self._root):
            found.extend(list_project_dir(directory))
        return sorted(found, key=lambda s: s.path)

    def session_projects(self) -> list[Path]:
        found = {recorded_cwd(directory) for directory in session_dirs_under(self._root)}
        return sorted(Path(cwd) for cwd in found if cwd)

    def subagent_meta(self, path: Path) -> SubagentMeta:
        try:
            with open_regular_file(path) as handle:
                data = json.loads(handle.read(META_MAX_BYTES))
        except (OSError, ValueError, RecursionError):
            return SubagentMeta()
        if not isinstance(data, dict):
            return SubagentMeta()
        return SubagentMeta(
            agent_type=text_of(data.get("agentType")),
            description=text_of(data.get("description")),
        )
