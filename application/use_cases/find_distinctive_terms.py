"""FindDistinctiveTerms: the words that tell one indexed source's sections apart."""

from __future__ import annotations

from collections.abc import Iterator

from application.ports.knowledge_store import KnowledgeStore, StoredChunk
from domain.search.distinctive_terms import RepeatedWords, distinctive_terms
from domain.search.reply_tuning import DISTINCTIVE_LIMIT

# Sections holding this many characters or more are read twice, the first time to rule out the
# words of a single section, so that only the others are counted (ADR 0269).
TWO_READS_CHARS = 1 << 20


class FindDistinctiveTerms:
    """Lists a source's distinctive words, for summaries that invite a follow-up search.

    Rules:
    - only sources of at least three chunks have distinctive terms (document frequency needs
      a few documents to mean anything); fewer give an empty list;
    - a word must occur in two chunks or more but not in most of them; rarer, longer and
      identifier-shaped words (``snake_case``) rank first; ties in alphabetical order.
    """

    def __init__(self, store: KnowledgeStore) -> None:
        self._store = store

    def terms(self, source_id: int, limit: int = DISTINCTIVE_LIMIT) -> list[str]:
        # Each section's text is made, and the section let go, as its words are counted: a
        # 10 MB output's sections were held twice over (and their texts once more) while the
        # counts grew (ADR 0267). A big source's words are counted only when they may be in
        # two sections: a count of every distinct word was as big as its text (ADR 0269).
        chunks = self._store.chunks_of(source_id)
        if sum(len(c.chunk.content) for c in chunks) < TWO_READS_CHARS:
            return distinctive_terms(_drained_texts(chunks), limit)
        repeated = RepeatedWords(_drained_texts(chunks))
        again = self._store.chunks_of(source_id)
        return distinctive_terms(_drained_texts(again), limit, among=repeated)


def _drained_texts(chunks: list[StoredChunk]) -> Iterator[str]:
    """Each of ``chunks``' title and content, in order, removed from the list as it is given."""
    chunks.reverse()
    while chunks:
        stored = chunks.pop()
        yield stored.chunk.title + "\n" + stored.chunk.content
