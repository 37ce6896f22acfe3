"""Keeping a vault current: re-indexing stale sessions, recompressing rows, what each reports.

A session's search rows are derived from its archived bytes by the scanner of a given
``INDEX_VERSION``; when the rule changes, rows of older versions are rebuilt from the stored
blobs (never from disk: the session may be gone there). Rows stored raw — written with
compression off, or by a capy from before encodings — can be recompressed in place.
"""

from __future__ import annotations

import attrs

from domain.vault.session import VaultMessage


@attrs.frozen
class StaleSession:
    """A session whose search rows an older scanner wrote; ``content_hash`` is what was read,
    so a rebuild never lands on a session an import replaced meanwhile."""

    uuid: str
    content_hash: str
    stored_bytes: int = 0


@attrs.frozen
class ReindexedSession:
    """New search rows for one session, stamped with the scanner version that made them."""

    uuid: str
    content_hash: str
    index_version: int
    messages: tuple[VaultMessage, ...]

    @property
    def pending_bytes(self) -> int:
        return sum(len(m.text) for m in self.messages)


@attrs.frozen
class Failure:
    """A session an operation could not handle, and why (the others go on)."""

    uuid: str
    detail: str


@attrs.frozen
class ReindexReport:
    """``remaining``: sessions still below the current version afterwards (failed, or left
    when the run was stopped); a later run picks them up."""

    reindexed: int
    failures: tuple[Failure, ...] = ()
    remaining: int = 0
    cancelled: bool = False


@attrs.frozen
class BlobKey:
    """One stored file: a session's transcript (``relative_path`` None) or one of its
    sidecars; ``stored_bytes`` is its size as stored."""

    uuid: str
    relative_path: str | None
    stored_bytes: int

    @property
    def name(self) -> str:
        if self.relative_path is None:
            return f"{self.uuid}.jsonl"
        return f"{self.uuid}/{self.relative_path}"


@attrs.frozen
class CompactReport:
    """What ``compact`` did: rows it looked at, rows now compressed, the file before and after
    (with its write-ahead log), and whether the file was rewritten without free pages."""

    candidates: int
    compressed: int
    bytes_before: int
    bytes_after: int
    vacuumed: bool
    cancelled: bool = False
    failures: tuple[Failure, ...] = ()

    @property
    def changed(self) -> bool:
        return self.compressed > 0 or self.vacuumed
