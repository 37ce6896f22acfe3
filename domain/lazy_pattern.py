"""Regular expressions compiled when first used.

``capy hook`` imports redaction, the shell reader and the continuity readers on tool calls
of the host agent, and most texts never reach most patterns: compiling all of them at import
cost each hook process several milliseconds (redaction alone about 5 ms). A pattern here
compiles on its first use (two threads racing compile it twice, harmlessly) and is then as
fast as a compiled one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any


class LazyPattern:
    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def match(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(string, pos)

    def search(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.search(string, pos)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string)

    def finditer_from(
        self, string: str, starts: tuple[str, ...], positions: NeedlePositions | None = None
    ) -> Iterator[re.Match[str]]:
        """``finditer`` for a pattern whose every match begins with one of ``starts``: it is
        tried only where one of them does. A pattern opening on ``\\b`` and an alternation is
        otherwise tried at every position of the text (``re`` can skip ahead to a literal
        prefix only), which on a long log cost more than the rest of its redaction.
        ``positions``: the needles' positions in ``string`` already looked for, shared."""
        compiled, done = self.compiled, 0
        for at in (positions or NeedlePositions(string)).starts(starts):
            if at < done:
                continue  # inside the last match, where ``finditer`` does not look either
            found = compiled.match(string, at)
            if found is not None:
                done = max(found.end(), at + 1)
                yield found

    def finditer_in_lines(
        self, string: str, needles: tuple[str, ...], positions: NeedlePositions | None = None
    ) -> Iterator[re.Match[str]]:
        """``finditer`` for a pattern whose every match lies within a line, holds one of
        ``needles`` and looks at nothing past its line's end (``$`` under ``re.M``): it runs
        only over the lines holding a needle, in order. A pattern opening on ``^`` or a class
        is otherwise tried at every position of the text; a log has a needle on few lines."""
        compiled = self.compiled
        for start, end in _needle_lines(string, needles, positions):
            yield from compiled.finditer(string, start, end)

    def match_at_line_starts(
        self, string: str, needles: tuple[str, ...], positions: NeedlePositions | None = None
    ) -> Iterator[re.Match[str]]:
        """``finditer_in_lines`` for a pattern that also opens on ``^`` under ``re.M`` in every
        alternative: in a line only its start can match, so the pattern is matched there once
        instead of searched for from each of the line's positions (a log's line holding
        ``key`` and two blanks, ~1 µs of ``^`` failing at each character)."""
        compiled = self.compiled
        for start, end in _needle_lines(string, needles, positions):
            found = compiled.match(string, start, end)
            if found is not None:
                yield found

    def findall(self, string: str) -> list[Any]:
        return self.compiled.findall(string)

    def split(self, string: str) -> list[str]:
        return self.compiled.split(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str) -> str:
        return self.compiled.sub(repl, string)


class NeedlePositions:
    """Where needles start in one string, each needle looked for once: redaction's three
    scans tried at the secret words' stems (assignments, key/value rows, prose) share them,
    and a word holding a needle already found is looked for only where that needle is."""

    __slots__ = ("_found", "_string")
    # More per character, and a scan for the word is cheaper than a look at each of them.
    _MOST_PER_CHAR = 1 / 1024

    def __init__(self, string: str) -> None:
        self._string = string
        self._found: dict[str, list[int]] = {}

    def of(self, needle: str) -> list[int]:
        """Every offset where ``needle`` starts, overlapping ones included, in order."""
        found = self._found.get(needle)
        if found is None:
            string, found = self._string, []
            at = string.find(needle)
            while at >= 0:
                found.append(at)
                at = string.find(needle, at + 1)
            self._found[needle] = found
        return found

    def note_if_few(self, needle: str) -> None:
        """Find ``needle``'s places when it has few (no more than ``holds`` looks at), so that
        ``holds`` answers for a word holding it at them; past that many, stop and keep none."""
        if needle in self._found:
            return
        string = self._string
        most = len(string) * self._MOST_PER_CHAR
        found: list[int] = []
        at = string.find(needle)
        while at >= 0:
            if len(found) >= most:
                return
            found.append(at)
            at = string.find(needle, at + 1)
        self._found[needle] = found

    def starts(self, needles: tuple[str, ...]) -> list[int]:
        """Every offset where one of ``needles`` starts, in order, each once."""
        if len(needles) == 1:
            return self.of(needles[0])
        merged = sorted([at for needle in needles for at in self.of(needle)])
        if _prefix_free(needles):
            return merged  # two needles start at one offset only when one begins the other
        return sorted(set(merged))

    def holds(self, word: str) -> bool:
        """``word in string``; looked for only at a needle found before that ``word`` holds,
        when it has few positions (every ``word`` in ``string`` holds that needle there)."""
        string, most = self._string, len(self._string) * self._MOST_PER_CHAR
        useful = [(len(at), needle) for needle, at in self._found.items() if needle in word]
        fewest = min(useful, default=None)
        if fewest is None or fewest[0] > most:
            return word in string
        offset = word.index(fewest[1])
        return any(
            string.startswith(word, at - offset) for at in self._found[fewest[1]] if at >= offset
        )


def _prefix_free(needles: tuple[str, ...]) -> bool:
    return not any(
        i != j and other.startswith(needle)
        for i, needle in enumerate(needles)
        for j, other in enumerate(needles)
    )


def _needle_lines(
    string: str, needles: tuple[str, ...], positions: NeedlePositions | None
) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each line of ``string`` holding one of ``needles``, in order, once
    each (the end excludes the line break)."""
    line_end = -1
    for at in (positions or NeedlePositions(string)).starts(needles):
        if at < line_end:
            continue  # on the line just given
        line_end = string.find("\n", at)
        if line_end < 0:
            line_end = len(string)
        yield string.rfind("\n", 0, at) + 1, line_end
