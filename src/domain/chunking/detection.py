"""Content-type auto-detection (used when the caller does not say what it is indexing)."""

from __future__ import annotations

import json
import re

from domain.content_type import ContentType

_SCAN_LINES = 50
_MIN_MARKDOWN_SIGNS = 2
_HEADING = re.compile(r"^#{1,6}\s")
_TRANSCRIPT = re.compile(r"\AHuman:.*?^Assistant:", re.DOTALL | re.MULTILINE)


def is_json(text: str) -> bool:
    stripped = text.strip()
    if not stripped.startswith(("{", "[")):
        return False
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return True


def _markdown_signs(text: str) -> int:
    signs = 0
    for line in text.split("\n", _SCAN_LINES)[:_SCAN_LINES]:
        trimmed = line.strip()
        if _HEADING.match(trimmed) or trimmed.startswith(("```", "~~~")) or "](" in trimmed:
            signs += 1
    return signs


def detect_content_type(text: str) -> ContentType:
    """JSON if it parses as an object/array; transcript if it opens with a ``Human:`` turn
    answered by ``Assistant:``; markdown if its first 50 lines show at least two markdown signs
    (heading, fence, link); plaintext otherwise."""
    if is_json(text):
        return ContentType.JSON
    if _TRANSCRIPT.match(text.lstrip()):
        return ContentType.TRANSCRIPT
    if _markdown_signs(text) >= _MIN_MARKDOWN_SIGNS:
        return ContentType.MARKDOWN
    return ContentType.PLAINTEXT
