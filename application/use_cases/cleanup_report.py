"""What the ``CleanupSources`` and ``PurgeExpired`` use cases take and give back."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from enum import StrEnum

import attrs

from domain.eviction import EvictionCandidate, EvictionReason
from domain.source_kind import SourceKind


class CleanupMode(StrEnum):
    FULL = "full"  # oversized, retention, both TTLs
    EPHEMERAL_PURGE = "ephemeral purge"
    SESSION_PURGE = "session purge"
    MANUAL = "manual"  # one source, by label


@attrs.frozen
class CleanupRequest:
    """``dry_run`` (the default) only lists. ``expired_kind`` purges expired sources of that one
    kind; ``label`` removes that one source whatever its kind or score (not combinable with
    ``expired_kind``). ``vacuum`` compacts the file after a real cleanup even when little space
    is free."""

    dry_run: bool = True
    expired_kind: SourceKind | None = None
    label: str | None = None
    vacuum: bool = False


@attrs.frozen
class CleanupReport:
    mode: CleanupMode
    dry_run: bool
    candidates: tuple[EvictionCandidate, ...]
    removed: int = 0
    vacuumed: bool = False

    def count(self, reason: EvictionReason) -> int:
        return Counter(c.reason for c in self.candidates)[reason]

    def reason_summary(self) -> str:
        """``2 oversized, 1 durable (retention), 3 ephemeral (TTL)`` — only non-zero reasons."""
        parts = [
            f"{self.count(reason)} {name}"
            for reason, name in (
                (EvictionReason.MANUAL, "by label"),
                (EvictionReason.OVERSIZED, "oversized"),
                (EvictionReason.RETENTION, "durable (retention)"),
            )
            if self.count(reason)
        ]
        for kind in (SourceKind.EPHEMERAL, SourceKind.SESSION):
            expired = sum(
                1
                for c in self.candidates
                if c.reason is EvictionReason.TTL and c.source.kind is kind
            )
            if expired:
                parts.append(f"{expired} {kind.value} (TTL)")
        return ", ".join(parts)


@attrs.frozen
class PurgeReport:
    """``ran`` is false when the purge already ran within its interval (nothing was looked at)."""

    ran: bool
    removed: tuple[EvictionCandidate, ...] = ()
    last_run: datetime | None = None
