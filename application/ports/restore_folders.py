"""RestoreFolders port: writing archived files back to disk, never outside the chosen folder."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Protocol, runtime_checkable


class UnsafePath(Exception):
    """Writing this path would leave the folder (a symlinked directory on the way)."""


@runtime_checkable
class RestoreFolder(Protocol):
    """One folder files are restored into. Directories are created private (0700), files
    written whole and private (0600) in one step; a symlink where a file goes is replaced,
    never followed."""

    @property
    def root(self) -> Path: ...

    def exists(self, relative: PurePosixPath) -> bool: ...

    def identical(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> bool:
        """Whether the file there holds exactly these bytes."""
        ...

    def write(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> Path:
        """Raises ``UnsafePath`` (nothing written) when the path would leave the folder."""
        ...


@runtime_checkable
class RestoreFolders(Protocol):
    def open(self, root: Path) -> RestoreFolder:
        """The folder (created if missing, symlinks in its own path resolved)."""
        ...
