"""The content hash of a session: SHA-256 over its files in key order, each length-framed.

For every file, sorted by key (``<uuid>.jsonl`` for the transcript, the slash-separated path
under ``<uuid>/`` for a sidecar): 8-byte big-endian length of the key, the key, 8-byte
big-endian length of the content, the content. The framing makes ``("ab", "c")`` and
``("a", "bc")`` different sessions, and it is the hash the earlier capy computed, so vaults of
both compare. The hash is fed in pieces: a file never has to be in memory whole.
"""

from __future__ import annotations

import hashlib

_LENGTH = 8


class SessionDigest:
    """Feed ``begin_file(key, size)`` then that file's bytes via ``update``; keys in order."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self._last_key: str | None = None
        self._remaining = 0
        self.total_bytes = 0

    def begin_file(self, key: str, size: int) -> None:
        if self._remaining:
            raise ValueError(f"{self._remaining} bytes of the previous file are missing")
        if self._last_key is not None and key <= self._last_key:
            raise ValueError(f"files must come in key order: {key!r} after {self._last_key!r}")
        encoded = key.encode()
        self._hash.update(len(encoded).to_bytes(_LENGTH, "big"))
        self._hash.update(encoded)
        self._hash.update(size.to_bytes(_LENGTH, "big"))
        self._last_key = key
        self._remaining = size
        self.total_bytes += size

    def update(self, data: bytes) -> None:
        if len(data) > self._remaining:
            raise ValueError("more bytes than the file's announced size")
        self._remaining -= len(data)
        self._hash.update(data)

    def hexdigest(self) -> str:
        if self._remaining:
            raise ValueError(f"{self._remaining} bytes of the last file are missing")
        return self._hash.hexdigest()


def session_hash(files: dict[str, bytes]) -> str:
    """The hash of files held in memory (tests, small sessions)."""
    digest = SessionDigest()
    for key in sorted(files):
        digest.begin_file(key, len(files[key]))
        digest.update(files[key])
    return digest.hexdigest()
