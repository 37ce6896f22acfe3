"""The benchmark's embeddings, kept between runs: embedding a corpus costs minutes of CPU.

Every benchmark store is new and empty, so without this each run would embed every fixture
again. The cache maps (model, SHA-256 of the text embedded) to the vector the model gave, in
a plain SQLite file under the user's cache directory: it holds vectors of the public fixture
texts only, never a user's data.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from application.ports.embedder import Embedder, EmbedderStatus


def default_cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "capy" / "bench-embeddings.sqlite3"


class WrappedEmbedder(Embedder):
    """An embedder standing in for ``inner``: its model, size and status are ``inner``'s."""

    def __init__(self, inner: Embedder) -> None:
        self._inner = inner

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    @property
    def dimensions(self) -> int:
        return self._inner.dimensions

    def status(self) -> EmbedderStatus:
        return self._inner.status()


class CachingEmbedder(WrappedEmbedder):
    """``inner``'s vectors, each text embedded once across benchmark runs."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        super().__init__(inner)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS vectors (model TEXT, hash TEXT, vector BLOB, "
            "PRIMARY KEY (model, hash))"
        )
        self.embedded = 0  # texts the model had to embed in this run

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        model = self.model_id
        keys = [hashlib.sha256(text.encode()).hexdigest() for text in texts]
        known: dict[str, bytes] = {}
        for key in set(keys):
            row = self._db.execute(
                "SELECT vector FROM vectors WHERE model = ? AND hash = ?", (model, key)
            ).fetchone()
            if row is not None:
                known[key] = row[0]
        missing = [(key, text) for key, text in zip(keys, texts, strict=True) if key not in known]
        if missing:
            unique = dict(missing)
            vectors = self._inner.embed(list(unique.values()))
            self.embedded += len(unique)
            with self._db:
                self._db.executemany(
                    "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)",
                    [(model, key, vector) for key, vector in zip(unique, vectors, strict=True)],
                )
            known.update(zip(unique, vectors, strict=True))
        return [known[key] for key in keys]

    def close(self) -> None:
        self._db.close()
