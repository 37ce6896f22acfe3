"""The semantic layer with its nearest chunks given, for tests of how a search uses them."""

from __future__ import annotations

from application.search.semantic import SemanticLayer
from domain.search_hit import LayerHit, SearchScope
from entrypoints.containers.applications import CliContainer


class NearLayer(SemanticLayer):
    """The semantic layer whose nearest chunks are ``near``; whether a source has its vectors
    is ``embedded`` when given, else asked of the store as capy asks it. Everything else (the
    embedder, lines embedded for meaning) is the container's own."""

    def __init__(
        self, container: CliContainer, near: list[LayerHit], embedded: bool | None = None
    ) -> None:
        adapters = container.adapters
        super().__init__(
            adapters.embedder(),
            adapters.knowledge_store(),
            adapters.chunk_vectors(),
            container.core.clock(),
        )
        self._near = near
        self._embedded = embedded

    def searched(self, query: str, scope: SearchScope, limit: int) -> list[LayerHit] | None:
        return self._near[:limit]

    def embedded(self, label: str) -> bool:
        if self._embedded is None:
            return super().embedded(label)
        return self._embedded
