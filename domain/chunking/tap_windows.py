"""Windows of TAP output (``prove -v``, ``node --test --test-reporter=tap``) cut only between
test points.

A TAP test point is one line (``not ok 2 - row after Z wraps to AA``) and what explains it
follows: Perl's ``#   Failed test …`` diagnostics, or the indented YAML block node writes under
it (``  ---`` … ``  ...``: ``error:``, ``expected:``, ``actual:``, ``stack:``, ``location:``),
with blank lines inside when an error message has them. Cut at those blank lines, or by line
count, a failure's ``'[5' !== 'AA5'`` or its ``+ actual - expected`` diff lands in another
chunk than the test it belongs to. A subtest (``# Subtest: seatLabel``) holds the points
indented under it and ends with its own point at its own indentation.

So the output is read as units: a unit starts at a ``# Subtest:`` line, at a test point that
does not close a subtest, at a subtest's closing point when points were nested in it, and at a
line at the margin that is no TAP (``$ perl t/fines.t``, prove's ``t/03-dims.t ..``) after a
TAP line or a blank one; a YAML block, and every other line after a point, belong to that
point. Consecutive units are packed into windows of up to ``PACK_LINES`` lines (a window of
fewer than ``MIN_LINES`` takes the next unit while both hold at most ``UNIT_LINES``); a unit
longer than ``PACK_LINES`` stands alone when it holds at most ``UNIT_LINES`` lines; a longer
one is cut between the units nested in it, and one with none inside (a huge YAML block) by
``line_windows``, bounded as ever. A window that starts inside a subtest is titled after it
(``seatLabel > # Subtest: row after Z wraps to AA``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

import attrs

from domain.chunking.detection import TAP_POINT
from domain.chunking.line_windows import MIN_LINES, line_windows
from domain.chunking.utf8 import byte_len

# Chosen on the tuning half of the real corpus (ADR 0256): 20 and 40, the line windows' own
# sizes, parted node's suites from their nested failures and its run counts from the run.
PACK_LINES = 30
UNIT_LINES = 60
_PLAN = re.compile(r"1\.\.\d+\b")
_SUBTEST = "# Subtest:"
_YAML_OPEN = "---"
_YAML_CLOSE = "..."


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


@attrs.define
class _Subtest:
    """A ``# Subtest:`` still open: its indentation, its name, the units nested in it so far."""

    indent: int
    name: str
    nested: int = 0


@attrs.frozen
class _Read:
    """For each line, the depth of the subtests around it when a unit starts there (else
    None), and the names of the subtests open at it, outermost first."""

    starts: list[int | None]
    within: list[tuple[str, ...]]


def unit_starts(lines: list[str]) -> list[int | None]:
    """For each line, the depth of the subtests around it when a unit starts there, else None.
    Depth 0 is the output's own level; 1 is inside one subtest."""
    return _read(lines).starts


def _read(lines: list[str]) -> _Read:
    starts: list[int | None] = [None] * len(lines)
    within: list[tuple[str, ...]] = []
    names: tuple[str, ...] = ()
    open_subtests: list[_Subtest] = []
    yaml_at: int | None = None  # the indentation of the open YAML block's ``---``
    point_at: int | None = None  # the indentation of the test point the lines follow
    after_tap = False  # the line before was TAP or blank
    for index, line in enumerate(lines):
        within.append(names)
        trimmed = line.strip()
        depth = _indent(line)
        if yaml_at is not None:
            if not trimmed or depth > yaml_at or (depth == yaml_at and trimmed != _YAML_CLOSE):
                continue
            closed = trimmed == _YAML_CLOSE
            yaml_at = None
            if closed:
                continue
        if not trimmed:
            after_tap = True  # a blank line ends what the line before it said
            continue
        if trimmed == _YAML_OPEN and point_at is not None and depth > point_at:
            yaml_at = depth
            continue
        while open_subtests and open_subtests[-1].indent > depth:
            open_subtests.pop()  # a subtest that never closed (a bail out, a crash)
        tap = True
        if trimmed.startswith(_SUBTEST):
            if open_subtests and open_subtests[-1].indent == depth:
                open_subtests.pop()
            starts[index] = _nested(open_subtests)
            open_subtests.append(_Subtest(depth, trimmed[len(_SUBTEST) :].strip()))
        elif TAP_POINT.match(trimmed):
            point_at = depth
            if open_subtests and open_subtests[-1].indent == depth:
                if open_subtests.pop().nested:
                    starts[index] = len(open_subtests) + 1
            else:
                starts[index] = _nested(open_subtests)
        elif not (trimmed.startswith("#") or _PLAN.match(trimmed)):
            tap = False
            if after_tap and depth == 0:
                starts[index] = _nested(open_subtests)
        after_tap = tap
        names = tuple(t.name for t in open_subtests)
        within[index] = names[:-1] if trimmed.startswith(_SUBTEST) else names
    return _Read(starts, within)


def _nested(open_subtests: list[_Subtest]) -> int:
    """The depth of a unit starting now, counted in the subtest around it."""
    if open_subtests:
        open_subtests[-1].nested += 1
    return len(open_subtests)


@attrs.frozen
class _Output:
    """The lines of a TAP output, where its units start (``unit_starts``), each line's bytes
    with its newline, and the byte limit of a window."""

    lines: list[str]
    starts: list[int | None]
    sizes: list[int]
    max_bytes: int

    def fits(self, start: int, end: int, most_lines: int) -> bool:
        return end - start <= most_lines and sum(self.sizes[start:end]) <= self.max_bytes

    def joins(self, open_at: int, start: int, stop: int) -> bool:
        """Whether the unit ``lines[start:stop]`` joins the window open since ``open_at``: when
        the two hold at most ``PACK_LINES`` lines, or the window fewer than ``MIN_LINES`` and
        the two at most ``UNIT_LINES`` (a subtest's header line is not left alone)."""
        if self.fits(open_at, stop, PACK_LINES):
            return True
        return start - open_at < MIN_LINES and self.fits(open_at, stop, UNIT_LINES)

    def pieces(self, first: int, end: int) -> Iterator[tuple[int, int, bool]]:
        """``lines[first:end]`` as whole units that fit a window alone (``True``), in order; a
        unit too big is given as the units nested in it, and one with none inside as the line
        windows it is cut into (``False``: they may overlap, and are not packed with others)."""
        inner = [d for d in self.starts[first + 1 : end] if d is not None]
        if not inner:
            for start, stop in line_windows(self.lines[first:end], self.max_bytes):
                yield first + start, first + stop, False
            return
        depth = min(inner)
        cuts = [first, *(i for i in range(first + 1, end) if self.starts[i] == depth), end]
        for start, stop in pairwise(cuts):
            if self.fits(start, stop, UNIT_LINES):
                yield start, stop, True
            else:
                yield from self.pieces(start, stop)


def tap_windows(lines: list[str], max_bytes: int) -> list[tuple[int, int, str]]:
    """``(start, end, within)`` of each window of ``lines`` (``end`` exclusive), in order, each
    cut between two units of TAP output (see the module's docstring), save inside a unit too
    big for a window that has no unit inside it; ``within``: the subtests the window starts in
    (``seatLabel > booking``), or ``""``."""
    read = _read(lines)
    output = _Output(lines, read.starts, [byte_len(line) + 1 for line in lines], max_bytes)
    windows: list[tuple[int, int]] = []
    open_at: int | None = None  # where the window being packed starts
    end = 0
    for start, stop, whole in output.pieces(0, len(lines)):
        if open_at is not None and (not whole or not output.joins(open_at, start, stop)):
            windows.append((open_at, end))
            open_at = None
        if not whole:
            windows.append((start, stop))
        elif open_at is None:
            open_at = start
        end = stop
    if open_at is not None:
        windows.append((open_at, end))
    return [(start, stop, " > ".join(read.within[start])) for start, stop in windows]
