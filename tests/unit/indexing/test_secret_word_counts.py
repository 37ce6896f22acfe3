"""A bare value's character counts and a placeholder's marks, taken by C-level calls, answer
as the per-character generators and the set of characters did (ADR 0402)."""

from __future__ import annotations

import math
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.redaction import prose_secrets
from domain.redaction.prose_secrets import (
    MIN_ENTROPY,
    MIN_MIXED,
    MIN_RANDOM,
    _kinds,
    is_secret_word,
)
from domain.redaction.secret_values import (
    _DESCRIPTIVE,
    _REFERENCE,
    _TEMPLATE_FIELD,
    _TEMPLATES,
    is_placeholder,
    looks_like_a_path,
)

_MASK_CHARS = frozenset("*xX•●#.…_-")
# Letters and digits of several scripts, the mask and template characters, and the rest of
# what a value holds: what the counts and the marks could read differently.
_ALPHABET = st.sampled_from(
    [*"abcxyzXYZ0189_-.*•●#…{}%$<>!:/=+~@&^()[] \t'\"`", "é", "Ω", "٣", "²", "ſ", "İ", "ß"]
)
_VALUES = st.text(_ALPHABET, max_size=40)


def _old_kinds(value: str) -> int:
    return sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )


def _old_is_placeholder(value: str) -> bool:
    lowered = value.lower()
    if _REFERENCE.match(value) or any(mark in value for mark in _TEMPLATES):
        return True
    if set(value) <= _MASK_CHARS or "****" in value or "•••" in value:
        return True
    if "..." in value or "…" in value:
        return True
    if lowered.startswith(("your", "<your", "insert", "replace", "example")):
        return True
    return lowered.strip("'\"`") in _DESCRIPTIVE or bool(_TEMPLATE_FIELD.search(value))


def _old_is_secret_word(value: str) -> bool:
    if len(value) < MIN_MIXED or "[REDACTED" in value:
        return False
    if (
        not prose_secrets._TOKEN_CHARS.fullmatch(value)
        or _old_is_placeholder(value)
        or looks_like_a_path(value)
    ):
        return False
    if value.startswith(("http", "$", "%", "<", "{", "--")) or value.count(".") > 1:
        return False
    letters = sum(c.isalpha() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = len(value) - letters - digits
    if len(value) >= MIN_RANDOM and _old_kinds(value) >= 3 and _entropy(value) >= MIN_ENTROPY:
        return True
    return letters >= 3 and (digits >= 1 or symbols >= 1) and letters + digits >= MIN_MIXED - 1


def _entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_kinds_are_counted_as_before(value: str) -> None:
    assert _kinds(value) == _old_kinds(value)


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_placeholders_are_found_as_before(value: str) -> None:
    assert is_placeholder(value) == _old_is_placeholder(value)


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from(list("abkQZ019_-.+/=~!@#$%^&*")), min_size=6, max_size=32))
def test_secret_words_are_judged_as_before(value: str) -> None:
    assert is_secret_word(value) == _old_is_secret_word(value)


def test_known_values_keep_their_verdicts() -> None:
    for value in ("", "***", "x_x-", "…", "•", "{{ x }}", "a%b", "50%}", "$(cmd)"):
        assert is_placeholder(value) == _old_is_placeholder(value)
    assert is_secret_word("worker_notifier538")
    assert not is_secret_word("passwords")
    assert is_secret_word("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
