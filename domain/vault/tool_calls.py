"""One line per tool call: what the search index and ``vault show`` say a call did."""

from __future__ import annotations

from collections.abc import Mapping

from domain.sessions.records import ContentBlock

_SUBJECT_INPUT = {
    "Bash": "command",
    "Read": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "Write": "file_path",
    "NotebookRead": "notebook_path",
    "NotebookEdit": "notebook_path",
    "Grep": "pattern",
    "Glob": "pattern",
    "WebFetch": "url",
    "WebSearch": "query",
    "Agent": "prompt",
    "Task": "prompt",
}
_SHORT_INPUTS = frozenset({"Agent", "Task"})
PROMPT_CHARS = 200
SUBJECT_CHARS = 2000


def call_summary(block: ContentBlock) -> str:
    """``Bash npm test``, ``Read /src/app.py``, ``Agent Find every caller…``; else the name."""
    name = block.name or "tool"
    key = _SUBJECT_INPUT.get(name)
    subject = _text(block.input, key) if key else ""
    if not subject:
        return name
    limit = PROMPT_CHARS if name in _SHORT_INPUTS else SUBJECT_CHARS
    if len(subject) > limit:
        subject = subject[:limit].rstrip() + "…"
    return f"{name} {subject}"


def _text(values: Mapping[str, object], key: str) -> str:
    value = values.get(key)
    return " ".join(value.split()) if isinstance(value, str) else ""
