"""UTF-8 aware measuring and cutting: sizes are bytes, cuts never fall inside a character."""

from __future__ import annotations

from domain.long_text import utf8_length

# ``utf8_length`` itself, not a function calling it: the excerpts measure every line they show.
byte_len = utf8_length


def truncate_bytes(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` whose UTF-8 encoding fits in ``max_bytes``."""
    if utf8_length(text) <= max_bytes:
        return text
    # Each character is at least one byte: the first ``max_bytes`` characters hold the cut.
    data = text[:max_bytes].encode("utf-8")
    return data[:max_bytes].decode("utf-8", errors="ignore")


def split_bytes(text: str, max_bytes: int) -> list[str]:
    """Cut ``text`` into pieces of at most ``max_bytes`` bytes each.

    Prefers to cut after the last newline, then the last space, in the second half of a window;
    otherwise cuts at a character boundary. Concatenating the pieces gives back ``text``.
    """
    if max_bytes < 4:
        raise ValueError("max_bytes must leave room for one UTF-8 character")
    pieces: list[str] = []
    rest = text
    while byte_len(rest) > max_bytes:
        window = truncate_bytes(rest, max_bytes)
        cut = len(window)
        for separator in ("\n", " "):
            at = window.rfind(separator)
            if at >= len(window) // 2:
                cut = at + 1
                break
        pieces.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        pieces.append(rest)
    return pieces
