"""Bringing the Go capy's knowledge base into this project's, source by source."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from application.ports.foreign_knowledge_base import ForeignKnowledgeBases, ForeignSource
from application.ports.knowledge_store import KnowledgeStore
from application.runs import never, unwatched
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from domain.errors import InvalidInput, SourceTooLarge
from domain.knowledge_import import KnowledgeImportReport, SourceImport, SourceImportStatus
from domain.source_kind import ALL_KINDS, SourceKind

Progress = Callable[[int, int], None]


@attrs.frozen
class KnowledgeImportRequest:
    """``key`` opens the other knowledge base (None: stored unencrypted); ``kinds`` which of
    its sources to bring; ``replace`` lets one replace a source this knowledge base holds under
    the same label with other content (kept otherwise)."""

    source: Path
    key: str | None
    kinds: frozenset[SourceKind] = ALL_KINDS
    replace: bool = False
    dry_run: bool = False


class ImportKnowledgeBase:
    """Each source keeps its label, kind and content type, and its sections as the other capy
    cut them (their titles carry its structure, and cut text cannot be put back together);
    they go through ``IndexContent`` like everything capy indexes: secrets redacted with this
    capy's rules, sections over the size limit split, the vocabulary learnt, the content
    hashed — so importing again finds everything unchanged. Indexed and last-used times start
    at the import (an ephemeral or session source then lives its full TTL from now).
    """

    def __init__(
        self,
        open_knowledge_base: ForeignKnowledgeBases,
        index: IndexContent,
        store: KnowledgeStore,
    ) -> None:
        self._open = open_knowledge_base
        self._index = index
        self._store = store

    def execute(
        self,
        request: KnowledgeImportRequest,
        progress: Progress = unwatched,
        stop: Callable[[], bool] = never,
    ) -> KnowledgeImportReport:
        other = self._open(request.source, request.key)
        try:
            total = other.count()
            outcomes: list[SourceImport] = []
            left_out = 0
            cancelled = False
            progress(0, total)
            for done, source in enumerate(other.sources(), start=1):
                if stop():
                    cancelled = True
                    break
                if source.kind not in request.kinds:
                    left_out += 1
                else:
                    outcomes.append(self._one(source, request))
                progress(done, total)
        finally:
            other.close()
        return KnowledgeImportReport(
            outcomes=tuple(outcomes),
            offered=total,
            left_out=left_out,
            dry_run=request.dry_run,
            cancelled=cancelled,
        )

    def _one(self, source: ForeignSource, request: KnowledgeImportRequest) -> SourceImport:
        outcome = SourceImport(source.label, source.kind, SourceImportStatus.IMPORTED)
        chunks = tuple(c for c in source.chunks if c.content.strip())
        if not chunks:
            return attrs.evolve(outcome, status=SourceImportStatus.EMPTY)
        if request.dry_run:
            taken = self._store.source_by_label(source.label.strip()) is not None
            status = SourceImportStatus.EXISTS if taken else SourceImportStatus.IMPORTED
            return attrs.evolve(outcome, status=status, sections=len(chunks))
        try:
            result = self._index.execute(
                IndexRequest(
                    content="\n\n".join(c.content for c in chunks),
                    label=source.label,
                    kind=source.kind,
                    content_type=source.content_type,
                    chunks=chunks,
                    replace=request.replace,
                )
            )
        except SourceTooLarge as error:
            return attrs.evolve(outcome, status=SourceImportStatus.TOO_LARGE, detail=error.hint)
        except InvalidInput as error:
            return attrs.evolve(outcome, status=SourceImportStatus.EMPTY, detail=str(error))
        if result.kept:
            status = SourceImportStatus.KEPT
        elif result.already_indexed:
            status = SourceImportStatus.UNCHANGED
        elif result.replaced:
            status = SourceImportStatus.REPLACED
        else:
            status = SourceImportStatus.IMPORTED
        return attrs.evolve(outcome, status=status, sections=result.sections)
