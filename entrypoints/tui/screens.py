"""What every screen of the vault interface shares: its status line and the session actions
(restore, resume, copy), which report what they did — or what went wrong — on that line.

The screens reach the app only through ``VaultHost`` (what they need of it), so no screen
imports the app module, which imports the screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from domain.errors import CapyError
from domain.vault.restore import RestoreStatus
from domain.vault.session import VaultSession
from domain.vault.viewer import one_line
from domain.vault.viewer_rows import clean
from entrypoints.tui.backend import ResumeRequest, VaultBrowser

Result = TypeVar("Result")

# Laying a DataTable out to the screen's width: each cell's padding (left and right), the
# vertical scrollbar, and the widest a project path gets before it ends in "…".
CELL_PADDING = 2
SCROLLBAR = 2
PROJECT_WIDTH = 28


def cell(text: str, limit: int = 60) -> Text:
    """A table cell from archived text: one line, no control characters, never markup."""
    return Text(clean(one_line(text, limit)))


def snippet_cell(snippet: str, limit: int = 200) -> Text:
    """A search snippet on one line, the matched words (marked [like this]) in bold."""
    text = cell(snippet, limit)
    text.highlight_regex(r"\[[^\[\]]+\]", "bold")
    return text


@runtime_checkable
class VaultHost(Protocol):
    """What the screens need of the app that shows them (``app.VaultApp`` is one)."""

    browser: VaultBrowser

    def first_list_shown(self) -> None: ...


HINT_SEPARATOR = " · "


def fit_hints(text: str, width: int) -> str:
    """A status line of ``status · hint · … · hint`` within ``width`` cells: the status and
    the last hint (how to leave: ``q quit``) always stay; the hints between go from the
    right until the rest fits. Text without hints (what an action did) is left whole."""
    parts = text.split(HINT_SEPARATOR)
    if len(text) <= width or len(parts) < 3:
        return text
    first, last = parts[0], parts[-1]
    kept: list[str] = []
    for hint in parts[1:-1]:
        if len(HINT_SEPARATOR.join([first, *kept, hint, last])) > width:
            break
        kept.append(hint)
    room = width - len(HINT_SEPARATOR + last)
    return HINT_SEPARATOR.join([one_line(first, max(room, 1)), *kept, last])


class StatusLine(Static):
    """One line at the bottom: hints, what an action did, or an error; hints that do not fit
    the terminal's width give way (``fit_hints``), the way out never does."""

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; color: $text-muted; }
    StatusLine.error { background: $error 30%; color: $text; }
    """

    def __init__(self, text: str, *, id: str | None = None) -> None:
        super().__init__(cell(text, 10_000), id=id)
        self.said = text

    def say(self, text: str, *, error: bool = False) -> None:
        self.set_class(error, "error")
        self.said = text
        self._show()

    def on_resize(self) -> None:
        self._show()

    def _show(self) -> None:
        width = self.size.width or self.app.size.width
        self.update(cell(fit_hints(self.said, width) if width else self.said, 10_000))


class VaultScreen(Screen[None]):
    """A screen with a status line (``#status``) and the session actions."""

    @property
    def vault_app(self) -> VaultHost:
        host = self.app
        assert isinstance(host, VaultHost), "a vault screen runs in an app that hosts a vault"
        return host

    @property
    def browser(self) -> VaultBrowser:
        return self.vault_app.browser

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one("#status", StatusLine).say(text, error=error)

    def in_background(
        self, work: Callable[[], Result], done: Callable[[Result], None], what: str
    ) -> None:
        """Run ``work`` on a thread (the vault is not read on the interface's loop); ``done``
        gets its result back on the loop, an error goes to the status line."""

        def run() -> None:
            try:
                result = work()
            except CapyError as error:
                self.app.call_from_thread(self.say, f"{what}: {error}", error=True)
            except Exception as error:  # a bug must not take the terminal down with it
                message = f"{what} failed unexpectedly ({type(error).__name__}: {error})"
                self.app.call_from_thread(self.say, message, error=True)
            else:
                self.app.call_from_thread(done, result)

        self.run_worker(run, thread=True, group=what)

    # -- the session actions -----------------------------------------------------------------
    def restore(self, session: VaultSession | None) -> None:
        if session is None:
            return
        self.say(f"restoring {session.short_id}…")

        def done(report: Any) -> None:
            written = report.count(RestoreStatus.WRITTEN)
            same = report.count(RestoreStatus.UNCHANGED)
            kept = report.count(RestoreStatus.KEPT)
            text = f"restored {session.short_id} into {report.folder}: {written} written"
            if same:
                text += f", {same} already in place"
            if kept:
                text += f", {kept} kept (they differ; `capy vault restore --overwrite` replaces)"
            self.say(text)

        self.in_background(lambda: self.browser.restore(session), done, "restore")

    def resume(self, session: VaultSession | None) -> None:
        """Close the interface for ``claude --resume`` — unless that cannot work here: then
        the status line says why and the interface stays open."""
        if session is None:
            return
        blocker = self.browser.resume_blocker()
        if blocker:
            self.say(blocker, error=True)
            return
        self.app.exit(ResumeRequest(session.uuid))

    def copy(self, session: VaultSession | None) -> None:
        if session is not None:
            self.app.copy_to_clipboard(session.uuid)
            self.say(f"copied the session id {session.uuid} to the clipboard")
