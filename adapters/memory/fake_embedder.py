"""A deterministic stand-in for the embedding model: hashed words, plus meanings it is told.

Each word (lower-cased, ``\\w+``) adds a fixed pseudo-random direction; a word listed in
``meanings`` adds its meaning's direction instead, three times over (a model weighs the words
that carry meaning above the filler around them), so ``FakeEmbedder({"oomkilled": "memory"})``
makes "OOMKilled" and "memory" near one another the way a real model would. Vectors are unit
length float32, like the real model's.
"""

from __future__ import annotations

import hashlib
import math
import re
from array import array
from collections.abc import Mapping, Sequence

from application.ports.embedder import Embedder, EmbedderStatus

_WORD = re.compile(r"\w+")


class FakeEmbedder(Embedder):
    def __init__(
        self,
        meanings: Mapping[str, str] | None = None,
        dimensions: int = 32,
        available: bool = True,
    ) -> None:
        self._meanings = {k.lower(): v.lower() for k, v in (meanings or {}).items()}
        self._dimensions = dimensions
        self._available = available
        self.embedded: list[str] = []  # every text embedded, in order (tests assert on it)

    @property
    def model_id(self) -> str:
        return f"fake-{self._dimensions}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def status(self) -> EmbedderStatus:
        if self._available:
            return EmbedderStatus(True, "fake embedder")
        return EmbedderStatus(False, "fake embedder switched off")

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        if not self._available:
            raise RuntimeError("the fake embedder is switched off")
        self.embedded.extend(texts)
        return [self._vector(text) for text in texts]

    def _vector(self, text: str) -> bytes:
        total = [0.0] * self._dimensions
        for word in _WORD.findall(text.lower()):
            meaning = self._meanings.get(word)
            weight = 3.0 if meaning else 1.0
            for index, value in enumerate(self._direction(meaning or word)):
                total[index] += weight * value
        norm = math.sqrt(sum(v * v for v in total)) or 1.0
        return array("f", (v / norm for v in total)).tobytes()

    def _direction(self, word: str) -> list[float]:
        digest = hashlib.sha256(word.encode()).digest()
        while len(digest) < self._dimensions:
            digest += hashlib.sha256(digest).digest()
        return [(byte - 127.5) / 127.5 for byte in digest[: self._dimensions]]
