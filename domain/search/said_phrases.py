"""A question's small words that a line says around its other words, in the question's order.

Stopwords never find, rank or silence anything on their own (``query.parse_query`` drops them).
But tools print some of them as the point of what they say: ``Only in staging: redis.conf``
for "files only in staging", ``No such file or directory``, ``out of memory``, ``up to date``,
``does not compile``. A line that says a run of the question's consecutive words, holding one
of those telling small words (``TELLING``) and a word that is no stopword, says the question
in its own order; ``SaidPhrases.said_share`` measures the longest such run as a share of the
question's words. Glue alone is worth nothing: "in parallel" or "in the middle of" said by a
line is prose that many lines share (ADR 0231), and a run of small words only ("did not")
names nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

import attrs

from domain.precompiled import precompiled
from domain.search.stopwords import STOPWORDS
from domain.search.word_stems import stem_prefix

# Small words that turn what a line says: negation, "only", and the particles of "out of
# memory", "up to date", "shut down", "turned off". Each is a stopword.
TELLING: frozenset[str] = frozenset(
    ["not", "no", "nor", "without", "only", "out", "off", "up", "down"]
)

_WORD = precompiled(r"[^\W_]+")
# How far around a match a line is read: a line can be a whole minified file.
_REACH = 160
# The matches of one text looked at: the first few settle it.
_FINDS_READ = 8
# A word of the question matches a longer one of the line by its stem of at least this length
# (``files`` → ``file``); shorter stems match only the word itself.
_MIN_STEM = 3


@attrs.frozen
class SaidPhrases:
    """The question's words in order (lower case), which of them are stopwords, their stems,
    a pattern finding a stopword of the question next to another of its words (every run
    worth credit holds such a pair), and the pieces of text a run worth credit needs
    (``_needs``)."""

    words: tuple[str, ...]
    small: tuple[bool, ...]
    stems: tuple[str, ...]
    pattern: re.Pattern[str]
    needs: tuple[tuple[str, ...], ...]
    # Where each word stands in the question (a word asked twice stands at both places), and
    # the stems a line's word may start with to say one of them (``_same``).
    places: dict[str, tuple[int, ...]] = attrs.field(eq=False)
    stem_starts: tuple[str, ...] = attrs.field(eq=False)

    def said_share(self, lowered: str) -> float:
        """The longest run of the question's consecutive words, with a telling small word and
        a word that is no stopword in it, that one line of ``lowered`` (a lower-cased text)
        says consecutively, as a share of the question's words (0: none)."""
        # Most texts lack a piece of every set a run needs: a few substring tests, not the scan
        # (ADR 0232). A loop, not ``any(all(...))``: this runs for every candidate.
        for pieces in self.needs:
            for piece in pieces:
                if piece not in lowered:
                    break
            else:
                break
        else:
            return 0.0
        best = 0
        read = (0, 0)
        saying: dict[str, tuple[int, ...]] = {}  # a line's word → ``_places_said``, per text
        for count, match in enumerate(self.pattern.finditer(lowered)):
            if count == _FINDS_READ:
                break
            start, end = match.span()
            if "\n" in lowered[start:end]:
                continue  # the two words stand on two lines
            line_start = max(lowered.rfind("\n", 0, start) + 1, start - _REACH)
            line_end = lowered.find("\n", end)
            if line_end < 0 or line_end > end + _REACH:
                line_end = min(len(lowered), end + _REACH)
            if (line_start, line_end) == read:
                continue  # another match of the same short line: read already
            read = (line_start, line_end)
            tokens = _WORD.findall(lowered, line_start, line_end)
            best = max(best, self._longest(tokens, saying))
        return best / len(self.words)

    def _longest(self, tokens: list[str], saying: dict[str, tuple[int, ...]] | None = None) -> int:
        """The longest run worth credit that ``tokens`` (one line's words) hold: token by
        token, each run of the question's consecutive words said by consecutive tokens grows
        from the run ending one word earlier on the token before, and is measured as it grows
        (``saying``: what tokens seen before say)."""
        words, small, places, stem_starts = self.words, self.small, self.places, self.stem_starts
        if saying is None:
            saying = {}
        best = 0
        ending: dict[int, tuple[int, int, int]] = {}  # run's last word → length, telling, others
        for token in tokens:
            said = saying.get(token)
            if said is None:  # most tokens say nothing, which one look-up shows
                if token.startswith(stem_starts):
                    said = self._places_said(token)
                else:
                    said = places.get(token, ())
                saying[token] = said
            if not said:
                ending = {}
                continue
            grown = {}
            for at in said:
                length, telling, others = ending.get(at - 1, (0, 0, 0))
                length += 1
                telling += words[at] in TELLING
                others += not small[at]
                grown[at] = (length, telling, others)
                if telling and others and length > best:
                    best = length
            ending = grown
        return best

    def _places_said(self, token: str) -> tuple[int, ...]:
        """Where in the question stand the words that a line's word ``token`` says
        (``_same``). A token starting with no stem says only a word equal to it: ``places``
        tells where that stands, as ``_longest`` asks first."""
        return tuple([at for at in range(len(self.words)) if self._same(at, token)])

    def _same(self, at: int, token: str) -> bool:
        """Whether a line's word says the question's word at ``at``: a stopword only as
        itself, another word also by its stem (``file`` for ``files``)."""
        if token == self.words[at]:
            return True
        stem = self.stems[at]
        return not self.small[at] and len(stem) >= _MIN_STEM and token.startswith(stem)


@lru_cache(maxsize=256)
def said_phrases(raw: str) -> SaidPhrases | None:
    """What ``SaidPhrases`` needs of the question ``raw``; None when it has no telling small
    word, or no stopword next to another word (nothing a line could say in its order)."""
    words = tuple(_WORD.findall(raw.lower()))
    if not TELLING.intersection(words):
        return None
    small = tuple(word in STOPWORDS for word in words)
    stems = tuple(stem_prefix(word) for word in words)
    pairs = [
        _pair(words, small, stems, at) for at in range(len(words) - 1) if small[at] != small[at + 1]
    ]
    if not pairs:
        return None
    pattern = re.compile("|".join(dict.fromkeys(pairs)))
    places: dict[str, list[int]] = {}
    for at, word in enumerate(words):
        places.setdefault(word, []).append(at)
    stem_starts = tuple(
        dict.fromkeys(
            stem
            for stem, is_small in zip(stems, small, strict=True)
            if not is_small and len(stem) >= _MIN_STEM
        )
    )
    return SaidPhrases(
        words,
        small,
        stems,
        pattern,
        _needs(words, small, stems),
        {word: tuple(at) for word, at in places.items()},
        stem_starts,
    )


def _needs(
    words: tuple[str, ...], small: tuple[bool, ...], stems: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The sets of pieces a text holds, one set whole, when a line of it says a run worth
    credit: a run holds a telling word and a word that is no stopword, so it holds every
    word from a telling word to the nearest such word on its left or on its right. A line's
    word that says the question's word is a piece of the text holding the word itself (a
    stopword, or a word whose stem is too short to count) or its stem (``_same``), whatever
    the text around it: a text lacking one piece of every set says no run."""
    pieces = [
        word if is_small or len(stem) < _MIN_STEM else stem
        for word, is_small, stem in zip(words, small, stems, strict=True)
    ]
    needs = []
    for at, word in enumerate(words):
        if word not in TELLING:
            continue
        for way in (range(at, -1, -1), range(at, len(words))):
            chain = []
            for index in way:
                chain.append(pieces[index])
                if not small[index]:
                    needs.append(tuple(dict.fromkeys(chain)))
                    break
    return tuple(dict.fromkeys(needs))


def _pair(words: tuple[str, ...], small: tuple[bool, ...], stems: tuple[str, ...], at: int) -> str:
    """A pattern of the question's words at ``at`` and ``at + 1`` standing next to each other:
    a stopword as itself, another word by its stem."""
    parts = []
    for index in (at, at + 1):
        if small[index] or len(stems[index]) < _MIN_STEM:
            parts.append(re.escape(words[index]) + r"(?![^\W_])")
        else:
            parts.append(re.escape(stems[index]) + r"[^\W_]*")
    # No look-behind for the first word's start: it makes ``re`` try the pattern at every
    # position (×9 the time on a 2 KB text); a match inside a longer word only brings a line
    # whose own words are then compared.
    return r"[\W_]+".join(parts)
