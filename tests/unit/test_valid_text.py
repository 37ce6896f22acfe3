"""Text capy keeps is always encodable: lone surrogates become U+FFFD, split pairs rejoin."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.valid_text import valid_optional_text, valid_text


def test_lone_surrogates_become_replacement_characters() -> None:
    assert valid_text("cut \ud83d here") == "cut \ufffd here"
    assert valid_text("low \udc00") == "low \ufffd"
    assert valid_text("pair \ud83d\ude00") == "pair \U0001f600"
    assert valid_optional_text(None) is None
    assert valid_text("plain") == "plain"


@given(
    st.lists(st.integers(0, 0x10FFFF).map(chr) | st.integers(0xD800, 0xDFFF).map(chr)).map("".join)
)
def test_whatever_comes_in_encodes(text: str) -> None:
    out = valid_text(text)
    out.encode("utf-8")
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert out == text
