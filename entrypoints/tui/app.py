"""The vault's terminal interface: a list of sessions, a search, a transcript viewer."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from entrypoints.tui.backend import ResumeRequest, Start, VaultBrowser

CSS = """
#title { height: 1; background: $primary-background; color: $text; text-style: bold; }
.hidden { display: none; }
#filter { dock: bottom; margin-bottom: 1; }
TranscriptLines { height: 1fr; }
DataTable { height: 1fr; }
"""


class VaultApp(App[ResumeRequest | None]):
    """Returns a ``ResumeRequest`` when the person asked to resume a session (R), else None.

    ``on_first_list`` is told once the session list is on screen (the benchmark's clock)."""

    CSS = CSS
    TITLE = "capy vault"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit", "quit", priority=True, show=False)
    ]

    def __init__(
        self,
        browser: VaultBrowser,
        start: Start,
        on_first_list: Callable[[float], None] | None = None,
    ) -> None:
        super().__init__()
        self.browser = browser
        self.start = start
        self._on_first_list = on_first_list
        self._began = time.perf_counter()

    def on_mount(self) -> None:
        if self.start.mode == "search":
            from entrypoints.tui.search_screen import SearchScreen

            self.push_screen(SearchScreen(self.start.query))
        elif self.start.mode == "view" and self.start.session is not None:
            from entrypoints.tui.viewer_screen import ViewerScreen

            self.push_screen(ViewerScreen(self.start.session))
        else:
            from entrypoints.tui.list_screen import ListScreen

            self.push_screen(ListScreen(self.start.project))

    def first_list_shown(self) -> None:
        if self._on_first_list is not None:
            self._on_first_list(time.perf_counter() - self._began)
            self._on_first_list = None
