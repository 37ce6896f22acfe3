"""Correcting a query's misspelt words against the store's vocabulary, with a cache."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.search.store_words import HELD_MIN, KnownWords, StoreWords
from domain.search.answer_kinds import phrase_cues
from domain.search.corrected_text import (
    apart,
    doubled_by_spelling,
    replaced,
    run_in_raw,
)
from domain.search.fuzzy import (
    CorrectionCache,
    correctable,
    max_distance,
    slip_only,
)
from domain.search.generic_words import GENERIC_WORDS
from domain.search.inflections import able_forms, agent_stems, regular_forms
from domain.search.initialisms import spelt_out
from domain.search.keyboard import is_slip, letter_put_back, unslipped
from domain.search.query import ParsedQuery
from domain.search.question_words import QUESTION_WORDS
from domain.search.refused_corrections import closest_allowed
from domain.search.stem_slips import slip_found_by_stem
from domain.search.stopwords import STOPWORDS
from domain.search.synonym_slips import synonym_of_a_slip
from domain.search.synonyms import SYNONYM_WORDS

# An inflection is at most this many letters longer or shorter than its word (``queries`` →
# ``query``, ``spill`` → ``spilling``), a slip one letter more.
_FORM_REACH = 4
# Words a correction may reach that no output need hold: synonyms, the words that phrase a
# question (``verssion`` → ``version``, ``fnid`` → ``find``) and the generic ones.
_KNOWN_WORDS = SYNONYM_WORDS | QUESTION_WORDS | GENERIC_WORDS
# A question or generic word is a correction only when one slip of a typist explains it:
# ``looping`` is no typo of ``looking`` (k is far from p), and the text may hold it inside a
# name (``CrashLoopBackOff``).
_ASKING_ONLY = (QUESTION_WORDS | GENERIC_WORDS) - SYNONYM_WORDS


# A word this short is corrected only by putting back a letter it dropped.
SHORT_SLIP_LENGTH = 3
# A word of four letters or fewer held inside longer ones is as often a whole word of its own
# (``code`` of ``codec``, ``decode``) as a longer word with its last letter dropped: only a
# longer one is read as the start or end of its one-slip correction (``matri`` of ``matrix``).
_CUT_SHORT_MIN = 5


class QueryCorrector:
    """Replaces words the vocabulary does not know by their nearest known word.

    A hyphenated word the text writes solid or only in part (``auto-fixable`` for ``fixable``)
    becomes the solid word, else its last part the vocabulary knows. Candidates for other words
    are the vocabulary words of similar length plus the synonym dictionary's words
    (``perfomance`` → ``performance`` even when only ``latency`` was ever indexed), the words
    that phrase a question (``verssion`` → ``version``) and the generic ones (``eror``). Answers and
    the vocabulary bands read for them expire after a minute, so newly indexed words become
    candidates (see ``tuning``).
    """

    def __init__(self, store: KnowledgeStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock
        self._cache = CorrectionCache()
        self._words = StoreWords(store, clock, _KNOWN_WORDS)

    def correct(
        self,
        query: ParsedQuery,
        present: Callable[[str], bool] | None = None,
        as_typed: frozenset[str] = frozenset(),
    ) -> ParsedQuery | None:
        """The query with unknown words corrected, or None when nothing changed.

        ``present(word)`` tells whether the text already found contains the word (a partial
        identifier such as ``ConnectionRese`` is no typo and is left alone, but for a word of
        three letters and one a letter short of its one-slip correction:
        ``_slips_of_found_words``). Words in ``as_typed`` stay as typed (ADR 0179), and so do
        the words a phrase of the question only asks by (``long`` of "how long": ADR 0197).
        """
        as_typed = as_typed | phrase_cues(query.raw)
        absent = [
            t
            for t in query.terms
            if t not in as_typed and correctable(t) and not self._store.has_word(t)
        ]
        unknown = {t for t in absent if present is None or not present(t)}
        corrections = {
            t: c
            for t in unknown
            if (c := self._corrected(t, present) or self._undoubled(t, present)) is not None
            and c != t
        }
        if present is not None:
            inside = [t for t in absent if t not in unknown]
            found = self._slips_of_found_words(query.terms, inside, present)
            corrections |= {t: c for t, c in found.items() if t not in as_typed}
        corrections = apart(query.terms, corrections)
        if not corrections and not unknown:
            return None
        # A word one slip explains is a typo, not a word of an abbreviated name.
        short = spelt_out(
            query.terms,
            lambda t: t in unknown and not (t in corrections and is_slip(t, corrections[t])),
            self._words.abbreviates,
        )
        corrections = {t: c for t, c in corrections.items() if t not in short}
        if not corrections and not short:
            return None
        terms = [short.get(t) or corrections.get(t, t) for t in query.terms]
        # A run spelt out keeps one unit per word typed (each is judged as its initials).
        kept = [t for at, t in enumerate(terms) if query.terms[at] in short or t not in terms[:at]]
        return attrs.evolve(
            query, raw=replaced(query.raw, corrections | run_in_raw(short)), terms=tuple(kept)
        )

    def _corrected(self, word: str, present: Callable[[str], bool] | None) -> str | None:
        """The vocabulary's correction when one slip explains it; else the word one slip away
        that the text found holds, though only inside a longer word (``ruuff`` → ``ruff`` of
        ``ruff_cache``, ``sqlcihper`` → ``sqlcipher`` of ``sqlcipher3``): the vocabulary holds
        whole words only; else the vocabulary's farther correction."""
        correction = self._word(word)
        if correction is not None and is_slip(word, correction):
            return None if self._names_a_doer(word, correction) else correction
        if not slip_only(word):
            if self._known_as_typed(word):
                return None  # ``fails`` where the text says ``fail``: no ``faile`` of ``failed``
            candidates = [c for c in unslipped(word) if len(c) > HELD_MIN]
            held = next((c for c in candidates if present(c)), None) if present else None
            if held is None and present is not None:
                held = slip_found_by_stem(candidates, present)
            if held is None and correction is None and word not in _KNOWN_WORDS:
                held = self._words.held_by_store(word, candidates)
            if held is not None:
                return None if self._names_a_doer(word, held) else held
        elif correction is None and word not in _KNOWN_WORDS:
            # A short word's slips fill the text found by chance (``fie`` of ``field``): only a
            # whole part of a name or of a source's label counts (``javc`` → ``javac`` of
            # ``real-javac-errors``). One of four letters no text writes is also the word one
            # slip away whose form the vocabulary holds (``liev`` → ``live`` of ``lived``).
            candidates = [c for c in unslipped(word) if len(c) > HELD_MIN]
            held = self._words.held_by_store(word, candidates)
            if held is None and len(word) > SHORT_SLIP_LENGTH and not self._words.writes(word):
                held = self._slip_of_a_known_form(word, self._clock.monotonic(), synonyms=False)
            return held
        return None if correction and self._names_a_doer(word, correction) else correction

    def _known_as_typed(self, word: str) -> bool:
        """Whether the vocabulary holds a regular form of ``word`` (``fail``, ``failed`` of
        ``fails``): the word is typed right, only not in the form the text writes it. Only the
        forms of a stem the word ends on are asked for: a slip guessed an ending (``calll`` as
        ``callled``) is no stem, and ``call`` is not ``calll`` in another form."""
        forms = {word, *regular_forms(word)}
        stems = [form for form in forms if len(form) < len(word)]
        forms.update(*(regular_forms(stem) for stem in stems))
        return not self._words.known_of(frozenset(forms), self._clock.monotonic()).isdisjoint(forms)

    def _undoubled(self, word: str, present: Callable[[str], bool] | None) -> str | None:
        """What a word nothing corrects reads as with a doubled letter made single, when that
        word is no more held than it is (``asyncc`` as ``async``, which the store's ``sync``
        corrects): the question then reads as it would typed right. Only a letter doubled
        where no indexed text doubles it after the same letter is a slip (``ncc`` of
        ``asyncc``; ``process`` is typed right wherever the text says ``less``), and never a
        consonant English doubles before an ending (``rolled`` is not ``roled``). None when no
        such word, or their corrections differ, or it is too short to correct but by one slip
        (``pull``: ``pul``)."""
        found: set[str] = set()
        for at in range(2, len(word)):
            single = word[:at] + word[at + 1 :]
            if (
                word[at] != word[at - 1]
                or not word[at].isalpha()
                or slip_only(single)
                or single in _KNOWN_WORDS
                or doubled_by_spelling(word, single)
                or self._store.has_word(single)
                or (present is not None and present(single))
                or self._words.writes(word[at - 2 : at + 1])
            ):
                continue
            correction = self._corrected(single, present)
            if correction is not None and correction not in (single, word):
                found.add(correction)
        return found.pop() if len(found) == 1 else None

    def _names_a_doer(self, word: str, correction: str) -> bool:
        """Whether ``word`` names the doer of a word the vocabulary holds and ``correction`` is
        that word with another ending (``checker`` where the text says ``check``, ``user`` and
        ``use``): a noun the question means, no slip of ``checked`` or ``used`` (ADR 0170)."""
        stems = frozenset(agent_stems(word, correction))
        if not stems:
            return False
        return not self._words.known_of(stems, self._clock.monotonic()).isdisjoint(stems)

    def _slips_of_found_words(
        self, terms: tuple[str, ...], inside: list[str], present: Callable[[str], bool]
    ) -> dict[str, str]:
        """Corrections of words of three letters, with one letter put back
        (``_letter_put_back``), and of words the vocabulary does not hold that the text found
        holds only inside longer ones (``inside``) when such a word is the start or end of its
        one-slip correction (``empt`` of ``empty``, ``matri`` of ``matrix``: a letter dropped
        at an end, no partial name)."""
        found: dict[str, str] = {}
        for t in terms:
            if t in _KNOWN_WORDS:
                continue  # ``issue`` of ``issuer`` asks, as typed
            if len(t) == SHORT_SLIP_LENGTH:
                c = self._letter_put_back(t, present)
            elif t in inside and len(t) >= _CUT_SHORT_MIN:
                c = self._word(t)
                c = c if c is not None and t in c and is_slip(t, c) else None
            else:
                c = None
            if c is not None:
                found[t] = c
        return found

    def _letter_put_back(self, word: str, present: Callable[[str], bool]) -> str | None:
        """The one word of four letters that ``word`` of three is with a letter dropped after
        its first (``tet`` → ``test``, ``pol`` → ``pool``) when the vocabulary holds it and the
        text found holds it too, or it phrases a question (``mde`` → ``made``), while the
        vocabulary holds ``word`` nowhere; None when no word or several (``lin``: ``line``,
        ``link``) are."""
        if len(word) != SHORT_SLIP_LENGTH or not word.isalpha() or word in STOPWORDS:
            return None
        if word in _KNOWN_WORDS or self._store.has_word(word):
            return None
        longer = len(word) + 1
        vocabulary = self._words.known_between(longer, longer, self._clock.monotonic())
        held = {
            c
            for c in letter_put_back(word)
            if c in _ASKING_ONLY or (c in vocabulary and present(c))
        }
        return held.pop() if len(held) == 1 else None

    def _word(self, word: str) -> str | None:
        now = self._clock.monotonic()
        found, correction = self._cache.get(word, now)
        if found:
            return correction
        if "-" in word.strip("-"):
            compound = self._compound(word)
            if compound is not None:
                self._cache.put(word, compound, now)
                return compound
        bound = max_distance(word)
        low, high = len(word) - bound, len(word) + bound
        candidates = self._words.candidates(low, high, now)
        correction = closest_allowed(
            word,
            candidates,
            lambda c: c in _ASKING_ONLY and not is_slip(word, c) and not self._store.has_word(c),
        )
        if not slip_only(word) and (correction is None or not is_slip(word, correction)):
            correction = self._slip_of_a_known_form(word, now) or correction
        if correction is not None and not is_slip(word, correction):
            forms = _forms(word)
            if correction not in forms and not self._words.known_of(forms, now).isdisjoint(forms):
                correction = None  # ``parsed`` where the text says ``parse``: no ``passed``
        self._cache.put(word, correction, now)
        return correction

    def _slip_of_a_known_form(self, word: str, now: float, synonyms: bool = True) -> str | None:
        """The word one slip away whose form the vocabulary holds, as search would know the
        word typed right: ``zohes`` → ``zones`` (the text says ``zone``), ``purgwd`` →
        ``purged`` (``purge``), ``aplied`` → ``applied`` (``applyable``). Without ``synonyms``
        (a four-letter slip) the band is asked a word at a time, not read whole."""
        low, high = len(word) - _FORM_REACH, len(word) + _FORM_REACH
        known: KnownWords = (
            self._words.known_between(low, high, now)
            if synonyms
            else self._words.looked_up(low, high)
        )
        family = {word, *regular_forms(word)}
        if not known.isdisjoint(family.union(*(regular_forms(form) for form in family))):
            return None  # known as typed (``blocks``: the text says ``blocked``)
        held = next(
            (
                c
                for c in unslipped(word)
                if (c in known or not known.isdisjoint((*regular_forms(c), *able_forms(c))))
                and not doubled_by_spelling(word, c)
            ),
            None,
        )
        return held or (synonym_of_a_slip(word, family) if synonyms else None)

    def _compound(self, word: str) -> str | None:
        solid = word.replace("-", "")
        if self._store.has_word(solid):
            return solid
        parts = [part for part in word.split("-") if correctable(part)]
        return next((part for part in reversed(parts) if self._store.has_word(part)), None)


def _forms(word: str) -> frozenset[str]:
    """``word``, its regular forms and theirs: ``parsed``, ``parse``, ``parses``, ``parsing``."""
    family = {word, *regular_forms(word)}
    return frozenset(family.union(*(regular_forms(form) for form in family)))
