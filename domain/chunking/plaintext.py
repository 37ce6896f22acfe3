"""Plaintext chunking (command output, logs, notes).

- Up to 20 lines: one chunk titled ``Output``.
- Else, when blank lines cut it into 3–200 sections that each fit: consecutive sections packed
  into chunks of up to the byte limit, each titled by its first line. One section per chunk
  cut a warning from the line saying what to do about it and a test's traceback from its
  ``file:line: Error`` footer; packed, plaintext R@1 went 0.837 → 0.935 and curated files
  (YAML, Dockerfiles, SQL) 0.756 → 0.872 on the benchmark.
- Else windows of 10–20 lines cut where the output's structure ends one item and starts the
  next (``line_windows``: after a blank line, before a line at the margin; an item up to 40
  lines kept whole), titled by their first line (or ``Lines a-b``).
- TAP output (``detection.is_tap``: ``prove -v``, ``node --test --test-reporter=tap``) is
  cut only between its test points (``tap_windows``): node writes blank lines inside the YAML
  block under a failed test, so neither its blank lines nor a line count may part a failure
  from its test.
- A chunk that is mostly timestamped lines (a log) is titled by its time span and what stands
  out in it (``09:43:51–09:43:53: 500 server error ×3 (GET /api/export), …``), not by a first
  line that says nothing; a client brute forcing a login is named (``401 unauthorized brute
  force ×4 (POST /login from 45.155.205.233)``).
- A chunk of a command's option list (a man page, a ``--help``) that starts inside an entry's
  description is titled by the options it holds (``option_titles``: ``-C, --directory=DIR,
  --exclude=PATTERN, …``), not by the tail of the entry before.
- Output too big for one chunk whose tool marks its sections (tests, commits, diff files and
  hunks, diagnostics, commands of a session, a run's closing counts: ``output_sections``) is
  cut at those headers first, each section titled by its headers' breadcrumb; the rules above
  then apply within a section still too big, under its title.
Anything still over the byte limit (a giant single line) is cut on character boundaries.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from domain.chunk import Chunk
from domain.chunking.detection import is_tap
from domain.chunking.limits import MAX_CHUNK_BYTES, TITLE_MAX_BYTES
from domain.chunking.line_windows import MAX_LINES, line_windows
from domain.chunking.log_titles import LOG_TITLE_MAX_BYTES, filled_lines, log_title
from domain.chunking.option_titles import option_title
from domain.chunking.outcome_titles import outcome_title
from domain.chunking.output_headers import framed_title
from domain.chunking.output_sections import chunk_sections
from domain.chunking.oversized import pack_blocks, paragraphs
from domain.chunking.tap_windows import tap_windows
from domain.chunking.utf8 import byte_len, truncate_bytes

LINES_PER_CHUNK = MAX_LINES
MIN_SECTIONS = 3
MAX_SECTIONS = 200
WHOLE_TITLE = "Output"


def _first_line_title(
    text: str, fallback: str, section: str = "", attackers: frozenset[str] = frozenset()
) -> str:
    """A log chunk's time span and what stands out in it (after its section's title, if any);
    else the section's title; else its first line."""
    logged = log_title(text, attackers) or outcome_title(text)
    if logged is not None:
        titled = f"{section} > {logged}" if section else logged
        return truncate_bytes(titled, LOG_TITLE_MAX_BYTES).strip()
    if section:
        return section
    if (options := option_title(text)) is not None:
        return options
    line = next(filled_lines(text), None)  # the first line that is not blank
    if line is None:
        return fallback
    # ``==== test session starts ====`` says ``test session starts``
    said = framed_title(line) or line.strip()
    return truncate_bytes(said, TITLE_MAX_BYTES).strip() or fallback


def _packed(sections: list[str], target: int) -> list[str]:
    """Consecutive sections joined while they stay within ``target`` bytes together."""
    packed: list[str] = []
    for section in sections:
        if packed and byte_len(packed[-1]) + 2 + byte_len(section) <= target:
            packed[-1] = packed[-1] + "\n\n" + section
        else:
            packed.append(section)
    return packed


def _fit(text: str, title: str, max_bytes: int) -> list[Chunk]:
    if byte_len(text) <= max_bytes:
        return [Chunk(title=title, content=text)]
    return pack_blocks([text], title, max_bytes=max_bytes)


def chunk_plaintext(
    text: str, max_bytes: int = MAX_CHUNK_BYTES, attackers: frozenset[str] = frozenset()
) -> list[Chunk]:
    """``attackers``: clients found brute forcing a login (``auth_attacks``), which the titles
    of log chunks holding their attempts name."""
    return list(plaintext_chunks(text, max_bytes, attackers))


def plaintext_chunks(
    text: str, max_bytes: int = MAX_CHUNK_BYTES, attackers: frozenset[str] = frozenset()
) -> Iterator[Chunk]:
    """``chunk_plaintext``'s chunks one at a time: a log's windows as they are cut."""
    lines = text.strip("\n").split("\n")
    if len(lines) <= LINES_PER_CHUNK:
        body = text.strip()
        if body:
            yield from _fit(body, WHOLE_TITLE, max_bytes)
        return
    if byte_len(text) > max_bytes:
        split = partial(_section_chunks, attackers=attackers)
        sectioned = chunk_sections(lines, split, max_bytes, text)
        if sectioned:
            yield from sectioned
            return
    yield from _unsectioned_stream(text, "", max_bytes, attackers, lines)


def _section_chunks(
    text: str, title: str, max_bytes: int, attackers: frozenset[str] = frozenset()
) -> list[Chunk]:
    """One section of an output cut at its headers: whole when it fits, else as below."""
    if byte_len(text) <= max_bytes:
        body = text.strip()
        return [Chunk(title=_first_line_title(body, WHOLE_TITLE, title, attackers), content=body)]
    return _unsectioned(text, title, max_bytes, attackers)


def _unsectioned(
    text: str,
    title: str,
    max_bytes: int,
    attackers: frozenset[str] = frozenset(),
    lines: list[str] | None = None,
) -> list[Chunk]:
    return list(_unsectioned_stream(text, title, max_bytes, attackers, lines))


def _unsectioned_stream(
    text: str,
    title: str,
    max_bytes: int,
    attackers: frozenset[str] = frozenset(),
    lines: list[str] | None = None,
) -> Iterator[Chunk]:
    """Text without headers: blank-line paragraphs packed, else windows of lines; titled
    ``title`` when given, else each by its first line. ``lines``: ``text``'s lines, blank ones
    at its ends left out, when the caller has them (a big log's lines are its size again and
    more: split once, not once per step)."""
    tap = is_tap(text)
    sections = None if tap else _sections(text, max_bytes)
    if sections is not None:
        for i, s in enumerate(_packed(sections, max_bytes), start=1):
            yield Chunk(title=_first_line_title(s, f"Section {i}", title, attackers), content=s)
        return
    if lines is None:
        lines = text.strip("\n").split("\n")
    if tap:
        windows = tap_windows(lines, max_bytes)
    else:
        windows = [(start, end, "") for start, end in line_windows(lines, max_bytes)]
    for start, end, within in windows:
        body = "\n".join(lines[start:end]).strip("\n")
        if body.strip():
            window_title = _first_line_title(body, f"Lines {start + 1}-{end}", title, attackers)
            if within and not title:
                window_title = truncate_bytes(f"{within} > {window_title}", TITLE_MAX_BYTES)
            yield from _fit(body, window_title, max_bytes)


def _sections(text: str, max_bytes: int) -> list[str] | None:
    """``text``'s blank-line sections (blank ends left out) when there are ``MIN_SECTIONS`` to
    ``MAX_SECTIONS`` of them and each fits in ``max_bytes``, else None. Given up as soon as
    that is known: a big log with no blank line is one section, which was copied whole only
    to be found too big."""
    parts = paragraphs(text)
    if len(parts) < MIN_SECTIONS:
        return None  # never more sections than parts
    sections: list[str] = []
    for part in parts:
        if part and not part.isspace():  # ``part.strip()``, without the copy
            section = part.strip("\n")
            if len(sections) == MAX_SECTIONS or byte_len(section) > max_bytes:
                return None
            sections.append(section)
    return sections if len(sections) >= MIN_SECTIONS else None
