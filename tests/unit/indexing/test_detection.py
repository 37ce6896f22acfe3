"""Content-type auto-detection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
        ("# .env.example\n# secrets from the vault\nAPP_ENV=dev\nDB_URL=x", ContentType.PLAINTEXT),
        ("# compose file\n# usage: up\nservices:\n  api:\n    image: x", ContentType.PLAINTEXT),
        ("# syntax=docker/dockerfile:1\n# build\nFROM golang\nRUN go build", ContentType.PLAINTEXT),
        ("# deploy.sh\n# run me\nset -e;\nexport A=1", ContentType.PLAINTEXT),
        ("# Title\n\nSome prose.\n\n## Usage\n\nMore prose here.", ContentType.MARKDOWN),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [x](y)", ContentType.MARKDOWN),
        ("# Setup\n\nRun it:\n\n```sh\nA=1\nB=2\nC=3\n```", ContentType.MARKDOWN),
    ],
)
def test_detect(text: str, expected: ContentType) -> None:
    assert detect_content_type(text) is expected


def test_markdown_signs_only_count_in_the_first_fifty_lines() -> None:
    text = "plain\n" * 60 + "# A\n# B\n"
    assert detect_content_type(text) is ContentType.PLAINTEXT


_KEY = st.from_regex(r"[A-Z][A-Z0-9_]{1,12}", fullmatch=True)
_COMMENT = st.from_regex(r"# [a-z][a-z .,]{0,40}", fullmatch=True)


@given(
    st.lists(st.tuples(_KEY, st.from_regex(r"[a-z0-9:/._-]{0,20}", fullmatch=True)), min_size=2),
    st.lists(_COMMENT, min_size=2, max_size=10),
)
def test_comments_in_key_value_files_are_not_markdown_headings(
    pairs: list[tuple[str, str]], comments: list[str]
) -> None:
    lines = [*comments[:1], *(f"{k}={v}" for k, v in pairs), *comments[1:]]
    assert detect_content_type("\n".join(lines)) is ContentType.PLAINTEXT


@given(
    st.lists(st.from_regex(r"[A-Z][a-z]{2,10}( [a-z]{2,10}){2,8}\.", fullmatch=True), min_size=2)
)
def test_headings_over_prose_are_markdown(paragraphs: list[str]) -> None:
    text = "\n\n".join(f"## Part {i}\n\n{p}" for i, p in enumerate(paragraphs))
    assert detect_content_type(text) is ContentType.MARKDOWN
