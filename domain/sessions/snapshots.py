"""Merging the streamed snapshots of assistant messages.

Claude Code writes one API response as several lines while it streams — typically one content
block per line — each line with its own ``uuid`` but all sharing ``message.id``. Some versions
also repeat earlier blocks in later snapshots. Keeping only the last line per id loses text and
parallel tool calls; keeping every line repeats text. The rule here: the first line of a message
holds its place (its line number, uuid and timestamp), and later lines of the same message add
the blocks it does not have yet, in order.

``SnapshotTracker`` applies the rule one record at a time (the vault scans sessions of hundreds
of megabytes without holding their records); ``merge_snapshots`` applies it to a whole list.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from domain.sessions.records import ContentBlock, SessionRecord

ASSISTANT = "assistant"


@attrs.frozen
class Snapshot:
    """What one assistant line brings: ``first`` when it opens its message, and the blocks
    the message did not have yet (all of them for the first line)."""

    key: str
    first: bool
    new_blocks: tuple[ContentBlock, ...]


class SnapshotTracker:
    """Remembers, per assistant message, which blocks it already has."""

    def __init__(self) -> None:
        self._seen: dict[str, set[tuple[str, str, str, str]]] = {}

    def see(self, record: SessionRecord) -> Snapshot:
        key = record.snapshot_key
        known = self._seen.get(key)
        if known is None:
            self._seen[key] = {block.identity for block in record.blocks}
            return Snapshot(key, True, record.blocks)
        fresh = []
        for block in record.blocks:
            if block.identity not in known:
                known.add(block.identity)
                fresh.append(block)
        return Snapshot(key, False, tuple(fresh))


def merge_snapshots(records: Iterable[SessionRecord]) -> list[SessionRecord]:
    """``records`` in file order, each assistant message folded into its first line.

    Every other record passes through unchanged and in place. Blocks are the same when their
    type, text, tool name and tool id are (``ContentBlock.identity``). A later snapshot's
    string content (rare for assistants) is used only when the first had neither text nor
    blocks.
    """
    merged: list[SessionRecord] = []
    slot_of: dict[str, int] = {}
    added: dict[str, list[ContentBlock]] = {}
    tracker = SnapshotTracker()
    for record in records:
        if record.type != ASSISTANT:
            merged.append(record)
            continue
        snapshot = tracker.see(record)
        if snapshot.first:
            slot_of[snapshot.key] = len(merged)
            added[snapshot.key] = []
            merged.append(record)
            continue
        added[snapshot.key].extend(snapshot.new_blocks)
        first = merged[slot_of[snapshot.key]]
        if first.text is None and not first.blocks and record.text is not None:
            merged[slot_of[snapshot.key]] = attrs.evolve(first, text=record.text)
    for key, blocks in added.items():
        if blocks:
            first = merged[slot_of[key]]
            merged[slot_of[key]] = attrs.evolve(first, blocks=(*first.blocks, *blocks))
    return merged
