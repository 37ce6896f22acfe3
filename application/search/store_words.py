"""What a query corrector reads of the store, kept a while: the vocabulary's words by length,
and which words indexed text holds inside longer ones or as abbreviations (ADR 0093, 0105)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from domain.search.corrected_text import names_a_part
from domain.search.initialisms import abbreviated
from domain.search.store_query import Combine, StoreQuery
from domain.search.tuning import FUZZY_CACHE_TTL_SECONDS
from domain.search.word_stems import stem_prefix
from domain.search_hit import SearchLayer, SearchScope
from domain.source_kind import ALL_KINDS

_BANDS = 32  # distinct length bands kept at once; words of 3–40 letters need about that many
# Words kept across all bands (a few megabytes of strings and sets). Without a budget, over a
# working day's vocabulary (~60 k words) the bands held tens of thousands of words each and the
# server stayed ~25 MB larger after its searches (ADR 0184). A band the budget cannot hold is
# read again when asked.
WORDS_KEPT = 30_000
# A word one slip from a misspelt one is looked for inside longer words only when longer than
# this: shorter ones occur inside too many words to mean anything.
HELD_MIN = 3
_HELD_HITS = 20  # sections read to tell which candidate the text holds
_HELD_KEPT = 256  # misspelt words whose answer is kept
_EVERYWHERE = SearchScope(kinds=ALL_KINDS)


class KnownWords(Protocol):
    """Words of the vocabulary in a band of lengths, asked one at a time (a ``frozenset`` read
    whole, or ``LookedUp``)."""

    def __contains__(self, word: object) -> bool: ...

    def isdisjoint(self, words: Iterable[str]) -> bool: ...


class LookedUp:
    """``known_between(low, high)`` answered word by word from the store instead of read whole:
    a big table's vocabulary is a band of a hundred thousand numbers and ids, megabytes held at
    once to tell a handful of words apart (ADR 0362)."""

    def __init__(self, has_word: Callable[[str], bool], low: int, high: int) -> None:
        self._has_word = has_word
        self._low, self._high = low, high
        self._answers: dict[str, bool] = {}

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not self._low <= len(word) <= self._high:
            return False
        answer = self._answers.get(word)
        if answer is None:
            answer = self._answers[word] = self._has_word(word)
        return answer

    def isdisjoint(self, words: Iterable[str]) -> bool:
        return not any(word in self for word in words)


class StoreWords:
    """The store's words as a corrector asks for them, each answer kept for
    ``FUZZY_CACHE_TTL_SECONDS`` so a burst of misspelt queries reads the store once (bands of
    the vocabulary within ``WORDS_KEPT`` words);
    ``known_words`` (no output need hold them) are candidates as the vocabulary's are."""

    def __init__(self, store: KnowledgeStore, clock: Clock, known_words: Iterable[str]) -> None:
        self._store = store
        self._clock = clock
        self._known_words = frozenset(known_words)
        self._vocabulary: dict[tuple[int, int], tuple[float, list[str]]] = {}
        self._known: dict[tuple[int, int], tuple[float, frozenset[str]]] = {}
        self._held: dict[str, tuple[float, str | None]] = {}
        self._abbreviations: dict[str, tuple[float, bool]] = {}
        self._written: dict[str, tuple[float, bool]] = {}

    def held_by_store(self, word: str, candidates: list[str]) -> str | None:
        """The first of ``candidates`` (words one slip from ``word``) that some indexed text
        holds as a whole part of a longer word, when the vocabulary had no correction at all:
        the word typed right is part of ``DataIntegrityViolationException`` or ``globalThis``,
        which the vocabulary holds as other words, or of a source's label (``real-ruff``).
        None when the word as typed is held so itself (it is no typo). At most two substrings
        queries, the answer kept as the vocabulary's are (ADR 0093)."""
        now = self._clock.monotonic()
        cached = self._held.get(word)
        if cached is not None and now - cached[0] <= FUZZY_CACHE_TTL_SECONDS:
            return cached[1]
        held: str | None = None
        labels = self._store.source_labels()  # read once for both questions
        if not self._holds([stem_prefix(word)], 1, labels):  # held as typed, in a longer word
            texts = self._holds(candidates, _HELD_HITS, labels)
            held = next((c for c in candidates if any(names_a_part(t, c) for t in texts)), None)
        if len(self._held) >= _HELD_KEPT:
            self._held.clear()
        self._held[word] = (now, held)
        return held

    def abbreviates(self, short: str) -> bool:
        """Whether the store holds ``short`` as an abbreviation (``initialisms.abbreviated``)
        in a section holding it or in a source's label; one substrings query, the answer kept
        as the vocabulary's are (ADR 0105)."""
        if not self._store.has_word(short):
            return False
        now = self._clock.monotonic()
        cached = self._abbreviations.get(short)
        if cached is not None and now - cached[0] <= FUZZY_CACHE_TTL_SECONDS:
            return cached[1]
        query = StoreQuery.of(SearchLayer.SUBSTRINGS, ([short],), Combine.ANY)
        hits = self._store.search(query, _EVERYWHERE, _HELD_HITS) if query is not None else []
        texts = [f"{hit.title}\n{hit.content}" for hit in hits]
        texts.extend(self._store.source_labels())
        found = any(abbreviated(text, short) for text in texts)
        if len(self._abbreviations) >= _HELD_KEPT:
            self._abbreviations.clear()
        self._abbreviations[short] = (now, found)
        return found

    def writes(self, letters: str) -> bool:
        """Whether some indexed text (a section or its title) holds ``letters`` anywhere, in
        any case: one substrings query, the answer kept as the vocabulary's are."""
        now = self._clock.monotonic()
        cached = self._written.get(letters)
        if cached is not None and now - cached[0] <= FUZZY_CACHE_TTL_SECONDS:
            return cached[1]
        query = StoreQuery.of(SearchLayer.SUBSTRINGS, ([letters],), Combine.ANY)
        found = bool(self._store.search(query, _EVERYWHERE, 1)) if query is not None else False
        if len(self._written) >= _HELD_KEPT:
            self._written.clear()
        self._written[letters] = (now, found)
        return found

    def known_of(self, forms: frozenset[str], now: float) -> frozenset[str]:
        longest = max(len(form) for form in forms)
        shortest = min(len(form) for form in forms)
        return self.known_between(shortest, longest, now)

    def _holds(self, strings: list[str], limit: int, labels: list[str]) -> list[str]:
        """The text of up to ``limit`` sections holding any of ``strings`` (in lower case), and
        each of the sources' ``labels`` that does."""
        query = StoreQuery.of(
            SearchLayer.SUBSTRINGS, ([s for s in strings if len(s) > HELD_MIN],), Combine.ANY
        )
        hits = self._store.search(query, _EVERYWHERE, limit) if query is not None else []
        texts = [f"{hit.title}\n{hit.content}" for hit in hits]
        return [t for t in texts + labels if any(s in t.lower() for s in strings)]

    def looked_up(self, low: int, high: int) -> LookedUp:
        """The band ``known_between`` reads, asked of the store a word at a time."""
        return LookedUp(self._store.has_word, low, high)

    def known_between(self, low: int, high: int, now: float) -> frozenset[str]:
        cached = self._known.get((low, high))
        if cached is not None and now - cached[0] <= FUZZY_CACHE_TTL_SECONDS:
            return cached[1]
        words = frozenset(self._store.vocabulary_between(low, high))
        if self._room(self._known, len(words), now):
            self._known[(low, high)] = (now, words)
        return words

    def candidates(self, low: int, high: int, now: float) -> list[str]:
        """Vocabulary words in a length band plus the synonym words, kept as long as the
        corrections (a burst of misspelt queries reads the vocabulary once)."""
        cached = self._vocabulary.get((low, high))
        if cached is not None and now - cached[0] <= FUZZY_CACHE_TTL_SECONDS:
            return cached[1]
        words = self._store.vocabulary_between(low, high)
        words.extend(w for w in self._known_words if low <= len(w) <= high)
        if self._room(self._vocabulary, len(words), now):
            self._vocabulary[(low, high)] = (now, words)
        return words

    def _room(self, into: dict[tuple[int, int], Any], size: int, now: float) -> bool:
        """Whether a band of ``size`` words may be kept in ``into``: expired bands go first;
        ``into`` is emptied when it holds ``_BANDS``, and both when the words kept would pass
        ``WORDS_KEPT``."""
        if size > WORDS_KEPT:
            return False
        for kept in (self._vocabulary, self._known):
            for band in [b for b, (at, _) in kept.items() if now - at > FUZZY_CACHE_TTL_SECONDS]:
                del kept[band]
        if len(into) >= _BANDS:
            into.clear()
        held = sum(len(words) for _, words in (*self._vocabulary.values(), *self._known.values()))
        if held + size > WORDS_KEPT:
            self._vocabulary.clear()
            self._known.clear()
        return True
