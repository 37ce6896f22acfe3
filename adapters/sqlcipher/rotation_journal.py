"""The record of a file swap in progress (a key rotation, a compaction, an encryption), so that
the next capy command finishes or undoes one that was interrupted (ADR 0066).

A rewrite of ``<db>`` writes a journal ``<db>.rotation`` before anything else, holds an
advisory lock on it for as long as it runs, and moves it through two phases:

- ``copy``: the copy ``<db>.enc.tmp`` is being written and verified; ``<db>`` is untouched.
  An interrupted rewrite in this phase is undone: the copy is deleted.
- ``swap``: the copy is verified and synced to disk. From here the rewrite only goes forward:
  ``<db>`` is hard-linked to the backup name (so ``<db>`` exists at every instant), then the
  copy is renamed over ``<db>``, then the keys are stored, then the journal is removed.

The first line of the journal is the phase (four bytes, rewritten in place and synced); the
second is the backup's file name. A journal that cannot be read whole was being written when
the process died, before anything moved: it is treated as ``copy``.

No SQLCipher here: the key provider reads the journal before every open, hook paths included.
"""

from __future__ import annotations

import contextlib
import enum
import fcntl
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

from adapters import durable_files
from domain.errors import StoreError

JOURNAL_SUFFIX = ".rotation"
COPY_SUFFIX = ".enc.tmp"


class Phase(enum.Enum):
    COPY = "copy"
    SWAP = "swap"


@attrs.frozen
class Pending:
    """An interrupted rewrite found beside a database."""

    phase: Phase
    backup: Path | None
    new_key: bool  # the rewrite changed the key (a rotation), not only the file


def journal_path(db: Path) -> Path:
    return db.with_name(db.name + JOURNAL_SUFFIX)


def copy_path(db: Path) -> Path:
    return db.with_name(db.name + COPY_SUFFIX)


class Journal:
    """The journal of a running rewrite; ``advance`` records the point of no return."""

    def __init__(self, db: Path, fd: int) -> None:
        self.db = db
        self._fd = fd

    def advance(self) -> None:
        """Record that the copy is verified and durable: from now on the rewrite goes forward."""
        durable_files.sync_file(copy_path(self.db))
        os.pwrite(self._fd, Phase.SWAP.value.encode(), 0)
        os.fsync(self._fd)

    def close(self) -> None:
        """The rewrite is over (done or undone): remove the journal, then release the lock."""
        journal_path(self.db).unlink(missing_ok=True)
        durable_files.sync_directory(self.db.parent)
        os.close(self._fd)


@contextlib.contextmanager
def journal(db: Path, backup: Path, *, new_key: bool) -> Iterator[Journal]:
    """Begin a rewrite of ``db`` whose original will be kept as ``backup``. The journal is
    removed when the block ends (normally or by an exception the caller has handled)."""
    fd = _locked(db, os.O_RDWR | os.O_CREAT)
    try:
        os.ftruncate(fd, 0)
        kind = "rekey" if new_key else "same-key"
        os.pwrite(fd, f"{Phase.COPY.value}\n{backup.name}\n{kind}\n".encode(), 0)
        os.fsync(fd)
        durable_files.sync_directory(db.parent)
    except BaseException:
        os.close(fd)
        raise
    handle = Journal(db, fd)
    try:
        yield handle
    finally:
        handle.close()


def _locked(db: Path, flags: int) -> int:
    fd = os.open(journal_path(db), flags | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise _running(db) from None
    return fd


Settle = Callable[[Pending], None]


def settle(db: Path, settle_with: Settle) -> Pending | None:
    """Finish or undo the interrupted rewrite beside ``db``, if any: ``settle_with`` is called
    with what the journal says while its lock is held, then the journal is removed. Raises
    ``StoreError`` while another process is still running the rewrite (its lock is held)."""
    try:
        fd = _locked(db, os.O_RDWR)
    except FileNotFoundError:
        return None
    except StoreError:
        raise
    except OSError:
        return None  # not a file capy wrote (a folder, a link): the open reports the database
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        text = os.pread(fd, 4096, 0).decode("utf-8", errors="replace")
        found = _parse(db, text)
        settle_with(found)
        journal_path(db).unlink(missing_ok=True)
        durable_files.sync_directory(db.parent)
    finally:
        os.close(fd)
    return found


def _parse(db: Path, text: str) -> Pending:
    lines = text.split("\n")
    if len(lines) < 4 or lines[0] not in {p.value for p in Phase} or not _plain_name(lines[1]):
        return Pending(Phase.COPY, None, new_key=True)
    return Pending(Phase(lines[0]), db.with_name(lines[1]), new_key=lines[2] == "rekey")


def _plain_name(name: str) -> bool:
    return bool(name) and "/" not in name and name not in {".", ".."}


def _running(db: Path) -> StoreError:
    return StoreError(
        f"another capy process is re-encrypting or compacting {db} right now",
        "wait for it to finish, then run the command again",
    )


def undo_copy(db: Path, backup: Path | None) -> None:
    """Undo a rewrite that had not replaced the database: drop the copy (and a backup link
    that still is the database itself)."""
    copy_path(db).unlink(missing_ok=True)
    if backup is not None and _same_file(db, backup):
        backup.unlink()


def finish_swap(db: Path, backup: Path | None) -> None:
    """Go forward with a verified copy: keep the original under ``backup``, copy in place."""
    copy = copy_path(db)
    if not copy.exists():
        return  # already renamed over the database
    if backup is not None and not backup.exists() and db.exists():
        os.link(db, backup)
    copy.replace(db)
    durable_files.sync_directory(db.parent)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False
