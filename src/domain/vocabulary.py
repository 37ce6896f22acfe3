"""The words an indexed document adds to the vocabulary that fuzzy correction draws on.

Lower-cased runs of letters, digits, ``_`` and ``-`` (hyphens trimmed from the edges), at least
3 characters, not stopwords — the stopword list is search's, so a word the indexer remembers is
one a query can be corrected to.
"""

from __future__ import annotations

import re

from domain.search.stopwords import STOPWORDS

_WORD = re.compile(r"[\w-]+")
MIN_VOCABULARY_WORD_LENGTH = 3
# Longer "words" are hashes, base64 blobs and minified code: nobody types them as a misspelling,
# and they would only bloat the vocabulary table.
MAX_VOCABULARY_WORD_LENGTH = 64


def document_vocabulary(text: str) -> frozenset[str]:
    """Distinct vocabulary words of ``text``."""
    found: set[str] = set()
    for match in _WORD.finditer(text.lower()):
        word = match.group().strip("-")
        if MIN_VOCABULARY_WORD_LENGTH <= len(word) <= MAX_VOCABULARY_WORD_LENGTH:
            found.add(word)
    return frozenset(found - STOPWORDS)
