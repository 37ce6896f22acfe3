"""The transcript viewer, and what its markers open (a subagent, a long result, a diff)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from application.use_cases.vault.view_session import TranscriptView
from domain.vault.session import VaultSession
from domain.vault.viewer import EntryKind, ViewerEntry
from domain.vault.viewer_rows import layout, opened_layout
from domain.wording import plural
from entrypoints.tui.screens import StatusLine, VaultScreen, cell
from entrypoints.tui.transcript_lines import TranscriptLines, entries_layout

HINT = "j/k scroll · ]/[ markers · enter open · f filter · r restore · R resume · c copy · q back"
# ``f`` cycles through these: everything, then only what the person and Claude said.
FILTERS = ((), ("tool", "system"))
FILTER_NAMES = ("all messages", "you and Claude only")


class ViewerScreen(VaultScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "back"),
        Binding("enter", "open", "open"),
        Binding("f", "filter", "filter"),
        Binding("r", "restore", "restore"),
        Binding("R", "resume", "resume"),
        Binding("c", "copy", "copy"),
    ]

    def __init__(
        self, session: VaultSession, subagent: str = "", *, jump_line: int | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.subagent = subagent
        self.jump_line = jump_line
        self.entries: tuple[ViewerEntry, ...] = ()
        self.filter = 0

    def compose(self) -> ComposeResult:
        title = self.session.title or "(untitled)"
        where = f" · subagent {self.subagent}" if self.subagent else ""
        yield Static(cell(f"{title} · {self.session.short_id}{where}", 200), id="title")
        yield TranscriptLines(entries_layout((), layout), id="lines")
        yield StatusLine("loading…", id="status")

    def on_mount(self) -> None:
        self.in_background(
            lambda: self.browser.view(self.session, self.subagent), self._show, "open"
        )

    def _show(self, view: TranscriptView) -> None:
        self.entries = view.entries
        lines = self.query_one(TranscriptLines)
        lines.relayout(entries_layout(self.entries, layout, FILTERS[self.filter]))
        if self.jump_line is not None:
            lines.scroll_to_row(lines.layout_now.row_of_line(self.entries, self.jump_line))
        lines.focus()
        markers = len(lines.layout_now.marker_rows)
        self.say(
            f"{plural(len(self.entries), 'entry', 'entries')}, {plural(markers, 'marker')} · {HINT}"
        )

    def action_back(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.app.exit(None)
        else:
            self.app.pop_screen()

    def action_open(self) -> None:
        lines = self.query_one(TranscriptLines)
        if lines.focused_marker is None:
            self.say("no marker chosen — move to one with ] or [ first")
            return
        row = lines.layout_now.rows[lines.layout_now.marker_rows[lines.focused_marker]]
        entry = self.entries[row.entry]
        if entry.kind is EntryKind.SUBAGENT:
            if not entry.target:
                self.say("this subagent's transcript is not in the vault", error=True)
                return
            self.app.push_screen(ViewerScreen(self.session, entry.target))
        else:
            self.app.push_screen(OpenedScreen(self.session, entry))

    def action_filter(self) -> None:
        self.filter = (self.filter + 1) % len(FILTERS)
        lines = self.query_one(TranscriptLines)
        lines.relayout(entries_layout(self.entries, layout, FILTERS[self.filter]))
        self.say(f"showing {FILTER_NAMES[self.filter]} (f: change)")

    def action_restore(self) -> None:
        self.restore(self.session)

    def action_resume(self) -> None:
        self.resume(self.session)

    def action_copy(self) -> None:
        self.copy(self.session)


class OpenedScreen(VaultScreen):
    """A collapsed result's body, or an edit's diff in colour."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "back"),
        Binding("c", "copy", "copy"),
    ]

    def __init__(self, session: VaultSession, entry: ViewerEntry) -> None:
        super().__init__()
        self.session = session
        self.entry = entry

    def compose(self) -> ComposeResult:
        yield Static(cell(self.entry.label, 200), id="title")
        yield TranscriptLines(lambda width: opened_layout(self.entry, width), id="lines")
        yield StatusLine("j/k scroll · c copy this text · q back", id="status")

    def on_mount(self) -> None:
        self.query_one(TranscriptLines).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.entry.text)
        self.say(f"copied {len(self.entry.text):,} characters to the clipboard")
