"""Streaming JSON Lines: one complete line at a time, bounded memory, never raising on content.

Session files reach hundreds of megabytes, single lines (a tool result, a pasted file) tens of
megabytes, and the host appends to them while we read. So a file is read line by line with
``readline(limit)``: a line longer than the limit is skipped in pieces (never held whole), a
line that is not one JSON object is counted and skipped, and a last line without a line break
is taken only when it parses (a host writes the line break last, so a half-written line never
does) — otherwise it is left for the next read.
"""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import attrs

from application.ports.session_files import MAX_LINE_BYTES, RecordStream
from domain.sessions.records import ReadStats, SessionRecord

SKIP_PIECE_BYTES = 1024 * 1024

Decoder = Callable[[dict[str, object], "JsonLine"], SessionRecord | None]


@attrs.frozen
class JsonLine:
    """A physical line: its 0-based number, byte offset, and bytes (no line break)."""

    index: int
    offset: int
    raw: bytes
    terminated: bool = True


@attrs.define
class _Counts:
    lines: int = 0
    records: int = 0
    blank: int = 0
    malformed: int = 0
    oversized: int = 0
    unfinished_bytes: int = 0

    def frozen(self) -> ReadStats:
        return ReadStats(**attrs.asdict(self))


def _skip_rest_of_line(handle: BinaryIO) -> tuple[int, bool]:
    """Discard up to the next line break; returns (bytes skipped, whether one was found)."""
    skipped = 0
    while True:
        piece = handle.readline(SKIP_PIECE_BYTES)
        skipped += len(piece)
        if not piece:
            return skipped, False
        if piece.endswith(b"\n"):
            return skipped, True


def decode_object(raw: bytes) -> dict[str, object] | None:
    """The JSON object on a line, or None when the line is not exactly one JSON object."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return value if isinstance(value, dict) else None


class JsonlRecordStream(RecordStream):
    """Records of one JSONL source (a file, or bytes already read), decoded by ``decode``.

    ``decode`` turns a line's JSON object into a record, or None for an object it does not
    recognise as a record of its host (counted as malformed).
    """

    def __init__(
        self,
        open_source: Callable[[], BinaryIO],
        decode: Decoder,
        *,
        max_line_bytes: int = MAX_LINE_BYTES,
    ) -> None:
        self._open = open_source
        self._decode = decode
        self._max = max_line_bytes
        self._counts = _Counts()

    @classmethod
    def of_file(cls, path: Path, decode: Decoder, **kwargs: int) -> JsonlRecordStream:
        return cls(lambda: open_regular_file(path), decode, **kwargs)

    @classmethod
    def of_bytes(cls, data: bytes, decode: Decoder, **kwargs: int) -> JsonlRecordStream:
        return cls(lambda: io.BytesIO(data), decode, **kwargs)

    @classmethod
    def of_copied_file(
        cls, path: Path, length: int, copy: Callable[[bytes], None], decode: Decoder
    ) -> JsonlRecordStream:
        """The first ``length`` bytes of a file, each also handed to ``copy`` (archiving)."""
        return cls(lambda: copying_reader(open_regular_file(path), length, copy), decode)

    @property
    def stats(self) -> ReadStats:
        return self._counts.frozen()

    def __iter__(self) -> Iterator[SessionRecord]:
        with self._open() as handle:
            for line in self._lines(handle):
                data = decode_object(line.raw)
                if data is None and not line.terminated:
                    self._counts.unfinished_bytes = len(line.raw)
                    _drain(handle)
                    return
                self._counts.lines += 1
                record = self._decode(data, line) if data is not None else None
                if record is None:
                    self._counts.malformed += 1
                    continue
                self._counts.records += 1
                yield record
            _drain(handle)

    def _lines(self, handle: BinaryIO) -> Iterator[JsonLine]:
        counts = self._counts
        index = offset = 0
        while True:
            chunk = handle.readline(self._max + 1)
            if not chunk:
                return
            if chunk.endswith(b"\n"):
                body = chunk[:-1].removesuffix(b"\r")
                if body.strip():
                    yield JsonLine(index, offset, body)
                else:
                    counts.lines += 1
                    counts.blank += 1
            elif len(chunk) > self._max:
                skipped, _ = _skip_rest_of_line(handle)
                counts.lines += 1
                counts.oversized += 1
                chunk_length = len(chunk) + skipped
                index += 1
                offset += chunk_length
                continue
            else:  # the last line, without a line break: complete only if it parses
                if chunk.strip():
                    yield JsonLine(index, offset, chunk.removesuffix(b"\r"), terminated=False)
                return
            index += 1
            offset += len(chunk)


def _drain(handle: BinaryIO) -> None:
    """Read what is left (a copying reader must see every byte, even after the last line;
    for any other source this finds the end at once)."""
    while handle.read(SKIP_PIECE_BYTES):
        pass


COPY_PIECE_BYTES = 1024 * 1024


class _CopyingReader(io.RawIOBase):
    """Reads at most ``length`` bytes of ``source``, handing every byte read to ``copy``."""

    def __init__(self, source: BinaryIO, length: int, copy: Callable[[bytes], None]) -> None:
        self._source = source
        self._left = length
        self._copy = copy

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._left <= 0:
            return 0
        wanted = min(len(buffer), self._left)
        data = self._source.read(wanted)
        if not data:
            raise OSError(f"the file ended {self._left} bytes early (changed while read?)")
        buffer[: len(data)] = data
        self._left -= len(data)
        self._copy(data)
        return len(data)

    def close(self) -> None:
        try:
            self._source.close()
        finally:
            super().close()


def copying_reader(source: BinaryIO, length: int, copy: Callable[[bytes], None]) -> BinaryIO:
    """``source`` cut to ``length`` bytes, every byte read also handed to ``copy``."""
    return io.BufferedReader(_CopyingReader(source, length, copy), COPY_PIECE_BYTES)


def copy_file_bytes(path: Path, length: int, copy: Callable[[bytes], None]) -> None:
    """Hand the first ``length`` bytes of a regular file to ``copy``, a piece at a time."""
    with copying_reader(open_regular_file(path), length, copy) as handle:
        _drain(handle)


def complete_length(path: Path, size: int) -> int:
    """The length of the complete lines among a file's first ``size`` bytes (searched from the
    end, so a large file costs one small read)."""
    with open_regular_file(path) as handle:
        end = min(size, os.fstat(handle.fileno()).st_size)
        while end > 0:
            start = max(0, end - SKIP_PIECE_BYTES)
            handle.seek(start)
            piece = handle.read(end - start)
            found = piece.rfind(b"\n")
            if found >= 0:
                return start + found + 1
            end = start
    return 0


def open_regular_file(path: Path) -> BinaryIO:
    """Open for reading, refusing a symlink or anything but a regular file (``OSError``) — a
    transcript directory may hold links to anywhere, or a FIFO that would block forever, and
    capy reads only what the host itself wrote."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_file_bytes(path: Path, *, complete_lines: bool = False) -> bytes:
    """A regular file's bytes (no symlink); with ``complete_lines`` up to its last line break."""
    with open_regular_file(path) as handle:
        data = handle.read()
    return data[: data.rfind(b"\n") + 1] if complete_lines else data


HEAD_LINE_BYTES = 4 * 1024 * 1024


def head_objects(
    path: Path, lines: int, line_bytes: int = HEAD_LINE_BYTES
) -> Iterator[dict[str, object]]:
    """The JSON objects on a file's first ``lines`` lines (looking up to ``line_bytes`` into
    each); nothing at all for a file that cannot be opened."""
    try:
        with open_regular_file(path) as handle:
            for _ in range(lines):
                line = handle.readline(line_bytes)
                if not line:
                    return
                data = decode_object(line)
                if data is not None:
                    yield data
    except OSError:
        return
