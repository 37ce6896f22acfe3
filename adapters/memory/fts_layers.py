"""The two in-memory full-text layers: stemmed words (porter) and substrings (trigram)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from adapters.highlight_spans import wrap_spans
from adapters.memory.fts_text import Token, porter_terms, porter_tokens, trigram_fold
from domain.vault.query_grammar import Phrase


@attrs.frozen
class Counts:
    """How often a phrase occurs in each column, and each column's length in tokens (the
    trigram layer has no ``facts`` column, like its SQLite table)."""

    title: int
    content: int
    facts: int = 0

    @property
    def total(self) -> int:
        return self.title + self.content + self.facts


class PorterLayer:
    """unicode61 tokens, stemmed; a phrase matches a run of consecutive tokens in one column."""

    def __init__(self) -> None:
        self._docs: dict[int, tuple[list[str], list[Token], list[str]]] = {}

    def add(self, chunk_id: int, title: str, content: str, facts: str = "") -> None:
        self._docs[chunk_id] = (
            porter_terms(title),
            list(porter_tokens(content)),
            porter_terms(facts),
        )

    def remove(self, chunk_id: int) -> None:
        self._docs.pop(chunk_id, None)

    def documents_holding(self, text: str) -> int:
        """How many chunks hold ``text``'s stemmed words in a run, in any column (like
        ``count(*)`` of an FTS5 MATCH of the quoted text)."""
        wanted = porter_terms(text)
        return sum(
            1
            for title, content, facts in self._docs.values()
            if _runs(title, wanted, False)
            or _runs([t.term for t in content], wanted, False)
            or _runs(facts, wanted, False)
        )

    def lengths(self, chunk_id: int) -> Counts:
        title, content, facts = self._docs[chunk_id]
        return Counts(len(title), len(content), len(facts))

    def count(self, phrase: Phrase, chunk_id: int) -> Counts:
        title, content, facts = self._docs[chunk_id]
        wanted = porter_terms(phrase.text)
        return Counts(
            len(_runs(title, wanted, phrase.prefix)),
            len(_runs([t.term for t in content], wanted, phrase.prefix)),
            len(_runs(facts, wanted, phrase.prefix)),
        )

    def highlight(self, chunk_id: int, content: str, phrases: Iterable[Phrase]) -> str:
        """``content`` with each phrase's matches wrapped in the vault's markers."""
        tokens = self._docs[chunk_id][1]
        terms = [t.term for t in tokens]
        spans: list[tuple[int, int]] = []
        for phrase in phrases:
            wanted = porter_terms(phrase.text)
            for first in _runs(terms, wanted, phrase.prefix):
                last = first + len(wanted) - 1
                spans.append((tokens[first].start, tokens[last].end))
        return wrap_spans(content, spans)


class TrigramLayer:
    """Case-insensitive substring matching; phrases shorter than three characters match nothing."""

    def __init__(self) -> None:
        self._docs: dict[int, tuple[str, str]] = {}

    def add(self, chunk_id: int, title: str, content: str, facts: str = "") -> None:
        del facts  # the trigram table has no facts column
        self._docs[chunk_id] = (trigram_fold(title), trigram_fold(content))

    def remove(self, chunk_id: int) -> None:
        self._docs.pop(chunk_id, None)

    def lengths(self, chunk_id: int) -> Counts:
        title, content = self._docs[chunk_id]
        return Counts(max(len(title) - 2, 0), max(len(content) - 2, 0))

    def count(self, phrase: Phrase, chunk_id: int) -> Counts:
        title, content = self._docs[chunk_id]
        needle = trigram_fold(phrase.text)
        if len(needle) < 3:
            return Counts(0, 0)
        return Counts(len(_find_all(title, needle)), len(_find_all(content, needle)))


Layer = PorterLayer | TrigramLayer


def _runs(terms: list[str], wanted: list[str], prefix: bool) -> list[int]:
    """Start positions where ``wanted`` occurs as consecutive terms (last one as a prefix)."""
    if not wanted:
        return []
    width = len(wanted)
    starts = []
    for first in range(len(terms) - width + 1):
        window = terms[first : first + width]
        if window[:-1] != wanted[:-1]:
            continue
        last_ok = window[-1].startswith(wanted[-1]) if prefix else window[-1] == wanted[-1]
        if last_ok:
            starts.append(first)
    return starts


def _find_all(haystack: str, needle: str) -> list[int]:
    found = []
    at = haystack.find(needle)
    while at != -1:
        found.append(at)
        at = haystack.find(needle, at + 1)
    return found
