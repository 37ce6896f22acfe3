"""Remembering which vocabulary words this process has already stored.

Every document repeats mostly common words; looking each up again in the ``vocabulary`` b-tree
cost about a third of indexing time. The set is bounded (cleared when full; ~100 bytes a word
in a process that lives all day) and cleared at ``vacuum()``, which may prune words; a word
another process prunes is re-added the next time this process's set is cleared — vocabulary
only feeds fuzzy correction, so that is harmless.

A document with more new words than the whole bound (a long log of request ids) is not
remembered: its words are mostly its own, and keeping them would push out the common words
that every document repeats.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from collections.abc import Set as AbstractSet

_MAX_WORDS = 20_000


class KnownWords:
    def __init__(self, limit: int = _MAX_WORDS) -> None:
        self._limit = limit
        self._words: set[str] = set()
        self._lock = threading.Lock()

    @property
    def limit(self) -> int:
        """The most words ``remember`` keeps of one document (more: none of them)."""
        return self._limit

    def unseen(self, words: AbstractSet[str]) -> list[str]:
        """The ``words`` not remembered, sorted; a set's difference is made without a Python
        step per word (a document's vocabulary is ~2,600 words)."""
        with self._lock:
            return sorted(words - self._words)

    def remember(self, words: Collection[str]) -> None:
        if len(words) > self._limit:
            return
        with self._lock:
            if len(self._words) + len(words) > self._limit:
                self._words.clear()
            self._words.update(words)

    def forget(self) -> None:
        with self._lock:
            self._words.clear()
