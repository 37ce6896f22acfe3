"""Text as the words layer sees it: split where SQLite's unicode61 tokenizer splits.

PostgreSQL's text-search parser keeps URLs, host names, file paths and version numbers whole
(``docs.python.org/3/library`` is one ``url`` token), where FTS5's unicode61 tokenizer — and so
every query capy's domain builds — sees the words ``docs python org 3 library``. Both sides of
the words layer (stored text and query strings) pass through ``words_text`` first, so that the
parser only ever meets letters and digits separated by spaces. Like unicode61, diacritics are
removed (``café`` is ``cafe``) and the underscore separates.
"""

from __future__ import annotations

import re
import unicodedata

_SEPARATORS = re.compile(r"[\W_]+")


def words_text(text: str) -> str:
    """Letters and digits only, runs of anything else turned into one space."""
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SEPARATORS.sub(" ", text).strip()


def token_count(text: str) -> int:
    """How many words ``words_text`` leaves (bm25's document length)."""
    return len(text.split()) if text else 0
