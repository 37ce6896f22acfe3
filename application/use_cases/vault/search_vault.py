"""Searching every archived message."""

from __future__ import annotations

import attrs

from application.ports.vault_store import VaultStore
from domain.errors import InvalidInput
from domain.vault.search import VaultHit, VaultQuery, quote_tokens


@attrs.frozen
class VaultSearchRequest:
    """What a person typed: words (or FTS5 syntax with ``raw``) and the filters."""

    text: str
    raw: bool = False
    query: VaultQuery = attrs.field(factory=lambda: VaultQuery(""))


class SearchVault:
    """Words as typed are each quoted (all must occur, punctuation means nothing); ``raw``
    passes FTS5 syntax through (``OR``, ``NOT``, ``"a phrase"``, ``prefix*``)."""

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
        expression = text if request.raw else quote_tokens(text)
        return self._store.search(attrs.evolve(query, expression=expression))
