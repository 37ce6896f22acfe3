"""ProjectFiles on the real file system of one project."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.setup.codex_toml import register_codex_toml
from adapters.setup.hooks_json import merge_hooks, remove_hooks
from adapters.setup.launcher import LOCAL_PATH_FILE, launcher_script
from adapters.setup.markdown_blocks import ensure_import, ensure_lines, upsert_block
from adapters.setup.mcp_json import register_mcp_json
from adapters.setup.pre_commit import install_pre_commit
from adapters.setup.text_files import Malformed, write_text
from application.ports.project_files import (
    ChangeAction,
    FileChange,
    HookSpec,
    ProjectFiles,
    ServerSpec,
)

GITIGNORE_HEADING = "# capy: local state stays out of git; the routing and launcher are shared"


class FileSystemProjectFiles(ProjectFiles):
    def __init__(self, root: Path) -> None:
        self._root = root

    def _guard(self, path: str, work: Callable[[Path], FileChange]) -> FileChange:
        try:
            return work(self._root / path)
        except Malformed as malformed:
            return malformed.change
        except OSError as error:
            return FileChange(
                path,
                ChangeAction.FAILED,
                f"cannot be written ({error.strerror or error})",
                "check the file's permissions, then run `capy setup` again",
            )

    def write_owned(self, path: str, content: str, *, executable: bool = False) -> FileChange:
        return self._guard(
            path,
            lambda target: FileChange(path, write_text(target, content, executable=executable)),
        )

    def merge_hooks(
        self, path: str, hooks: tuple[HookSpec, ...], markers: tuple[str, ...]
    ) -> FileChange:
        return self._guard(path, lambda target: merge_hooks(target, path, hooks, markers))

    def remove_hooks(self, path: str, markers: tuple[str, ...]) -> FileChange:
        return self._guard(path, lambda target: remove_hooks(target, path, markers))

    def write_launcher(self, path: str, capy_executable: str) -> FileChange:
        """The committed launcher, and beside it the machine-local note of where capy is
        (ignored by git: a committed file names no path of this machine)."""
        noted = self.write_owned(str(Path(path).parent / LOCAL_PATH_FILE), capy_executable + "\n")
        launcher = self.write_owned(path, launcher_script(), executable=True)
        return launcher if noted.action is not ChangeAction.FAILED else noted

    def register_mcp_json(self, path: str, server: ServerSpec) -> FileChange:
        return self._guard(path, lambda target: register_mcp_json(target, path, server))

    def register_codex_toml(self, path: str, server: ServerSpec) -> FileChange:
        return self._guard(path, lambda target: register_codex_toml(target, path, server))

    def ensure_import(self, path: str, line: str, heading: str) -> FileChange:
        return self._guard(path, lambda target: ensure_import(target, path, line, heading))

    def upsert_block(self, path: str, begin: str, end: str, body: str) -> FileChange:
        return self._guard(path, lambda target: upsert_block(target, path, begin, end, body))

    def ensure_ignored(self, path: str, lines: tuple[str, ...]) -> FileChange:
        return self._guard(
            path, lambda target: ensure_lines(target, path, lines, GITIGNORE_HEADING)
        )

    def install_pre_commit(self, launcher: str, db_paths: tuple[str, ...]) -> FileChange:
        return self._guard(
            "pre-commit hook", lambda _: install_pre_commit(self._root, launcher, db_paths)
        )
