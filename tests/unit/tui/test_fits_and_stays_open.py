"""The interface at 80×24 keeps its way out on the status line and cuts long cells with …;
``R`` without Claude Code says why on the status line and the interface stays open."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from adapters.memory.recording_launcher import RecordingLauncher
from entrypoints.tui.app import VaultApp
from entrypoints.tui.backend import Start, VaultBrowser
from entrypoints.tui.list_screen import ListScreen
from entrypoints.tui.screens import StatusLine, fit_hints
from tests.unit.tui.conftest import PROJECT, SHOWCASE
from tests.unit.vault.harness import MemoryVault

pytestmark = pytest.mark.anyio


async def _settle(pilot: object) -> None:
    app = pilot.app  # type: ignore[attr-defined]
    for _ in range(3):
        await app.workers.wait_for_complete()
        await pilot.pause()  # type: ignore[attr-defined]


def _status(app: VaultApp) -> str:
    return str(app.screen.query_one("#status", StatusLine).render())


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)])
async def test_the_list_fits_the_terminal_and_keeps_q_quit(
    browser: VaultBrowser, size: tuple[int, int]
) -> None:
    app = VaultApp(browser, Start())
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, ListScreen)
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 4, "no rows: nothing to check"
        status = _status(app)
        assert status.startswith("4 sessions") and status.endswith("q quit")
        assert len(status) <= size[0]
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        if size[0] >= 80:  # at 60 the six headers alone take more than the width
            assert widths <= size[0], "the table runs past the right edge"
        ids = [str(table.get_row_at(n)[1]) for n in range(table.row_count)]
        assert SHOWCASE[:8] in ids
        project = str(table.get_row_at(0)[5])
        if size[0] < 100:
            assert project.endswith("…") and PROJECT.as_posix().startswith(project[:-1])
        else:
            assert project == PROJECT.as_posix()


def test_hints_give_way_from_the_right_and_the_way_out_stays() -> None:
    text = "4 sessions · enter open · / search · f filter · r restore · q quit"
    assert fit_hints(text, 200) == text
    assert fit_hints(text, 45) == "4 sessions · enter open · / search · q quit"
    assert fit_hints(text, 20).endswith(" · q quit") and len(fit_hints(text, 20)) <= 20
    said = "restored 0b5e9f6c into ~/notes: 3 written"
    assert fit_hints(said, 20) == said  # what an action did is never shortened


async def test_resume_without_claude_code_says_so_and_stays_open(
    vault: MemoryVault, browser: VaultBrowser
) -> None:
    launcher = vault.container.adapters.launcher()
    assert isinstance(launcher, RecordingLauncher)
    launcher.installed = False
    app = VaultApp(browser, Start())
    async with app.run_test(size=(110, 32)) as pilot:
        await _settle(pilot)
        await pilot.press("R")
        await _settle(pilot)
        assert app.is_running and isinstance(app.screen, ListScreen)
        assert "`claude` is not on PATH" in _status(app)
        assert app.screen.query_one("#status", StatusLine).has_class("error")
        await pilot.press("q")
    assert app.return_value is None


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
async def test_search_hits_fit_the_terminal(browser: VaultBrowser, size: tuple[int, int]) -> None:
    app = VaultApp(browser, Start("search", query="pangolin"))
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        table = app.screen.query_one("#hits", DataTable)
        assert table.row_count >= 3, "no hits: nothing to check"
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= size[0], "the matches run past the right edge"
        match = str(table.get_row_at(0)[4])
        assert "pang" in match
        assert match.endswith("…") == (size[0] < 100)
        assert _status(app).endswith("esc back")
