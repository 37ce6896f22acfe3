"""What a tool prints in its own vocabulary, in the words an agent asks with.

An agent asks for "the base image" or "the key type and size"; the tools print ``FROM
python:3.12 AS build`` and ``Public Key Algorithm: id-ecPublicKey``, ``Public-Key: (256 bit)``.
Each entry (``tool_entries``, the table apart from this scan: ADR 0318) is a fact about what
one tool prints — true of any output of that tool, not of one text — and names the agent's
words for it (``tool_vocabulary_facts``), indexed with the section like the outcome words. An
entry is taken only when it lifts the benchmark's tuning half and lowers no check half nor
answers an unanswerable question (ADR 0187, which also lists the entries measured and not
taken: ``stage`` for ``FROM … AS name``, ``refused rejected`` for a database's ``constraint
failed``, ``times called`` for cProfile's ``ncalls``, ``leak`` for
memcheck's ``definitely lost``; ADRs 0209, 0219, 0222, 0229, 0239, 0263 and 0278 add entries).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from string import ascii_lowercase, ascii_uppercase

from domain.precompiled import precompiled
from domain.search.fact_gates import FACT_GATES
from domain.search.language_codes import LOCALE_ENTRIES, may_hold_a_tag
from domain.search.literal_signs import literal_finder
from domain.search.markup_vocabulary import MARKUP_REPORT_SIGN
from domain.search.route_trace_vocabulary import ROUTE_TRACE_SIGN
from domain.search.sign_literals import sign_literals
from domain.search.system_marks_vocabulary import CAPABILITY_SIGN, ZONE_CHANGE_SIGN
from domain.search.tool_entries import TOOL_ENTRIES
from domain.search.word_stems import said_pattern

_ENTRIES = TOOL_ENTRIES


# A word the text already says as a whole word, in any inflection (``image`` for ``images``;
# not ``type`` for ``prototype``, nor ``key`` for ``KeyError``).
_SAID = {word: said_pattern(word) for _, _, said in _ENTRIES for word in said.split()}


# The locale entries close ``_ENTRIES`` and share one sign: it is asked once for all of them,
# after the others (their words keep their place), instead of once an entry (ADR 0287).
_OWN_SIGNS = _ENTRIES[: -len(LOCALE_ENTRIES)]
_LOCALE_TESTS = tuple((holds, said) for _, holds, said in LOCALE_ENTRIES)


# One sign as the scan asks it: the place in ``_OWN_SIGNS`` of the entry it lets run, the
# characters asked for after the first, the sign.
_Asked = tuple[int, str, str | Callable[[str], object]]
# A scan asked once for the signs of several entries (``None``: none), behind their first
# character.
_Scan = Callable[[str], object] | None


# Scans each asked once for the signs of two entries that open on the same character, in place
# of a scan each: every match of a sign is a match of its scan, so a text without one holds
# neither sign. A line opening a mode (``-`` of an executable's ``-rwxr-xr-x``, or ``[-dl][r-]``
# of a listed entry's) and an extension (a header's ``.h``, an archive's ``.tar``, ``.tgz``,
# ``.zip``): ``re`` stops once at each line break (each dot) for both signs, where it stopped
# once for each (ADR 0361).
_LINE_OPENING_A_MODE = precompiled(r"\n(?:-|[dl][r-])")
_EXTENSION = precompiled(r"\.(?:h|t(?:ar|gz)|zip)")
# Each scan by the patterns of the signs (their ``search``) it is asked for.
_SHARED_SCANS: dict[str, _Scan] = {
    pattern: scan
    for scan, patterns in (
        (_LINE_OPENING_A_MODE.search, (r"\n-", r"\n[-dl][r-]")),
        (_EXTENSION.search, (r"\.h", r"\.(?:t(?:ar|gz)|zip)")),
        # One sign of several entries, asked once for all of them (ADRs 0392, 0398).
        *(
            (sign.search, (sign.pattern,))
            for sign in (CAPABILITY_SIGN, ZONE_CHANGE_SIGN, MARKUP_REPORT_SIGN, ROUTE_TRACE_SIGN)
        ),
    )
    for pattern in patterns
}


def _shared_scan(sign: str | Callable[[str], object]) -> _Scan:
    """The scan ``sign`` is asked behind, when it is a pattern's ``search`` of ``_SHARED_SCANS``."""
    pattern = getattr(sign, "__self__", None)
    if not isinstance(pattern, re.Pattern) or getattr(sign, "__name__", "") != "search":
        return None
    return _SHARED_SCANS.get(pattern.pattern)


def _marks_of(characters: str, sign: str | Callable[[str], object]) -> str:
    """``characters``, then the marks of a string ``sign`` not among them: a character neither
    a letter, a digit nor a blank or line break (``:`` of ``cargo:``, ``-`` of ``-A ``). A
    text without one lacks the sign, and a ``memchr`` that says so spares the sign's scan, ten
    times its cost on a log of words and numbers (ADR 0335)."""
    if not isinstance(sign, str):
        return characters
    marks = (c for c in sign if not (c.isalnum() or c in " \n") and c not in characters)
    return characters + "".join(dict.fromkeys(marks))


def _by_first_character(
    caseless: bool, scans_only: bool = False
) -> tuple[tuple[str, _Scan, tuple[_Asked, ...]], ...]:
    """The signs of ``_OWN_SIGNS`` (when ``caseless``, those not behind a capital, which such a
    text cannot hold), each with its entry's place, grouped by the character asked for first
    (``""``: none): the scan asks each character once for all the entries behind it, instead
    of once an entry, and walks no entry whose character the text does not hold (ADR 0318).
    A string sign is asked its marks too, after its own characters (``_marks_of``). The signs
    of a shared scan (``_shared_scan``) stand in a group of their own, asked behind the scan
    too (ADR 0361). ``scans_only``: only the signs no automaton of strings finds
    (``sign_literals``)."""
    groups: dict[tuple[str, _Scan], list[_Asked]] = {}
    for place, entry in enumerate(_OWN_SIGNS):
        for characters, sign in entry[0]:
            if caseless and any(c != c.lower() for c in characters):
                continue
            if scans_only and sign_literals(sign) is not None:
                continue
            asked = _marks_of(characters, sign)
            groups.setdefault((asked[:1], _shared_scan(sign)), []).append((place, asked[1:], sign))
    return tuple((first, scan, tuple(asked)) for (first, scan), asked in groups.items())


_GROUPS = _by_first_character(caseless=False)
# What a text equal to its lower-case copy is asked: it holds no character ``lower`` changes,
# so no sign behind one, nor a locale tag (its region is two capitals). A log of lower-case
# words is spared the signs asked behind a capital (35 of 106; ADR 0335) and the tag's scan.
_CASELESS_GROUPS = _by_first_character(caseless=True)


# A locale tag's language's last letter, its ``_`` and its region's first capital, which every
# match of ``may_hold_a_tag`` holds: found in the same pass, they stand for the locale entries
# (at ``_LOCALES``, after the entries' places), and a text holding none is not asked for a tag
# (ADR 0401).
_REGIONS = tuple(f"{last}_{first}" for last in ascii_lowercase for first in ascii_uppercase)
_LOCALES = len(_OWN_SIGNS)


def _by_literal() -> tuple[tuple[str, ...], tuple[tuple[tuple[int, str], ...], ...]]:
    """The distinct strings of the signs of ``_OWN_SIGNS`` (``sign_literals``), and for each the
    entries it lets run: each entry's place, with the characters its sign is asked behind
    that the string lacks (a text must hold them too; mostly none)."""
    held_by: dict[str, dict[tuple[int, str], None]] = {}
    for place, entry in enumerate(_OWN_SIGNS):
        for characters, sign in entry[0]:
            for literal in sign_literals(sign) or ():
                lacked = "".join(c for c in dict.fromkeys(characters) if c not in literal)
                held_by.setdefault(literal, {})[place, lacked] = None
    for literal in _REGIONS:
        held_by.setdefault(literal, {})[_LOCALES, ""] = None
    # The other facts' strings, found in the same pass, let no entry run (ADR 0410).
    for literal in FACT_GATES:
        held_by.setdefault(literal, {})
    return tuple(held_by), tuple(tuple(entries) for entries in held_by.values())


# The strings of the signs, found in one pass over a text (ADR 0401), and the signs left to
# scan one by one as above. Without the automaton, every sign is asked as above.
_LITERALS, _HELD_BY = _by_literal()
_FIND_LITERALS = literal_finder(_LITERALS)
_GATE_PLACES = frozenset(_LITERALS.index(literal) for literal in FACT_GATES)
_NO_GATES: frozenset[str] = frozenset()


def literals_held(text: str) -> set[int] | None:
    """The places among the automaton's strings of those ``text`` holds, found in one pass,
    for ``tool_vocabulary_facts`` and ``gates_held`` to share; ``None`` without the automaton."""
    return None if _FIND_LITERALS is None else _FIND_LITERALS(text)


def gates_held(found: set[int] | None) -> frozenset[str] | None:
    """The strings of ``FACT_GATES`` among ``found`` (``literals_held``'s places): those the
    text holds; ``None`` when ``found`` is."""
    if found is None:
        return None
    places = found & _GATE_PLACES
    return frozenset(_LITERALS[place] for place in places) if places else _NO_GATES


_SCANNED = _by_first_character(caseless=False, scans_only=True)
_CASELESS_SCANNED = _by_first_character(caseless=True, scans_only=True)


def tool_vocabulary_facts(
    text: str, lowered: str | None = None, found_literals: set[int] | None = None
) -> str:
    """The agent's words for what ``text`` prints in a tool's own vocabulary, leaving out a word
    ``text`` already says in any inflection (at a word's start); ``""`` when it prints none.
    ``lowered``: ``text.lower()``, when the caller has made it (ADR 0276); ``found_literals``:
    ``literals_held(text)``, when the caller has found them (ADR 0410)."""
    words: dict[str, None] = {}
    caseless = lowered is not None and lowered == text
    # The entries one of whose signs ``text`` holds (each behind its characters), by place;
    # their tests run in the table's order, so their words keep it. Written out here, not
    # called: the loop runs for every section indexed.
    found: set[int] = set()
    tagged = not caseless
    if _FIND_LITERALS is not None:
        if found_literals is None:
            found_literals = _FIND_LITERALS(text)
        for literal in found_literals:
            for place, lacked in _HELD_BY[literal]:
                for character in lacked:
                    if character not in text:
                        break
                else:
                    found.add(place)
        if _LOCALES in found:
            found.discard(_LOCALES)
        else:
            tagged = False
        groups = _CASELESS_SCANNED if caseless else _SCANNED
    else:
        groups = _CASELESS_GROUPS if caseless else _GROUPS
    for first, scan, asked in groups:
        if first in text and (scan is None or scan(text)):
            for place, characters, sign in asked:
                if place in found:
                    continue
                for character in characters:
                    if character not in text:
                        break
                else:
                    if sign in text if isinstance(sign, str) else sign(text):
                        found.add(place)
    for place in sorted(found):
        _, holds, said = _OWN_SIGNS[place]
        if holds(text):
            words.update(dict.fromkeys(said.split()))
    if tagged and may_hold_a_tag(text):
        for holds, said in _LOCALE_TESTS:
            if holds(text):
                words.update(dict.fromkeys(said.split()))
    if not words:
        return ""
    if lowered is None:
        lowered = text.lower()
    return " ".join(word for word in words if _SAID[word].search(lowered) is None)
