"""Telling binary program output from text, so it never reaches the agent's context.

``head -c 200000 /dev/urandom`` decodes to ~100 K characters of replacement marks and control
codes: useless to the agent and expensive. A stream is binary when it holds a NUL, or when more
than ``BINARY_SHARE`` of its characters are undecodable bytes (U+FFFD after decoding) or control
characters other than the whitespace and terminal escapes text output uses.
"""

from __future__ import annotations

# Text in a legacy encoding (Latin-1 accents) or with a few stray bytes stays far below this;
# random or compressed data is well above it (about half of its characters).
BINARY_SHARE = 0.10
SAMPLE_CHARS = 64 * 1024  # enough to judge; keeps the check cheap on large captures
_TEXT_CONTROLS = frozenset("\t\n\r\f\v\b\x1b")


def looks_binary(text: str) -> bool:
    """Whether decoded program output is binary data rather than text."""
    if "\x00" in text:
        return True
    sample = text[:SAMPLE_CHARS]
    if not sample:
        return False
    odd = sum(
        1 for c in sample if c == "\ufffd" or (c < " " and c not in _TEXT_CONTROLS) or c == "\x7f"
    )
    return odd > len(sample) * BINARY_SHARE


def binary_note(total_bytes: int) -> str:
    """What the agent reads instead of binary output."""
    return (
        f"binary output ({total_bytes:,} bytes) not shown — write it to a file and inspect it "
        "with file/xxd/hexdump"
    )
