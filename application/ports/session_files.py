"""SessionFiles port: finding and reading the session transcripts an AI coding tool wrote."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

from domain.sessions.files import SessionFile, SessionHost, SubagentMeta
from domain.sessions.records import ReadStats, SessionRecord

MAX_LINE_BYTES = 16 * 1024 * 1024


class RecordStream(Protocol):
    """The records of one file, read lazily, line by line.

    Iterate it once. ``stats`` counts what was read so far; after the iteration it describes the
    whole file. Reading never raises for bad content: a malformed line (not one JSON object) or
    one longer than ``MAX_LINE_BYTES`` is counted and skipped; a last line without a line break
    that does not parse is a line still being written and is left alone (``unfinished_bytes``).
    A file that cannot be opened raises ``OSError`` when the iteration starts.
    """

    def __iter__(self) -> Iterator[SessionRecord]: ...

    @property
    def stats(self) -> ReadStats: ...


@runtime_checkable
class SessionFiles(Protocol):
    """One host's session transcripts (Claude Code, Codex CLI, …): where they are, what they say.

    Guarantees every adapter keeps:
    - discovery returns regular files only (symlinks are neither listed nor followed), sorted by
      path, with sizes and modification times taken when listed; a missing or unreadable
      directory gives an empty list, never an error;
    - records come in file order, decoded into the host-neutral ``SessionRecord`` with their
      0-based physical line numbers; lines up to ``MAX_LINE_BYTES`` are read, longer ones are
      counted and skipped without being held in memory whole;
    - nothing is ever written.
    """

    @property
    def host(self) -> SessionHost: ...

    @property
    def root(self) -> Path:
        """Where this host keeps its sessions (for messages: where capy looked)."""
        ...

    def project_sessions(self, project_root: Path) -> list[SessionFile]:
        """Sessions recorded in ``project_root``: started in it or a directory below it, or in
        one of its linked git worktrees (which share its knowledge base)."""
        ...

    def all_sessions(self, root: Path | None = None) -> list[SessionFile]:
        """Every session of every project under ``root`` (default: the host's own store)."""
        ...

    def session_projects(self) -> list[Path]:
        """The directories sessions were started in (as the sessions record them), one per
        project the host keeps sessions for, sorted; a session that records none is left out."""
        ...

    def records(self, path: Path) -> RecordStream:
        """The records of a transcript file (a session's or a subagent's)."""
        ...

    def records_in(self, data: bytes) -> RecordStream:
        """The records of transcript bytes already read (e.g. the ones being archived)."""
        ...

    def read_bytes(self, path: Path, *, complete_lines: bool = False) -> bytes:
        """A file's bytes, verbatim; with ``complete_lines`` only up to its last line break (a
        line still being written is left out). Refuses symlinks (``OSError``)."""
        ...

    def subagent_meta(self, path: Path) -> SubagentMeta:
        """A subagent's ``.meta.json``; an unreadable or malformed file gives empty values."""
        ...

    def complete_length(self, path: Path, size: int) -> int:
        """How many of the first ``size`` bytes form complete lines: up to and including the
        last line break among them (0 when there is none). Refuses symlinks (``OSError``)."""
        ...

    def copy_bytes(self, path: Path, length: int, copy: Callable[[bytes], None]) -> None:
        """Hand the first ``length`` bytes of a file to ``copy`` in pieces (bounded memory);
        a file that turns out shorter raises ``OSError``. Refuses symlinks."""
        ...

    def archive_records(
        self, path: Path, length: int, copy: Callable[[bytes], None]
    ) -> RecordStream:
        """The records of the first ``length`` bytes of a transcript, while each of those
        bytes is also handed to ``copy``, in order, exactly once: one pass over a file both
        archives it verbatim and scans it, in bounded memory. When the iteration ends all
        ``length`` bytes have been copied; a file that turns out shorter raises ``OSError``.
        """
        ...
