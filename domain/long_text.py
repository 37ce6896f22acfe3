"""Whole-text operations on long texts, done a slice at a time with the same result.

CPython lower-cases a ``str`` that is not pure ASCII through a working buffer of 12 bytes per
character (room for three UCS-4 code points each, for the few characters that expand), and
encodes one to UTF-8 through a buffer of up to 4 bytes per character. The output capy indexes
is up to 2 MB, and one ``…`` in its cut marker makes all of it non-ASCII: each ``lower()`` of
it was a 28 MB passing peak in the server, each ``encode()`` 6 MB, several times per call.
Here each buffer is a slice's. Short and ASCII texts take the plain call.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from domain.precompiled import precompiled

SLICE_CHARS = 64 * 1024
# Lower-casing depends on context in one place: a capital sigma ends a word (``ς``) unless a
# cased letter follows, looking past case-ignorable characters. A space or a newline is neither
# cased nor case-ignorable, so no context reaches across one: slices end just after one.
_CASING_BREAK = precompiled(r"[ \n]")


def casing_slices(text: str, slice_chars: int | None = None) -> Iterator[str]:
    """``text`` in consecutive slices of about ``slice_chars`` characters, each ending just after
    a space or a newline (or at the end): lower-casing each gives ``text.lower()``, and no word
    made of letters, digits, ``_``, ``.`` or ``-`` runs across a cut."""
    size = slice_chars or SLICE_CHARS
    start = 0
    while start < len(text):
        end = start + size
        if end < len(text):
            found = _CASING_BREAK.search(text, end)
            end = found.end() if found else len(text)
        yield text[start:end]
        start = end


def line_slices(text: str, slice_chars: int | None = None) -> Iterator[str]:
    """``text`` in consecutive slices of about ``slice_chars`` characters, each ending just after
    a ``\n`` (or at the end): no line break (``\r\n`` included) is cut in two, so the lines
    of the slices (``splitlines``) are the text's."""
    size = slice_chars or SLICE_CHARS
    start = 0
    while start < len(text):
        end = text.find("\n", start + size)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def piece_lines(pieces: Iterable[str], slice_chars: int | None = None) -> Iterator[str]:
    """The lines of ``"".join(pieces)`` (``splitlines``), never joining it: each piece is read
    up to its last ``\n`` a slice at a time (``line_slices``) and the rest carried over to the
    next one, so a line break cut between two pieces (``\r`` | ``\n``) stays one."""
    size = slice_chars or SLICE_CHARS
    carry = ""
    for piece in pieces:
        text = carry + piece if carry else piece
        cut = text.rfind("\n") + 1
        start = 0
        while start < cut:
            end = text.find("\n", start + size, cut)
            end = cut if end < 0 else end + 1
            yield from text[start:end].splitlines()
            start = end
        carry = text[cut:]
    yield from carry.splitlines()


def lower(text: str, slice_chars: int | None = None) -> str:
    """``text.lower()``, never holding more than one slice's working buffer (a text with no
    space or newline for longer than a slice is lower-cased from there in one piece)."""
    if text.isascii() or len(text) <= (slice_chars or SLICE_CHARS):
        return text.lower()
    return "".join(part.lower() for part in casing_slices(text, slice_chars))


def utf8_pieces(
    text: str, errors: str = "strict", slice_chars: int | None = None
) -> Iterator[bytes]:
    """``text.encode("utf-8", errors)`` in consecutive pieces (a ``str`` holds whole code
    points, so any cut is between characters; a lone surrogate fails as it would whole)."""
    size = slice_chars or SLICE_CHARS
    if len(text) <= size:
        yield text.encode("utf-8", errors)
        return
    # An ASCII text too: a hash of a 10 MB output was a 10 MB passing copy of it.
    for start in range(0, len(text), size):
        yield text[start : start + size].encode("utf-8", errors)


def utf8_length(text: str) -> int:
    """``len(text.encode("utf-8"))``: free for ASCII, a slice's buffer otherwise."""
    if text.isascii():
        return len(text)
    return sum(len(piece) for piece in utf8_pieces(text))


def utf8_encode(text: str, errors: str = "strict") -> bytes:
    """``text.encode("utf-8", errors)`` through a slice's buffer instead of 4 bytes a character."""
    if text.isascii() or len(text) <= SLICE_CHARS:
        return text.encode("utf-8", errors)
    return b"".join(utf8_pieces(text, errors))


def sha256_hex(text: str, errors: str = "strict") -> str:
    """SHA-256 of ``text``'s UTF-8 encoding, hex, without encoding it whole."""
    import hashlib  # here: redaction, which hooks load, needs only ``lower``

    digest = hashlib.sha256()
    for piece in utf8_pieces(text, errors):
        digest.update(piece)
    return digest.hexdigest()
