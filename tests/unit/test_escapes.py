"""One decoder of backslash escapes, in the style of each language or tool."""

from __future__ import annotations

import pytest

from domain.escapes import decode


@pytest.mark.parametrize(
    ("style", "body", "expected"),
    [
        (
            "python",
            r"\x74ouch \164 \u0074 \N{LATIN SMALL LETTER T} \U00000074 \q",
            "touch t t t t \\q",
        ),
        ("javascript", r"\x74 \u0074 \u{74} \164 \0 \q", "t t t t \0 q"),
        ("ruby", r"\x74 \164 \u{74 6f} \s", "t t to  "),
        ("php", r"\x74 \164 \u{74} \q", "t t t \\q"),
        ("perl", r"\x74 \x{74} \N{U+74} \LTOUCH\E M \Ut", "t t t touch M T"),
        ("go", r"\x74 \164 \u0074", "t t t"),
        ("rust", r"\x74 \u{74}", "t t"),
        ("r", r"\x74 \u74", "t t"),
        ("elixir", r"\x74 \x{74} \u0074", "t t t"),
        ("bash", r"\x74ouch \164 \u74 \cA \e \q", "touch t t \x01 \x1b \\q"),
        ("printf", r"\164ouch \0164 \x4d\c ignored", "touch t M"),
        ("awk", r"\164ouch \x4d \/ \q", "touch M / q"),
    ],
)
def test_each_style_decodes_as_its_language_does(style: str, body: str, expected: str) -> None:
    assert decode(body, style) == expected


def test_single_quoted_strings_of_ruby_php_and_perl_keep_their_escapes() -> None:
    assert decode(r"a\'b\\c\x74", "ruby", single_quoted=True) == "a'b\\c\\x74"
