"""Codec port: how the vault encodes archived bytes, and reads any stored encoding back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from domain.vault.blob import EncodedBlob


@runtime_checkable
class BlobEncoder(Protocol):
    """Takes a file's bytes piece by piece; ``finish`` returns the stored form.

    The encoding is chosen at the end: compressed when that is smaller, raw otherwise (as far
    as the encoder still holds the raw bytes; past that size compressed data is kept).
    """

    def write(self, data: bytes) -> None: ...

    def finish(self) -> EncodedBlob: ...


@runtime_checkable
class Codec(Protocol):
    """Encodes new blobs (compressed, or raw when compression is switched off) and decodes
    every encoding, whatever it writes: the row's encoding decides, never the bytes."""

    @property
    def compresses(self) -> bool:
        """Whether new blobs are compressed."""
        ...

    def encoder(self) -> BlobEncoder: ...

    def encode(self, data: bytes) -> EncodedBlob: ...

    def decode(self, blob: EncodedBlob) -> bytes: ...

    def decode_chunks(self, blob: EncodedBlob) -> Iterator[bytes]:
        """The original bytes in pieces (bounded memory for large files)."""
        ...
