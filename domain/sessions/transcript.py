"""A session's transcript: its turn pairs as text, with the byte span of every pair.

Layout::

    Human: <what the person typed>
    Assistant: <what the assistant said>
    [Bash: pytest -q — "Run the unit tests"]

    [Session summary: <away summary>]

    [Compaction summary: <what a compaction kept>]

    --- Subagent: Explore — "Find callers" ---
    Human: <the task>
    Assistant: <its answer>

    --- End subagent ---

Main pairs come first, then subagent pairs; consecutive pairs of the same subagent (type and
task) share one delimited group, whose opening line belongs to the group's first pair and
closing line to its last. Spans are UTF-8 byte offsets: ``text.encode()[start:end]`` is exactly
one pair's piece (its rendering, its group delimiters, the blank line after it), and the spans
tile the whole transcript in order.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from domain.sessions.turns import PairKind, Subagent, TurnPair

PAIR_SEPARATOR = "\n"


@attrs.frozen
class Transcript:
    text: str
    pairs: tuple[TurnPair, ...]
    spans: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int:
        return self.spans[-1][1] if self.spans else 0

    def slice(self, first: int, last: int) -> str:
        """The text of pairs ``first``…``last`` (0-based, inclusive)."""
        data = self.text.encode("utf-8")
        return data[self.spans[first][0] : self.spans[last][1]].decode("utf-8")


def render_pair(pair: TurnPair) -> str:
    """One pair's own text (without subagent delimiters), ending in a line break."""
    if pair.kind is PairKind.AWAY_SUMMARY:
        return f"[Session summary: {pair.assistant}]\n"
    if pair.kind is PairKind.COMPACTION:
        return f"[Compaction summary: {pair.assistant}]\n"
    lines = []
    if pair.human:
        lines.append(f"Human: {pair.human}")
    if pair.assistant:
        lines.append(f"Assistant: {pair.assistant}")
    lines.extend(pair.notes)
    return "\n".join(lines) + "\n"


def _opening(subagent: Subagent) -> str:
    return f'--- Subagent: {subagent.shown_type} — "{subagent.shown_description}" ---\n'


CLOSING = "--- End subagent ---\n"


def build_transcript(pairs: Sequence[TurnPair]) -> Transcript:
    """Render ``pairs`` (main pairs before subagent ones, as ``order_pairs`` gives them)."""
    pieces: list[str] = []
    for index, pair in enumerate(pairs):
        group = pair.subagent
        before = pairs[index - 1].subagent if index else None
        after = pairs[index + 1].subagent if index + 1 < len(pairs) else None
        piece = render_pair(pair)
        if group is not None and group != before:
            piece = _opening(group) + piece
        if group is not None and group != after:
            piece = piece + PAIR_SEPARATOR + CLOSING
        if index + 1 < len(pairs):
            piece += PAIR_SEPARATOR
        pieces.append(piece)
    spans: list[tuple[int, int]] = []
    offset = 0
    for piece in pieces:
        size = len(piece.encode("utf-8"))
        spans.append((offset, offset + size))
        offset += size
    return Transcript(text="".join(pieces), pairs=tuple(pairs), spans=tuple(spans))


def order_pairs(
    main: Sequence[TurnPair], subagents: Sequence[Sequence[TurnPair]]
) -> list[TurnPair]:
    """Main pairs, then each subagent's pairs in the order given."""
    ordered = list(main)
    for pairs in subagents:
        ordered.extend(pairs)
    return ordered
