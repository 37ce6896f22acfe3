"""Content-type auto-detection (used when the caller does not say what it is indexing)."""

from __future__ import annotations

import json
import re

from domain.content_type import ContentType

_SCAN_LINES = 50
_MIN_MARKDOWN_SIGNS = 2
_HEADING = re.compile(r"^#{1,6}\s+\S")
_FENCE = re.compile(r"^(`{3,}|~{3,})")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?$")
# Lines of configuration and code: KEY=VALUE, ``key: value``, ``VAR := x``, Dockerfile
# instructions, lines that open or close a block. A ``# `` line among them is a comment.
_CODE_LINE = re.compile(
    r"""^(?:
        (?:export\s+)?[A-Za-z_][\w.\-]*\s*(?:=|:=|\?=|\+=|:(?:\s|$))
      | (?:FROM|RUN|COPY|ADD|ENV|ARG|WORKDIR|USER|EXPOSE|CMD|ENTRYPOINT|LABEL|VOLUME)\s
      | [\[\]{}()]
      | .*[{};:\\,(]$
    )""",
    re.VERBOSE,
)
_CODE_SHARE = 0.5
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
    """Fences, links, table rules and headings in the first lines; ``# `` lines count as
    headings only when the rest of the text is not mostly configuration or code (where they
    are comments: ``.env``, YAML, Dockerfiles, shell)."""
    signs = headings = code = body = 0
    in_fence = False
    for line in text.split("\n", _SCAN_LINES)[:_SCAN_LINES]:
        trimmed = line.strip()
        if _FENCE.match(trimmed):
            signs += 1
            in_fence = not in_fence
            continue
        if in_fence or not trimmed:
            continue
        if _HEADING.match(trimmed):
            headings += 1
            continue
        if trimmed.startswith("#"):
            continue
        body += 1
        code += 1 if _CODE_LINE.match(trimmed) else 0
        if "](" in trimmed or _TABLE_RULE.match(trimmed):
            signs += 1
    if headings and (body == 0 or code / body < _CODE_SHARE):
        signs += headings
    return signs


def detect_content_type(text: str) -> ContentType:
    """JSON if it parses as an object/array; transcript if it opens with a ``Human:`` turn
    answered by ``Assistant:``; markdown if its first 50 lines show at least two markdown signs
    (heading, fence, link, table rule — ``#`` lines in configuration or code are comments, not
    headings); plaintext otherwise."""
    if is_json(text):
        return ContentType.JSON
    if _TRANSCRIPT.match(text.lstrip()):
        return ContentType.TRANSCRIPT
    if _markdown_signs(text) >= _MIN_MARKDOWN_SIGNS:
        return ContentType.MARKDOWN
    return ContentType.PLAINTEXT
