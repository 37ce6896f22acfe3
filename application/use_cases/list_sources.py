"""What the knowledge base holds, source by source (``capy sources``)."""

from __future__ import annotations

from collections.abc import Collection

import attrs

from application.ports.knowledge_store import KnowledgeStore
from domain.source import Source
from domain.source_kind import SourceKind


@attrs.frozen
class SourceFilter:
    """``kinds`` empty: every kind. ``label``: a case-insensitive part of the label."""

    kinds: Collection[SourceKind] = ()
    label: str = ""


class ListSources:
    """Sources matching the filter, grouped by kind (durable, ephemeral, session), the most
    recently indexed first within each kind."""

    def __init__(self, store: KnowledgeStore) -> None:
        self._store = store

    def execute(self, wanted: SourceFilter) -> list[Source]:
        found = self._store.sources(set(wanted.kinds) or None)
        needle = wanted.label.casefold()
        if needle:
            found = [s for s in found if needle in s.label.casefold()]
        order = {kind: i for i, kind in enumerate(SourceKind)}
        return sorted(found, key=lambda s: (order[s.kind], -s.indexed_at.timestamp(), s.id))
