"""Restoring archived files onto the real file system, confined to one folder."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from application.ports.restore_folders import RestoreFolder, RestoreFolders, UnsafePath
from domain.errors import InvalidInput

_COMPARE_PIECE = 1024 * 1024


class FilesystemRestoreFolders(RestoreFolders):
    def open(self, root: Path) -> RestoreFolder:
        try:
            _make_private_dirs(root)
        except OSError as error:
            raise InvalidInput(
                f"cannot create the folder {root}: {error.strerror}",
                "choose another folder with --output",
            ) from None
        real = Path(os.path.realpath(root))
        if not real.is_dir():
            raise InvalidInput(f"{root} is not a folder", "choose a folder with --output")
        return _Folder(real)


class _Folder(RestoreFolder):
    def __init__(self, root: Path) -> None:
        self._root = root

    @property
    def root(self) -> Path:
        return self._root

    def exists(self, relative: PurePosixPath) -> bool:
        return os.path.lexists(self._root.joinpath(*relative.parts))

    def identical(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> bool:
        target = self._root.joinpath(*relative.parts)
        try:  # non-blocking: a FIFO planted where a file goes must not hang the restore
            fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return False
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return False
            os.set_blocking(fd, True)
            for chunk in chunks:
                if handle.read(len(chunk)) != chunk:
                    return False
            return handle.read(1) == b""

    def write(self, relative: PurePosixPath, chunks: Iterable[bytes]) -> Path:
        parent = self._checked_parent(relative)
        target = parent / relative.name
        if target.is_dir() and not target.is_symlink():
            raise UnsafePath(f"{target} is a folder")
        temporary = parent / f".{relative.name}.{secrets.token_hex(4)}.restoring"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        fd = os.open(temporary, flags, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                for chunk in chunks:
                    handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())
            temporary.replace(target)  # replaces a symlink itself, never its target
        except BaseException:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise
        return target

    def _checked_parent(self, relative: PurePosixPath) -> Path:
        """Create the directories on the way (0700); refuse one that leads out of the root."""
        current = self._root
        for part in relative.parts[:-1]:
            current = current / part
            if not os.path.lexists(current):
                current.mkdir(mode=0o700)
            real = os.path.realpath(current)
            if not (real == str(self._root) or real.startswith(str(self._root) + os.sep)):
                raise UnsafePath(f"{current} leads outside {self._root}")
            if not Path(real).is_dir():
                raise UnsafePath(f"{current} is not a folder")
        return current


def _make_private_dirs(root: Path) -> None:
    missing = []
    current = root
    while not os.path.lexists(current):
        missing.append(current)
        current = current.parent
    for created in reversed(missing):
        created.mkdir(mode=0o700)
