"""Retrieved text shown to the agent as quoted data, never as markup it would obey (ADR 0068).

A past session's text or a fetched page can hold what a host reads as instructions — a
``<system-reminder>`` block, a ``<system>`` tag, the end of capy's own ``</capy_routing>``
block — or a line that looks like capy's own marker of where a result came from
(``--- [label] ---``). Each result of a search is shown under that marker; inside it, host tags
lose their ``<`` (it becomes ``‹``, so the text still reads the same to a person) and a line that
would pass for a marker loses its leading dashes. Nothing else changes: code keeps its ``<div>``
and its ``a < b``.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled

# Tags hosts and capy give meaning to (Claude Code, Codex, chat templates, capy's blocks).
_HOST_TAG = precompiled(
    r"<(?=\s{0,8}/?\s{0,8}(?:"
    r"system[\w:-]{0,40}|[\w-]{0,40}reminder|capy[\w:-]{0,40}|[\w-]{0,40}instructions?"
    r"|user-prompt[\w-]{0,40}|command-[\w-]{1,40}|local-command[\w-]{0,40}|bash-[\w-]{1,40}"
    r"|function_calls|function_results|functions|invoke|parameter|antml:[\w-]{1,40}"
    r"|tool_(?:use|result|call)s?[\w-]{0,40}|human|assistant|user|developer|im_start|im_end"
    r"|\|im_(?:start|end)\|)"
    r"[\s>/|])",
    re.IGNORECASE,
)
_MARKER_LINE = precompiled(r"^([ \t]{0,8})-{3}(?=[ \t]{0,8}\[)", re.MULTILINE)
QUOTE_MARK = "\u2039"  # ‹


def quoted(text: str) -> str:
    """``text`` with host markup tags and capy's result markers made inert."""
    text = _HOST_TAG.sub(QUOTE_MARK, text)
    return _MARKER_LINE.sub(lambda m: m.group(1) + "\u2014", text)


def source_marker(label: str) -> str:
    """The line above a source's results: where they came from. The label is quoted too, and
    cannot end the marker early (no newline, no brackets)."""
    clean = quoted(" ".join(label.split())).replace("[", "(").replace("]", ")")
    return f"--- [{clean}] ---"
