"""The words an indexed document adds to the vocabulary that fuzzy correction draws on.

The splitting rule (lower-cased, ≥ 3 characters, no stopwords) is search's own, so a word the
indexer remembers is one a query can be corrected to.
"""

from __future__ import annotations

from domain.search.words import vocabulary_words

# Longer "words" are hashes, base64 blobs and minified code: nobody types them as a misspelling,
# and they would only bloat the vocabulary table.
MAX_VOCABULARY_WORD_LENGTH = 64


def document_vocabulary(text: str) -> frozenset[str]:
    """Distinct vocabulary words of ``text``."""
    return frozenset(w for w in vocabulary_words(text) if len(w) <= MAX_VOCABULARY_WORD_LENGTH)
