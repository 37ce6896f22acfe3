"""SessionJournal in private JSON-lines files under ``$XDG_STATE_HOME/capy/sessions`` (ADR 0039).

One file per session, ``<project tag>-<session id>.jsonl``: a header line naming the project and
the session, then one event per line. The hook appends under an advisory lock (``flock``) with
``O_APPEND``; when a file passes its size limit, the appender that noticed folds it into a new
file and renames it into place, and any appender still holding the old file sees the inode
change and opens the new one. Readers need no lock: a rename is atomic and a torn last line is
skipped. The directory is created 0700 and refused when it is a link, belongs to someone else
or is open to others; files are created 0600 and never followed through a link.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH108, PTH118, PTH119

from __future__ import annotations

import os
import stat
import time
import zlib
from collections.abc import Mapping, Sequence

from adapters.plain_names import plain_name
from adapters.private_state_files import FLAGS, lock, private_directory, write_private
from adapters.quick_json import dumps, loads
from adapters.session_journal_lines import (
    HEADER,
    SNAPSHOT_HEADER,
    decode_events,
    decode_snapshot,
    encode_event,
    header_line,
    inside,
    real_path,
)
from adapters.state_home import capy_state_directory
from application.ports.session_journal import SessionJournal
from domain.continuity.event import SessionEvent
from domain.continuity.journal_entry import JournalEntry
from domain.continuity.kept_snapshot import KeptSnapshot

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

COMPACT_AFTER_BYTES = 192 * 1024
# A fold keeps at most this much, so the next one is hundreds of events away.
KEEP_EVENTS = 600
KEEP_CHARS = 96 * 1024
MAX_READ_BYTES = 1024 * 1024
ORPHANED_AFTER_SECONDS = 30 * 24 * 3600
_TAIL_BYTES = 4096
_SNAPSHOT_BYTES = 8192
_EXPIRED_STAMP = ".expired"


def journal_directory(env: Mapping[str, str]) -> str:
    """``$XDG_STATE_HOME/capy/sessions``, else ``~/.local/state/capy/sessions``."""
    return capy_state_directory(env, "sessions")


class JsonlSessionJournal(SessionJournal):
    def __init__(self, directory: str) -> None:
        self._directory = directory
        self._usable: bool | None = None
        # The server lists the journals every few seconds: a header is read once per file.
        self._headers: dict[str, tuple[int, dict[str, Any]]] = {}

    # --- the hook's side -------------------------------------------------------------------

    def append(self, project_dir: str, session_id: str, events: Sequence[SessionEvent]) -> None:
        if not events or not session_id:
            return
        try:
            self._append(project_dir, session_id, events)
        except (OSError, ValueError):
            pass

    def events(self, project_dir: str, session_id: str) -> list[SessionEvent]:
        if not session_id or not self._ready():
            return []
        try:
            text = self._read(self._stem(project_dir, session_id) + ".jsonl", MAX_READ_BYTES)
        except (OSError, ValueError):
            return []
        return decode_events(text)

    def keep_snapshot(self, project_dir: str, session_id: str, snapshot: KeptSnapshot) -> None:
        if not session_id or not self._ready():
            return
        header = {SNAPSHOT_HEADER: 1, "through": snapshot.through, "consumed": snapshot.consumed}
        try:
            write_private(
                self._stem(project_dir, session_id) + ".snapshot",
                dumps(header) + "\n" + snapshot.text,
            )
        except OSError:
            pass

    def snapshot(self, project_dir: str, session_id: str) -> KeptSnapshot | None:
        if not session_id or not self._ready():
            return None
        try:
            text = self._read(self._stem(project_dir, session_id) + ".snapshot", _SNAPSHOT_BYTES)
        except (OSError, ValueError):
            return None
        return decode_snapshot(text) if text else None

    def consume_snapshot(self, project_dir: str, session_id: str) -> None:
        kept = self.snapshot(project_dir, session_id)
        if kept is not None and not kept.consumed:
            consumed = KeptSnapshot(kept.text, kept.through, consumed=True)
            self.keep_snapshot(project_dir, session_id, consumed)

    def latest_session(self, project_dir: str, current: str) -> str:
        if not self._ready():
            return ""
        if current:
            try:
                if os.lstat(self._stem(project_dir, current) + ".jsonl").st_size > 0:
                    return current
            except OSError:
                pass
        project = real_path(project_dir)
        prefix = os.path.basename(self._stem(project_dir, "x"))[:-1]
        newest = ("", -1.0)
        for entry, header in self._journals():
            if entry.name.startswith(prefix) and header.get("project") == project:
                changed = entry.stat(follow_symlinks=False).st_mtime
                session = header.get("session")
                if isinstance(session, str) and changed > newest[1]:
                    newest = (session, changed)
        return newest[0]

    # --- the server's side -----------------------------------------------------------------

    def entries(self, project_root: str) -> list[JournalEntry]:
        root = real_path(project_root)
        found: list[JournalEntry] = []
        if not self._ready():
            return found
        for entry, header in self._journals():
            project, session = header.get("project"), header.get("session")
            if isinstance(project, str) and isinstance(session, str) and inside(project, root):
                status = entry.stat(follow_symlinks=False)
                found.append(JournalEntry(session, project, status.st_mtime, status.st_size))
        return found

    def prune(self, project_root: str, idle_before: float) -> int:
        root = real_path(project_root)
        orphaned = time.time() - ORPHANED_AFTER_SECONDS
        pruned = 0
        if not self._ready():
            return pruned
        for entry, header in self._journals():
            changed = entry.stat(follow_symlinks=False).st_mtime
            project = header.get("project")
            ours = isinstance(project, str) and inside(project, root)
            if changed < orphaned or (ours and changed < idle_before):
                stem = entry.path[: -len(".jsonl")]
                for path in (entry.path, stem + ".snapshot"):
                    try:
                        os.unlink(path)
                    except OSError:
                        pass
                pruned += 1
        return pruned

    def expire(self, idle_before: float, not_within: float) -> int:
        if not self._ready():
            return 0
        stamp = os.path.join(self._directory, _EXPIRED_STAMP)
        now = time.time()
        try:
            if now - os.lstat(stamp).st_mtime < not_within:
                return 0
        except OSError:
            pass
        try:
            write_private(stamp, "")
        except OSError:
            return 0
        expired = 0
        try:
            with os.scandir(self._directory) as entries:
                listed = [entry for entry in entries if entry.is_file(follow_symlinks=False)]
        except OSError:
            return 0
        for entry in listed:
            name = entry.name
            if not name.endswith((".jsonl", ".snapshot", ".tmp")):
                continue
            try:
                status = entry.stat(follow_symlinks=False)
                if status.st_uid != os.getuid() or status.st_mtime >= idle_before:
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            expired += name.endswith(".jsonl")
        return expired

    # --- files ---------------------------------------------------------------------------

    def _ready(self) -> bool:
        """The directory exists, is a real directory of this user, and only theirs."""
        if self._usable is None:
            self._usable = private_directory(self._directory)
        return self._usable

    def _stem(self, project_dir: str, session_id: str) -> str:
        tag = zlib.crc32(real_path(project_dir).encode("utf-8", "surrogatepass"))
        name = session_id
        if not plain_name(session_id) or session_id.startswith("."):
            import hashlib  # rare: only for ids that are not plain names

            name = hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return os.path.join(self._directory, f"{tag:08x}-{name}")

    def _append(self, project_dir: str, session_id: str, events: Sequence[SessionEvent]) -> None:
        if not self._ready():
            return
        path = self._stem(project_dir, session_id) + ".jsonl"
        for _ in range(3):  # the file may be replaced by a fold while we wait for the lock
            handle = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | FLAGS, 0o600)
            try:
                if not lock(handle):
                    return
                status = os.fstat(handle)
                if not stat.S_ISREG(status.st_mode):
                    return
                try:
                    current = os.lstat(path).st_ino
                except FileNotFoundError:
                    current = -1
                if current != status.st_ino:
                    continue
                if status.st_uid != os.getuid():
                    return
                lines: list[str] = []
                recent: list[SessionEvent] = []
                if status.st_size == 0:
                    lines.append(header_line(project_dir, session_id))
                else:
                    start = max(0, status.st_size - _TAIL_BYTES)
                    tail = os.pread(handle, _TAIL_BYTES, start).decode("utf-8", "replace")
                    recent = decode_events(tail if start == 0 else tail.partition("\n")[2])[-8:]
                for event in events:
                    if not any(event.same_fact(seen) for seen in recent):
                        lines.append(encode_event(event))
                        recent.append(event)
                if len(lines) == (1 if status.st_size == 0 else 0):
                    return
                data = "".join(line + "\n" for line in lines).encode("utf-8", "surrogatepass")
                os.write(handle, data)
                if status.st_size + len(data) > COMPACT_AFTER_BYTES:
                    self._fold(path, handle, project_dir, session_id)
                return
            finally:
                os.close(handle)  # also releases the lock

    def _fold(self, path: str, handle: int, project_dir: str, session_id: str) -> None:
        from domain.continuity.state import bound, settle

        size = os.fstat(handle).st_size
        start = max(0, size - MAX_READ_BYTES)
        text = os.pread(handle, size - start, start).decode("utf-8", "replace")
        kept = bound(settle(decode_events(text)), KEEP_EVENTS, KEEP_CHARS)
        lines = [header_line(project_dir, session_id), *map(encode_event, kept)]
        write_private(path, "".join(line + "\n" for line in lines))

    def _read(self, path: str, limit: int) -> str:
        handle = os.open(path, os.O_RDONLY | FLAGS)
        try:
            status = os.fstat(handle)
            if status.st_uid != os.getuid() or not stat.S_ISREG(status.st_mode):
                return ""
            start = max(0, status.st_size - limit)
            data = os.pread(handle, status.st_size - start, start)
        finally:
            os.close(handle)
        text = data.decode("utf-8", "replace")
        return text if start == 0 else text.partition("\n")[2]

    def _journals(self) -> list[tuple[os.DirEntry[str], dict[str, Any]]]:
        found: list[tuple[os.DirEntry[str], dict[str, Any]]] = []
        try:
            with os.scandir(self._directory) as entries:
                for entry in entries:
                    if not entry.name.endswith(".jsonl") or not entry.is_file(
                        follow_symlinks=False
                    ):
                        continue
                    first = self._header_of(entry)
                    if first is not None:
                        found.append((entry, first))
        except OSError:
            pass
        listed = {entry.path for entry, _ in found}
        self._headers = {path: kept for path, kept in self._headers.items() if path in listed}
        return found

    def _header_of(self, entry: os.DirEntry[str]) -> dict[str, Any] | None:
        try:
            inode = entry.inode()
            cached = self._headers.get(entry.path)
            if cached is not None and cached[0] == inode:
                return cached[1]
            header = self._read_header(entry.path)
        except (OSError, ValueError):
            return None
        if header is not None:
            self._headers[entry.path] = (inode, header)
        return header

    @staticmethod
    def _read_header(path: str) -> dict[str, Any] | None:
        handle = os.open(path, os.O_RDONLY | FLAGS)
        try:
            status = os.fstat(handle)
            if status.st_uid != os.getuid() or not stat.S_ISREG(status.st_mode):
                return None
            line = os.pread(handle, 4096, 0).split(b"\n", 1)[0]
        finally:
            os.close(handle)
        header = loads(line)
        return header if isinstance(header, dict) and header.get(HEADER) == 1 else None
