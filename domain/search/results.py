"""What a search returns: ranked results with snippets, and what the scope hid."""

from __future__ import annotations

import attrs

from domain.source_kind import SourceKind


@attrs.frozen
class SearchResult:
    """One chunk found for a query.

    ``content`` is the whole chunk; ``snippet`` the part around the matches; ``layer`` says how
    it was found (``words``, ``substrings``, ``rrf(words+substrings)``, ``fuzzy+…``).
    """

    rank: int
    source: str
    kind: SourceKind
    title: str
    content: str
    snippet: str
    score: float
    layer: str
    chunk_id: int
    source_id: int


@attrs.frozen
class SearchResults:
    """The results for one query, best first.

    ``hidden_kinds`` pairs each kind the scope left out with its number of sources — filled only
    when nothing was found, where it tells the caller how to widen the search.
    ``corrected_query`` is the fuzzy-corrected query when correction contributed results.
    """

    query: str
    results: tuple[SearchResult, ...] = ()
    hidden_kinds: tuple[tuple[SourceKind, int], ...] = ()
    corrected_query: str | None = None

    def __bool__(self) -> bool:
        return bool(self.results)

    def __len__(self) -> int:
        return len(self.results)
