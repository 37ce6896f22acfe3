"""Which of many strings a text holds, found in one pass over it (Aho–Corasick).

The tool vocabulary asks every section it indexes for ~200 strings, its signs, and a section
holds almost none: each absent string asked with ``in`` is a scan of the whole section (~5 k
instructions for 2 KB), 25–60 of them a section. One automaton of all the strings reads the
section's UTF-8 once (~16 instructions a byte) and names the strings it holds (ADR 0401). It is
``ahocorasick_rs``'s, compiled from Rust; without that package ``literal_finder`` gives ``None``
and the caller asks each string as before, with the same answers.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from types import ModuleType

try:
    import ahocorasick_rs as _AUTOMATA
except ImportError:  # pragma: no cover - tested by passing ``automata=None``
    _AUTOMATA: ModuleType | None = None  # type: ignore[no-redef]

_PLACE = itemgetter(0)


def _utf8(text: str) -> bytes:
    # A lone surrogate (from a file read with ``surrogateescape``) is encoded too: UTF-8 is
    # self-synchronising, so a string's bytes stand in a text's bytes exactly where the string
    # stands in the text.
    return text.encode("utf-8", "surrogatepass")


def literal_finder(
    literals: tuple[str, ...], automata: ModuleType | None = _AUTOMATA
) -> Callable[[str], set[int]] | None:
    """A function giving the places in ``literals`` (distinct, none empty) of those a text
    holds, found in one pass over it; ``None`` without ``automata`` (``ahocorasick_rs``)."""
    if automata is None or not literals:
        return None
    built = automata.BytesAhoCorasick(
        [_utf8(literal) for literal in literals], implementation=automata.Implementation.DFA
    )
    # Every match, overlapping ones too: a string inside or across another's match is held.
    matches = built.find_matches_as_indexes

    def found(text: str) -> set[int]:
        return set(map(_PLACE, matches(_utf8(text), True)))

    return found
