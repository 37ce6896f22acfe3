"""Reading a small text file only when it is a regular file, and never more than a bound.

A FIFO, a device or a directory where a settings file should be would block a reader (a FIFO
waits for a writer forever) or feed it without end (``/dev/zero``). Opening non-blocking and
checking what was opened (not what the path pointed to a moment earlier) closes both holes.
No pathlib: the hook imports this module (ADR 0020). Shared by the settings readers (server
and hook) and by ``capy_index``.
"""

from __future__ import annotations

import os
import stat

_KINDS = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a directory",
    stat.S_IFSOCK: "a socket",
}


class UnreadableFile(Exception):
    """The file exists but is not a regular text file capy can read; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FileTooLarge(UnreadableFile):
    """A regular file over the bound; ``size`` in bytes (at least the bound plus one)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"it is {size:,} bytes, more than the {limit:,} read")
        self.size = size


def read_regular_text(path: str, limit: int) -> str | None:
    """The UTF-8 text of the regular file at ``path``, or ``None`` when nothing is there.

    Raises ``UnreadableFile`` for anything else at the path, a file over ``limit`` bytes or one
    that is not UTF-8, and ``OSError`` when it cannot be opened.
    """
    data = read_regular_bytes(path, limit)
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"it is not UTF-8 text (byte {error.start:,})") from None


def read_regular_bytes(path: str, limit: int) -> bytes | None:
    """The bytes of the regular file at ``path`` (``None`` when nothing is there); raises
    ``UnreadableFile`` for anything that is not a regular file or is over ``limit`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise UnreadableFile(f"it is {kind}, not a regular file")
        if info.st_size > limit:
            raise FileTooLarge(info.st_size, limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileTooLarge(size, limit)
    finally:
        os.close(fd)
    return b"".join(chunks)
