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
    EPHEMERAL_PURGE = "ephemeral purge"  # expired ephemeral sources
    SESSION_PURGE = "session purge"  # expired session sources
    ALL_EPHEMERAL = "every ephemeral source"
    ALL_SESSION = "every session source"
    MANUAL = "manual"  # one source, by label


@attrs.frozen
class CleanupRequest:
    """``dry_run`` (the default) only lists. ``expired_kind`` purges expired sources of that one
    kind; ``purge_kind`` removes every source of that kind (ephemeral or session), expired or
    not; ``label`` removes that one source whatever its kind or score. At most one of the three.
    ``vacuum`` compacts the file after a real cleanup even when little space is free.
    ``shared`` lets it remove a team's shared sources too (by label or by retention): without
    it they are never removed, only counted (``CleanupReport.kept_shared``)."""

    dry_run: bool = True
    expired_kind: SourceKind | None = None
    label: str | None = None
    vacuum: bool = False
    purge_kind: SourceKind | None = None
    shared: bool = False


@attrs.frozen
class CleanupReport:
    mode: CleanupMode
    dry_run: bool
    candidates: tuple[EvictionCandidate, ...]
    removed: int = 0
    vacuumed: bool = False
    kept_shared: int = 0

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
        for reason, why in ((EvictionReason.TTL, "TTL"), (EvictionReason.PURGE, "purged")):
            for kind in (SourceKind.EPHEMERAL, SourceKind.SESSION):
                count = sum(
                    1 for c in self.candidates if c.reason is reason and c.source.kind is kind
                )
                if count:
                    parts.append(f"{count} {kind.value} ({why})")
        return ", ".join(parts)


@attrs.frozen
class PurgeReport:
    """``ran`` is false when the purge already ran within its interval (nothing was looked at)."""

    ran: bool
    removed: tuple[EvictionCandidate, ...] = ()
    last_run: datetime | None = None
