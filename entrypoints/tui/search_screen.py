"""Searching while typing: each pause of ``DEBOUNCE`` seconds runs the query typed so far,
and only the answer to the latest query is ever shown (an older one arriving late is
dropped)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import DataTable, Input, Static

from domain.vault.search import VaultHit
from domain.wording import plural
from entrypoints.tui.screens import (
    CELL_PADDING,
    PROJECT_WIDTH,
    SCROLLBAR,
    StatusLine,
    VaultScreen,
    cell,
    snippet_cell,
)
from entrypoints.vault_cli.formatting import local_time, short_path

DEBOUNCE = 0.2
MAX_QUERY = 256
HINT = "type to search · ↑/↓ choose · enter open · esc back"
COLUMNS = ("Date", "ID", "Role", "Project", "Match")


class SearchScreen(VaultScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("up,ctrl+p", "move(-1)", "up", show=False),
        Binding("down,ctrl+n", "move(1)", "down", show=False),
    ]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.initial = query
        self.hits: list[VaultHit] = []
        self.sent = 0  # number of the latest query sent
        self._timer: Timer | None = None
        self.latencies: list[float] = []  # seconds from the last key to its results shown
        self._typed_at = 0.0

    def compose(self) -> ComposeResult:
        yield Static("capy vault — search", id="title")
        yield Input(
            value=self.initial,
            placeholder="words that must all occur in a message…",
            max_length=MAX_QUERY,
            id="query",
        )
        table: DataTable[object] = DataTable(cursor_type="row", id="hits")
        yield table
        yield StatusLine(HINT, id="status")

    def on_mount(self) -> None:
        self.query_one("#hits", DataTable).add_columns(*COLUMNS)
        self.query_one("#query", Input).focus()
        if self.initial.strip():
            self._run()

    @on(Input.Changed, "#query")
    def _typed(self, event: Input.Changed) -> None:
        self._typed_at = time.perf_counter()
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE, self._run)

    def _run(self) -> None:
        text = self.query_one("#query", Input).value.strip()
        self.sent += 1
        number = self.sent
        if not text:
            self._show(number, [])
            return

        def done(hits: list[VaultHit]) -> None:
            self._show(number, hits)

        self.in_background(lambda: self.browser.search(text), done, "search")

    def _show(self, number: int, hits: list[VaultHit]) -> None:
        if number != self.sent:
            return  # a newer query was sent meanwhile: its answer is the one to show
        if self._typed_at:
            self.latencies.append(time.perf_counter() - self._typed_at)
        self.hits = hits
        table = self.query_one("#hits", DataTable)
        table.clear()
        home = self.browser.home
        rows = [
            (
                local_time(hit.end_time),
                hit.uuid[:8],
                hit.role.value + ("*" if hit.subagent_id else ""),
                short_path(hit.project_path, home),
                hit.snippet,
            )
            for hit in hits
        ]
        project_width, match_width = self._text_widths(rows, table.size.width)
        table.add_rows(
            (*whole, cell(project, project_width), snippet_cell(snippet, match_width))
            for *whole, project, snippet in rows
        )
        query = self.query_one("#query", Input).value.strip()
        if query:
            self.say(
                f"{plural(len(hits), 'matching message')} · {HINT}"
                if hits
                else "no message matches"
            )
        else:
            self.say(HINT)

    def _text_widths(self, rows: Sequence[tuple[str, ...]], width: int) -> tuple[int, int]:
        """The project and the match share what the date, id and role leave, each ending in
        … rather than running past the screen's edge (the match gets the larger share)."""
        whole = sum(max([len(COLUMNS[i]), *(len(row[i]) for row in rows)]) for i in range(3))
        room = (width or self.app.size.width) - whole - CELL_PADDING * len(COLUMNS) - SCROLLBAR
        project = min(PROJECT_WIDTH, max(room // 3, len(COLUMNS[3])))
        return project, max(room - project, len(COLUMNS[4]))

    def action_move(self, step: int) -> None:
        table = self.query_one("#hits", DataTable)
        if self.hits:
            table.move_cursor(row=min(max(table.cursor_row + step, 0), len(self.hits) - 1))

    @on(Input.Submitted, "#query")
    def _submitted(self, event: Input.Submitted) -> None:
        self._open()

    @on(DataTable.RowSelected, "#hits")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        self._open()

    def _open(self) -> None:
        row = self.query_one("#hits", DataTable).cursor_row
        if not 0 <= row < len(self.hits):
            return
        hit = self.hits[row]

        def opened(session: object) -> None:
            from domain.vault.session import VaultSession
            from entrypoints.tui.viewer_screen import ViewerScreen

            assert isinstance(session, VaultSession)
            self.app.push_screen(ViewerScreen(session, hit.subagent_id, jump_line=hit.line_index))

        self.in_background(lambda: self.browser.session(hit.uuid), opened, "open")

    def action_back(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.app.exit(None)
        else:
            self.app.pop_screen()
