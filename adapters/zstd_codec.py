"""The vault's codec: zstd frames, or raw bytes when compression is off or does not pay."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import zstandard

from application.ports.codec import BlobEncoder, Codec
from domain.errors import StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob

LEVEL = 3
# The raw bytes are kept alongside the compressed ones up to this size, so that a file that
# does not compress (an image, an archive) can still be stored raw. Past it, compressed wins.
KEEP_RAW_UP_TO = 8 * 1024 * 1024
_DECODE_PIECE = 1024 * 1024


class ZstdCodec(Codec):
    """``compress=False`` (``CAPY_VAULT_NO_COMPRESS``) writes raw rows; reading is unchanged."""

    def __init__(self, *, compress: bool = True, level: int = LEVEL) -> None:
        self._compress = compress
        self._level = level
        self._local = threading.local()

    @property
    def compresses(self) -> bool:
        return self._compress

    def encoder(self) -> BlobEncoder:
        if not self._compress:
            return _RawEncoder()
        return _ZstdEncoder(self._compressor())

    def encode(self, data: bytes) -> EncodedBlob:
        encoder = self.encoder()
        encoder.write(data)
        return encoder.finish()

    def decode(self, blob: EncodedBlob) -> bytes:
        return b"".join(self.decode_chunks(blob))

    def decode_chunks(self, blob: EncodedBlob) -> Iterator[bytes]:
        if blob.encoding is BlobEncoding.RAW:
            view = memoryview(blob.data)
            for start in range(0, len(view), _DECODE_PIECE):
                yield bytes(view[start : start + _DECODE_PIECE])
            return
        decompressor = zstandard.ZstdDecompressor().decompressobj()
        view = memoryview(blob.data)
        try:
            for start in range(0, len(view), _DECODE_PIECE):
                piece = decompressor.decompress(view[start : start + _DECODE_PIECE])
                if piece:
                    yield piece
        except zstandard.ZstdError as error:
            raise StoreError(
                f"a compressed file in the vault cannot be read ({error})",
                "the row is damaged; other sessions are unaffected",
            ) from None
        if not decompressor.eof:
            raise StoreError(
                "a compressed file in the vault is cut short",
                "the row is damaged; other sessions are unaffected",
            )

    def _compressor(self) -> zstandard.ZstdCompressor:
        # One compressor per thread: a compressor is not safe to share between threads.
        compressor = getattr(self._local, "compressor", None)
        if compressor is None:
            compressor = zstandard.ZstdCompressor(level=self._level)
            self._local.compressor = compressor
        return compressor


class _RawEncoder(BlobEncoder):
    def __init__(self) -> None:
        self._parts: list[bytes] = []

    def write(self, data: bytes) -> None:
        self._parts.append(bytes(data))

    def finish(self) -> EncodedBlob:
        data = b"".join(self._parts)
        self._parts = []
        return EncodedBlob(BlobEncoding.RAW, data)


class _ZstdEncoder(BlobEncoder):
    def __init__(self, compressor: zstandard.ZstdCompressor) -> None:
        self._stream = compressor.compressobj()
        self._compressed: list[bytes] = []
        self._raw: list[bytes] | None = []
        self._raw_size = 0

    def write(self, data: bytes) -> None:
        if self._raw is not None:
            self._raw_size += len(data)
            if self._raw_size <= KEEP_RAW_UP_TO:
                self._raw.append(bytes(data))
            else:
                self._raw = None
        piece = self._stream.compress(data)
        if piece:
            self._compressed.append(piece)

    def finish(self) -> EncodedBlob:
        self._compressed.append(self._stream.flush())
        compressed = b"".join(self._compressed)
        self._compressed = []
        raw, self._raw = self._raw, None
        if raw is not None and len(compressed) >= self._raw_size:
            return EncodedBlob(BlobEncoding.RAW, b"".join(raw))
        return EncodedBlob(BlobEncoding.ZSTD, compressed)
