"""EmbedChunks: give the chunks that lack one a vector of meaning (the semantic layer)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection

from application.ports.chunk_vectors import ChunkVectors, EmbeddingProgress
from application.ports.embedder import Embedder, EmbedderStatus
from domain.source_kind import SourceKind

# A batch of chunks (up to ten passages each) costs a few seconds of one core with the real
# model: short enough that a pause (a tool call starting) or a stop waits little, long enough
# that each write commits many vectors.
BATCH = 8
_log = logging.getLogger("capy.embedding")
# What the server's background job embeds: every durable and session source, and ephemeral
# output only of up to EPHEMERAL_MAX_CHUNKS sections — ~10 s of one core at low priority, well
# inside the default 24 h TTL even on a busy machine, while a 10 MB output (~3 000 sections,
# ~5 min of a core) would spend the CPU on text that mostly expires unread (ADR 0081).
KEPT_KINDS = frozenset({SourceKind.DURABLE, SourceKind.SESSION})
EPHEMERAL_MAX_CHUNKS = 100


class EmbedChunks:
    """Embeds, batch by batch, the distinct chunk texts of ``kinds`` that have no vector of the
    embedder's model, and stores each batch as soon as it is embedded — so a run stopped half
    way (a kill, a tool call that needs the CPU, a shutdown) loses at most one batch and the
    next run carries on where it stopped. A text embedded once, for any chunk, is never
    embedded again."""

    def __init__(self, embedder: Embedder, vectors: ChunkVectors) -> None:
        self._embedder = embedder
        self._vectors = vectors

    @property
    def available(self) -> bool:
        return self._embedder.status().available

    def status(self) -> EmbedderStatus:
        return self._embedder.status()

    def progress(
        self, kinds: Collection[SourceKind], labels: Collection[str] | None = None
    ) -> EmbeddingProgress:
        return self._vectors.embedding_progress(self._embedder.model_id, kinds, labels)

    def run(
        self,
        kinds: Collection[SourceKind],
        *,
        keep_going: Callable[[], bool] = lambda: True,
        on_batch: Callable[[int], None] | None = None,
        batch: int = BATCH,
        max_chunks: int | None = None,
        labels: Collection[str] | None = None,
    ) -> int:
        """Embed until nothing of ``kinds`` is left or ``keep_going()`` says stop (asked before
        each batch); ``on_batch(n)`` after each stored batch; with ``max_chunks`` only sources
        of at most that many chunks, with ``labels`` only the sources of those labels. Returns
        how many texts were embedded."""
        model = self._embedder.model_id
        done = 0
        while keep_going():
            waiting = self._vectors.pending(model, kinds, batch, max_chunks, labels)
            if not waiting:
                break
            parts = [item.passages for item in waiting]
            vectors = iter(self._embedder.embed([text for texts in parts for text in texts]))
            self._vectors.store_vectors(
                model,
                [
                    (item.text_hash, [next(vectors) for _ in texts])
                    for item, texts in zip(waiting, parts, strict=True)
                ],
            )
            done += len(waiting)
            if on_batch is not None:
                on_batch(len(waiting))
        return done
