"""Bringing another capy's knowledge base in: what happened to each of its sources."""

from __future__ import annotations

from enum import StrEnum

import attrs

from domain.source_kind import SourceKind


class SourceImportStatus(StrEnum):
    IMPORTED = "imported"
    UNCHANGED = "unchanged"  # this knowledge base holds the same content under the label
    KEPT = "kept"  # it holds other content under the label, and keeps it
    REPLACED = "replaced"  # it held other content under the label (--replace)
    EXISTS = "exists"  # dry run: the label is taken here; a run would keep or compare it
    EMPTY = "empty"
    TOO_LARGE = "too large"


@attrs.frozen
class SourceImport:
    label: str
    kind: SourceKind
    status: SourceImportStatus
    sections: int = 0
    detail: str = ""


@attrs.frozen
class KnowledgeImportReport:
    """``left_out``: sources of kinds not asked for."""

    outcomes: tuple[SourceImport, ...]
    offered: int
    left_out: int = 0
    dry_run: bool = False
    cancelled: bool = False

    def count(self, status: SourceImportStatus) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status is status)
