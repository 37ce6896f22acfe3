"""``DocumentPreparer`` in a worker process: a big document's chunks are cut there while this
process inserts the ones already cut (ADR 0149).

The worker is started with ``subprocess`` (never ``multiprocessing``, whose children inherit
this process's environment) and an explicit environment holding only where capy's code is:
no ``CAPY_*`` variable, no key, no secret reaches it. The text is its stdin, written in slices
(no file on disk, no second copy of it here): where the system has anonymous memory files
(``memfd``), one of those, written whole before the worker starts, so that this process never
waits on the worker to read it (ADR 0274); elsewhere a pipe. Any failure — the worker dies,
reports an error, or sends nothing for ``stall_seconds`` while awaited — raises
``PreparationFailed`` and ends it, so the store rolls back and the document is prepared in process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from adapters.preparer_process.frame_drain import FrameDrain
from adapters.preparer_process.frames import decode_frame
from application.ports.document_preparer import PreparationFailed, PreparedHead
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.redaction import redact_secrets
from domain.search.substring_text import WithSubstrings

WORKER_MODULE = "adapters.preparer_process.worker"
# Longest wait for the worker's next message: its first comes after its passes over the whole
# text (about a second for 20 MB), so this is only ever reached by a worker that hangs.
STALL_SECONDS = 120.0
# Characters encoded and written at a time: the text is never a second time whole in bytes.
SLICE_CHARS = 1 << 20
# The vocabulary comes in parts: ``word-part`` frames, then the last, ``words`` (ADR 0233).
_WORD_FRAMES = ("word-part", "words")
_CODE_ROOT = str(Path(__file__).resolve().parents[2])


def worker_environment() -> dict[str, str]:
    """The worker's whole environment: where capy's code is, and what Windows needs to start a
    process at all."""
    env = {"PYTHONPATH": _CODE_ROOT}
    if os.name == "nt" and "SYSTEMROOT" in os.environ:
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return env


class ProcessPreparer:
    def __init__(
        self, *, stall_seconds: float = STALL_SECONDS, module: str = WORKER_MODULE
    ) -> None:
        self._stall = stall_seconds
        # ``-P``: the working directory (a user's project) is not on the worker's import path.
        self._command = [sys.executable, "-P", "-m", module]

    def prepare(
        self, content: str, wanted: ContentType | None, section_facts: str = ""
    ) -> ProcessPreparation:
        """The worker is given ``content`` at once and cuts it while this process redacts it;
        when redaction changes it, that worker is ended and a new one given the redacted text.
        Its frames are held undecoded meanwhile and read only after: nothing cut from a text
        holding a secret is ever read back (ADRs 0174, 0230)."""
        preparation = self._started(content, wanted, section_facts)
        try:
            redacted = redact_secrets(content)
            if redacted != content:
                preparation.close()
                preparation = self._started(redacted, wanted, section_facts)
            preparation.read_head()
        except BaseException:
            preparation.close()
            raise
        return preparation

    def _started(
        self, text: str, wanted: ContentType | None, section_facts: str
    ) -> ProcessPreparation:
        written = _memory_file(section_facts, text)
        try:
            process = subprocess.Popen(
                [*self._command, wanted.value if wanted else ""],
                stdin=subprocess.PIPE if written is None else written,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=worker_environment(),
                close_fds=True,
            )
        except OSError as error:
            raise PreparationFailed(f"could not start the worker: {error}") from error
        finally:
            if written is not None:
                os.close(written)  # the worker holds its own: the memory goes once it reads
        preparation = ProcessPreparation(process, self._stall)
        if written is None:
            try:
                preparation.send(section_facts, text)
            except BaseException:
                preparation.close()
                raise
        return preparation


def _memory_file(section_facts: str, content: str) -> int | None:
    """A descriptor of an anonymous memory file holding what ``ProcessPreparation.send``
    writes, read from its start; None where the system has none. Written here, whole, before
    the worker starts: the worker's start and read no longer hold this process up, and it
    redacts meanwhile. Through a pipe it waited for both (0.3-0.5 s of a 20 MB log), and a
    thread writing the pipe while it redacts waits for the interpreter's lock at every slice
    (ADR 0265). The memory is the kernel's, never mapped here, and is freed when the worker,
    having read it, closes its stdin."""
    if not hasattr(os, "memfd_create"):
        return None
    try:
        fd = os.memfd_create("capy-document", os.MFD_CLOEXEC)
    except OSError:
        return None
    try:
        _write_all(fd, _encoded(section_facts, content))
        os.lseek(fd, 0, os.SEEK_SET)
    except OSError:  # no memory for it: the pipe, which holds a slice at a time
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _encoded(section_facts: str, content: str) -> Iterator[bytes]:
    """The words every chunk is also found by, on one line, then the text, in slices: the
    text is never a second time whole in bytes here."""
    yield " ".join(section_facts.split()).encode("utf-8", "surrogatepass") + b"\n"
    for start in range(0, len(content), SLICE_CHARS):
        yield content[start : start + SLICE_CHARS].encode("utf-8", "surrogatepass")


def _write_all(fd: int, pieces: Iterator[bytes]) -> None:
    for piece in pieces:
        view = memoryview(piece)
        while view:
            view = view[os.write(fd, view) :]


class ProcessPreparation:
    """One document in one worker: ``PreparedDocument``."""

    def __init__(self, process: subprocess.Popen[bytes], stall_seconds: float) -> None:
        self._process = process
        self._watch = _Watchdog(process, stall_seconds)
        assert process.stdout is not None
        # Takes the worker's frames off its pipe as they come, whatever this process is doing.
        self._drain = FrameDrain(process.stdout)
        self._head: PreparedHead | None = None
        # The first vocabulary frame, met at the end of the batches; ``vocabulary`` reads on.
        self._first_words: tuple[Any, ...] | None = None
        self._done = False  # the last frame was read: the worker is exiting on its own

    def send(self, section_facts: str, content: str) -> None:
        """The words every chunk is also found by, on one line, then the whole text, to the
        worker's stdin (it reads it all before it starts cutting). On stdin, not its command
        line: a command's words are the user's, not for other processes to list."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            with self._watch.waiting():
                for piece in _encoded(section_facts, content):
                    stdin.write(piece)
                stdin.close()
        except OSError as error:
            raise self._failed(f"the worker stopped reading: {error}") from error

    def read_head(self) -> None:
        message = self._next()
        if message[0] != "head":
            raise self._failed(f"the worker began with {message[0]!r}")
        _, content_type, note, content_hash, size_bytes = message
        self._head = PreparedHead(ContentType(content_type), note, content_hash, size_bytes)

    @property
    def head(self) -> PreparedHead:
        assert self._head is not None
        return self._head

    def batches(self) -> Iterator[tuple[Chunk, ...]]:
        while True:
            message = self._next()
            if message[0] in _WORD_FRAMES:
                self._first_words = message
                return
            if message[0] != "rows":
                raise self._failed(f"the worker sent {message[0]!r}")
            rows = message[1]
            yield WithSubstrings(
                (
                    Chunk(title=title, content=content, has_code=has_code, facts=facts)
                    for title, content, has_code, facts, _ in rows
                ),
                (row[4] for row in rows),
            )

    def vocabulary(self) -> Iterator[frozenset[str]]:
        """A part a frame, each decoded only once the store is done with the one before: a
        big log's ~100 k words are never all held here at once (ADR 0251)."""
        message, self._first_words = self._first_words, None
        if message is None:
            raise self._failed("the worker's vocabulary was asked for before its chunks")
        while True:
            kind = message[0]
            part = frozenset(message[1])
            del message
            yield part
            del part
            if kind == "words":
                self._done = True
                return
            message = self._next()
            if message[0] not in _WORD_FRAMES:
                raise self._failed(f"the worker sent {message[0]!r} among its words")

    def close(self) -> None:
        self._watch.stop()
        process = self._process
        if process.poll() is None:
            if self._done:  # it is exiting on its own
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
            if process.poll() is None:
                process.kill()
            process.wait()
        self._drain.close()  # what it held is dropped unread
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def _next(self) -> tuple[Any, ...]:
        with self._watch.waiting():
            data = self._drain.next()
        message = None if data is None else decode_frame(data)
        if message is None:
            silent = " after sending nothing for too long" if self._watch.fired else ""
            raise self._failed(f"the worker ended early{silent}")
        if message[0] == "error":
            raise self._failed(f"the worker failed: {message[1]}")
        return message

    def _failed(self, why: str) -> PreparationFailed:
        self.close()
        return PreparationFailed(why)


class _Watchdog:
    """Ends the worker when this process has waited on it for longer than ``seconds``."""

    def __init__(self, process: subprocess.Popen[bytes], seconds: float) -> None:
        self._process = process
        self._seconds = seconds
        self._since: float | None = None
        self._stopped = threading.Event()
        self.fired = False
        self._thread = threading.Thread(target=self._watch, name="capy-worker-watch", daemon=True)
        self._thread.start()

    def waiting(self) -> _Waiting:
        return _Waiting(self)

    def _watch(self) -> None:
        step = min(1.0, self._seconds / 4)
        while not self._stopped.wait(step):
            since = self._since
            if since is not None and time.monotonic() - since > self._seconds:
                self.fired = True
                self._process.kill()
                return

    def stop(self) -> None:
        self._stopped.set()


class _Waiting:
    def __init__(self, watch: _Watchdog) -> None:
        self._watch = watch

    def __enter__(self) -> None:
        self._watch._since = time.monotonic()

    def __exit__(self, *_: object) -> None:
        self._watch._since = None
