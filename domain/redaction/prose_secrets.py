"""Secrets written in prose or bare beside a credential word (ADR 0069).

``the password is hunter2secret``, ``use password Winter2024! to log in``, ``my aws secret key
is wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``: no ``=`` or ``:`` ties the value to its name,
so ``assignments`` does not see them, yet they reach the continuity journal and the snapshot.

After a credential word followed by a space (``name=value`` and ``name: value`` are the
assignments' business), up to five words on the same line are looked at, skipping words that
only connect (``is``, ``was``, ``for``, ``my`` …, and short ones: ``CI``, ``db``). The first
other word decides: it is a secret
when it mixes letters with digits or symbols (8+ characters), or is a long random-looking token
(20+ characters, three kinds of character, high entropy). A plain word ("reset", "field",
"limit") ends the look. The constants were chosen on the tuning half of the redaction corpus
(even-numbered cases) and judged on the other.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.precompiled import precompiled
from domain.redaction.assignments import Span
from domain.redaction.secret_values import is_placeholder, looks_like_a_path
from domain.redaction.short_prose import short_password_span

_CREDENTIAL = LazyPattern(
    r"\b(?:passwords?|passwd|passphrase|pwd|secret|tokens?|credentials?|api[ _-]?key|"
    r"access[ _-]?key|secret[ _-]?key|private[ _-]?key)\b"
)
# What every credential word begins with: the scan tries the pattern only where one does.
CREDENTIAL_STARTS = ("pass", "pwd", "secret", "token", "credential", "api", "access", "private")
# The words that begin with the last three end with ``key``: without it, they are not looked for.
_KEYLESS_STARTS = CREDENTIAL_STARTS[:5]
_CONNECTORS = frozenset(
    [
        "is",
        "was",
        "are",
        "be",
        "to",
        "of",
        "for",
        "the",
        "a",
        "an",
        "my",
        "your",
        "our",
        "its",
        "new",
        "old",
        "aws",
        "access",
        "key",
        "id",
        "set",
        "now",
        "here",
        "it",
        "this",
        "that",
        "with",
        "as",
    ]
)
_LOOK_WORDS = 5
_LOOK_CHARS = 80
MIN_MIXED = 8
MIN_RANDOM = 20
MIN_ENTROPY = 3.5  # bits per character of a random-looking token
_TOKEN_CHARS = precompiled(r"[A-Za-z0-9/+=_.~!@#$%^&*-]+")
_TRAILING = ".,;:)]}\"'`"
_NEXT_WORD = LazyPattern(r"[ \t]*+(\S*)")  # matches anywhere (both parts may be empty)


def prose_secret_spans(
    text: str, lowered: str, positions: NeedlePositions | None = None
) -> Iterator[Span]:
    """Where a secret follows a credential word in ``text`` (``lowered`` is its lower case,
    offsets kept; ``positions`` where needles are in it, shared with the other scans)."""
    holds_key = positions.holds("key") if positions else "key" in lowered
    starts = CREDENTIAL_STARTS if holds_key else _KEYLESS_STARTS
    for match in _CREDENTIAL.finditer_from(lowered, starts, positions):
        if match.end() >= len(text) or text[match.end()] not in " \t":
            continue  # ``password=…``, ``token:``, ``pwd_file``: an assignment's business
        end = lowered.find("\n", match.end(), match.end() + _LOOK_CHARS)
        window_end = end if end >= 0 else min(len(text), match.end() + _LOOK_CHARS)
        short = short_password_span(text, match.group(0), match.end(), window_end)
        if short is not None:
            yield short
            continue
        position = match.end()
        for _ in range(_LOOK_WORDS):
            # The blanks, then the word up to any whitespace (``\S`` is ``not isspace()``).
            position, stop = _NEXT_WORD.match(text, position).span(1)  # type: ignore[union-attr]
            if position == stop or position >= window_end:
                break
            word = text[position:stop]
            value = word.rstrip(_TRAILING).lstrip("\"'`(")
            if value.lower() in _CONNECTORS or not value or (len(value) <= 3 and value.isalpha()):
                position = stop
                continue
            if is_secret_word(value) and not _another_file(text, match.start(), value):
                start = position + word.index(value)
                yield Span(start, start + len(value))
            break


def _another_file(text: str, start: int, value: str) -> bool:
    """``pwck -r etc/passwd etc/shadow``: a credential word that ends a path names a file, and
    a path of plain names after it is the next file, not a value (a password that is a path of
    letters alone, ``admin/root``, was never a secret word; one with a digit or a symbol
    inside a name, ``admin/Passw0rd``, still is)."""
    if start == 0 or text[start - 1] != "/" or "/" not in value:
        return False
    names = value.rstrip("/").split("/")
    return all(name and all(c.isalpha() or c in "._-" for c in name) for name in names)


def is_secret_word(value: str) -> bool:
    """A value that reads as a credential rather than a word, a number, a path or a slot."""
    if len(value) < MIN_MIXED or "[REDACTED" in value:
        return False
    if not _TOKEN_CHARS.fullmatch(value) or is_placeholder(value) or looks_like_a_path(value):
        return False
    if value.startswith(("http", "$", "%", "<", "{", "--")) or value.count(".") > 1:
        return False
    # Counted by ``map`` over the characters: the same sums without a generator's frame
    # resumed for each character of every value read after a credential word (ADR 0402).
    letters = sum(map(str.isalpha, value))
    digits = sum(map(str.isdigit, value))
    symbols = len(value) - letters - digits
    if len(value) >= MIN_RANDOM and _kinds(value) >= 3 and entropy(value) >= MIN_ENTROPY:
        return True
    return letters >= 3 and (digits >= 1 or symbols >= 1) and letters + digits >= MIN_MIXED - 1


def _kinds(value: str) -> int:
    return sum(
        (
            any(map(str.islower, value)),
            any(map(str.isupper, value)),
            any(map(str.isdigit, value)),
            not all(map(str.isalnum, value)),
        )
    )


def entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
