"""What the vault's terminal viewer shows of a transcript: messages, and markers that open.

This is the viewer's own reading of a session, apart from ``rendering`` (``vault show``), so a
change here never changes what ``show`` prints. Beyond ``show``:

- every Agent/Task call is a marker that opens the subagent's transcript;
- a tool result over ``COLLAPSE_LINES`` lines or ``COLLAPSE_BYTES`` bytes — and every file dump
  (Read, NotebookRead) whatever its size — is a marker that opens the result's body;
- an Edit/Write result is a marker that opens the change as a unified diff, rebuilt from the
  line's ``toolUseResult.structuredPatch`` — or, when no patch was recorded, from the strings
  the edit swapped — labelled with its ``+added −removed`` stat (neither: the plain result).

A subagent marker is matched to an archived subagent transcript by the ``agentId`` Claude Code
recorded with the call's result, else by the task's prompt (the subagent transcript's first
message), else — only when every marker and transcript is left unmatched in equal numbers — in
the order the subagents started. A marker left without a transcript says so and opens nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

import attrs

from domain.sessions.records import ContentBlock, SessionRecord
from domain.vault.diff import diff_of
from domain.vault.indexing import DIFF_RESULT_TOOLS, EXCLUDED_RESULT_TOOLS
from domain.vault.tool_calls import call_summary
from domain.wording import byte_size, plural

COLLAPSE_LINES = 20
COLLAPSE_BYTES = 2000
LABEL_CHARS = 100
SUBAGENT_TOOLS = frozenset({"Agent", "Task"})
_NOT_ARCHIVED = " (transcript not archived)"


class EntryKind(StrEnum):
    MESSAGE = "message"
    SUBAGENT = "subagent"  # opens a subagent's transcript
    COLLAPSED = "collapsed"  # opens a tool result's body
    DIFF = "diff"  # opens the change an edit made


@attrs.frozen
class ViewerEntry:
    """One message, or one marker. ``text`` is what a message shows or what a collapsed
    marker opens (the body, or the diff); ``label`` a marker's one line; ``target`` the
    subagent a marker opens ("" when its transcript is not archived)."""

    role: str
    line_index: int
    kind: EntryKind = EntryKind.MESSAGE
    text: str = ""
    label: str = ""
    target: str = ""
    hint: str = ""  # the agentId recorded with the call's result
    prompt: str = ""  # the task's prompt

    @property
    def is_marker(self) -> bool:
        return self.kind is not EntryKind.MESSAGE

    @property
    def openable(self) -> bool:
        return self.kind in (EntryKind.COLLAPSED, EntryKind.DIFF) or bool(self.target)


@attrs.frozen
class SubagentHead:
    """An archived subagent transcript: its id, first prompt and first timestamp."""

    agent_id: str
    prompt: str
    started: str = ""


def one_line(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` on one line (any whitespace run becomes one space), cut to ``limit``."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def viewer_entries(records: Iterable[SessionRecord]) -> list[ViewerEntry]:
    """Entries in transcript order, from snapshot-merged records."""
    builder = _Builder()
    for record in records:
        builder.add(record)
    return builder.entries


class _Builder:
    def __init__(self) -> None:
        self.entries: list[ViewerEntry] = []
        self.calls: dict[str, ContentBlock] = {}
        self.subagent_slot: dict[str, int] = {}

    def add(self, record: SessionRecord) -> None:
        if record.type == "assistant":
            self._assistant(record)
        elif record.type == "user" and not record.is_meta:
            self._user(record)
        elif record.type == "system" and record.subtype == "away_summary" and record.text:
            self._message("system", record.text, record.line_index)

    def _message(self, role: str, text: str, line: int) -> None:
        if text.strip():
            self.entries.append(ViewerEntry(role, line, text=text.strip()))

    def _assistant(self, record: SessionRecord) -> None:
        parts = [record.text.strip()] if record.text and record.text.strip() else []
        agents: list[tuple[str, ViewerEntry]] = []
        for block in record.blocks:
            if block.type == "text" and block.text.strip():
                parts.append(block.text.strip())
            elif block.type in ("tool_use", "server_tool_use"):
                self.calls[block.id] = block
                if block.name in SUBAGENT_TOOLS:
                    agents.append((block.id, _subagent_marker(block, record.line_index)))
                else:
                    parts.append(f"→ {call_summary(block)}")
        self._message("assistant", "\n".join(parts), record.line_index)
        for call_id, marker in agents:
            self.subagent_slot[call_id] = len(self.entries)
            self.entries.append(marker)

    def _user(self, record: SessionRecord) -> None:
        role = "system" if record.is_compact_summary else "user"
        if record.text is not None:
            self._message(role, record.text, record.line_index)
            return
        said = "\n".join(b.text for b in record.blocks if b.type == "text" and b.text.strip())
        self._message(role, said, record.line_index)
        results = [b for b in record.blocks if b.type == "tool_result"]
        recorded = record.fields.get("toolUseResult") if len(results) == 1 else None
        for block in results:
            self._result(block, recorded, record.line_index)

    def _result(self, block: ContentBlock, recorded: object, line: int) -> None:
        call = self.calls.get(block.tool_use_id)
        name = call.name if call else ""
        summary = call_summary(call) if call else "tool result"
        if name in SUBAGENT_TOOLS and isinstance(recorded, dict):
            self._hint(block.tool_use_id, recorded.get("agentId"))
        body = block.text.rstrip() or "(no output)"
        if block.is_error:
            body = f"(error) {body}"
        if name in DIFF_RESULT_TOOLS and not block.is_error:
            diff = diff_of(recorded, call.input if call else None)
            if diff is not None:
                label = one_line(f"{summary} ({diff.stat})")
                self.entries.append(
                    ViewerEntry("tool", line, EntryKind.DIFF, text=diff.text, label=label)
                )
                return
        lines = body.count("\n") + 1
        size = len(body.encode("utf-8", "replace"))
        if name in EXCLUDED_RESULT_TOOLS or lines > COLLAPSE_LINES or size > COLLAPSE_BYTES:
            label = one_line(f"{summary} — {plural(lines, 'line')}, {byte_size(size)}")
            self.entries.append(
                ViewerEntry("tool", line, EntryKind.COLLAPSED, text=body, label=label)
            )
            return
        self.entries.append(ViewerEntry("tool", line, text=body))

    def _hint(self, call_id: str, agent_id: object) -> None:
        slot = self.subagent_slot.get(call_id)
        if slot is not None and isinstance(agent_id, str) and agent_id:
            self.entries[slot] = attrs.evolve(self.entries[slot], hint=agent_id)


def _subagent_marker(block: ContentBlock, line: int) -> ViewerEntry:
    prompt = block.input.get("prompt")
    description = block.input.get("description")
    kind = block.input.get("subagent_type")
    words = [
        f"subagent{f' ({kind})' if isinstance(kind, str) and kind else ''}:",
        description if isinstance(description, str) and description else "",
        f"— {prompt}" if isinstance(prompt, str) and prompt else "",
    ]
    return ViewerEntry(
        "assistant",
        line,
        EntryKind.SUBAGENT,
        label=one_line(" ".join(w for w in words if w)),
        prompt=prompt.strip() if isinstance(prompt, str) else "",
    )


def resolve_subagents(
    entries: Sequence[ViewerEntry], archived: Sequence[SubagentHead]
) -> list[ViewerEntry]:
    """Each subagent marker given the archived transcript it opens (see the module's rule)."""
    markers = [n for n, e in enumerate(entries) if e.kind is EntryKind.SUBAGENT]
    free = {head.agent_id: head for head in archived}
    chosen: dict[int, str] = {}
    for n in markers:
        hint = entries[n].hint
        if hint in free:
            chosen[n] = hint
            del free[hint]
    for n in markers:
        if n in chosen or not entries[n].prompt:
            continue
        same = [h.agent_id for h in free.values() if h.prompt.strip() == entries[n].prompt]
        if len(same) == 1:
            chosen[n] = same[0]
            del free[same[0]]
    left = [n for n in markers if n not in chosen]
    if left and len(left) == len(free):
        in_order = sorted(free.values(), key=lambda h: (h.started, h.agent_id))
        chosen.update(zip(left, (h.agent_id for h in in_order), strict=True))
    resolved = list(entries)
    for n in markers:
        target = chosen.get(n, "")
        label = resolved[n].label
        if not target:
            label = one_line(label, LABEL_CHARS - len(_NOT_ARCHIVED)) + _NOT_ARCHIVED
        resolved[n] = attrs.evolve(resolved[n], target=target, label=label)
    return resolved
