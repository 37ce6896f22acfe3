"""Where a query's terms occur in a chunk: the evidence reranking and snippets work from.

A term matches its own spelling, its synonyms and its crude stem as a prefix (``failing``
matches ``failed``), the way porter matched it; short alternatives must start a word so
``db`` does not match inside ``feedback``. Plain ``str.find`` scans, no regular expressions:
a query's patterns would be compiled once per query, which cost more than the scans.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from domain.search.inflections import searched_forms
from domain.search.padded_numbers import number_occurrences
from domain.search.query import ParsedQuery
from domain.search.synonyms import synonyms_of
from domain.search.version_forms import version_forms
from domain.search.word_stems import ENDINGS, LONGEST_ENDING, MIN_STEM, PREFIXES, stem_prefix

_SHORT = 4  # shorter alternatives must start a word
_MAX_POSITIONS = 64  # per unit and text: enough for proximity and snippets
MAX_POSITIONS = _MAX_POSITIONS  # ``Unit.positions``' default limit, for callers passing it


def _starts_word(text: str, index: int) -> bool:
    return index == 0 or not text[index - 1].isalnum()


def _joins_parts(cased: str, at: int) -> bool:
    """Whether two parts of an identifier meet at ``at`` of the text as written: a lower-case
    letter then an upper-case one (``TestRefill``, ``CrashLoop``)."""
    return cased[at].isupper() and cased[at - 1].islower()


def _part_of_word(text: str, start: int, end: int, cased: str | None) -> bool:
    """Whether a match from ``start`` to ``end`` that does not start a word stands for a word
    or a part of one all the same: it starts an identifier's part (``Rate`` of ``ParseRate``)
    or follows a prefix that starts the word (``auth`` of ``unauthorized``), or ends a word or
    a part, give or take an ending (``blanks`` of ``nonblanks``, ``name`` of ``username``) —
    not a run of letters inside another word (``rate`` in ``generated``, ``pars`` in
    ``sparse``)."""
    if cased is None or _joins_parts(cased, start):
        return True  # ``cased`` None: the text as written differs in length, as ever
    begin = start - 1
    while begin and text[begin - 1].isalpha() and start - begin < 3:
        begin -= 1
    if (not begin or not text[begin - 1].isalpha()) and text[begin:start] in PREFIXES:
        return True
    rest = end
    while rest < len(text) and text[rest].isalpha() and not _joins_parts(cased, rest):
        rest += 1
        if rest - end > LONGEST_ENDING:
            return False
    ending = text[end:rest]
    if ending == "e":
        # The e a stem dropped (``spac`` of ``spaces``) ends a compound (``whitespace``), not a
        # word a letter or two longer (``pars`` of ``parsed`` in ``sparse``).
        return start >= MIN_STEM and text[start - MIN_STEM : start].isalpha()
    return rest == end or ending in ENDINGS


def _occurrences(text: str, needle: str, limit: int, cased: str | None = None) -> list[int]:
    """Where ``needle`` occurs in ``text`` (lower case): a short needle only at the start of a
    word, a longer one where it stands for a word or a part of one (``_part_of_word``;
    ``cased``: ``text`` as written, for the parts of identifiers); a short number also where
    it ends a zero-padded field (``padded_numbers``)."""
    found: list[int] = []
    if limit <= 0:
        return found
    find = text.find  # bound once: the loop runs for every candidate's every occurrence
    start = find(needle)
    size = len(needle)
    if size >= _SHORT:
        while start != -1:
            # Most matches start a word: tested here, without a call.
            if (
                not start
                or not text[start - 1].isalnum()
                or _part_of_word(text, start, start + size, cased)
            ):
                found.append(start)
                if len(found) >= limit:
                    break
            start = find(needle, start + 1)
        return found
    if needle.isdigit() and needle[0] != "0":
        return number_occurrences(text, needle, limit, start)
    while start != -1:
        if _starts_word(text, start):
            found.append(start)
            if len(found) >= limit:
                break
        start = text.find(needle, start + 1)
    return found


def _occurs(text: str, needle: str, cased: str | None = None) -> bool:
    """``bool(_occurrences(text, needle, 1, cased))``: a first occurrence starting a word
    (most do) settles it with no call."""
    if len(needle) >= _SHORT:
        start = text.find(needle)
        if start < 0:
            return False
        if not start or not text[start - 1].isalnum():
            return True
    return bool(_occurrences(text, needle, 1, cased))


def _covers(shorter: str, longer: str) -> bool:
    """Every place ``longer`` matches, ``shorter`` matches too (``fail`` covers ``failing``; a
    short alternative must start a word, so it covers only other short ones)."""
    return longer.startswith(shorter) and (len(shorter) >= _SHORT or len(longer) < _SHORT)


def _scanned(alternatives: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(a for a in alternatives if not any(b != a and _covers(b, a) for b in alternatives))


@attrs.frozen
class Unit:
    """One query unit: a phrase (its words, any whitespace between) or a term's alternatives."""

    alternatives: tuple[str, ...]
    phrase: tuple[str, ...] = ()
    # The alternatives worth scanning for: one covered by a shorter one adds no position.
    scan: tuple[str, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    # What a text must hold for the unit to occur in it at all (a phrase: its first word): one
    # ``in`` per needle rules out the texts it is not in before any scan.
    needles: tuple[str, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    # The one needle of a unit that is no phrase and has one alternative worth scanning (the
    # common unit), else ``""``: its positions are that needle's occurrences.
    needle: str = attrs.field(init=False, eq=False, hash=False, repr=False)

    @scan.default
    def _scan(self) -> tuple[str, ...]:
        return _scanned(self.alternatives)

    @needle.default
    def _needle(self) -> str:
        return self.scan[0] if len(self.scan) == 1 and not self.phrase else ""

    @needles.default
    def _needles(self) -> tuple[str, ...]:
        return self.phrase[:1] if self.phrase else self.scan

    def positions(
        self, lowered: str, limit: int = _MAX_POSITIONS, text: str | None = None
    ) -> list[int]:
        """Where the unit occurs in ``lowered``; ``text``: the same text as written, which
        tells the parts of an identifier (``ParseRate``) from letters inside a word."""
        scan = self.scan
        if len(scan) == 1 and not self.phrase:  # the common unit: one needle, one scan
            cased = text if text is not None and len(text) == len(lowered) else None  # _cased
            return _occurrences(lowered, scan[0], limit, cased)
        if not self.phrase:
            # Several alternatives: only those the text holds are scanned. One the text lacks
            # costs a single ``in``; a test of the needles and a scan read it twice in full.
            held = [alternative for alternative in scan if alternative in lowered]
            if not held:
                return []
            cased = text if text is not None and len(text) == len(lowered) else None  # _cased
            if len(held) == 1:
                return _occurrences(lowered, held[0], limit, cased)
            hits = [found for a in held if (found := _occurrences(lowered, a, limit, cased))]
            if len(hits) < 2:
                # One alternative found (the common case): its positions ascend already,
                # distinct and within ``limit``.
                return hits[0] if hits else []
            return sorted({start for found in hits for start in found})[:limit]
        # A phrase: no first word, no occurrence (spares the whitespace-normalised copy).
        if self.phrase[0] not in lowered:
            return []
        cased = _cased(lowered, text)
        normalised = " ".join(lowered.split())
        if normalised != lowered:  # offsets must be those of the original text
            return _phrase_positions(lowered, self.phrase, limit, cased)
        return _occurrences(lowered, " ".join(self.phrase), limit, cased)

    def present(self, lowered: str, text: str | None = None) -> bool:
        if self.phrase:
            return bool(self.positions(lowered, 1, text))
        cased = text if text is not None and len(text) == len(lowered) else None  # _cased
        # A loop, not ``any`` over a generator: it runs for every line of every excerpt.
        for alternative in self.scan:  # noqa: SIM110
            if _occurs(lowered, alternative, cased):
                return True
        return False


def _cased(lowered: str, text: str | None) -> str | None:
    """``text`` when it is ``lowered`` as written (lower-casing kept every offset)."""
    return text if text is not None and len(text) == len(lowered) else None


def _phrase_positions(
    lowered: str, words: tuple[str, ...], limit: int, cased: str | None = None
) -> list[int]:
    found: list[int] = []
    for start in _occurrences(lowered, words[0], limit * 4, cased):
        index = start + len(words[0])
        for word in words[1:]:
            gap = len(lowered[index:]) - len(lowered[index:].lstrip())
            if gap == 0 or not lowered.startswith(word, index + gap):
                break
            index += gap + len(word)
        else:
            found.append(start)
            if len(found) >= limit:
                break
    return found


# A search asks about ~150–200 distinct texts (lines of its excerpts, titles, labels); the memo's
# hits are repeats inside one search. 512 keeps those and holds a long-running server's memory to
# a few hundred texts: at 4096, 2,000 calls left ~0.25 MB of lines alive in it, and growing.
PRESENT_MEMO = 512


@lru_cache(maxsize=PRESENT_MEMO)
def _present(groups: TermGroups, text: str) -> tuple[bool, ...]:
    lowered = text.lower()
    if groups.holds_none(lowered):
        return (False,) * len(groups.matchers)
    return tuple([unit.present(lowered, text) for unit in groups.matchers])


@attrs.frozen(cache_hash=True)  # a memo key on every title and label
class TermGroups:
    """The query's units, in order (phrases first, then terms); ``pairs`` are the indexes of
    consecutive terms (as the query had them), whose nearness is evidence of their own."""

    units: tuple[str, ...]
    matchers: tuple[Unit, ...]
    pairs: tuple[tuple[int, int], ...] = ()
    # Every unit's needles: a text holding none of them holds no unit.
    needles: tuple[str, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    @needles.default
    def _needles(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(n for unit in self.matchers for n in unit.needles))

    def holds_none(self, lowered: str) -> bool:
        """Whether ``lowered`` (a lower-cased text) lacks every needle: then no unit occurs in
        it, and ``present`` would say ``False`` for each."""
        for needle in self.needles:  # noqa: SIM110 — a loop: it runs for every excerpt line
            if needle in lowered:
                return False
        return True

    def positions(self, text: str) -> list[list[int]]:
        """For each unit, the character offsets in ``text`` where it occurs."""
        lowered = text.lower()
        return [unit.positions(lowered, text=text) for unit in self.matchers]

    def present(self, text: str) -> list[bool]:
        """Whether each unit occurs in ``text`` (memoised: titles and labels repeat)."""
        return list(_present(self, text))

    # ``present`` as the memo holds it, with no copy (every candidate's title, label and
    # facts): the memo bound as a method, no frame of capy's own.
    presence = _present

    def title_positions(self, title: str) -> tuple[tuple[int, ...], ...]:
        """``positions`` of a title (memoised: titles repeat across a source's chunks)."""
        return _title_positions(self, title)


@lru_cache(maxsize=4096)
def _title_positions(groups: TermGroups, title: str) -> tuple[tuple[int, ...], ...]:
    lowered = title.lower()
    return tuple(tuple(unit.positions(lowered, text=title)) for unit in groups.matchers)


# How tools print a method a question writes ``Type.method``: Go's ``(*Type).Method`` and
# ``(Type).Method`` (panics, stack traces, pprof), Rust's and C++'s ``Type::method``, Ruby's
# and Javadoc's ``Type#method``; a question that writes one of these finds the others.
_JOINTS = (".", ").", "::", "#")


def qualified_forms(term: str) -> tuple[str, ...]:
    """The other spellings of a method named by two identifiers (``signer.sign`` →
    ``signer).sign``, ``signer::sign``, ``signer#sign``; ``vec::push`` → ``vec.push`` …);
    ``()`` for anything else. A file name (``sign.go``) gets them too: they occur nowhere."""
    for joint in _JOINTS[::-1]:  # ``).`` before ``.``
        head, found, tail = term.partition(joint)
        if found:
            break
    else:
        return ()
    if not _identifier(head.lstrip("(*")) or not _identifier(tail):
        return ()
    head = head.lstrip("(*")
    return tuple(f"{head}{other}{tail}" for other in _JOINTS if other != joint)


def _identifier(part: str) -> bool:
    return len(part) >= 2 and part[0].isalpha() and part.replace("_", "a").isalnum()


def _unit(text: str) -> Unit:
    if " " in text:
        return Unit((text,), tuple(text.split()))
    synonyms = (*synonyms_of(text), *searched_forms(text), *version_forms(text))
    alternatives = {text, stem_prefix(text), *synonyms, *(stem_prefix(s) for s in synonyms)}
    alternatives.update(qualified_forms(text))
    return Unit(tuple(sorted(alternatives, key=lambda a: (-len(a), a))))


@lru_cache(maxsize=256)
def _compile(units: tuple[str, ...], first_term: int) -> TermGroups:
    pairs = tuple((i, i + 1) for i in range(first_term, len(units) - 1))
    return TermGroups(units, tuple(_unit(u) for u in units), pairs)


def term_groups(query: ParsedQuery) -> TermGroups:
    """The query's units prepared once (cached across calls with the same units)."""
    return _compile(query.groups, len(query.phrases))
