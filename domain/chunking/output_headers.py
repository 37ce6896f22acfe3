"""The header lines tools print between the parts of their output, and what kind each is.

A test (``____ test_total ____``, ``● totals › net total``), a commit (``commit 3a2c36f…`` and
its subject), a file of a diff or a hunk, a diagnostic's location, a file of a linter report, a
command of a session (``$ mypy .``, ``shop=# EXPLAIN …``, with a ``-- name`` comment above it),
a block of a report (``=== short test summary info ===``) and a run's closing counts.
``output_sections`` nests them and cuts the output at them.
"""

from __future__ import annotations

import re

import attrs

from domain.search.answer_lines import is_count
from domain.search.sign_gates import holds_gated

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


def next_text(lines: list[str], start: int) -> tuple[int, str] | None:
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
    following = next_text(lines, number + 1)
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
    following = next_text(lines, end)
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
