"""Turn pairs: what the person asked and everything the assistant answered and did.

A pair starts at each message the person typed and gathers the assistant's text, the traces of
its tool calls (``tool_registry``), until the next typed message. Nothing the assistant did is
dropped: a turn of tool calls without a word of text keeps its notes. Summaries stand alone:
an *away summary* (Claude Code's recap after the person was away) and a *compaction summary*
(what ``/compact`` or an automatic compaction kept of the conversation before it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum

import attrs

from domain.sessions.noise import clean_user_text
from domain.sessions.records import SessionRecord
from domain.sessions.tool_registry import trace

_COMPACTION_PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)


class PairKind(StrEnum):
    TURN = "turn"
    AWAY_SUMMARY = "away summary"
    COMPACTION = "compaction summary"


@attrs.frozen
class Subagent:
    """Which subagent a pair belongs to: its type and the task it was given."""

    agent_type: str = ""
    description: str = ""

    @property
    def shown_type(self) -> str:
        return self.agent_type or "Agent"

    @property
    def shown_description(self) -> str:
        return self.description or "subagent task"


@attrs.frozen
class TurnPair:
    """One turn. ``human`` may be empty (the assistant went on by itself, e.g. right after a
    compaction); ``assistant`` is the assistant's text, promoted tool text included; ``notes``
    are one trace per enriched tool call; ``tools`` and ``pal`` name the tools used, in order.
    A summary pair holds its summary in ``assistant``."""

    human: str = ""
    assistant: str = ""
    notes: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    pal: tuple[str, ...] = ()
    kind: PairKind = PairKind.TURN
    subagent: Subagent | None = None
    timestamp: str = ""

    @property
    def is_summary(self) -> bool:
        return self.kind is not PairKind.TURN

    @property
    def is_exchange(self) -> bool:
        """A main-session turn the person started: what the indexability rule counts."""
        return self.kind is PairKind.TURN and self.subagent is None and bool(self.human)

    @property
    def assistant_chars(self) -> int:
        return len(self.assistant) + sum(len(note) for note in self.notes)

    def map_text(self, change: Callable[[str], str]) -> TurnPair:
        """This pair with ``change`` applied to every text it holds (e.g. redaction)."""
        subagent = self.subagent
        if subagent is not None:
            subagent = Subagent(subagent.agent_type, change(subagent.description))
        return attrs.evolve(
            self,
            human=change(self.human),
            assistant=change(self.assistant),
            notes=tuple(change(note) for note in self.notes),
            subagent=subagent,
        )


@attrs.define
class _Pending:
    human: str = ""
    timestamp: str = ""
    texts: list[str] = attrs.Factory(list)
    notes: list[str] = attrs.Factory(list)
    tools: list[str] = attrs.Factory(list)
    pal: list[str] = attrs.Factory(list)

    def pair(self, subagent: Subagent | None) -> TurnPair | None:
        if not (self.human or self.texts or self.notes):
            return None
        return TurnPair(
            human=self.human,
            assistant="\n".join(self.texts),
            notes=tuple(self.notes),
            tools=tuple(dict.fromkeys(self.tools)),
            pal=tuple(dict.fromkeys(self.pal)),
            subagent=subagent,
            timestamp=self.timestamp,
        )


def human_text(record: SessionRecord) -> str:
    """What the person typed in a user record (``""``: a tool result, meta or injected text)."""
    if record.type != "user" or record.is_meta or record.is_compact_summary:
        return ""
    if record.text is not None:
        return clean_user_text(record.text)
    texts = [block.text for block in record.blocks if block.type == "text"]
    return clean_user_text("\n".join(texts)) if texts else ""


def _summary_text(record: SessionRecord) -> str:
    text = record.text if record.text is not None else ""
    if not text:
        text = "\n".join(block.text for block in record.blocks if block.type == "text")
    return text.replace(_COMPACTION_PREAMBLE, "", 1).strip()


def build_pairs(
    records: Iterable[SessionRecord], subagent: Subagent | None = None
) -> list[TurnPair]:
    """The turn pairs of merged records (``merge_snapshots``), in order."""
    pairs: list[TurnPair] = []
    pending = _Pending()

    def flush() -> None:
        nonlocal pending
        pair = pending.pair(subagent)
        if pair is not None:
            pairs.append(pair)
        pending = _Pending()

    def summary(kind: PairKind, text: str, timestamp: str) -> None:
        flush()
        if text:
            pairs.append(
                TurnPair(assistant=text, kind=kind, subagent=subagent, timestamp=timestamp)
            )

    for record in records:
        if record.type == "user":
            if record.is_compact_summary:
                summary(PairKind.COMPACTION, _summary_text(record), record.timestamp)
                continue
            typed = human_text(record)
            if typed:
                flush()
                pending.human, pending.timestamp = typed, record.timestamp
        elif record.type == "assistant":
            _gather(pending, record)
        elif record.type == "system" and record.subtype == "away_summary":
            summary(PairKind.AWAY_SUMMARY, (record.text or "").strip(), record.timestamp)
    flush()
    return pairs


def _gather(pending: _Pending, record: SessionRecord) -> None:
    if not pending.timestamp:
        pending.timestamp = record.timestamp
    if record.text and record.text.strip():
        pending.texts.append(record.text.strip())
    for block in record.blocks:
        if block.type == "text" and block.text.strip():
            pending.texts.append(block.text.strip())
        elif block.type in ("tool_use", "server_tool_use") and block.name:
            left = trace(block.name, block.input)
            if left is None:
                continue
            if left.pal:
                pending.pal.append(left.pal)
            else:
                pending.tools.append(left.name)
            if left.text:
                pending.texts.append(left.text)
            if left.note:
                pending.notes.append(left.note)
