"""Redaction lower-cases a long text a slice at a time: the result is the one the whole
``str.lower`` gives, and a secret that straddles a slice's end is still redacted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domain.redaction as redaction
from domain import long_text
from domain.redaction import redact_secrets
from tests.unit.indexing.redaction_corpus import READABLE_CASES, SECRET_CASES

PIECES = [text for _, text, _ in SECRET_CASES] + [text for _, text in READABLE_CASES]
FILLER = ["ΣΑΣ ", "İstanbul ", "… ", "\n", "status=200 ", "Authorization: ", "Bearer ", "日本 "]


def _reference(text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as patch:
        patch.setattr(redaction, "lower", str.lower)
        return redact_secrets(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES + FILLER), max_size=12), st.integers(1, 40))
def test_slices_give_the_whole_texts_redaction(pieces: list[str], size: int) -> None:
    text = "".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        expected = _reference(text, patch)
        patch.setattr(long_text, "SLICE_CHARS", size)
        assert redact_secrets(text) == expected


@pytest.mark.parametrize(("origin", "text", "secrets"), SECRET_CASES)
def test_a_secret_across_a_slice_end_is_redacted(
    origin: str, text: str, secrets: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Non-ASCII filler makes the slicing apply; each secret is cut by the slices' ends at
    # every offset a slice size of 3..11 gives.
    long = "ΣΑΣ …\n" * 5 + text + "\n…\n" * 3
    whole = _reference(long, monkeypatch)
    assert not any(secret in whole for secret in secrets), origin
    for size in range(3, 12):
        monkeypatch.setattr(long_text, "SLICE_CHARS", size)
        redacted = redact_secrets(long)
        assert redacted == whole, (origin, size)
        assert not any(secret in redacted for secret in secrets), (origin, size)
