"""The stats report counts sections in words a reader expects."""

from __future__ import annotations

from datetime import UTC, datetime

from application.ports.knowledge_store import StoreStats
from application.use_cases.describe_knowledge import KnowledgeOverview
from domain.server.usage import UsageCounts
from domain.source_kind import SourceKind
from entrypoints.mcp_server.stats_report import render_stats, this_session

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _store(chunks: int) -> StoreStats:
    return StoreStats(
        sources_by_kind={SourceKind.DURABLE: 1},
        chunk_count=chunks,
        vocabulary_size=3,
        db_size_bytes=4096,
    )


def test_one_section_is_singular() -> None:
    text = render_stats(
        this_session(UsageCounts(), NOW, NOW), None, KnowledgeOverview(_store(1), None), now=NOW
    )
    assert "1 section;" in text


def test_many_sections_are_plural() -> None:
    text = render_stats(
        this_session(UsageCounts(), NOW, NOW), None, KnowledgeOverview(_store(12), None), now=NOW
    )
    assert "12 sections;" in text
