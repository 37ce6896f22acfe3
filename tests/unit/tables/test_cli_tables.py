"""``capy sources|stats|cleanup|dbsize|sweep`` at 60, 80 and 200 columns: labels whole (never folded
into fragments), sizes as people read them (3.3 MiB), one section / two sections."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.console import Console

from application.ports.knowledge_store import StoreStats
from application.ports.store_inspector import KindUsage, SourceUsage, StoreSizeReport, TableSize
from application.use_cases.cleanup_report import CleanupMode, CleanupReport
from application.use_cases.describe_knowledge import KnowledgeOverview
from application.use_cases.sweep_request import SweepReport, SweepStatus, SweptThread
from domain.content_type import ContentType
from domain.eviction import EvictionCandidate, EvictionReason
from domain.server.usage import Origin, ToolUsage, UsageCounts
from domain.server.usage_history import UsageHistory, UsageSession, UsageSessions
from domain.sessions.files import SessionHost
from domain.source import Source
from domain.source_kind import SourceKind
from entrypoints.cli.commands.cleanup import _print as _cleanup
from entrypoints.cli.commands.dbsize import _render as _dbsize
from entrypoints.cli.commands.sources import _print_table
from entrypoints.cli.stats_output import print_stats
from entrypoints.cli.sweep_output import print_report
from entrypoints.mcp_server.stats_report import last_session
from tests.unit.tables.widths import WIDTHS, assert_fits, render

NOW = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)
SESSION_LABEL = "session:2026-12-01T16:33:25Z:9e3f4ab2-6d5c-4b80-9c73-4b2eaf5d8c33"


def _source(n: int, label: str, kind: SourceKind, size: int, chunks: int) -> Source:
    return Source(
        n,
        label,
        kind,
        ContentType.TRANSCRIPT,
        chunks,
        0,
        size,
        "h",
        NOW - timedelta(hours=n),
        NOW,
        0,
    )


SOURCES = [
    _source(1, "README.md", SourceKind.DURABLE, 4_809, 3),
    _source(2, SESSION_LABEL, SourceKind.SESSION, 3_465_011, 1),
    _source(3, "execute:shell:ab12", SourceKind.EPHEMERAL, 900, 2),
]


@pytest.mark.parametrize("width", WIDTHS)
def test_sources_keep_every_label_whole(width: int) -> None:
    def draw(console: Console) -> None:
        _print_table(SOURCES, NOW, filtered=False, console=console)

    lines = render(draw, width)
    assert_fits(lines, width, [s.label for s in SOURCES] + ["3.3 MiB", "4.7 KiB"])
    said = " ".join(line.strip() for line in lines)
    assert said.endswith("3 sources (1 durable, 1 ephemeral, 1 session): 6 sections, 3.3 MiB.")


def test_one_source_one_section_reads_singular() -> None:
    lines = render(lambda c: _print_table(SOURCES[1:2], NOW, filtered=False, console=c), 200)
    assert lines[-1] == "1 source (1 session): 1 section, 3.3 MiB."


def _history() -> UsageHistory:
    counts = UsageCounts(
        tools={"capy_execute": ToolUsage(1, 2_048), "capy_search": ToolUsage(3, 9_000)},
        processed={Origin.SANDBOX: 3_465_011},
        cache_hits=1,
    )
    started = NOW - timedelta(hours=2)
    return UsageHistory(
        UsageSession(1, started, NOW), counts, counts, counts, UsageSessions(1, started)
    )


def _knowledge(chunks: int) -> KnowledgeOverview:
    return KnowledgeOverview(
        StoreStats(
            sources_by_kind={SourceKind.DURABLE: 1},
            chunk_count=chunks,
            vocabulary_size=1,
            db_size_bytes=3_465_011,
        ),
        None,
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_stats_is_a_table_with_human_sizes(width: int) -> None:
    history = _history()

    def draw(console: Console) -> None:
        print_stats(console, last_session(history, NOW), history, _knowledge(1))

    lines = render(draw, width)
    text = " ".join(line.strip() for line in lines)
    assert "|" not in text and "---" not in text and "##" not in text, "no Markdown"
    assert_fits(lines, width, ["Kept out of context", "3.3 MiB", "capy_execute", "2.0 KiB"])
    assert "1 section;" in text and "1 vocabulary word;" in text
    assert "1 session since" in text and "1 re-fetch avoided" in text
    assert "KB" not in text.replace("KiB", "")


@pytest.mark.parametrize("width", WIDTHS)
def test_cleanup_keeps_labels_whole(width: int) -> None:
    candidates = tuple(
        EvictionCandidate(s, EvictionReason.TTL, timedelta(hours=30)) for s in SOURCES
    )
    report = CleanupReport(CleanupMode.FULL, True, candidates)
    lines = render(lambda console: _cleanup(report, False, console), width)
    assert_fits(lines, width, [s.label for s in SOURCES] + ["30.0h"])


@pytest.mark.parametrize("width", WIDTHS)
def test_dbsize_keeps_largest_labels_whole(width: int) -> None:
    report = StoreSizeReport(
        "/home/dev/.local/share/capy/ab12/knowledge.db",
        3_465_011,
        0,
        4096,
        846,
        0,
        33,
        (TableSize("chunks", 6, None),),
        (KindUsage(SourceKind.SESSION, 1, 1, 3_465_011),),
        tuple(SourceUsage(s.label, s.kind, s.chunk_count, s.size_bytes) for s in SOURCES),
    )
    lines = render(lambda console: _dbsize(report, console), width)
    assert_fits(lines, width, [s.label for s in SOURCES] + ["3.3 MiB"])


@pytest.mark.parametrize("width", WIDTHS)
def test_sweep_report_keeps_ids_and_statuses_whole(width: int) -> None:
    rows = tuple(
        SweptThread(
            SessionHost.CLAUDE_CODE,
            f"{n}{n}{n}{n}{n}{n}{n}{n}-aaaa",
            1,
            "2026-12-01T16:33:25Z",
            3_465_011,
            SweepStatus.SKIPPED,
            reason="only one turn pair: too short to be worth searching later",
        )
        for n in range(1, 3)
    )
    report = SweepReport(Path("/home/dev/app"), rows, 2, dry_run=True)
    lines = render(lambda console: print_report(report, console), width)
    assert_fits(lines, width, ["11111111", "22222222", "2026-12-01 16:33", "3.3 MiB", "skipped"])
    assert "worth" in " ".join(lines)
