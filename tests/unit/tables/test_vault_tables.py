"""``capy vault list|search|import`` tables at 60, 80 and 200 columns: ids, dates and sizes are
whole; projects and titles end in … and snippets fold."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from domain.vault.importing import ImportStatus, SessionOutcome
from domain.vault.search import VaultHit
from domain.vault.session import MessageRole
from entrypoints.cli.sizes import byte_size
from entrypoints.vault_cli.formatting import local_time
from entrypoints.vault_cli.tables import print_hits, print_import, print_sessions
from tests.unit.tables.widths import WIDTHS, assert_fits, render
from tests.unit.vault.sessions import archived

HOME = Path("/home/dev")
END = datetime(2026, 12, 3, 14, 5, tzinfo=UTC)
LONG_TITLE = "Flaky test in the sync worker after the upgrade to Python 3.12 and the new ORM"
LONG_PROJECT = "/home/dev/code/clients/acme/platform/services/notes-sync-worker"


def _sessions() -> list:  # type: ignore[type-arg]
    return [
        archived(
            f"{n}{n}{n}{n}{n}{n}{n}{n}-1a2d-4c3b-8e7f-112233445566",
            project=LONG_PROJECT if n % 2 else "/home/dev/app",
            end=END,
            title=LONG_TITLE if n % 2 else "Rotate logs",
            main=b"x" * (n * 700_000),
        ).session
        for n in range(1, 5)
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_vault_list_keeps_ids_dates_and_sizes_whole(width: int) -> None:
    sessions = _sessions()
    lines = render(lambda console: print_sessions(sessions, HOME, console), width)
    whole = [s.short_id for s in sessions] + [local_time(END)]
    whole += [byte_size(s.size_bytes) for s in sessions]
    assert_fits(lines, width, whole)
    assert lines[0].split()[:4] == ["ID", "DATE", "MSGS", "SIZE"]
    if width < 100:
        assert any("…" in line for line in lines), "a long title should end in …"
    else:
        assert any(LONG_TITLE in line for line in lines)


@pytest.mark.parametrize("width", WIDTHS)
def test_vault_search_keeps_ids_whole_and_folds_snippets(width: int) -> None:
    snippet = "the nightly [migration] holds an AccessExclusiveLock on notes " * 3
    hits = [
        VaultHit(
            f"{n}{n}{n}{n}{n}{n}{n}{n}-1a2d",
            "",
            3,
            MessageRole.ASSISTANT,
            LONG_PROJECT,
            END,
            "t",
            snippet,
        )
        for n in range(1, 3)
    ]
    lines = render(lambda console: print_hits(hits, HOME, console), width)
    assert_fits(lines, width, ["11111111", "22222222", local_time(END), "assistant"])
    assert sum("AccessExclusiveLock" in line for line in lines) >= 2


@pytest.mark.parametrize("width", WIDTHS)
def test_vault_import_keeps_ids_and_statuses_whole(width: int) -> None:
    outcomes = [
        SessionOutcome(
            f"{n}{n}{n}{n}{n}{n}{n}{n}-1a2d", ImportStatus.NEW, LONG_PROJECT, n * 90_000, LONG_TITLE
        )
        for n in range(1, 3)
    ]
    lines = render(lambda console: print_import(outcomes, HOME, console), width)
    assert_fits(
        lines, width, ["11111111", "22222222", "new", byte_size(180_000), byte_size(90_000)]
    )
