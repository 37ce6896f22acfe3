"""The server's stdin and stdout, with every incoming message screened before the SDK sees it.

JSON allows ``"\\ud800"`` — half of a UTF-16 surrogate pair, which is no character at all.
The SDK's stdio reader cannot validate such a line and drops it, so the client waits forever for
an answer. Here each line is checked first: a request holding a lone surrogate anywhere
(arguments, label, query, ``_meta``) gets a JSON-RPC "invalid params" error naming where it is
and what to send instead; a notification or response holding one is dropped with a line on
stderr. Everything else passes through untouched.

As the SDK does, the real descriptors are kept private while serving: fd 0 reads the null
device and fd 1 writes to stderr, so a stray print or a child process cannot corrupt the
protocol stream.
"""

from __future__ import annotations

import io
import json
import os
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any, BinaryIO

import anyio

INVALID_PARAMS = -32602


def _say(message: str) -> None:
    with suppress(OSError, ValueError):
        print(f"capy: {message}", file=sys.stderr, flush=True)


def lone_surrogate(value: Any, where: str = "") -> str | None:
    """The path (``params.arguments.content``) of the first string or key holding half of a
    surrogate pair, or ``None``."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if any("\ud800" <= char <= "\udfff" for char in item):
                return path or "the message"
        elif isinstance(item, dict):
            for key, child in item.items():
                child_path = f"{path}.{key}" if path else str(key)
                if any("\ud800" <= char <= "\udfff" for char in str(key)):
                    return f"a key in {path or 'the message'}"
                stack.append((child, child_path))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{index}]") for index, child in enumerate(item))
    return None


def screen(line: str) -> tuple[Any, str] | None:
    """``(request id or None, where)`` when ``line`` holds a lone surrogate, else ``None``."""
    if "\\u" not in line and "\\U" not in line:
        return None  # surrogates can only arrive escaped: the stream is decoded as UTF-8
    try:
        message = json.loads(line)
    except ValueError:
        return None  # not JSON: the SDK answers that itself
    where = lone_surrogate(message)
    if where is None:
        return None
    request_id = message.get("id") if isinstance(message, dict) and "method" in message else None
    return request_id, where


def error_reply(request_id: Any, where: str) -> str:
    return json.dumps(
        {
            "jsonrpc": "2.0",
            "id": request_id,
            "error": {
                "code": INVALID_PARAMS,
                "message": (
                    f"invalid params: {where} holds a lone UTF-16 surrogate (an unpaired "
                    "\\ud800-\\udfff escape), which is not a character. Send valid Unicode: "
                    "the character itself, or both halves of its surrogate pair."
                ),
            },
        }
    )


class _Output:
    """The protocol's stdout: whole lines, written one at a time from any thread."""

    def __init__(self, binary: BinaryIO) -> None:
        self._text = io.TextIOWrapper(binary, encoding="utf-8", write_through=True)
        self._lock = threading.Lock()

    def _write(self, text: str) -> None:
        with self._lock:
            self._text.write(text)
            self._text.flush()

    async def write(self, text: str) -> None:
        await anyio.to_thread.run_sync(self._write, text)

    async def flush(self) -> None:
        return None  # every write is flushed whole


class _Input:
    """The protocol's stdin as lines, with messages the SDK would drop answered here."""

    def __init__(self, binary: BinaryIO, output: _Output) -> None:
        self._lines = anyio.wrap_file(io.TextIOWrapper(binary, encoding="utf-8", errors="replace"))
        self._output = output

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self._lines:
            problem = screen(line)
            if problem is None:
                yield line
                continue
            request_id, where = problem
            if request_id is None:
                _say(f"ignored a message that is not valid Unicode ({where})")
                continue
            await self._output.write(error_reply(request_id, where) + "\n")


@contextmanager
def _claimed(fd: int, mode: str, diversion: Callable[[], int], fallback: BinaryIO) -> Iterator[Any]:
    """A private duplicate of ``fd`` while ``fd`` itself points at ``diversion()``."""
    try:
        private = os.dup(fd)
    except OSError:
        yield fallback
        return
    diverted = False
    try:
        replacement = diversion()
        os.dup2(replacement, fd)
        os.close(replacement)
        diverted = True
    except OSError:
        pass
    try:
        yield os.fdopen(private, mode, closefd=False)
    finally:
        if diverted:
            with suppress(OSError):
                os.dup2(private, fd)


def _stdout_diversion() -> int:
    try:
        return os.dup(2)
    except OSError:
        return os.open(os.devnull, os.O_WRONLY)


@asynccontextmanager
async def guarded_stdio() -> AsyncIterator[tuple[_Input, _Output]]:
    """``(stdin, stdout)`` for ``mcp.server.stdio.stdio_server(stdin=…, stdout=…)``."""
    with (
        _claimed(0, "rb", lambda: os.open(os.devnull, os.O_RDONLY), sys.stdin.buffer) as raw_in,
        _claimed(1, "wb", _stdout_diversion, sys.stdout.buffer) as raw_out,
    ):
        output = _Output(raw_out)
        yield _Input(raw_in, output), output
