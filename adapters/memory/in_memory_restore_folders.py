"""Restored files kept in a dict (tests): ``files[path] = bytes``; ``links`` fake symlinks."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from application.ports.restore_folders import RestoreFolder, RestoreFolders, UnsafePath


class InMemoryRestoreFolders(RestoreFolders):
    """``escaping`` holds directories (relative to a root) that stand for symlinks leading out."""

    def __init__(self) -> None:
        self.files: dict[Path, bytes] = {}
        self.escaping: set[PurePosixPath] = set()

    def open(self, root: Path) -> RestoreFolder:
        return _Folder(self, root)


class _Folder(RestoreFolder):
    def __init__(self, owner: InMemoryRestoreFolders, root: Path) -> None:
        self._owner = owner
        self._root = root

    @property
    def root(self) -> Path:
        return self._root

    def exists(self, relative: PurePosixPath) -> bool:
        return self._path(relative) in self._owner.files

    def identical(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> bool:
        return self._owner.files.get(self._path(relative)) == b"".join(chunks)

    def write(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> Path:
        for depth in range(1, len(relative.parts)):
            if PurePosixPath(*relative.parts[:depth]) in self._owner.escaping:
                raise UnsafePath(str(relative))
        path = self._path(relative)
        self._owner.files[path] = b"".join(chunks)
        return path

    def _path(self, relative: PurePosixPath) -> Path:
        return self._root.joinpath(*relative.parts)
