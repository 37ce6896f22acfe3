"""Embedder port: an offline model that turns text into vectors of meaning (optional)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class EmbedderStatus:
    """Whether the semantic layer can run here, and in words why (not)."""

    available: bool
    reason: str


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length vectors of one model, entirely on this machine.

    Rules every implementation keeps:
    - ``embed`` returns one vector per text, in order, each ``dimensions`` little-endian
      float32 values packed as bytes, of length 1 (so a dot product is the cosine);
    - the same text always gives the same vector (vectors are stored keyed by the text's hash
      and ``model_id``, and reused);
    - nothing is loaded or downloaded before the first ``embed``; nothing is ever downloaded;
    - ``status`` never loads the model.
    """

    @property
    def model_id(self) -> str: ...

    @property
    def dimensions(self) -> int: ...

    def status(self) -> EmbedderStatus: ...

    def embed(self, texts: Sequence[str]) -> list[bytes]: ...
