"""A transcript on screen: rows drawn one terminal line each, only those in view.

The widget draws through textual's line API: ``render_line(y)`` returns the row at scroll
offset + y as one strip, so a row can never take two lines (the invariant every scroll and
jump relies on) and a long session costs only the rows on screen to draw. Rows are laid out
again for a new width, keeping the row at the top of the view in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from domain.vault.viewer import ViewerEntry
from domain.vault.viewer_rows import Layout, Row, RowStyle

Lay = Callable[[int], Layout]

ROLE_COLOURS = {"user": "green", "assistant": "cyan", "tool": "yellow", "system": "magenta"}
_STYLES = {
    RowStyle.BODY: Style(),
    RowStyle.BLANK: Style(),
    RowStyle.MARKER: Style(color="bright_blue", bold=True),
    RowStyle.ADDED: Style(color="green"),
    RowStyle.REMOVED: Style(color="red"),
    RowStyle.HUNK: Style(color="cyan"),
    RowStyle.FILE: Style(bold=True),
}
_FOCUSED = Style(reverse=True)


def row_style(row: Row) -> Style:
    if row.style is RowStyle.HEADER:
        return Style(color=ROLE_COLOURS.get(row.role, "white"), bold=True)
    return _STYLES[row.style]


class TranscriptLines(ScrollView, can_focus=True):
    """Scroll keys of the vault viewer; ``]``/``[`` (tab, n / shift+tab, N) move between
    markers, the focused one drawn in reverse."""

    DEFAULT_CSS = "TranscriptLines { overflow-x: hidden; scrollbar-gutter: stable; height: 1fr; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j,down", "line(1)", "down", show=False),
        Binding("k,up", "line(-1)", "up", show=False),
        Binding("g,home", "top", "top", show=False),
        Binding("G,end", "bottom", "bottom", show=False),
        Binding("ctrl+d,pagedown,space", "half(1)", "½ page down", show=False),
        Binding("ctrl+u,pageup,b", "half(-1)", "½ page up", show=False),
        Binding("right_square_bracket,tab,n", "marker(1)", "next marker", priority=True),
        Binding("left_square_bracket,shift+tab,N", "marker(-1)", "previous", priority=True),
    ]

    def __init__(self, lay: Lay, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lay = lay
        self._layout = Layout((), (), {})
        self._width = 0
        self.focused_marker: int | None = None

    @property
    def layout_now(self) -> Layout:
        return self._layout

    @property
    def rows(self) -> Sequence[Row]:
        return self._layout.rows

    def relayout(self, lay: Lay | None = None) -> None:
        """Lay the rows out again (a new width, a filter), keeping the top row's entry."""
        if lay is not None:
            self._lay = lay
        width = max(self.scrollable_content_region.width, 20)
        top_entry = self._entry_at(int(self.scroll_offset.y))
        self._layout = self._lay(width)
        self._width = width
        self.virtual_size = Size(width, len(self._layout.rows))
        if self.focused_marker is not None and self.focused_marker >= len(self._layout.marker_rows):
            self.focused_marker = None
        if top_entry in self._layout.entry_rows:
            self.scroll_to_row(self._layout.entry_rows[top_entry])
        self.refresh()

    def _entry_at(self, row: int) -> int:
        rows = self._layout.rows
        return rows[row].entry if 0 <= row < len(rows) else -1

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self.relayout()

    def on_mount(self) -> None:
        self.relayout()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        rows = self._layout.rows
        if index >= len(rows):
            return Strip.blank(width)
        row = rows[index]
        style = row_style(row)
        if row.marker is not None and row.marker == self.focused_marker:
            style += _FOCUSED
        return Strip([Segment(row.text, style)]).crop_extend(scroll_x, scroll_x + width, None)

    # -- moving ------------------------------------------------------------------------------
    def action_line(self, step: int) -> None:
        self.scroll_to(y=self.scroll_offset.y + step, animate=False)

    def action_top(self) -> None:
        self.scroll_to(y=0, animate=False)

    def action_bottom(self) -> None:
        self.scroll_to(y=self.max_scroll_y, animate=False)

    def action_half(self, direction: int) -> None:
        step = max(self.size.height // 2, 1) * direction
        self.scroll_to(y=self.scroll_offset.y + step, animate=False)

    def action_marker(self, step: int) -> None:
        markers = self._layout.marker_rows
        if not markers:
            self.app.bell()
            return
        if self.focused_marker is None:
            top = int(self.scroll_offset.y)
            after = [n for n, row in enumerate(markers) if row >= top]
            before = [n for n, row in enumerate(markers) if row < top]
            chosen = (
                (after[0] if after else len(markers) - 1)
                if step > 0
                else (before[-1] if before else 0)
            )
        else:
            chosen = min(max(self.focused_marker + step, 0), len(markers) - 1)
        self.focus_marker(chosen)

    def focus_marker(self, number: int) -> None:
        self.focused_marker = number
        row = self._layout.marker_rows[number]
        top, height = int(self.scroll_offset.y), self.size.height
        if not top <= row < top + height:
            self.scroll_to(y=max(row - height // 3, 0), animate=False)
        self.refresh()

    def scroll_to_row(self, row: int) -> None:
        """Scroll ``row`` to the top once the new size is known (right after a layout the
        scroll range is still the old one)."""
        self.call_after_refresh(self.scroll_to, y=row, animate=False)


def entries_layout(
    entries: Sequence[ViewerEntry], lay: Callable[..., Layout], hidden: Iterable[str] = ()
) -> Lay:
    """A ``Lay`` for entries under a role filter."""
    hidden_roles = tuple(hidden)
    return lambda width: lay(entries, width, hidden_roles=hidden_roles)
