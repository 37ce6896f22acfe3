"""The knowledge database path: ``--db``, ``store.path`` or the per-project default."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from adapters.project.git_layout import GitLayout
from adapters.project.project_root import ProjectRoot
from application.ports.project_locator import ProjectLocation, ProjectLocator
from domain.errors import ConfigError

DB_FILE_NAME = "knowledge.db"
PROJECT_LABEL_FILE = ".project"


class GitProjectLocator(ProjectLocator):
    """Resolves the database for an already-found project root.

    ``--db`` wins; an absolute ``store.path`` is used as is; a relative one is joined to the
    project — inside a linked git worktree to the *main* worktree, so every worktree of a repository
    shares one database. Without ``store.path`` the database lives under the user's data directory
    in a folder named for a hash of the project path (again the main worktree's), with a
    ``.project`` file beside it saying which project it belongs to.
    """

    def __init__(
        self,
        *,
        root: ProjectRoot,
        db_override: Path | None,
        store_path: str,
        cwd: Path,
        home: Path,
        databases_dir: Path,
        layout: Callable[[Path], GitLayout | None],
        label: bool = True,
    ) -> None:
        self._label = label  # off for commands that only look: they create no folder
        self._root = root
        self._db_override = db_override
        self._store_path = store_path
        self._cwd = cwd
        self._home = home
        self._databases_dir = databases_dir
        self._layout = layout

    def locate(self) -> ProjectLocation:
        root = self._root.path
        db_path, origin = self._db_path(root)
        if db_path.is_dir():
            raise ConfigError(
                f"the knowledge database path {db_path} is a directory",
                hint="point --db or store.path at a file inside it, e.g. knowledge.db",
            )
        return ProjectLocation(
            root=root, db_path=db_path, db_path_origin=origin, root_origin=self._root.origin
        )

    def _db_path(self, root: Path) -> tuple[Path, str]:
        if self._db_override is not None:
            return (self._cwd / self._expand(self._db_override)).resolve(), "--db flag"
        if self._store_path:
            configured = self._expand(Path(self._store_path))
            if configured.is_absolute():
                return configured.resolve(), "store.path in the configuration (absolute)"
            base, shared = self._shared_base(root)
            where = f"the main worktree {base}" if shared else f"the project root {base}"
            return (
                base / configured
            ).resolve(), f"store.path in the configuration, relative to {where}"
        base, shared = self._shared_base(root)
        folder = self._databases_dir / hashlib.sha256(str(base).encode()).hexdigest()[:16]
        if self._label:
            _label(folder, base)
        why = f"default location for the project {base}"
        return folder / DB_FILE_NAME, why + (" (the main worktree of this one)" if shared else "")

    def _shared_base(self, root: Path) -> tuple[Path, bool]:
        layout = self._layout(root)
        main = layout.main_worktree if layout is not None else None
        if layout is None or main is None:
            return root, False
        try:
            return main / root.relative_to(layout.toplevel), True
        except ValueError:
            return main, True

    def _expand(self, path: Path) -> Path:
        parts = path.parts
        if parts and parts[0] == "~":
            return self._home.joinpath(*parts[1:])
        return path


def _label(folder: Path, project: Path) -> None:
    """Write ``.project`` (the project path) so a person can tell the folders apart."""
    label = folder / PROJECT_LABEL_FILE
    text = f"{project}\n"
    try:
        if label.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    import secrets  # only to write the label: a search that finds it never loads it (ADR 0240)

    try:
        folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        temporary = folder / f".project.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(label)
    except OSError:
        pass  # only a convenience for people browsing the data directory
