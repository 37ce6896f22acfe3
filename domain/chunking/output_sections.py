"""The sections of a command's output, found by the header lines tools print.

Tools mark where one part of their output ends and the next begins, each in its own way, and
an agent asks about those parts: a test (``____ test_total ____``, ``● totals › net total``),
a commit (``commit 3a2c36f…`` and its subject), a file of a diff (``diff --git a/x b/x``) or a
hunk (``@@ … @@ def f``), a diagnostic (``E401 Multiple imports`` above ``--> cart.py:1:1``), a
file of a linter report (``/src/customer.ts`` above ``  21:3  error …``), a command of a
session (``$ mypy .``, ``shop=# EXPLAIN …``, with a ``-- name`` comment above it), a block of
a report (``=== short test summary info ===``, ``⎯⎯ Failed Tests 5 ⎯⎯``).

Kinds nest in the order they first appear (``$ pytest`` holds ``=== FAILURES ===``, which holds
``____ test_x ____``). An output too big for one chunk is cut at its outermost headers, and a
section still too big at the next ones inside it; each section is titled by its headers'
breadcrumb (``$ pytest -q > FAILURES > test_total_with_coupon_and_tax``), so the title says
what the section is and search can match it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from domain.chunk import Chunk
from domain.chunking.utf8 import byte_len, truncate_bytes
from domain.search.answer_lines import is_count
from domain.search.sign_gates import holds_gated

SECTION_TITLE_MAX_BYTES = 160
PART_TITLE_MAX_BYTES = 100
MIN_HEADERS = 2
_SEPARATOR = " > "

_FRAME = "=_\\-~*─━═⎯"
_TABLE_JOINTS = "+|┼│╪╫"
# The look-ahead first asks, in one pass, whether the line ends with a frame: without it a
# line of 64 KB of ``=`` and a last ``!`` backtracked cubically before failing.
_FRAMED = re.compile(
    rf"^(?=.*[{_FRAME}]{{3}}\s*$)\s*([{_FRAME}])\1{{2,}}\s*(.*?)\s*[{_FRAME}]{{3,}}\s*$"
)
_PROMPT = re.compile(r"^(?:\$|[\w.-]+=[#>])\s+(\S.*)$")
# What follows the first ``=`` of a database prompt (``shop=>``, ``shop=#``).
_PROMPTS = ("=#", "=>")
_COMMENT = re.compile(r"^(?:--|#)\s+(\S.*)$")
_COMMIT = re.compile(r"^commit ([0-9a-f]{7,40})\b")
_DIFF = re.compile(r"^diff --git a/\S+ b/(\S+)")
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@ ?(.*)$")
_LOCATION = re.compile(r"^\s*--> \S+:\d+")
_FILE = re.compile(r"^(?:/|\.{0,2}/)?[\w.@-]+(?:/[\w.@-]+)+\.\w+$")
_FILE_ENTRY = re.compile(r"^\s+\d+:\d+\s")
_TEST_FILE = re.compile(r"^(?:PASS|FAIL)\s+(\S+)")
_FAILURE = re.compile(r"^\s+● (\S.*)$")
_COMMIT_FIELDS = ("Author:", "Date:", "Merge:", "AuthorDate:", "Commit:", "CommitDate:")
SUMMARY_MAX_LINES = 6
SUMMARY_KIND = "summary"


@attrs.frozen
class Header:
    """A line that opens a section: where, of which kind, and the title it gives."""

    line: int
    kind: str
    title: str
    # True when the line only separates items (``⎯⎯[3/8]⎯``) and the item is titled by its
    # first line: the text before the first separator is an item as well.
    separator: bool = False


def _next_text(lines: list[str], start: int) -> tuple[int, str] | None:
    for number in range(start, len(lines)):
        if lines[number].strip():
            return number, lines[number].strip()
    return None


def _commit_subject(lines: list[str], start: int) -> str:
    for number in range(start + 1, min(len(lines), start + 8)):
        text = lines[number].strip()
        if not text or text.startswith(_COMMIT_FIELDS):
            continue
        return text
    return ""


def framed_title(line: str) -> str | None:
    """What a framed line (``==== test session starts ====``) says, if it says anything. A line
    that does not open with a frame's character is spared the pattern (as ``_header`` spares it),
    whose look-ahead reads every line to its end."""
    if _first_character(line) not in _FRAME:
        return None
    match = _FRAMED.match(line)
    inner = match.group(2).strip() if match else ""
    return inner if any(ch.isalpha() for ch in inner) else None


def _framed(lines: list[str], number: int) -> Header | None:
    match = _FRAMED.match(lines[number])
    if match is None:
        return None
    frame, inner = match.group(1), match.group(2).strip()
    if not inner.strip(_FRAME + _TABLE_JOINTS + " "):
        return None  # a rule under a table's header (``----+----``), not a section
    if any(ch.isalpha() for ch in inner):
        return Header(number, f"framed{frame}", inner)
    following = _next_text(lines, number + 1)
    title = following[1] if following else inner
    return Header(number, f"separator{frame}", title, separator=True)


def _first_character(line: str) -> str:
    """``line.lstrip()[:1]``, without copying a line that is not indented (most are)."""
    first = line[:1]
    return line.lstrip()[:1] if first.isspace() else first


def _may_be_a_prompt(line: str, first: str) -> bool:
    """Whether ``_PROMPT`` may match ``line``: it opens with ``$``, or its first ``=`` is in its
    first 40 characters and followed by ``#`` or ``>`` (the name before it holds no ``=``, so the
    prompt's is the line's first). A log line says ``req=…`` there, and is spared the match."""
    if first == "$":
        return True
    equals = line.find("=", 0, 40)
    return equals >= 0 and line.startswith(_PROMPTS, equals)


def _header(lines: list[str], number: int) -> Header | None:
    line = lines[number]
    first = _first_character(line)
    if not first:
        return None
    # Each kind is tried only when the line starts the way that kind does: most lines of a big
    # output are none, and a regular expression per kind per line cost a fifth of indexing.
    if first in _FRAME and (framed := _framed(lines, number)):
        return framed
    if _may_be_a_prompt(line, first) and (match := _PROMPT.match(line)):
        return Header(number, "prompt", line.strip())
    if first == "c" and (match := _COMMIT.match(line)):
        subject = _commit_subject(lines, number)
        return Header(number, "commit", f"commit {match.group(1)[:7]}: {subject}".rstrip(": "))
    if first == "d" and (match := _DIFF.match(line)):
        return Header(number, "diff", match.group(1))
    if first == "@" and (match := _HUNK.match(line)):
        start, count = int(match.group(1)), int(match.group(2) or 1)
        context = match.group(3).strip()
        return Header(number, "hunk", context or f"lines {start}-{start + max(count, 1) - 1}")
    if first in "PF" and (match := _TEST_FILE.match(line)):
        return Header(number, "test-file", line.strip())
    if first == "●" and (match := _FAILURE.match(line)):
        return Header(number, "failure", match.group(1))
    following = lines[number + 1] if number + 1 < len(lines) else ""
    if "-->" in following and not line[0].isspace() and _LOCATION.match(following):
        where = following.strip().removeprefix("--> ")
        return Header(number, "diagnostic", f"{line.strip()} ({where})")
    # A file's line is its path alone: a line with a space (a log's) is none.
    if "/" in line and " " not in line and _FILE.match(line) and _FILE_ENTRY.match(following):
        return Header(number, "file", line.strip())
    return None


def _summary(lines: list[str], number: int) -> Header | None:
    """The closing counts of a run (``Found 36 errors in 6 files``, ``Tests: 5 failed, 29
    passed``): a short paragraph with a count that ends the output or the command's output."""
    if number > 0 and lines[number - 1].strip():
        return None
    # Read no further than one line past the longest summary: a longer paragraph is none.
    end, stop = number, min(len(lines), number + SUMMARY_MAX_LINES + 1)
    while end < stop and lines[end].strip():
        end += 1
    if end - number > SUMMARY_MAX_LINES:
        return None
    following = _next_text(lines, end)
    if following is not None and not _PROMPT.match(following[1]):
        return None
    block = [line.strip() for line in lines[number:end]]
    if not any(is_count(line) for line in block):
        return None
    return Header(number, SUMMARY_KIND, "Summary: " + "; ".join(block))


def _commented(lines: list[str], header: Header, headers: list[Header]) -> Header:
    """A prompt with a ``-- name`` / ``# name`` comment line right above it (that is no header
    itself) starts at the comment, which leads its title."""
    number = header.line
    if header.kind != "prompt" or number == 0 or (headers and headers[-1].line == number - 1):
        return header
    comment = _COMMENT.match(lines[number - 1])
    if comment is None:
        return header
    return Header(number - 1, "prompt", f"{comment.group(1)}: {header.title}")


# What a line opening with none of ``_header``'s first characters (a blank, a frame, ``$``,
# ``@``, ``●``) must still hold to be a header: ``commit ``, ``diff --git a/``, ``PASS``,
# ``FAIL`` at its start, a first ``=`` in its first 40 characters that opens ``=#`` or ``=>``
# (a prompt's, ``_may_be_a_prompt``), no space (a file's path), or a ``-->`` on the next line
# (a diagnostic's location). Most lines of a log hold none of them, and are spared
# ``_header``'s calls; an application log's ``req=…`` among them.
_NO_HEADER_STARTS = frozenset(map(chr, range(0x21, 0x7F))) - frozenset(f"{_FRAME}$@")
_HEADER_OPENINGS = ("commit ", "diff --git a/", "PASS", "FAIL")
# Those signs (a prompt's, the openings, a location's arrow) with the character each is looked
# for behind in a whole text: no ``=`` or ``-``, which a log's ``id=`` and dates are full of.
_PROMPT_SIGNS = tuple((f"={mark}", mark) for mark in "#>")
_OPENING_SIGNS = (("commit ", ""), ("diff --git a/", "/"), ("PASS", "P"), ("FAIL", "F"))
_ARROW_SIGN = (("-->", ">"),)


def find_headers(lines: list[str], text: str | None = None) -> list[Header]:
    """Every header line, in order. ``text``: a text each line is a part of (the one they were
    split from), when the caller has it; else the lines joined. A sign it lacks is in no line,
    and the lines are spared its test (ADR 0276)."""
    if text is None:
        text = "\n".join(lines)
    # A line fails a test below only where it holds that test's sign: looked for once in the
    # text, each behind a character of it that a log seldom prints (``sign_gates``).
    prompts = holds_gated(text, _PROMPT_SIGNS)
    openings = holds_gated(text, _OPENING_SIGNS)
    arrows = holds_gated(text, _ARROW_SIGN)
    headers: list[Header] = []
    after_text = False  # the line before is not blank: no run's closing counts start here
    last = len(lines) - 1
    for number, line in enumerate(lines):
        if (
            line[:1] in _NO_HEADER_STARTS
            and " " in line
            and (
                not prompts
                or (equals := line.find("=", 0, 40)) < 0
                or not line.startswith(_PROMPTS, equals)
            )
            and not (openings and line.startswith(_HEADER_OPENINGS))
            and (not arrows or number == last or "-->" not in lines[number + 1])
        ):
            # ``_header`` finds none here; the line opens with text, so the next is after text.
            header = None if after_text else _summary(lines, number)
            after_text = True
        else:
            header = _header(lines, number) or (None if after_text else _summary(lines, number))
            after_text = line != "" and not line.isspace()  # ``line.strip()``, without its copy
        if header is not None:
            headers.append(_commented(lines, header, headers))
    return headers


@attrs.define
class _Node:
    header: Header | None
    start: int
    end: int
    depth: int
    children: list[_Node] = attrs.field(factory=list)


def _tree(headers: list[Header], total: int) -> _Node:
    depth_of: dict[str, int] = {}
    for header in headers:
        if header.kind != SUMMARY_KIND:
            depth_of.setdefault(header.kind, len(depth_of) + 1)
    # A run's closing counts end everything inside the command they belong to.
    depth_of[SUMMARY_KIND] = 2 if depth_of.get("prompt") == 1 else 1
    root = _Node(None, 0, total, 0)
    stack = [root]
    for header in headers:
        depth = depth_of[header.kind]
        while stack[-1].depth >= depth:
            stack.pop().end = header.line
        node = _Node(header, header.line, total, depth)
        stack[-1].children.append(node)
        stack.append(node)
    return root


def _part(title: str) -> str:
    return truncate_bytes(" ".join(title.split()), PART_TITLE_MAX_BYTES).strip()


def _breadcrumb(parts: list[str]) -> str:
    """``a > b > c`` within the title limit, dropping middle parts before cutting the last."""
    shown = [p for p in parts if p]
    while len(shown) > 2 and byte_len(_SEPARATOR.join(shown)) > SECTION_TITLE_MAX_BYTES:
        shown.pop(1 if len(shown) > 2 else 0)
    return truncate_bytes(_SEPARATOR.join(shown), SECTION_TITLE_MAX_BYTES).strip()


Split = Callable[[str, str, int], list[Chunk]]


def _text(lines: list[str], start: int, end: int) -> str:
    return "\n".join(lines[start:end]).strip("\n")


@attrs.frozen
class _Emitter:
    """Turns the section tree of one output into chunks."""

    lines: list[str]
    split: Split
    max_bytes: int

    def emit(self, node: _Node, trail: list[str], carried: str = "") -> list[Chunk]:
        """``node`` whole when it fits, else its preamble and each child on its own; ``carried``
        is a parent's header line with nothing under it, which starts the first child."""
        lines = self.lines
        text = _text(lines, node.start, node.end)
        if carried:
            text = f"{carried}\n{text}"
        title = _breadcrumb(trail)
        if not node.children or byte_len(text) <= self.max_bytes:
            lone_separator = node.header is not None and node.header.separator
            if not text.strip() or (lone_separator and "\n" not in text.strip()):
                return []  # nothing, or a separator with no item after it
            return self.split(text, title, self.max_bytes)
        chunks: list[Chunk] = []
        first = node.children[0]
        preamble = _text(lines, node.start, first.start)
        if carried:
            preamble = f"{carried}\n{preamble}" if preamble.strip() else carried
        header_only = node.header is not None and preamble.strip() == lines[node.start].strip()
        if preamble.strip() and not header_only:
            chunks.extend(self.split(preamble, self._preamble_title(node, trail), self.max_bytes))
            preamble = ""
        for child in node.children:
            assert child.header is not None
            chunks.extend(self.emit(child, [*trail, _part(child.header.title)], preamble))
            preamble = ""
        return chunks

    def _preamble_title(self, node: _Node, trail: list[str]) -> str:
        """The section's title; when its children are items between separators, the text
        before the first separator is an item too, titled by its first line."""
        first = node.children[0].header
        if first is not None and first.separator:
            opening = _next_text(self.lines, node.start + (0 if node.header is None else 1))
            if opening is not None:
                return _breadcrumb([*trail, _part(opening[1])])
        return _breadcrumb(trail)


def chunk_sections(
    lines: list[str], split: Split, max_bytes: int, text: str | None = None
) -> list[Chunk] | None:
    """Chunks of the text of ``lines`` cut at its section headers, or None when it has fewer
    than two. ``text``: the text the lines were split from, when the caller has it.

    ``split(text, title, max_bytes)`` chunks one section that has no headers left inside it
    (or that fits as a whole).
    """
    headers = find_headers(lines, text)
    if len(headers) < MIN_HEADERS and not (headers and headers[-1].kind == SUMMARY_KIND):
        return None
    return _Emitter(lines, split, max_bytes).emit(_tree(headers, len(lines)), [])
