"""How an archived file's bytes are stored: the per-row encoding, authoritative over the bytes.

A sidecar can be anything (a screenshot, an archive, a file that happens to start with the
zstd frame magic), so the bytes never decide how they are read: the row's encoding does. Rows
written before encodings existed (``NULL``) are raw.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from domain.errors import StoreError

# A vault holding compressed rows needs a reader that knows the codec; this capy reads up to 2.
ZSTD_READER_VERSION = 2
SUPPORTED_READER_VERSION = 2


class BlobEncoding(StrEnum):
    RAW = "raw"
    ZSTD = "zstd"

    @classmethod
    def from_column(cls, value: str | None) -> BlobEncoding:
        """The stored column's value; ``NULL`` (a row from before encodings) reads as raw."""
        if value is None:
            return cls.RAW
        try:
            return cls(value)
        except ValueError:
            raise StoreError(
                f"the vault holds data in an encoding this capy does not know ({value!r})",
                "upgrade capy to read this vault",
            ) from None

    @property
    def reader_version(self) -> int:
        """The lowest reader version that can read a row of this encoding."""
        return ZSTD_READER_VERSION if self is BlobEncoding.ZSTD else 1


@attrs.frozen
class EncodedBlob:
    """Stored bytes and the encoding that says how to read them back."""

    encoding: BlobEncoding
    data: bytes = attrs.field(repr=lambda data: f"<{len(data)} bytes>")


def refuse_newer_reader(min_reader_version: int) -> None:
    """A vault stamped for a newer reader is refused rather than misread."""
    if min_reader_version > SUPPORTED_READER_VERSION:
        raise StoreError(
            f"the vault needs a newer capy (it was written for reader version "
            f"{min_reader_version}; this capy reads up to {SUPPORTED_READER_VERSION})",
            "upgrade capy; the vault was left untouched",
        )
