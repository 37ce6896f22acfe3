"""Every archived session, newest first; ``/`` searches, ``f`` filters, enter opens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Input, Static

from domain.vault.session import VaultSession
from domain.wording import plural
from entrypoints.cli.sizes import byte_size
from entrypoints.tui.screens import (
    CELL_PADDING,
    PROJECT_WIDTH,
    SCROLLBAR,
    StatusLine,
    VaultScreen,
    cell,
)
from entrypoints.vault_cli.formatting import local_time, short_path, title_of

HINT = "enter open · / search · f filter · r restore · R resume · c copy id · q quit"
COLUMNS = ("Title", "ID", "Date", "Msgs", "Size", "Project")


class ListScreen(VaultScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_list", "quit"),
        Binding("slash", "search", "search"),
        Binding("f", "filter", "filter"),
        Binding("escape", "close_filter", "close filter", show=False),
        Binding("r", "restore", "restore"),
        Binding("R", "resume", "resume"),
        Binding("c", "copy", "copy id"),
    ]

    def __init__(self, project: str | None = None) -> None:
        super().__init__()
        self.project = project
        self.sessions: list[VaultSession] = []
        self.shown: list[VaultSession] = []

    def compose(self) -> ComposeResult:
        scope = f" in projects matching {self.project!r}" if self.project else ""
        yield Static(cell(f"capy vault — sessions{scope}", 200), id="title")
        table: DataTable[object] = DataTable(cursor_type="row", zebra_stripes=True, id="sessions")
        yield table
        yield Input(placeholder="filter by title or project…", id="filter", classes="hidden")
        yield StatusLine("loading sessions…", id="status")

    def on_mount(self) -> None:
        table = self.query_one("#sessions", DataTable)
        table.add_columns(*COLUMNS)
        table.focus()
        self.in_background(lambda: self.browser.sessions(self.project), self._loaded, "list")

    def _loaded(self, sessions: list[VaultSession]) -> None:
        self.sessions = sessions
        self._fill(sessions)
        self.say(
            f"{plural(len(sessions), 'session')} · {HINT}" if sessions else "no sessions archived"
        )
        self.vault_app.first_list_shown()

    def _fill(self, sessions: list[VaultSession]) -> None:
        table = self.query_one("#sessions", DataTable)
        table.clear()
        home = self.browser.home
        rows = [
            (
                title_of(s),
                s.short_id,
                local_time(s.end_time),
                str(s.message_count),
                byte_size(s.size_bytes),
                short_path(s.project_path, home),
            )
            for s in sessions
        ]
        title_width, project_width = self._text_widths(rows)
        table.add_rows(
            (cell(title, title_width), *whole, cell(project, project_width))
            for title, *whole, project in rows
        )
        self.shown = sessions

    def _text_widths(self, rows: Sequence[tuple[str, ...]]) -> tuple[int, int]:
        """What the title and the project get of the width once the id, date, count and size
        have theirs: both end in … rather than run past the screen's edge."""
        whole = sum(max([len(COLUMNS[i]), *(len(row[i]) for row in rows)]) for i in range(1, 5))
        width = self.query_one("#sessions", DataTable).size.width or self.app.size.width
        room = width - whole - CELL_PADDING * len(COLUMNS) - SCROLLBAR
        # Neither is narrower than its header (a DataTable column never is).
        project = min(PROJECT_WIDTH, max(room * 2 // 5, len(COLUMNS[5])))
        return max(room - project, len(COLUMNS[0])), project

    def on_resize(self) -> None:
        if self.shown:
            table = self.query_one("#sessions", DataTable)
            row = table.cursor_row
            self._fill(self.shown)
            table.move_cursor(row=row)

    def selected(self) -> VaultSession | None:
        table = self.query_one("#sessions", DataTable)
        row = table.cursor_row
        return self.shown[row] if 0 <= row < len(self.shown) else None

    @on(DataTable.RowSelected, "#sessions")
    def _open(self, event: DataTable.RowSelected) -> None:
        session = self.selected()
        if session is not None:
            from entrypoints.tui.viewer_screen import ViewerScreen

            self.app.push_screen(ViewerScreen(session))

    def action_quit_list(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.app.exit(None)
        else:
            self.app.pop_screen()

    def action_search(self) -> None:
        from entrypoints.tui.search_screen import SearchScreen

        self.app.push_screen(SearchScreen())

    def action_filter(self) -> None:
        field = self.query_one("#filter", Input)
        field.remove_class("hidden")
        field.focus()

    def action_close_filter(self) -> None:
        field = self.query_one("#filter", Input)
        field.value = ""
        field.add_class("hidden")
        self.query_one("#sessions", DataTable).focus()

    @on(Input.Changed, "#filter")
    def _filter(self, event: Input.Changed) -> None:
        wanted = event.value.strip().lower()
        found = [
            s
            for s in self.sessions
            if not wanted
            or wanted in title_of(s).lower()
            or wanted in s.project_path.lower()
            or s.uuid.startswith(wanted)
        ]
        self._fill(found)
        self.say(f"{len(found):,} of {plural(len(self.sessions), 'session')} match {event.value!r}")

    @on(Input.Submitted, "#filter")
    def _filtered(self, event: Input.Submitted) -> None:
        self.query_one("#sessions", DataTable).focus()

    def action_restore(self) -> None:
        self.restore(self.selected())

    def action_resume(self) -> None:
        self.resume(self.selected())

    def action_copy(self) -> None:
        self.copy(self.selected())
