"""Correcting misspelt query words against the knowledge base's vocabulary."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from domain.precompiled import precompiled
from domain.search.keyboard import is_slip
from domain.search.levenshtein import distance_from
from domain.search.stopwords import STOPWORDS
from domain.search.synonyms import has_synonyms
from domain.search.tuning import (
    FUZZY_CACHE_SIZE,
    FUZZY_CACHE_TTL_SECONDS,
    FUZZY_DISTANCE_BY_LENGTH,
    FUZZY_MAX_DISTANCE,
    FUZZY_MIN_LENGTH,
    FUZZY_SWAP_LENGTH,
)

_VOCABULARY_SHAPE = precompiled(r"[\w-]+")


def max_distance(word: str) -> int:
    """How many edits a correction of ``word`` may take: 1 up to 4 letters, 2 up to 12, else 3."""
    for length, distance in FUZZY_DISTANCE_BY_LENGTH:
        if len(word) <= length:
            return distance
    return FUZZY_MAX_DISTANCE


def correctable(word: str) -> bool:
    """Words worth correcting: long enough, not stopwords, not known synonyms, alphabetic-ish
    (a word shorter than ``FUZZY_MIN_LENGTH`` only by undoing one slip: ``slip_only``)."""
    return (
        len(word) >= FUZZY_SWAP_LENGTH
        and word not in STOPWORDS
        and not has_synonyms(word)
        and any(ch.isalpha() for ch in word)
        and _VOCABULARY_SHAPE.fullmatch(word) is not None
    )


def slip_only(word: str) -> bool:
    """Whether ``word`` is too short to correct but by undoing one slip of a typist."""
    return len(word) < FUZZY_MIN_LENGTH


def plausible(word: str, candidate: str) -> bool:
    """A cheap pre-filter: typos rarely touch the first letter, so a candidate must share it —
    or be one transposition, insertion or deletion away at the start."""
    if not word or not candidate:
        return False
    first = word[0]
    return (
        candidate[0] == first
        or candidate[1:2] == first
        or (len(word) > 1 and candidate[0] == word[1])
    )


def best_correction(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate within ``max_distance(word)``; ties go to the more similar length,
    then alphabetical order, so the answer never depends on the store's row order."""
    if slip_only(word):
        # Read once, without a set of the whole vocabulary lowered (a 10 MB table of distinct
        # names gave ~8 MB of it, ADR 0267).
        slip: tuple[int, str] | None = None
        for raw in candidates:
            candidate = raw.lower()
            if candidate == word:
                return None
            if is_slip(word, candidate):
                ranked = (abs(len(candidate) - len(word)), candidate)
                slip = ranked if slip is None or ranked < slip else slip
        return slip[1] if slip is not None else None
    bound = max_distance(word)
    distance = distance_from(word)
    first = word[:1]
    starts = {first, word[1:2]}
    low, high = len(word) - bound, len(word) + bound
    best: tuple[int, int, str] | None = None
    for raw in candidates:
        candidate = raw.lower()
        if not low <= len(candidate) <= high:
            continue
        if candidate[:1] not in starts and candidate[1:2] != first:
            continue  # the ``plausible`` test, inlined: this loop runs over the vocabulary
        if candidate == word:
            return None
        found = distance(candidate)
        if found > bound:
            continue
        key = (found, abs(len(candidate) - len(word)), candidate)
        if best is None or key < best:
            best = key
    return best[2] if best else None


class CorrectionCache:
    """A bounded LRU of word → correction (None: no correction) whose entries expire.

    Expiry (not a store change counter) keeps it honest when words are indexed meanwhile: a
    cached "no correction" is retried after ``ttl`` seconds. Times come from the caller
    (a monotonic clock), so the cache stays pure and testable.
    """

    def __init__(self, size: int = FUZZY_CACHE_SIZE, ttl: float = FUZZY_CACHE_TTL_SECONDS) -> None:
        self._size = size
        self._ttl = ttl
        self._entries: OrderedDict[str, tuple[float, str | None]] = OrderedDict()

    def get(self, word: str, now: float) -> tuple[bool, str | None]:
        """``(found, correction)``; an expired entry counts as not found."""
        entry = self._entries.get(word)
        if entry is None:
            return False, None
        stored_at, correction = entry
        if now - stored_at > self._ttl:
            del self._entries[word]
            return False, None
        self._entries.move_to_end(word)
        return True, correction

    def put(self, word: str, correction: str | None, now: float) -> None:
        self._entries[word] = (now, correction)
        self._entries.move_to_end(word)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
