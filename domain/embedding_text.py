"""What of a chunk the semantic layer embeds, and the hash its vector is stored under."""

from __future__ import annotations

import hashlib

# The model reads at most 256 word pieces; a few more characters than that can hold is enough.
MAX_CHARS = 2000


def embedding_text(title: str, content: str) -> str:
    """The chunk's title (its section, what the text is about) then its text, cut short."""
    text = f"{title}\n{content}" if title and not content.startswith(title) else content
    return text[:MAX_CHARS]


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
