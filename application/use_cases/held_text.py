"""A long text handed down to be indexed by a caller that reads it again once it is stored."""

from __future__ import annotations

import codecs
import zlib
from collections.abc import Iterator

# Characters encoded and compressed at a time: the text is never a second time whole in bytes.
PACK_SLICE_CHARS = 1 << 20
# zlib's fastest level: a 10 MB log packs to about 1.2 MB in about 50 ms (ADR 0257).
PACK_LEVEL = 1
_ENCODING = ("utf-8", "surrogatepass")


class HeldText:
    """One text, held by this box alone while it is being indexed.

    A caller that needs the text again after indexing it (the reply to ``capy_execute`` reads
    its output) hands ``IndexContent`` this box instead of the string and keeps no other
    reference. ``IndexContent`` packs it once the worker process has it (``pack``): the store
    then inserts a 10 MB output's rows while the server holds about a megabyte of it, not ten
    (ADR 0257). ``text()`` gives the string back, held whole again from then on.
    """

    def __init__(self, text: str) -> None:
        self._text: str | None = text
        self._packed: list[bytes] = []

    @property
    def packed(self) -> bool:
        return self._text is None

    def text(self) -> str:
        """The text (unpacked if it was packed, and held whole again)."""
        if self._text is None:
            self._text = _unpacked(self._packed)
            self._packed = []
        return self._text

    def pieces(self) -> Iterator[str]:
        """The text in consecutive pieces (their join is ``text()``): the string itself, or
        while it is packed a slice of it at a time, the box staying packed (ADR 0267)."""
        if self._text is not None:
            yield self._text
        else:
            yield from _unpacked_pieces(self._packed)

    def pack(self) -> None:
        """Hold the text compressed instead (``text()`` unpacks it)."""
        if self._text is None:
            return
        text, self._text = self._text, None
        packer = zlib.compressobj(PACK_LEVEL)
        packed = []
        for start in range(0, len(text), PACK_SLICE_CHARS):
            piece = text[start : start + PACK_SLICE_CHARS].encode(*_ENCODING)
            packed.append(packer.compress(piece))
        packed.append(packer.flush())
        self._packed = packed


def _unpacked(packed: list[bytes]) -> str:
    """The text ``HeldText.pack`` compressed, decompressed and decoded a slice at a time."""
    return "".join(_unpacked_pieces(packed))


def _unpacked_pieces(packed: list[bytes]) -> Iterator[str]:
    """The text ``HeldText.pack`` compressed, a decompressed and decoded slice at a time."""
    unpacker = zlib.decompressobj()
    decoder = codecs.getincrementaldecoder(_ENCODING[0])(_ENCODING[1])
    for part in packed:
        data = part
        while data:
            yield decoder.decode(unpacker.decompress(data, PACK_SLICE_CHARS))
            data = unpacker.unconsumed_tail
    yield decoder.decode(unpacker.flush(), final=True)
