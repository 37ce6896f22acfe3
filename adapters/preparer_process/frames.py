"""The worker's messages on its stdout: a length, then ``marshal``'s bytes of plain values
(strings, numbers, tuples and lists of them). Never code: ``marshal`` of such values builds
them and nothing else, and the worker is capy's own code."""

from __future__ import annotations

import marshal
import struct
from typing import IO, Any

_LENGTH = struct.Struct("<Q")
LENGTH_BYTES = _LENGTH.size


def write_frame(out: IO[bytes], message: tuple[Any, ...]) -> None:
    data = marshal.dumps(message)
    out.write(_LENGTH.pack(len(data)))
    out.write(data)


def frame_length(prefix: bytes) -> int:
    """The size of the message whose ``LENGTH_BYTES`` long prefix this is."""
    return int(_LENGTH.unpack(prefix)[0])


def read_exactly(source: IO[bytes], size: int) -> bytes | None:
    """``size`` bytes, or None when the stream ends (cleanly or not) before them."""
    data = source.read(size)
    return data if len(data) == size else None


def decode_frame(data: bytes) -> tuple[Any, ...] | None:
    """The message of a frame's bytes (its length prefix left out); None if it is no tuple."""
    message = marshal.loads(data)  # noqa: S302 - plain values from capy's own worker
    return message if isinstance(message, tuple) else None
