"""The vault's terminal interface driven headless by textual's pilot: keys in, screens out."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from domain.vault.search import VaultHit
from domain.vault.viewer import EntryKind
from domain.vault.viewer_rows import RowStyle
from entrypoints.tui import search_screen
from entrypoints.tui.app import VaultApp
from entrypoints.tui.backend import ResumeRequest, Start, VaultBrowser
from entrypoints.tui.list_screen import ListScreen
from entrypoints.tui.screens import StatusLine
from entrypoints.tui.search_screen import SearchScreen
from entrypoints.tui.transcript_lines import TranscriptLines
from entrypoints.tui.viewer_screen import OpenedScreen, ViewerScreen
from tests.unit.tui.conftest import OTHERS, SHOWCASE
from tests.unit.vault.harness import MemoryVault

pytestmark = pytest.mark.anyio
SIZE = (110, 32)


def _status(app: VaultApp) -> str:
    return str(app.screen.query_one("#status", StatusLine).render())


def _lines(app: VaultApp) -> TranscriptLines:
    return app.screen.query_one(TranscriptLines)


async def _settle(pilot: object) -> None:
    app = pilot.app  # type: ignore[attr-defined]
    for _ in range(3):
        await app.workers.wait_for_complete()
        await pilot.pause()  # type: ignore[attr-defined]


async def _viewer(browser: VaultBrowser, pilot_app: VaultApp | None = None) -> VaultApp:
    session = browser.session(SHOWCASE)
    return pilot_app or VaultApp(browser, Start("view", session=session))


async def test_the_list_shows_every_session_and_enter_opens_one(browser: VaultBrowser) -> None:
    app = VaultApp(browser, Start())
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, ListScreen)
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 4
        first = [str(cell) for cell in table.get_row_at(0)]
        assert first[0] == "Fix duplicate note crash" and first[1] == SHOWCASE[:8]
        assert first[5] == "/home/dev/notes_app"
        assert "4 sessions" in _status(app)
        await pilot.press("enter")
        await _settle(pilot)
        assert isinstance(app.screen, ViewerScreen)
        assert app.screen.session.uuid == SHOWCASE
        await pilot.press("q")
        assert isinstance(app.screen, ListScreen)
        await pilot.press("q")
    assert app.return_value is None


async def test_f_filters_the_list_as_you_type(browser: VaultBrowser) -> None:
    app = VaultApp(browser, Start())
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("f", *"duplicate")
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 1
        assert "1 of 4 sessions" in _status(app)
        await pilot.press("escape")
        assert table.row_count == 4


async def test_search_is_debounced_and_opens_the_hit_in_place(
    browser: VaultBrowser, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pause that sends a query is made longer than any test's typing, so that a loaded
    # machine, slow between two keys, cannot send one early; the pause is then taken at once.
    monkeypatch.setattr(search_screen, "DEBOUNCE", 3600.0)
    app = VaultApp(browser, Start())
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("slash")
        assert isinstance(app.screen, SearchScreen)
        await pilot.press(*"subagent found")
        screen = app.screen
        assert screen.sent == 0  # nothing sent while typing
        assert screen._timer is not None  # one query waits for the pause
        screen._timer.stop()
        screen._run()  # what the timer runs when the pause is over
        await _settle(pilot)
        assert screen.sent == 1
        table = screen.query_one("#hits", DataTable)
        assert table.row_count == 1
        assert [str(c) for c in table.get_row_at(0)][1] == SHOWCASE[:8]
        await pilot.press("enter")
        await _settle(pilot)
        assert isinstance(app.screen, ViewerScreen)
        lines = _lines(app)
        top, height = int(lines.scroll_offset.y), lines.size.height
        shown = {lines.rows[n].entry for n in range(top, min(top + height, len(lines.rows)))}
        hit = [n for n, e in enumerate(app.screen.entries) if "subagent found" in e.text]
        assert hit and hit[0] in shown  # the matching message is on screen
        assert top > 0
        await pilot.press("escape")
        assert isinstance(app.screen, SearchScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ListScreen)


async def test_the_latest_query_wins(vault: MemoryVault) -> None:
    release = threading.Event()

    class Slow(VaultBrowser):
        def search(self, text: str) -> list[VaultHit]:
            if text == "pangolin":
                release.wait(5)
            return super().search(text)

    app = VaultApp(Slow(vault.container), Start("search"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"pangolin")
        await pilot.pause(0.3)  # the slow query is sent
        await pilot.press(*" 2")
        await pilot.pause(0.3)
        await _settle_searches(pilot, release)
        table = app.screen.query_one("#hits", DataTable)
        assert app.screen.query_one("#query", Input).value == "pangolin 2"
        # only the answer to "pangolin 2" (session 2's two messages), though "pangolin"'s
        # answer (six messages) came back later
        ids = {str(table.get_row_at(n)[1]) for n in range(table.row_count)}
        assert (table.row_count, ids) == (2, {OTHERS[2][:8]})


async def _settle_searches(pilot: object, release: threading.Event) -> None:
    await pilot.pause(0.2)  # type: ignore[attr-defined]
    release.set()
    await _settle(pilot)


async def test_viewer_keys_scroll_and_markers_open(browser: VaultBrowser) -> None:
    app = await _viewer(browser)
    async with app.run_test(size=(110, 16)) as pilot:
        await _settle(pilot)
        lines = _lines(app)
        assert len(lines.rows) > 2 * lines.size.height
        await pilot.press("G")
        assert lines.scroll_offset.y == len(lines.rows) - lines.size.height
        await pilot.press("g")
        assert lines.scroll_offset.y == 0
        await pilot.press("ctrl+d")
        assert lines.scroll_offset.y == lines.size.height // 2
        await pilot.press("ctrl+u", "j", "j", "k")
        assert lines.scroll_offset.y == 1
        await pilot.press("g", "right_square_bracket")
        assert lines.focused_marker == 0
        await pilot.press("right_square_bracket", "right_square_bracket")
        focused = lines.rows[lines.layout_now.marker_rows[2]]
        assert app.screen.entries[focused.entry].kind is EntryKind.SUBAGENT
        assert focused.style is RowStyle.MARKER
        await pilot.press("enter")
        await _settle(pilot)
        assert isinstance(app.screen, ViewerScreen) and app.screen.subagent
        assert any("Find every caller" in r.text for r in _lines(app).rows)
        await pilot.press("escape")
        await pilot.press("n", "left_square_bracket")  # tab/n forward, [ back: still marker 2
        assert _lines(app).focused_marker == 2
        await pilot.press("tab")
        await pilot.press("enter")
        assert isinstance(app.screen, OpenedScreen)
        rows = _lines(app).rows
        assert str(app.screen.query_one("#title").render()).endswith("(+3 −1)")
        styles = {r.style for r in rows}
        assert {RowStyle.FILE, RowStyle.HUNK, RowStyle.ADDED, RowStyle.REMOVED} <= styles
        assert any(r.style is RowStyle.ADDED and "INSERT OR IGNORE" in r.text for r in rows)
        await pilot.press("q", "shift+tab", "shift+tab", "shift+tab", "enter")
        assert isinstance(app.screen, OpenedScreen)
        assert "1 failed, 41 passed" in " ".join(r.text for r in _lines(app).rows)
        await pilot.press("escape", "q")
    assert app.return_value is None


async def test_f_hides_tool_output(browser: VaultBrowser) -> None:
    app = await _viewer(browser)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        before = len(_lines(app).rows)
        await pilot.press("f")
        roles = {r.role for r in _lines(app).rows}
        assert roles <= {"user", "assistant"}
        assert len(_lines(app).rows) < before
        assert "you and Claude only" in _status(app)
        await pilot.press("f")
        assert len(_lines(app).rows) == before


async def test_restore_copy_and_resume(vault: MemoryVault, browser: VaultBrowser) -> None:
    app = await _viewer(browser)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("r")
        await _settle(pilot)
        assert "restored 0b5e9f6c" in _status(app)
        names = {path.name for path in vault.folders.files}
        assert f"{SHOWCASE}.jsonl" in names
        await pilot.press("r")
        await _settle(pilot)
        assert "3 already in place" in _status(app)
        await pilot.press("c")
        assert app.clipboard == SHOWCASE
        await pilot.press("R")
    assert app.return_value == ResumeRequest(SHOWCASE)


async def test_errors_show_on_the_status_line(browser: VaultBrowser, vault: MemoryVault) -> None:
    entry = vault.store._entries[OTHERS[0]]
    from domain.vault.blob import BlobEncoding, EncodedBlob

    vault.store._entries[OTHERS[0]] = type(entry)(
        entry.session, EncodedBlob(BlobEncoding.ZSTD, b"broken"), entry.files, entry.message_ids
    )
    app = VaultApp(browser, Start("view", session=browser.session(OTHERS[0])))
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, ViewerScreen)
        assert "open: a compressed file in the vault cannot be read" in _status(app)
        assert app.screen.query_one("#status", StatusLine).has_class("error")
        await pilot.press("right_square_bracket")  # nothing to move to: no crash
        await pilot.press("enter")
        assert "no marker chosen" in _status(app)


async def test_one_row_is_one_terminal_line(browser: VaultBrowser) -> None:
    app = await _viewer(browser)
    async with app.run_test(size=(60, 20)) as pilot:
        await _settle(pilot)
        lines = _lines(app)
        width = lines.scrollable_content_region.width
        assert lines.rows
        for row in lines.rows:
            assert "\n" not in row.text and "\t" not in row.text
            assert len(row.text) <= width
        # the multi-line Task prompt became one marker row
        assert any(r.style is RowStyle.MARKER and "Find every caller" in r.text for r in lines.rows)
        for y in range(lines.size.height):
            assert lines.render_line(y).cell_length == width
        await pilot.resize_terminal(90, 20)
        await pilot.pause()
        assert all(len(r.text) <= lines.scrollable_content_region.width for r in lines.rows)


def test_the_interface_refuses_to_start_without_a_terminal(tmp_path: Path) -> None:
    from domain.errors import InvalidInput
    from entrypoints.tui.run import run_tui

    with pytest.raises(InvalidInput) as refused:
        run_tui(Start())
    assert "terminal" in str(refused.value)


async def test_archived_text_is_never_markup_or_terminal_control(vault: MemoryVault) -> None:
    import attrs

    entry = vault.store._entries[OTHERS[1]]
    title = "[bold red]alarm[/] \x1b[2J [link=file:///etc]x"
    vault.store._entries[OTHERS[1]] = attrs.evolve(
        entry, session=attrs.evolve(entry.session, title=title)
    )
    app = VaultApp(VaultBrowser(vault.container), Start())
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        table = app.screen.query_one("#sessions", DataTable)
        titles = [str(table.get_row_at(n)[0]) for n in range(table.row_count)]
        assert any(t.startswith("[bold red]alarm[/] �[2J") for t in titles), titles
