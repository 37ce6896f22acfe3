"""Searching every archived message."""

from __future__ import annotations

import attrs

from application.ports.vault_store import VaultStore
from domain.errors import InvalidInput
from domain.vault.query_grammar import every_word, parse
from domain.vault.search import VaultHit, VaultQuery


@attrs.frozen
class VaultSearchRequest:
    """What a person typed: words (or the vault's query grammar with ``raw``) and the filters."""

    text: str
    raw: bool = False
    query: VaultQuery = attrs.field(factory=lambda: VaultQuery(None))


class SearchVault:
    """Words as typed each must occur (punctuation means nothing); ``raw`` reads the vault's
    query grammar (``OR``, ``NOT``, ``"a phrase"``, ``prefix*``, parentheses) and refuses
    text that is not one with an error that says what to write."""

    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self, request: VaultSearchRequest) -> list[VaultHit]:
        text = request.text.strip()
        if not text:
            raise InvalidInput("nothing to search for", "give one or more words")
        if request.query.limit < 1:
            raise InvalidInput("--limit must be 1 or more", "for example --limit 50")
        query = request.query
        if query.after and query.before and query.after > query.before:
            raise InvalidInput("--after is later than --before", "swap the two dates")
        match = parse(text) if request.raw else every_word(text)
        return self._store.search(attrs.evolve(query, match=match))
