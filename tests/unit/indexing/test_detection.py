"""Content-type auto-detection."""

from __future__ import annotations

import pytest

from domain.chunking import detect_content_type
from domain.content_type import ContentType


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', ContentType.JSON),
        ("  [1, 2]\n", ContentType.JSON),
        ('{"a": ', ContentType.PLAINTEXT),
        ("42", ContentType.PLAINTEXT),
        ("# Title\n\nSee [docs](http://x).", ContentType.MARKDOWN),
        ("# Title\n```\ncode\n```", ContentType.MARKDOWN),
        ("# just one heading\nplain", ContentType.PLAINTEXT),
        ("Human: hi\nAssistant: hello", ContentType.TRANSCRIPT),
        ("\nHuman: hi\nmore\nAssistant: hello\n# heading\n# another", ContentType.TRANSCRIPT),
        ("Human: a question with no answer", ContentType.PLAINTEXT),
        ("total 12\n-rw-r--r-- 1 a b 0 x", ContentType.PLAINTEXT),
    ],
)
def test_detect(text: str, expected: ContentType) -> None:
    assert detect_content_type(text) is expected


def test_markdown_signs_only_count_in_the_first_fifty_lines() -> None:
    text = "plain\n" * 60 + "# A\n# B\n"
    assert detect_content_type(text) is ContentType.PLAINTEXT
