"""The agent's words for what a tool prints in its own vocabulary (ADR 0187)."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("FROM python:3.12-slim AS build\nRUN pip install .", "base image"),
        ("FROM --platform=$BUILDPLATFORM golang:1.22\n", "base image"),
        ("#5 [build 1/6] FROM docker.io/library/python:3.12-slim@sha256:ab", "base image"),
        ("   ncalls  tottime  percall  cumtime  percall filename:lineno(function)", "times called"),
        ("==8651== 15 bytes in 3 blocks are definitely lost in loss record 1 of 2", "leak leaked"),
        ("   Public-Key: (256 bit)\n   Public Key Algorithm: id-ecPublicKey", "size type"),
    ],
)
def test_a_tool_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        "copied from the docs, as it came FROM upstream",  # FROM not opening a line
        "Data from the run:\nfrom python import x",  # lower case: prose or Python, no Dockerfile
        "280657 function calls in 0.281 seconds",  # no profiler table header
        "the connection was lost after 30 s",  # no memcheck loss
        "Public Key Algorithm:",  # no algorithm named
        "Runtime error near line 6: CHECK constraint failed: amount_cents >= 0 (19)",  # ADR 0187
    ],
)
def test_other_text_gets_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_text_says_is_not_repeated() -> None:
    # cProfile's header line ``N function calls`` already says ``called``'s stem.
    profile = "280657 function calls in 0.281 seconds\n   ncalls  tottime  percall  cumtime"
    assert tool_vocabulary_facts(profile) == "times"
    assert tool_vocabulary_facts("FROM node:20 AS base") == "image"


def test_a_plaintext_section_carries_the_words() -> None:
    (section,) = chunk("FROM python:3.12-slim AS build\nRUN pip install .\n", ContentType.PLAINTEXT)
    assert "base image" in section.facts
