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
        "   ncalls  tottime  percall  cumtime",  # ADR 0187: moved nothing, not taken
        "15 bytes in 3 blocks are definitely lost in loss record 1 of 2",  # ADR 0187
        "Public Key Algorithm:",  # no algorithm named
        "Runtime error near line 6: CHECK constraint failed: amount_cents >= 0 (19)",  # ADR 0187
    ],
)
def test_other_text_gets_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_text_says_is_not_repeated() -> None:
    assert tool_vocabulary_facts("FROM node:20 AS base") == "image"
    assert tool_vocabulary_facts("FROM --platform=linux/amd64 node:20-images") == "base"
    assert tool_vocabulary_facts("Public-Key: (2048 bit)\nSize of the key") == ""


def test_a_plaintext_section_carries_the_words() -> None:
    (section,) = chunk("FROM python:3.12-slim AS build\nRUN pip install .\n", ContentType.PLAINTEXT)
    assert "base image" in section.facts
