"""Tokenising text the way the two FTS5 tokenizers roughly do: unicode61 + porter, and trigram."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import attrs

_WORD = re.compile(r"[^\W_]+")

# Longest first; each pair is (suffix, replacement). A crude stand-in for the Porter stemmer:
# what matters is that a word and its inflections reduce to the same stem on both sides.
_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("ational", "ate"),
    ("ization", "ize"),
    ("fulness", "ful"),
    ("iveness", "ive"),
    ("ations", "ate"),
    ("ation", "ate"),
    ("ingly", ""),
    ("ments", ""),
    ("ions", ""),
    ("ment", ""),
    ("sses", "ss"),
    ("ness", ""),
    ("ion", ""),
    ("edly", ""),
    ("ies", "i"),
    ("ing", ""),
    ("ers", ""),
    ("ed", ""),
    ("er", ""),
    ("ly", ""),
    ("es", ""),
    ("s", ""),
    ("y", "i"),
)


@attrs.frozen
class Token:
    """One token of a text: its normalised form and where it sits in the original."""

    term: str
    start: int
    end: int


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def stem(word: str) -> str:
    """Reduce a folded word to a stem; short words are left alone."""
    if len(word) <= 3 or (word.endswith("ss") and not word.endswith("sses")):
        return word
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return _undouble(word[: -len(suffix)]) + replacement
    if word.endswith("e") and len(word) > _KEEPS_FINAL_E:
        return word[:-1]  # Porter's last step: table, tables → tabl; merge, merged → merg
    return word


# Porter keeps the final e of short words (code, file, node); dropping it from words of five
# letters or more matches it on the words tool output and questions use.
_KEEPS_FINAL_E = 4


def _undouble(stem: str) -> str:
    """``runn`` → ``run``, as Porter does after removing -ing/-ed (but ``fall``, ``pass`` stay)."""
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz" and stem[-1].isalpha():
        return stem[:-1]
    return stem


def porter_tokens(text: str) -> Iterator[Token]:
    """unicode61 tokens (letters and digits, case- and accent-folded), each stemmed."""
    for match in _WORD.finditer(text):
        yield Token(stem(_fold(match.group())), match.start(), match.end())


def porter_terms(text: str) -> list[str]:
    return [token.term for token in porter_tokens(text)]


def trigram_fold(text: str) -> str:
    """The trigram tokenizer is case-insensitive by default; offsets stay those of ``text``."""
    return "".join(_lower_one(ch) for ch in text)


def _lower_one(ch: str) -> str:
    lowered = ch.lower()
    return lowered if len(lowered) == 1 else ch
