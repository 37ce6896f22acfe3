"""The worker's messages on its stdout: a length, then ``marshal``'s bytes of plain values
(strings, numbers, tuples and lists of them). Never code: ``marshal`` of such values builds
them and nothing else, and the worker is capy's own code."""

from __future__ import annotations

import marshal
import struct
from typing import IO, Any

_LENGTH = struct.Struct("<Q")


def write_frame(out: IO[bytes], message: tuple[Any, ...]) -> None:
    data = marshal.dumps(message)
    out.write(_LENGTH.pack(len(data)))
    out.write(data)


def read_frame(source: IO[bytes]) -> tuple[Any, ...] | None:
    """The next message, or None when the stream ends (cleanly or not) before a whole one."""
    size = _read_exactly(source, _LENGTH.size)
    if size is None:
        return None
    data = _read_exactly(source, _LENGTH.unpack(size)[0])
    if data is None:
        return None
    message = marshal.loads(data)  # noqa: S302 - plain values from capy's own worker
    return message if isinstance(message, tuple) else None


def _read_exactly(source: IO[bytes], size: int) -> bytes | None:
    data = source.read(size)
    return data if len(data) == size else None
