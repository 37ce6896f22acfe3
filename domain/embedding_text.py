"""What of a chunk the semantic layer embeds, and the hash its vectors are stored under.

The model reads at most 256 word pieces (~1 000 characters) and was trained on sentences and
short paragraphs: a 4 KB chunk embedded whole would be cut after its first quarter, and one
vector for a page of options blurs them all. So a chunk is embedded as passages — runs of
whole lines up to ``PASSAGE_CHARS``, each under the chunk's title — and a query is as near a
chunk as its nearest passage.
"""

from __future__ import annotations

import hashlib

PASSAGE_CHARS = 500
MAX_PASSAGES = 10  # 4 KB chunks need 8–9
# Lines of one section embedded one by one when a search asks whether the section says what a
# query's unknown words say (ADR 0125): a needle line is diluted in a 500-character passage.
# Lines shorter than MIN_LINE_CHARS say nothing on their own; the first MAX_LINES are read, each
# up to LINE_CHARS (what a search pays grows with both: 12 × 100 kept the tuning gain, 8 or 60
# did not; these leave a margin for sections whose telling line comes later).
MAX_LINES = 16
LINE_CHARS = 160
MIN_LINE_CHARS = 3


def text_hash(title: str, content: str) -> str:
    """The key a chunk's vectors are stored under: the same text, wherever it is, shares them."""
    return hashlib.sha256(f"{title}\n{content}".encode()).hexdigest()


def passages(title: str, content: str) -> list[str]:
    """The texts embedded for one chunk, in order (at least one)."""
    pieces: list[str] = []
    current = ""
    for line in content.splitlines():
        line = line.strip()
        while len(line) > PASSAGE_CHARS:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:PASSAGE_CHARS])
            line = line[PASSAGE_CHARS:]
        if not line:
            continue
        if current and len(current) + 1 + len(line) > PASSAGE_CHARS:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        pieces.append(current)
    head = title.strip()
    texts = [f"{head}\n{piece}" if head else piece for piece in pieces[:MAX_PASSAGES]]
    return texts or [head]


def lines(content: str) -> list[str]:
    """A section's lines as embedded on their own: stripped, the first ``MAX_LINES`` of at
    least ``MIN_LINE_CHARS`` characters, each cut at ``LINE_CHARS``."""
    kept: list[str] = []
    for line in content.splitlines():
        line = line.strip()
        if len(line) >= MIN_LINE_CHARS:
            kept.append(line[:LINE_CHARS])
            if len(kept) == MAX_LINES:
                break
    return kept
