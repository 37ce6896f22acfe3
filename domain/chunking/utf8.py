"""UTF-8 aware measuring and cutting: sizes are bytes, cuts never fall inside a character."""

from __future__ import annotations


def byte_len(text: str) -> int:
    return len(text.encode("utf-8"))


def truncate_bytes(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` whose UTF-8 encoding fits in ``max_bytes``."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
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
