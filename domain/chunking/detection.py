"""Content-type auto-detection (used when the caller does not say what it is indexing)."""

from __future__ import annotations

import json
import re

import attrs

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
# TAP (Test Anything Protocol: ``prove``, ``node --test``, ``tap``): a test point
# (``ok 3 - rounds up``, ``not ok 4 - keeps decimals``, indented in a subtest) or a plan
# (``1..4``, ``1..0 # SKIP no database``). Its ``# `` lines are diagnostics, not headings.
TAP_POINT = re.compile(r"^(?:not )?ok (\d+)\b")
_TAP_PLAN = re.compile(r"^1\.\.\d+(?:\s+#.*)?$")
_MIN_TAP_LINES = 2
# ``#`` lines in a row that are a commented header, not headings.
_COMMENT_RUN = 3
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


@attrs.frozen
class _Signs:
    """What the first lines of a text show: markdown signs other than headings, headings,
    lines of body text, of them configuration or code, TAP test points, plans, and test points
    that carry on a count from 1 at their indentation (``ok 2`` after ``ok 1``)."""

    signs: int
    headings: int
    body: int
    code: int
    points: int
    plans: int
    in_turn: int

    @property
    def tap(self) -> bool:
        """Test points (two, or one under a plan) that outnumber the markdown signs that are
        not ``#`` lines: a document with a heading, a list and a link stays markdown. Without
        a plan, the points must count from 1 (``ok 1``, ``not ok 2``): a log whose lines say
        ``ok 3 replicas ready`` and ``ok 12 jobs queued`` is no test run."""
        tap = self.points + self.plans
        counted = self.plans > 0 or self.in_turn > 0
        return self.points > 0 and counted and tap >= _MIN_TAP_LINES and tap > self.signs


def _in_a_comment_block(lines: list[str], at: int) -> bool:
    """Whether the ``#`` line at ``at`` is one of a run of at least three: a tool's commented
    header (``perf report``'s ``# Samples: 420``, ``# Event count``, ``# Overhead  Symbol``)
    runs its ``#`` lines together, where a document sets its headings apart with text or a
    blank line (a title straight over a subtitle is two)."""
    first = last = at
    while first > 0 and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    while last + 1 < len(lines) and lines[last + 1].lstrip().startswith("#"):
        last += 1
    return last - first + 1 >= _COMMENT_RUN


def _scan(text: str) -> _Signs:
    signs = headings = code = body = points = plans = in_turn = 0
    counts: dict[int, int] = {}  # at each indentation, the count from ``ok 1`` so far (0: none)
    in_fence = False
    lines = text.split("\n", _SCAN_LINES)[:_SCAN_LINES]
    for at, line in enumerate(lines):
        trimmed = line.strip()
        if _FENCE.match(trimmed):
            signs += 1
            in_fence = not in_fence
            continue
        if in_fence or not trimmed:
            continue
        if _HEADING.match(trimmed):
            headings += 0 if _in_a_comment_block(lines, at) else 1
            continue
        if trimmed.startswith("#"):
            continue
        body += 1
        code += 1 if _CODE_LINE.match(trimmed) else 0
        point = TAP_POINT.match(trimmed)
        if point is not None:
            points += 1
            number, indent = int(point.group(1)), len(line) - len(line.lstrip())
            counted = number == 1 or counts.get(indent, 0) == number - 1 > 0
            in_turn += 1 if counted and number > 1 else 0
            counts[indent] = number if counted else 0
        plans += 1 if _TAP_PLAN.match(trimmed) else 0
        if "](" in trimmed or _TABLE_RULE.match(trimmed):
            signs += 1
    return _Signs(signs, headings, body, code, points, plans, in_turn)


def is_tap(text: str) -> bool:
    """Whether the first lines of ``text`` are TAP output (``prove -v``, ``node --test``)."""
    return _scan(text).tap


def _markdown_signs(text: str) -> int:
    """Fences, links, table rules and headings in the first lines; ``# `` lines count as
    headings only when the rest of the text is not mostly configuration or code (where they
    are comments: ``.env``, YAML, Dockerfiles, shell) nor TAP (where they are a test's
    diagnostics: ``#   Failed test 'keeps decimals'``)."""
    seen = _scan(text)
    commented = seen.body > 0 and seen.code / seen.body >= _CODE_SHARE
    if seen.headings and not commented and not seen.tap:
        return seen.signs + seen.headings
    return seen.signs


def detect_content_type(text: str) -> ContentType:
    """JSON if it parses as an object/array; transcript if it opens with a ``Human:`` turn
    answered by ``Assistant:``; markdown if its first 50 lines show at least two markdown signs
    (heading, fence, link, table rule — ``#`` lines in configuration or code are comments, and
    in TAP a test's diagnostics, not headings); plaintext otherwise."""
    if is_json(text):
        return ContentType.JSON
    if _TRANSCRIPT.match(text.lstrip()):
        return ContentType.TRANSCRIPT
    if _markdown_signs(text) >= _MIN_MARKDOWN_SIGNS:
        return ContentType.MARKDOWN
    return ContentType.PLAINTEXT
