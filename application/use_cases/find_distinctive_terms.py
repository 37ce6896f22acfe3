"""FindDistinctiveTerms: the words that tell one indexed source's sections apart."""

from __future__ import annotations

from collections.abc import Iterator

from application.ports.knowledge_store import KnowledgeStore, StoredChunk
from domain.search.distinctive_terms import distinctive_terms
from domain.search.reply_tuning import DISTINCTIVE_LIMIT


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
        # counts grew (ADR 0267).
        return distinctive_terms(_drained_texts(self._store.chunks_of(source_id)), limit)


def _drained_texts(chunks: list[StoredChunk]) -> Iterator[str]:
    """Each of ``chunks``' title and content, in order, removed from the list as it is given."""
    chunks.reverse()
    while chunks:
        stored = chunks.pop()
        yield stored.chunk.title + "\n" + stored.chunk.content
