"""What ``capy cleanup`` prints for a report."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from application.use_cases.cleanup_report import CleanupMode, CleanupReport
from domain.content_type import ContentType
from domain.eviction import EvictionCandidate, EvictionReason
from domain.source import Source
from domain.source_kind import SourceKind
from entrypoints.cli.commands.cleanup import _print

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def candidate(
    label: str, kind: SourceKind, reason: EvictionReason, age: timedelta, score: float | None = None
) -> EvictionCandidate:
    source = Source(
        id=1,
        label=label,
        kind=kind,
        content_type=ContentType.PLAINTEXT,
        chunk_count=7,
        code_chunk_count=0,
        size_bytes=1,
        content_hash="h",
        indexed_at=NOW - age,
        last_accessed_at=NOW - age,
        access_count=0,
    )
    return EvictionCandidate(source=source, reason=reason, age=age, score=score)


def test_dry_run_table_and_hint(capsys: pytest.CaptureFixture[str]) -> None:
    report = CleanupReport(
        mode=CleanupMode.FULL,
        dry_run=True,
        candidates=(
            candidate(
                "notes", SourceKind.DURABLE, EvictionReason.RETENTION, timedelta(days=40), 0.08
            ),
            candidate(
                "execute:shell", SourceKind.EPHEMERAL, EvictionReason.TTL, timedelta(hours=30)
            ),
            candidate("session:x", SourceKind.SESSION, EvictionReason.TTL, timedelta(days=61)),
        ),
    )
    _print(report, vacuum=True)
    out = capsys.readouterr().out
    assert (
        "3 sources would be removed — 1 durable (retention), 1 ephemeral (TTL), 1 session (TTL)"
        in out
    )
    for cell in ("notes", "retention", "0.08", "40d", "30.0h", "61d", "—", "7"):
        assert cell in out
    assert "Use --force to remove these sources." in out
    assert "only together with --force" in out


def test_nothing_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    _print(CleanupReport(mode=CleanupMode.FULL, dry_run=True, candidates=()), vacuum=False)
    assert capsys.readouterr().out.strip() == "No evictable sources found."


def test_real_purge_says_what_it_did(capsys: pytest.CaptureFixture[str]) -> None:
    report = CleanupReport(
        mode=CleanupMode.EPHEMERAL_PURGE,
        dry_run=False,
        removed=1,
        vacuumed=True,
        candidates=(candidate("x", SourceKind.EPHEMERAL, EvictionReason.TTL, timedelta(days=3)),),
    )
    _print(report, vacuum=False)
    out = capsys.readouterr().out
    assert "Cleanup (ephemeral purge) done: 1 source removed" in out
    assert "VACUUM" in out and "--force" not in out


def test_labels_are_shown_whole_and_literally(capsys: pytest.CaptureFixture[str]) -> None:
    label = "execute:[bold]x[/bold]/" + "segment/" * 12
    report = CleanupReport(
        mode=CleanupMode.MANUAL,
        dry_run=True,
        candidates=(candidate(label, SourceKind.EPHEMERAL, EvictionReason.MANUAL, timedelta(1)),),
    )
    _print(report, vacuum=False)
    cells = "".join(
        line.split("│")[1].strip() for line in capsys.readouterr().out.splitlines() if "│" in line
    )
    assert label.rstrip("/") in cells
