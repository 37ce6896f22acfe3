"""Text that can always be encoded: what a transcript or a tool wrote is not always valid.

A JSON string may carry an escaped UTF-16 surrogate on its own (``"\\ud83d"``: a string cut
inside an emoji — Claude Code writes these). Python decodes it into a ``str`` that no UTF-8
encoder accepts, so a database, a file or a reply that receives it fails. Whatever capy keeps
as text (search rows, titles, paths, snippets) goes through ``valid_text``; bytes kept
verbatim (the vault's blobs) are never touched.
"""

from __future__ import annotations

from domain.long_text import utf8_pieces


def valid_text(text: str) -> str:
    """``text`` with split surrogate pairs rejoined and lone surrogates replaced by U+FFFD."""
    if text.isascii():
        return text
    try:
        for _ in utf8_pieces(text):  # a slice at a time: a 2 MB text is not encoded whole
            pass
    except UnicodeEncodeError:
        return text.encode("utf-16", errors="surrogatepass").decode("utf-16", errors="replace")
    return text


def valid_optional_text(text: str | None) -> str | None:
    return None if text is None else valid_text(text)
