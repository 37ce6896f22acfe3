"""What one full-text layer of the store returns for a query, and how a search is scoped."""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property

import attrs

from domain.source_kind import DEFAULT_SEARCH_KINDS, SourceKind


class SearchLayer(StrEnum):
    """How a layer of the store matches text: ``WORDS`` by word (stemmed, so "failing" finds
    "failed"), ``SUBSTRINGS`` anywhere inside the text (partial words, identifiers, typos),
    ``SEMANTIC`` by meaning (the optional semantic layer: vectors of an offline model, ADR
    0081)."""

    WORDS = "words"
    SUBSTRINGS = "substrings"
    SEMANTIC = "semantic"


@attrs.frozen
class SearchScope:
    """Which sources a search may return.

    ``source`` narrows to labels containing it (``exact_source`` to one label); when it is set the
    kind filter is lifted unless ``kinds`` was given explicitly (``kinds_explicit``).
    """

    kinds: frozenset[SourceKind] = DEFAULT_SEARCH_KINDS
    source: str | None = None
    exact_source: bool = False
    kinds_explicit: bool = False

    def effective_kinds(self) -> frozenset[SourceKind] | None:
        """The kinds to filter on, or None when no kind filter applies."""
        if self.source and not self.kinds_explicit:
            return None
        return self.kinds


@attrs.frozen
class LayerHit:
    """One chunk matched by one layer.

    ``chunk_id`` identifies the chunk across every layer; ``relevance`` how well it matches,
    higher is better, comparable only among the hits of one search call (each engine ranks on
    its own scale); ``facts`` the words the chunk's codes stand for (see ``Chunk``).
    """

    chunk_id: int
    source_id: int
    label: str
    kind: SourceKind
    title: str
    content: str
    has_code: bool
    relevance: float
    facts: str = ""

    @cached_property
    def lowered(self) -> str:
        """``content`` in lower case, made once: the substrings verdict, reranking's evidence
        and the search's own checks all scan it."""
        return self.content.lower()
