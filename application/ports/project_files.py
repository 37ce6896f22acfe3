"""ProjectFiles port: the configuration files ``capy setup`` merges into a project."""

from __future__ import annotations

import enum
from typing import Protocol, runtime_checkable

import attrs


class ChangeAction(enum.Enum):
    CREATED = "created"
    UPDATED = "updated"
    UNCHANGED = "unchanged"
    SKIPPED = "skipped"
    FAILED = "failed"


@attrs.frozen
class FileChange:
    """What setup did to one file; a failure says what is wrong and how to fix it."""

    path: str
    action: ChangeAction
    detail: str = ""
    hint: str = ""


@attrs.frozen
class HookSpec:
    """One hook handler: the host's event name, its matcher ("" = every tool) and command."""

    event: str
    command: str
    matcher: str = ""
    timeout: int = 30
    run_async: bool = False  # the host need not wait for it (it never answers)


@attrs.frozen
class ServerSpec:
    """An MCP server registration (stdio)."""

    name: str
    command: str
    args: tuple[str, ...] = ()
    env_vars: tuple[str, ...] = ()  # names the host forwards from its environment (Codex)


@runtime_checkable
class ProjectFiles(Protocol):
    """Merges capy's entries into the project's files without clobbering anyone else's.

    Every operation is idempotent (a second run writes byte-identical files) and never
    overwrites a file it cannot parse: that file is reported as FAILED with the parse error and
    what to do. Paths are relative to the project root.
    """

    def write_owned(self, path: str, content: str, *, executable: bool = False) -> FileChange:
        """Write a file capy owns entirely (``.capy/AGENTS.md``, the launcher)."""
        ...

    def merge_hooks(
        self, path: str, hooks: tuple[HookSpec, ...], markers: tuple[str, ...]
    ) -> FileChange:
        """Put ``hooks`` into a JSON ``{"hooks": {...}}`` file; handlers whose command holds one
        of ``markers`` are capy's and are replaced, every other handler is kept."""
        ...

    def remove_hooks(self, path: str, markers: tuple[str, ...]) -> FileChange:
        """Drop capy's handlers (by ``markers``) from a JSON hooks file, if it exists."""
        ...

    def write_launcher(self, path: str, capy_executable: str) -> FileChange:
        """The script hooks and MCP registrations call; it finds capy on any machine."""
        ...

    def register_mcp_json(self, path: str, server: ServerSpec) -> FileChange:
        """``mcpServers.<name>`` in a Claude-style ``.mcp.json``."""
        ...

    def register_codex_toml(self, path: str, server: ServerSpec) -> FileChange:
        """``[mcp_servers.<name>]`` in a Codex ``config.toml``."""
        ...

    def ensure_import(self, path: str, line: str, heading: str) -> FileChange:
        """Append ``heading`` and the import ``line`` to a markdown file, once."""
        ...

    def upsert_block(self, path: str, begin: str, end: str, body: str) -> FileChange:
        """Insert or replace the text between the ``begin`` and ``end`` marker lines."""
        ...

    def ensure_ignored(self, path: str, lines: tuple[str, ...]) -> FileChange:
        """Append the missing ``lines`` to a ``.gitignore``."""
        ...

    def install_pre_commit(self, launcher: str, db_paths: tuple[str, ...]) -> FileChange:
        """Put capy's knowledge-DB guard into the repository's pre-commit hook (chained)."""
        ...
