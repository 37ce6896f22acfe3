"""Deciding what an import does with each session it finds, and what it reports."""

from __future__ import annotations

from enum import StrEnum

import attrs

from domain.vault.session import StoredDigest

# A sidecar other than a subagent's transcript above this size is not archived (a screenshot
# or a tool-output dump of this size is rarely worth keeping; transcripts always are).
SIDECAR_CAP_BYTES = 5 * 1024 * 1024


class ImportStatus(StrEnum):
    NEW = "new"
    UPDATED = "updated"
    SKIPPED = "skipped"
    REINDEXED = "reindexed"  # unchanged, but its search rows came from an older scanner
    ERROR = "error"


class SkipReason(StrEnum):
    UNCHANGED = "unchanged"
    SMALLER = "smaller than the archived copy"  # e.g. a compacted or truncated copy
    EMPTY = "no complete line yet"
    NO_MESSAGES = "no messages"


@attrs.frozen
class Verdict:
    """``status`` None: the sizes are equal, only the content hash can tell."""

    status: ImportStatus | None
    reason: SkipReason | None = None


def judge(stored: StoredDigest | None, size: int, content_hash: str | None = None) -> Verdict:
    """New when the vault lacks it; skipped when unchanged or smaller (the larger copy wins:
    a session only grows while it runs, so a smaller one is a truncated or compacted copy);
    updated when larger, or equal in size with other content."""
    if stored is None:
        return Verdict(ImportStatus.NEW)
    if content_hash is not None and content_hash == stored.content_hash:
        return Verdict(ImportStatus.SKIPPED, SkipReason.UNCHANGED)
    if size < stored.size_bytes:
        return Verdict(ImportStatus.SKIPPED, SkipReason.SMALLER)
    if size == stored.size_bytes and content_hash is None:
        return Verdict(None)
    return Verdict(ImportStatus.UPDATED)


@attrs.frozen
class SessionOutcome:
    """What happened to one session: ``project`` is where it ran when it was read (archived),
    else its Claude project folder name."""

    uuid: str
    status: ImportStatus
    project: str
    size_bytes: int
    title: str | None = None
    detail: str = ""


@attrs.frozen
class ImportProgress:
    """How far a run over sessions is (an import, a merge, a reindex, a compaction)."""

    sessions_done: int
    sessions_total: int
    bytes_done: int
    bytes_total: int


@attrs.frozen
class ImportReport:
    outcomes: tuple[SessionOutcome, ...]
    discovered: int
    dry_run: bool = False
    cancelled: bool = False
    other_machines_only: bool = False

    def count(self, status: ImportStatus) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status is status)

    @property
    def changed(self) -> int:
        return self.count(ImportStatus.NEW) + self.count(ImportStatus.UPDATED)
