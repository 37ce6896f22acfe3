"""Rendering an archived session for reading: plain text or markdown, one message at a time.

Rendering shows the session as it was (no redaction: the person reading is its owner), leaves
thinking out, shows each tool call as ``→ <call>``, and replaces the body of a file dump
(``Read``, ``NotebookRead``) with a one-line marker; every other result is shown whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import StrEnum

from domain.sessions.records import ContentBlock, SessionRecord
from domain.vault.indexing import EXCLUDED_RESULT_TOOLS
from domain.vault.session import VaultSession
from domain.vault.tool_calls import call_summary
from domain.wording import plural

UNTITLED = "(untitled)"
_BACKTICKS = re.compile(r"`+")


class ShowFormat(StrEnum):
    TEXT = "text"
    MARKDOWN = "markdown"
    JSON = "json"  # the transcript's bytes, verbatim


_LABELS = {
    ShowFormat.TEXT: {
        "user": "You",
        "assistant": "Claude",
        "tool": "Tool result",
        "system": "System",
    },
    ShowFormat.MARKDOWN: {
        "user": "## 👤 You",
        "assistant": "## 🤖 Claude",
        "tool": "## ⎿ Tool result",
        "system": "## ℹ System",
    },
}


def header(session: VaultSession, form: ShowFormat, project: str, times: tuple[str, str]) -> str:
    """Title, id, project (as the caller shortens it), branch and the session's times."""
    title = session.title or UNTITLED
    lines = [
        f"# {title}" if form is ShowFormat.MARKDOWN else title,
        "",
        f"- session: {session.uuid}",
        f"- project: {project}" + (f" ({session.git_branch})" if session.git_branch else ""),
        f"- from {times[0]} to {times[1]}, {plural(session.message_count, 'message')}",
        "",
    ]
    if form is ShowFormat.TEXT:
        lines = [line.removeprefix("- ") for line in lines]
    return "\n".join(lines) + "\n"


def subagent_heading(agent_id: str, form: ShowFormat) -> str:
    if form is ShowFormat.MARKDOWN:
        return f"\n# Subagent {agent_id}\n\n"
    return f"\n=== Subagent {agent_id} ===\n\n"


def render(records: Iterable[SessionRecord], form: ShowFormat) -> Iterator[str]:
    """One rendered block per message, in order (records already snapshot-merged)."""
    calls: dict[str, str] = {}
    for record in records:
        for role, body in _messages(record, calls):
            yield _block(role, body, form)


def _messages(record: SessionRecord, calls: dict[str, str]) -> Iterator[tuple[str, str]]:
    if record.type == "assistant":
        parts = []
        for block in record.blocks:
            if block.type == "text" and block.text.strip():
                parts.append(block.text.strip())
            elif block.type in ("tool_use", "server_tool_use"):
                calls[block.id] = block.name
                parts.append(f"→ {call_summary(block)}")
        if record.text and record.text.strip():
            parts.insert(0, record.text.strip())
        if parts:
            yield "assistant", "\n".join(parts)
    elif record.type == "user":
        yield from _user(record, calls)
    elif record.type == "system" and record.subtype == "away_summary" and record.text:
        yield "system", record.text.strip()


def _user(record: SessionRecord, calls: dict[str, str]) -> Iterator[tuple[str, str]]:
    if record.is_meta:
        return
    role = "system" if record.is_compact_summary else "user"
    if record.text is not None:
        if record.text.strip():
            yield role, record.text.strip()
        return
    said = "\n".join(b.text for b in record.blocks if b.type == "text" and b.text.strip())
    if said.strip():
        yield role, said.strip()
    for block in record.blocks:
        if block.type == "tool_result":
            yield "tool", _result(block, calls)
        elif block.type in ("image", "document"):
            yield role, f"[{block.type}]"


def _result(block: ContentBlock, calls: dict[str, str]) -> str:
    name = calls.get(block.tool_use_id, "")
    if name in EXCLUDED_RESULT_TOOLS:
        lines = block.text.count("\n") + 1 if block.text else 0
        return f"({name} output omitted: {lines} lines)"
    body = block.text.rstrip() or "(no output)"
    return f"(error) {body}" if block.is_error else body


def _block(role: str, body: str, form: ShowFormat) -> str:
    label = _LABELS[form][role]
    if form is ShowFormat.MARKDOWN:
        if role == "tool":
            longest = max((len(run) for run in _BACKTICKS.findall(body)), default=0)
            fence = "`" * max(3, longest + 1)
            return f"{label}\n\n{fence}\n{body}\n{fence}\n\n"
        return f"{label}\n\n{body}\n\n"
    indented = "\n".join(f"  {line}" if line else "" for line in body.splitlines())
    return f"{label}:\n{indented}\n\n"
